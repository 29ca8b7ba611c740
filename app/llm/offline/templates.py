"""Ready-made step lists the offline planner uses when a task names no parts of its own.

An event to organise or a document to renew has well-known steps; a vague goal ("Learn
Spanish", "学会弹吉他") gets a short starter plan that ends with a check-in asking the
person how it went, instead of its title as one step.
"""

from __future__ import annotations

import re

from app.llm.offline.rules import Part

TEMPLATES: dict[str, dict[str, list[tuple[str, str]]]] = {
    "organise": {
        "en": [("Decide the date and who takes part", "do"),
               ("Book the place and what is needed", "book"),
               ("Draft the invitation with the date and place", "write"),
               ("Send the invitation", "do")],
        "zh": [("确定日期和参加人员", "do"), ("预订场地和所需物品", "book"),
               ("起草邀请，写明日期和地点", "write"), ("发出邀请", "do")],
    },
    "renew": {
        "en": [("List the documents and fees needed", "write"),
               ("Gather the documents", "do"), ("Fill in and submit the application", "do"),
               ("Collect the result", "do")],
        "zh": [("列出所需材料和费用", "write"), ("准备材料", "do"),
               ("填写并提交申请", "do"), ("领取结果", "do")],
    },
}
# what the offline planner knows for a template's draft, so the draft is not a blank outline
KNOWN = {
    "List the documents and fees needed":
        "Usually needed: the current document, a recent photo, the filled-in application form, "
        "proof of identity and address, and the fee.\nCheck the issuing office's own list, "
        "opening hours and whether an appointment is needed.",
    "列出所需材料和费用":
        "通常需要：原证件、近期照片、填好的申请表、身份和住址证明，以及费用。\n"
        "请以办理机构公布的清单、办公时间和是否需要预约为准。",
}
STARTER_NOTES = {
    "en": "Days 1, 3 and 5: a 30-minute session with one beginner resource (a course, a book "
          "or an app).\nDay 7: note what worked, what was hard, and set next week's goal.",
    "zh": "第 1、3、5 天：用一份入门资料（课程、书或应用）练习 30 分钟。\n"
          "第 7 天：记下哪些有效、哪些困难，定下下周的目标。",
}
_UMBRELLA = re.compile(r"[:：]\s*$|^\s*(?:organi[sz]e|plan|prepare|arrange"
                       r"|组织|策划|筹备|安排|准备)|(?:list|checklist|清单|计划)\s*$",
                       re.IGNORECASE)


def umbrella(title: str) -> bool:
    """A title that names the whole of its detail's list (not an action of its own)."""
    return bool(_UMBRELLA.search(title))


_FITS = {
    "organise": re.compile(r"offsite|party|meeting|dinner|event|barbecue|bbq|wedding|reunion|"
                           r"picnic|conference|workshop|celebration|club|团建|聚餐|聚会|会议|活动|"
                           r"派对|婚礼|年会|生日会|饭局", re.IGNORECASE),
    "renew": re.compile(r"passport|visa|licen[cs]e|\bid\b|identity card|permit|residence|"
                        r"护照|签证|驾照|驾驶证|身份证|居住证|证件|通行证", re.IGNORECASE),
}


def template_parts(part: Part, lang: str) -> list[Part] | None:
    """The well-known steps for an event to organise or a document to renew, or None."""
    template = TEMPLATES.get(part.kind, {}).get(lang)
    if template is None or not _FITS[part.kind].search(part.text):
        return None
    return [Part(title, kind, (i - 1,) if i else (), KNOWN.get(title, ""))
            for i, (title, kind) in enumerate(template)]


def starter_parts(goal: str, lang: str) -> list[Part]:
    """A starter plan for a vague goal, ending with a check-in that asks how it went."""
    if lang == "zh":
        steps = [(f"想清楚“{goal}”对你意味着什么：做到什么程度算完成？", "do"),
                 (f"写一份“{goal}”的第一周入门计划", "write"),
                 ("完成第一次练习（30 分钟）", "do"),
                 (f"一周后提醒我：{goal}进展如何？要调整计划吗？", "remind")]
    else:
        steps = [(f"Decide what '{goal}' means for you: what would count as done?", "do"),
                 (f"Write a first-week starter plan for: {goal}", "write"),
                 ("Do the first 30-minute session", "do"),
                 (f"Remind me in a week: how is '{goal}' going, and should the plan change?",
                  "remind")]
    notes = STARTER_NOTES["zh" if lang == "zh" else "en"]
    return [Part(title, kind, (i - 1,) if i else (), notes if kind == "write" else "")
            for i, (title, kind) in enumerate(steps)]


# the sections of the documents people ask for most, for a draft with nothing to write from
# yet: (words that name the kind, English sections, Chinese sections); the first match wins
DOCUMENTS: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    (r"weekly report|status report|周报|工作汇报",
     ("Done this week", "Plan for next week", "Issues and risks"),
     ("本周完成", "下周计划", "问题与风险")),
    (r"budget|预算",
     ("Income", "Expenses (item and amount)", "Total and notes"),
     ("收入", "支出（项目与金额）", "合计与说明")),
    (r"invitation|invite|邀请|请柬",
     ("What it is", "Date and time", "Place", "Please reply by"),
     ("活动内容", "日期和时间", "地点", "请在此日期前回复")),
    (r"minutes|纪要",
     ("Attendees", "Decisions", "Action items (who, what, by when)"),
     ("参会人员", "决定事项", "待办（谁、做什么、何时完成）")),
    (r"summary|review|recap|总结|小结|复盘",
     ("Background", "Key points", "Conclusions and next steps"),
     ("背景", "要点", "结论与下一步")),
    (r"plan|proposal|方案|计划",
     ("Goal", "Steps and timeline", "People and resources needed"),
     ("目标", "步骤与时间安排", "所需人员和资源")),
    (r"letter|email|note|信|邮件|函",
     ("Greeting", "What you want to say", "Closing and signature"),
     ("称呼", "正文", "结尾与署名")),
    (r"report|报告|汇报",
     ("Summary", "Findings", "Problems", "Next steps"),
     ("概述", "主要内容", "问题", "下一步")),
]
GENERAL_SECTIONS = (("Purpose", "Main points", "Next steps"), ("目的", "要点", "下一步"))


def document_sections(title: str, zh: bool) -> tuple[str, ...]:
    """The sections a document like ``title`` usually has (a weekly report: done this week,
    plan for next week, issues and risks)."""
    for words, en, zh_sections in DOCUMENTS:
        if re.search(words, title, re.IGNORECASE):
            return zh_sections if zh else en
    return GENERAL_SECTIONS[1 if zh else 0]
