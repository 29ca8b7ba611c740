"""Sample tasks for a first run, in English or Chinese: a few realistic ones that show
what the assistant does with lists, sequences, reminders and deadlines."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.dates.when import local_zone
from app.tasks.store import NewTask, add_task

FRIDAY = 4  # datetime.weekday()
SAMPLES = {
    "en": [
        ("Organise the team offsite", "", 2, 18),
        ("Renew passport", "1. check the expiry date\n2. book a photo\n3. fill in the form", 3, 30),
        ("Buy milk then call mum and then write a thank-you note to grandma", "", 3, 2),
        ("Remind me every Friday to send the weekly report", "", 3, 4),
    ],
    "zh": [
        ("组织团队团建", "", 2, 18),
        ("续签护照", "1. 查看有效期\n2. 预约拍照\n3. 填写申请表", 3, 30),
        ("先买菜，然后做饭，再给妈妈写一封信", "", 3, 2),
        ("每周五提醒我交周报", "", 3, 4),
    ],
}


def add_samples(language: str, now: datetime | None = None) -> list[int]:
    """Add the sample tasks (due some days from now, 18:00 local); returns their ids."""
    now = now or datetime.now(UTC)
    zone = local_zone()
    ids = []
    for title, detail, priority, days in SAMPLES["zh" if language.startswith("zh") else "en"]:
        local = now.astimezone(zone)
        recurrence = "FREQ=WEEKLY;BYDAY=FR" if "周报" in title or "weekly" in title else None
        if recurrence:  # due on the rule's first Friday, 18:00, never on another day
            days = (FRIDAY - local.weekday()) % 7 or (0 if local.hour < 18 else 7)
        day = (local + timedelta(days=days)).replace(hour=18, minute=0, second=0, microsecond=0)
        task = add_task(NewTask(title=title, detail=detail, priority=priority, due_at=day,
                                recurrence=recurrence, timezone=getattr(zone, "key", None)))
        ids.append(int(task.id))
    return ids
