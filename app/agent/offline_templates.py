"""Ready-made step lists the offline planner uses when a task names no parts of its own.

An event to organise or a document to renew has well-known steps; a vague goal ("Learn
Spanish", "学会弹吉他") gets a short starter plan that ends with a check-in asking the
person how it went, instead of its title as one step.
"""

from __future__ import annotations

import re

from app.agent.offline_rules import Part

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
