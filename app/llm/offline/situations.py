"""Small plans for the common kinds of task a careful assistant recognises.

A job interview, moving house, a trip, a birthday, a doctor's appointment and renewing
something that is not a document (insurance, a lease, a membership) each get the few
steps people usually forget, in English and Chinese, instead of the title as one step.
The task's own action stays a step; a reminder the day before is added only when the
task has a due time to count back from. Deterministic: the first situation whose words
the task names wins.
"""

from __future__ import annotations

import re

from app.llm.offline.rules import Part

Steps = list[tuple[str, str, str]]  # (title, kind, notes for a draft)

INTERVIEW_NOTES = {
    "en": "Common questions: tell me about yourself; why this role and this company; your "
          "strengths and a weakness; a hard problem you solved; a conflict and how you handled "
          "it; where you see yourself in a few years; your questions for them.",
    "zh": "常见问题：自我介绍；为什么选择这个职位和公司；你的优点和不足；解决过的一个难题；"
          "一次冲突及处理方式；几年后的打算；你想问对方的问题。",
}
MOVING_NOTES = {
    "en": "Before: book movers or a van, boxes and tape, sort what to keep, sell or give away.\n"
          "Change of address: bank, employer, post, doctor, insurance, subscriptions.\n"
          "Utilities: end or move electricity, water, gas and internet; read the meters.",
    "zh": "搬家前：预约搬家公司或货车，准备纸箱和胶带，整理要留、要卖、要送的东西。\n"
          "更改地址：银行、单位、快递、医院、保险、各类订阅。\n"
          "水电燃气和网络：办理停用或迁移，记录表读数。",
}
PACKING_NOTES = {
    "en": "Documents (passport, tickets, bookings), money and cards, phone and charger, "
          "medicines, clothes for the weather, toiletries, adapter.",
    "zh": "证件（护照、票、预订单）、现金和银行卡、手机和充电器、常用药、合适天气的衣物、"
          "洗漱用品、转换插头。",
}


def _interview(subject: str, zh: bool) -> Steps:
    if zh:
        return [("了解公司和职位：业务、近期新闻、岗位要求", "do", ""),
                ("列出面试常见问题，准备回答", "write", INTERVIEW_NOTES["zh"]),
                ("准备要问对方的问题，打印简历", "do", ""),
                ("规划路线和到达时间，准备着装", "do", ""),
                (f"前一天提醒我：{subject}", "remind", "")]
    return [("Research the company and the role: what it does, recent news, the job ad", "do",
             ""),
            ("List common interview questions to prepare answers for", "write",
             INTERVIEW_NOTES["en"]),
            ("Prepare your questions for them and print your CV", "do", ""),
            ("Plan the route, the time to leave and the outfit", "do", ""),
            (f"Remind me the day before: {subject}", "remind", "")]


def _moving(subject: str, zh: bool) -> Steps:
    if zh:
        return [("确定搬家日期，预约搬家公司或货车", "book", ""),
                ("写一份搬家清单（打包、改地址、水电网络）", "write", MOVING_NOTES["zh"]),
                ("按房间打包，标好箱子", "do", ""), ("更新各处的地址", "do", ""),
                (f"前一天提醒我：{subject}", "remind", "")]
    return [("Fix the moving date and book movers or a van", "book", ""),
            ("Write a moving checklist (packing, change of address, utilities)", "write",
             MOVING_NOTES["en"]),
            ("Pack room by room and label the boxes", "do", ""),
            ("Update your address everywhere it is kept", "do", ""),
            (f"Remind me the day before: {subject}", "remind", "")]


def _trip(subject: str, zh: bool) -> Steps:
    if zh:
        return [("确定日期和预算", "do", ""), ("预订交通和住宿", "book", ""),
                ("检查证件、签证和旅行保险", "do", ""),
                ("写一份行李清单", "write", PACKING_NOTES["zh"]),
                (f"前一天提醒我：{subject}", "remind", "")]
    return [("Decide the dates and the budget", "do", ""),
            ("Book transport and a place to stay", "book", ""),
            ("Check passport, visa and travel insurance", "do", ""),
            ("Write a packing list", "write", PACKING_NOTES["en"]),
            (f"Remind me the day before: {subject}", "remind", "")]


def _birthday(subject: str, zh: bool) -> Steps:
    if zh:
        return [("想好怎么庆祝、请谁", "do", ""), ("买礼物、订蛋糕", "buy", ""),
                ("需要的话预订地方", "book", ""), (f"前一天提醒我：{subject}", "remind", "")]
    return [("Decide how to celebrate and whom to invite", "do", ""),
            ("Buy the present and order the cake", "buy", ""),
            ("Book the place if one is needed", "book", ""),
            (f"Remind me the day before: {subject}", "remind", "")]


def _doctor(subject: str, zh: bool) -> Steps:
    if zh:
        return [("记下症状、正在用的药和想问医生的问题", "do", ""),
                ("准备材料：身份证、医保卡、转诊单、以前的检查结果", "do", ""),
                (f"前一天提醒我：{subject}，带好材料", "remind", ""), (subject, "do", "")]
    return [("Note your symptoms, the medicines you take and your questions", "do", ""),
            ("Gather the documents: ID, insurance card, referral, earlier results", "do", ""),
            (f"Remind me the day before: {subject}, and bring the documents", "remind", ""),
            (subject, "do", "")]


def _renewal(subject: str, zh: bool) -> Steps:
    if zh:
        return [("查看现在的条款、价格和到期日", "do", ""),
                ("决定：照旧续、换方案，还是不续", "do", ""), (subject, "do", ""),
                ("保存确认单，记下下次到期日", "do", "")]
    return [("Check the current terms, the price and the end date", "do", ""),
            ("Decide: renew as it is, change the plan, or stop", "do", ""), (subject, "do", ""),
            ("Keep the confirmation and note the next end date", "do", "")]


SITUATIONS = [
    (re.compile(r"\binterviews?\b|面试", re.IGNORECASE), _interview),
    (re.compile(r"\bmov(?:e|ing)\s+(?:house|home|flats?|apartments?|out|in)\b|\bmoving day\b"
                r"|\brelocat|搬家|搬到", re.IGNORECASE), _moving),
    (re.compile(r"\b(?:trip|vacation|holiday)\b|\btravel(?:ling)? to\b|旅行|旅游|出差|度假",
                re.IGNORECASE), _trip),
    (re.compile(r"\bbirthday\b|生日", re.IGNORECASE), _birthday),
    (re.compile(r"\b(?:doctor|dentist|gp|clinic|hospital|check-?up)\b|appointment"
                r"|医院|医生|看病|体检|复诊|牙医|挂号", re.IGNORECASE), _doctor),
]
_RENEWABLE = re.compile(r"insurance|lease|contract|membership|subscription|registration|"
                        r"保险|合同|会员|订阅|年检|租约", re.IGNORECASE)
_BOOKING = re.compile(r"\b(?:make|book|schedule|cancel|move|reschedule)\b.{0,20}appointment"
                      r"|预约|挂号|取消|改约", re.IGNORECASE)
_OWN_ACTION = ("do", "organise", "renew")  # a call, a message or a payment stays as it is


_LISTS = [(re.compile(r"\bpacking list\b|行李清单|打包清单", re.IGNORECASE), PACKING_NOTES),
          (re.compile(r"\bmoving (?:check)?list\b|搬家清单", re.IGNORECASE), MOVING_NOTES),
          (re.compile(r"\binterview questions\b|面试(?:常见)?问题", re.IGNORECASE),
           INTERVIEW_NOTES)]


def known_list(text: str, lang: str) -> str:
    """What a list people often ask for holds (a packing list: documents, money, charger…),
    as notes for its draft; '' for any other text."""
    return next((notes["zh" if lang == "zh" else "en"] for words, notes in _LISTS
                 if words.search(text)), "")


def situation_parts(part: Part, lang: str, dated: bool) -> list[Part] | None:
    """The small plan for a common kind of task, or None; ``dated``: the task has a due
    time (so a reminder the day before can be set)."""
    if part.kind not in _OWN_ACTION:
        return None
    zh = lang == "zh"
    subject = part.text.strip()
    if _BOOKING.search(subject):  # making the appointment is one step of its own
        return None
    steps = next((make(subject, zh) for words, make in SITUATIONS if words.search(subject)),
                 None)
    if steps is None and part.kind == "renew" and _RENEWABLE.search(subject):
        steps = _renewal(subject, zh)
    if steps is None:
        return None
    kept = [s for s in steps if dated or s[1] != "remind"]
    parts: list[Part] = []
    last: int | None = None  # a reminder waits for nothing, and nothing waits for it
    for i, (title, kind, notes) in enumerate(kept):
        parts.append(Part(title, kind, () if kind == "remind" or last is None else (last,),
                          notes))
        last = last if kind == "remind" else i
    return parts
