"""Problems in plain Chinese: the English problem texts the assistant writes on a task,
retold for a person who uses Stepwise in Chinese.

Each rule rewrites one phrase the code makes (``app.llm.http``'s provider errors, the
loop's stage failures, the sense checks, the validation words of ``app.words.plain``; the
use cases' refusals in ``app.words.plain_zh_refusals``, the input problems in
``app.words.plain_zh_inputs``);
a part no rule knows (the server's own words, a quoted value) is kept as it is.
"""

from __future__ import annotations

import re
from functools import cache

from app.words import plain_zh_inputs, plain_zh_refusals

_WEEKDAYS = {"Mon": "周一", "Tue": "周二", "Wed": "周三", "Thu": "周四", "Fri": "周五",
             "Sat": "周六", "Sun": "周日"}
_MONTHS = {name: i for i, name in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}
_DAY = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{1,2}) "
                  r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d\d:\d\d)")
_MONTH_DAY = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d\d)-(\d\d) (\d\d:\d\d)")
_DATE_ONLY = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d\d)-(\d\d)\b")  # "Mon 12-07"
_WEEKDAY_TIME = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d\d:\d\d)")  # "Mon 16:30"

_RULES: tuple[tuple[str, str], ...] = (
    # the loop's stage failures
    (r"^the model server failed: ", "模型服务器出错："),
    (r"^the assistant's reply could not be used: ", "助手的回复无法使用："),
    (r"^the assistant's change was refused: ", "助手的修改被拒绝："),
    (r"^the assistant cannot do this: ", "助手做不了这件事："),
    (r"^the split budget for this task is used up$", "这个任务可拆分的次数已用完"),
    (r"the model's reply was ([\d,]+) characters; the limit is ([\d,]+)",
     r"模型的回复有 \1 个字符，上限是 \2 个"),
    (r"the reply does not make sense: ", "回复说不通："),
    (r"the plan is invalid: ", "计划无效："),
    (r"the split is invalid: ", "拆分无效："),
    # the loop's checks of a reply
    (r"the reply was empty", "回复是空的"),
    (r"the reply must be one JSON object", "回复必须是一个 JSON 对象"),
    (r"the reply nests too deeply to be one JSON object", "回复嵌套太深，不能作为一个 JSON 对象"),
    (r"the (start|due|expires) time (.+?) is after the (start|due|expires) time ",
     r"\1时间 \2 晚于 \3时间 "),
    (r"\bstart时间", "开始时间"), (r"\bdue时间", "截止时间"), (r"\bexpires时间", "过期时间"),
    (r"next_check must be in the future", "下次检查的时间必须在将来"),
    (r"(\S+) is not 'me' or one of your contacts", r"\1 既不是 'me'，也不是你的联系人"),
    (r"the step is already at level 4 and cannot be split further",
     "这一步已在第 4 层，不能再拆分"),
    (r"sub-step (\S+) depends on steps outside the split", r"子步骤 \1 依赖拆分之外的步骤"),
    # the provider's errors
    (r"The model at (\S+) did not answer in (\S+) s — try a smaller model or raise "
     r"Settings → Model → Time limit \(assistant\.deadline_s\)\.",
     r"\1 上的模型在 \2 秒内没有回答——请换一个更小的模型，或在 设置 → 模型 → 时间限制 中"
     r"调高时限（assistant.deadline_s）。"),
    (r"The model at (\S+) did not answer in (\S+) s",
     r"\1 上的模型在 \2 秒内没有回答"),
    (r"Could not connect to (\S+): check that the model server is running and the base URL "
     r"is right\.", r"无法连接 \1：请确认模型服务器正在运行、服务器地址正确。"),
    (r"No connection to (\S+) within (\S+) s: check the base URL and the network\.",
     r"\2 秒内没能连上 \1：请检查服务器地址和网络。"),
    (r"The model at (\S+) sent nothing for (\S+) s: it may be busy or too slow for this "
     r"machine; try again or a smaller model\.",
     r"\1 上的模型 \2 秒没有任何输出：它可能正忙，或对这台电脑太慢；请重试，或换一个更小的模型。"),
    (r"The connection to (\S+) broke before the reply was complete: try again\.",
     r"与 \1 的连接在回复完成前断开了：请重试。"),
    (r"The server failed \(HTTP (\d+)\): try again later, or check its log\.",
     r"服务器出错（HTTP \1）：请稍后再试，或查看它的日志。"),
    (r"The server rejected the request \(HTTP (\d+)\)\.", r"服务器拒绝了请求（HTTP \1）。"),
    (r"The server refused the API key \(HTTP 401\): check the API key in the assistant "
     r"settings\.", "服务器拒绝了 API 密钥（HTTP 401）：请在助手设置中检查 API 密钥。"),
    (r"The server refused access \(HTTP 403\): check the API key and that it may use this "
     r"model\.", "服务器拒绝访问（HTTP 403）：请检查 API 密钥，以及它能否使用这个模型。"),
    (r"Not found \(HTTP 404\): check the model name \((.*?)\) and the base URL \((.*?)\)\.",
     r"找不到（HTTP 404）：请检查模型名称（\1）和服务器地址（\2）。"),
    (r"The server timed out waiting for the request \(HTTP 408\): try again\.",
     "服务器等待请求超时（HTTP 408）：请重试。"),
    (r"The server is limiting requests \(HTTP 429\): wait a little, or check your quota\.",
     "服务器正在限制请求（HTTP 429）：请稍等，或检查你的额度。"),
    (r"No model is chosen: pick one in the assistant settings\.",
     "还没有选择模型：请在助手设置中选一个。"),
    (r" It said: ", " 服务器说："),
    (r" \(gave up after (\d+) attempts\)", r"（试了 \1 次后放弃）"),
    # the sense checks
    (r" has already passed \(now is ([^)]*)\)", r" 已经过去了（现在是 \1）"),
    (r" contradicts the task's own words, which mean ", " 与任务本身的说法不符，任务说的是 "),
    (r" is more than ten years away", " 在十年以后"),
    (r" copies the prompt's example \((.*?)\): write the task's own",
     r" 照抄了提示里的示例（\1）：请写这个任务自己的内容"),
    (r" is a placeholder \((.*?)\): write the real value", r" 是占位符（\1）：请写真实的值"),
    (r"^tags (.*) are placeholders: name the task's real subjects",
     r"标签 \1 是占位符：请写任务真正的主题"),
    (r"the step (.*) is repeated: each step must do something new",
     r"步骤 \1 重复了：每一步都要做新的事"),
    # the work log's own sentences (app.plan.store, app.plan.status, app.plan.recurrence,
    # the offline planner's review), as the Chinese window's work log shows them
    (r"^plan revision (\d+) saved$", r"已保存计划第 \1 版"),
    (r"^step ('[^']*'|\S+): start\b", r"步骤 \1：开始"),
    (r"^step ('[^']*'|\S+): done\b", r"步骤 \1：完成"),
    (r"^step ('[^']*'|\S+): fail\b", r"步骤 \1：失败"),
    (r"^step ('[^']*'|\S+): skip\b", r"步骤 \1：跳过"),
    (r"^step ('[^']*'|\S+): retry\b", r"步骤 \1：重试"),
    (r"^step ('[^']*'|\S+): reopen\b", r"步骤 \1：撤销完成"),
    (r" \(done before (.+)\)$", r"（早于 \1 完成）"),
    (r"^occurrence due (\S+): every step done; it moves to the next occurrence once this "
     r"one has passed$", r"\1 这一次的步骤都已完成；这一次过去后转到下一次"),
    (r"^its reminder for (\S+) is pending$", r"\1 的提醒还在等待"),
    (r"^offline planner: several parts, so a plan$", "离线规划器：有几个部分，所以做成计划"),
    (r"^a simple task: no plan needed$", "简单任务，不需要计划"),
    (r"^a simple task$", "简单任务"),
    # the scheduler's reasons (app.schedule.reasons), as the step's details show them;
    # its times ("Thu 12-03 17:05") are said by ``day_time``
    (r"^not before the task's start (.+?)(?=;|$)", r"不早于任务的开始时间 \1"),
    (r"after ('.*?'(?: and '.*?')*(?: …)?) ends (\w{3} \d\d-\d\d \d\d:\d\d)",
     r"在 \1 于 \2 结束之后"),
    (r"after ('.*?'(?: and '.*?')*(?: …)?) ends (\w{3} \d\d:\d\d)", r"在 \1 于 \2 结束之后"),
    (r"^moved by you to ", "你移到了 "),
    # what another calendar app did to a published block (app.publish.moved), in the log
    (r"^step ('[^']*'|\S+): its block was ", r"步骤 \1：它的时间块"),
    (r"moved in another calendar app to (.+?)(?= and made| \()", r"在另一个日历应用里被移到 \1"),
    (r" and made ([\d hmin]+?) long", r"，并改为 \1"),
    (r"made ([\d hmin]+?) long in another calendar app", r"在另一个日历应用里被改为 \1"),
    (r"changed in another calendar app", "在另一个日历应用里被改动了"),
    (r" \(pinned there", "（固定在那里"),
    (r"; the step's estimate follows", "；这一步的预估时长随之改变"),
    (r"; not made ([\d hmin]+?) long: ", r"；没有改为 \1："),
    (r"deleted in another calendar app, so it is not scheduled any more; its estimate is "
     r"cleared", "在另一个日历应用里被删除，所以不再排入日程；它的预估时长已清除"),
    (r" \(it was ([\d hmin]+?); set it again to schedule the step\)",
     r"（原来是 \1；重新设置就会再排入日程）"),
    (r"（固定在那里([^)（]*)\)", r"（固定在那里\1）"),
    (r"^(\w{3} \d\d-\d\d) holds ([\d hmin]+?) of planned work, over your limit of "
     r"([\d hmin]+?) \(setting calendar\.day_limit_minutes\): move a block, or let a step "
     r"wait", r"\1 排入了 \2 的工作，超过了你设的 \3 上限（设置 calendar.day_limit_minutes）："
     r"请移动一个时间块，或让某一步等一等"),
    (r"first free ([\d hmin]+?) before the due date (\w{3} \d\d-\d\d \d\d:\d\d)",
     r"截止时间 \2 之前第一段 \1 的空闲"),
    (r"first free ([\d hmin]+?)(?=;|$)", r"第一段 \1 的空闲"),
    (r"no single free ([\d hmin]+?) before the due date (\w{3} \d\d-\d\d \d\d:\d\d), so "
     r"split into (\d+) parts of (\d+) min or more",
     r"截止时间 \2 之前没有一整段 \1 的空闲，所以分成 \3 段，每段至少 \4 min"),
    (r"no single free ([\d hmin]+?), so split into (\d+) parts of (\d+) min or more",
     r"没有一整段 \1 的空闲，所以分成 \2 段，每段至少 \3 min"),
    (r"(\d\d:\d\d–\d\d:\d\d) is taken by (.+?)(?=;|$)", r"\1 已被 \2 占用"),
    (r"(\d\d:\d\d–\d\d:\d\d) is (.+?)(?=;|$)", r"\1 是 \2"),
    (r"working hours start (\d\d:\d\d)", r"工作时间 \1 开始"),
    (r"(\d+) h (\d+) min\b", r"\1 小时 \2 分钟"),
    (r"(\d+) h\b", r"\1 小时"),
    (r"(\d+) min\b", r"\1 分钟"),
    # the validation words (app.words.plain)
    (r"is not a field this reply has", "不是这种回复的字段"),
    (r"\bis missing\b", "缺失"),
    (r"should be true or false", "应为 true 或 false"),
    (r"should be a time like ", "应为时间，例如 "),
    (r"names an unknown action (\S+)", r"是未知的动作 \1"),
    (r"has too many entries \(at most (\d+)\)", r"条目太多（最多 \1 条）"),
    (r"\bis empty\b", "是空的"),
    (r"\bshould be (\S+)", r"应为 \1"),
)
@cache
def _compiled() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The rules compiled, the refusals first: their whole sentences before the general
    words. On first use, not at import: compiling ~360 patterns costs ~0.1 s, which every
    command importing this module paid (``agent run --once`` on 100,000 tasks, issue 29)."""
    return tuple((re.compile(pattern), words) for pattern, words
                 in (*plain_zh_refusals.RULES, *plain_zh_inputs.RULES, *_RULES))


def day_time(when: str) -> str:
    """"Wed 3 Dec 16:38" (and the scheduler's "Wed 12-03 16:38") as "12月3日 周三 16:38"."""
    when = _MONTH_DAY.sub(lambda m: f"{int(m[2])}月{int(m[3])}日 {_WEEKDAYS[m[1]]} {m[4]}", when)
    when = _DATE_ONLY.sub(lambda m: f"{int(m[2])}月{int(m[3])}日 {_WEEKDAYS[m[1]]}", when)
    when = _WEEKDAY_TIME.sub(lambda m: f"{_WEEKDAYS[m[1]]} {m[2]}", when)
    return _DAY.sub(lambda m: f"{_MONTHS[m[3]]}月{int(m[2])}日 {_WEEKDAYS[m[1]]} {m[4]}", when)


def in_chinese(text: str) -> str:
    """``text`` with every phrase a rule knows said in Chinese."""
    for pattern, words in _compiled():
        text = pattern.sub(words, text)
    return day_time(text)
