"""What the assistant's doers say on a step — a message waiting, a reminder set, the free
times a calendar step found — declared once by code in English and Chinese, said in the
task's language (as its problems are)."""

from __future__ import annotations

from app.tasks.problems import language_for
from app.words.both import Words
from models import Task

SAID = {  # fields as str.format
    "waiting": Words("waiting for your approval to message {name}", "等你批准后发给{name}"),
    "sent": Words("sent to {name}", "已发给{name}"),
    "reminder": Words("reminder set for {at}", "已设好提醒：{at}"),
    "wrote": Words("wrote {name} ({size} characters)", "已写入 {name}（{size} 个字符）"),
    "no_calendar": Words("no calendar is connected, so your free times are not known (add "
                         "one in Settings → Calendars)",
                         "没有连接日历，所以不知道你的空闲时间（可在“设置 → 日历”里添加）"),
    "no_free": Words("no free time in working hours from {start} to {end}",
                     "{start} 到 {end} 的工作时间里没有空闲"),
    "events": Words("Your events", "你的日程"),
}


def said(task: Task, key: str, **fields: object) -> str:
    """What a doer says on a step of ``task``, in the task's language."""
    return SAID[key].in_(language_for(task.title, task.detail)).format(**fields)
