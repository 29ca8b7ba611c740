"""The offline planner's reading of a task: parts, verbs, dates and tags, in English and Chinese.

Deterministic rules a person can predict: numbered and bulleted lists, sequence words
("then", "after that", "然后", "之后", "再", "接着"), common verbs and date phrases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from app.dates import DateError, parse_when

_LIST_ITEM = re.compile(r"^\s*(?:[-*•·]|\d+[.)、]|[①②③④⑤⑥⑦⑧⑨⑩]|[一二三四五六七八九十]+、)\s*(.+)$")
_NUMBERED = re.compile(r"^\s*(?:\d+[.)、]|[①②③④⑤⑥⑦⑧⑨⑩]|[一二三四五六七八九十]+、)")
_SEQUENCE = re.compile(
    r"\s*(?:,|，|;|；)?\s*(?:\band then\b|\bthen\b|\bafter that\b|\bafterwards\b|"
    r"然后|之后|接着|随后)\s*|\s*[,，;；]\s*再\s*", re.IGNORECASE)

# verb → (kind, words); order matters: the first match wins
VERBS: list[tuple[str, tuple[str, ...]]] = [
    ("remind", ("remind", "reminder", "don't forget", "提醒", "别忘", "记得")),
    ("write", ("write", "draft", "compose", "summarise", "summarize", "outline", "prepare a list",
               "写", "起草", "草拟", "总结", "撰写", "列出")),
    ("message", ("email", "e-mail", "message", "tell", "notify", "send", "text ", "invite",
                 "发邮件", "通知", "告诉", "发消息", "邀请", "发给")),
    ("call", ("call", "phone", "ring", "打电话", "致电", "电话")),
    ("calendar", ("check my calendar", "look at my calendar", "查看日程", "看日程", "查日历")),
    ("save", ("save", "file it", "store", "保存", "存档")),
    ("buy", ("buy", "order", "purchase", "pick up", "买", "购买", "订购")),
    ("book", ("book", "reserve", "预订", "预定", "订")),
    ("organise", ("organise", "organize", "plan ", "arrange", "prepare", "set up", "host",
                  "组织", "安排", "策划", "准备", "筹备")),
    ("renew", ("renew", "apply", "register", "续签", "办理", "申请", "更新", "换")),
]

TAGS: list[tuple[str, tuple[str, ...]]] = [
    ("work", ("team", "offsite", "report", "meeting", "client", "project", "boss", "周报",
              "团队", "会议", "客户", "项目", "工作", "汇报")),
    ("family", ("mum", "mom", "dad", "kids", "family", "birthday", "妈", "爸", "孩子",
                "家", "生日")),
    ("health", ("doctor", "dentist", "gym", "medicine", "医生", "牙", "体检", "药", "健身")),
    ("finance", ("tax", "bank", "invoice", "bill", "pay", "税", "银行", "发票", "账单", "付款")),
    ("travel", ("flight", "hotel", "trip", "passport", "visa", "train", "机票", "酒店", "旅行",
                "护照", "签证", "火车")),
    ("shopping", ("buy", "order", "groceries", "买", "购买", "超市")),
]

TEMPLATES: dict[str, dict[str, list[tuple[str, str]]]] = {
    "organise": {
        "en": [("Decide the date and who takes part", "user"),
               ("Draft the invitation", "write"),
               ("Book the place and what is needed", "user"),
               ("Send the invitation", "user")],
        "zh": [("确定日期和参加人员", "user"), ("起草邀请", "write"),
               ("预订场地和所需物品", "user"), ("发出邀请", "user")],
    },
    "renew": {
        "en": [("List the documents and fees needed", "write"),
               ("Gather the documents", "user"), ("Fill in and submit the application", "user"),
               ("Collect the result", "user")],
        "zh": [("列出所需材料和费用", "write"), ("准备材料", "user"),
               ("填写并提交申请", "user"), ("领取结果", "user")],
    },
}

_DATE_HINT = re.compile(
    r"(?:\bbefore\b|\bby\b|\buntil\b|\bdue\b|\bon\b|\bat\b)\s+([^,.;，。；]+)"
    r"|((?:下下|下|这|本)?(?:周|星期)[一二三四五六日天](?:[上下]午|晚上)?(?:[\d一二三四五六七八九十两]+[点點](?:半)?)?)"
    r"|((?:今天|明天|后天|大后天|今晚|明晚)(?:[上下]午|晚上)?(?:[\d一二三四五六七八九十两]+[点點](?:半)?)?)"
    r"|(\d+\s*(?:天|小时|个小时|周)后)"
    r"|(\btomorrow\b(?:\s+\d{1,2}(?::\d\d)?\s*(?:am|pm))?|\bnext \w+day\b|\btonight\b)",
    re.IGNORECASE)


@dataclass(frozen=True)
class Part:
    text: str
    kind: str  # a VERBS kind, or "do"


def verb_of(text: str) -> str:
    lowered = f" {text.lower()} "
    for kind, words in VERBS:
        if any(word in lowered for word in words):
            return kind
    return "do"


def split_parts(title: str, detail: str) -> tuple[list[Part], bool]:
    """The task's parts, and whether they run in sequence (numbers or sequence words)."""
    lines = [line for line in detail.splitlines() if line.strip()]
    items = [m.group(1).strip() for line in lines if (m := _LIST_ITEM.match(line))]
    if len(items) >= 2:
        numbered = sum(bool(_NUMBERED.match(line)) for line in lines) >= 2
        return [Part(i, verb_of(i)) for i in items], numbered
    text = detail.strip() if detail.strip() and not items else title
    pieces = [p.strip(" ,，;；.。") for p in _SEQUENCE.split(text)]
    pieces = [p for p in pieces if p]
    if len(pieces) >= 2:
        return [Part(p, verb_of(p)) for p in pieces], True
    return [Part(title.strip(), verb_of(title))], False


def find_date(text: str, role: str, now: datetime) -> datetime | None:
    """The first date phrase in free text that parses, or None."""
    for m in _DATE_HINT.finditer(text):
        phrase = next(g for g in m.groups() if g)
        for candidate in (phrase, " ".join(phrase.split()[:3]), " ".join(phrase.split()[:2])):
            try:
                return parse_when(candidate, role, now).when
            except DateError:
                continue
    return None


def tags_for(text: str) -> list[str]:
    lowered = text.lower()
    found = [tag for tag, words in TAGS if any(w in lowered for w in words)]
    return found[:3]


def known_contact(text: str, contacts: list[str]) -> str | None:
    lowered = text.lower()
    for name in sorted(contacts, key=len, reverse=True):
        if name.lower() in lowered:
            return name
    return None
