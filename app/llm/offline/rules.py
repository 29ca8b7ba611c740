"""The offline planner's reading of a task: parts, verbs, people, tags and judgement.

Deterministic rules a person can predict, in English and Chinese: the parts come from
app.words.text_parts; each part's kind is its first verb ("Email Alice the draft" is
a message, "remind me to write" a reminder); people are known contacts (a pronoun means
the one just named); tags match whole words; and a few judgements a careful assistant
makes before planning (impossible, vague, only the person can do it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from app.dates.in_text import find_date as find_phrase
from app.words.text_parts import Piece, split_text

# verb → (kind, words): the kind of the verb that comes first in the text wins
VERBS: list[tuple[str, tuple[str, ...]]] = [
    ("remind", ("remind", "reminder", "don't forget", "提醒", "别忘", "记得")),
    ("submit", ("hand in", "turn in", "submit", "上交", "提交")),
    ("message", ("email", "e-mail", "message", "tell", "notify", "send", "text", "invite",
                 "ask", "let know", "reply", "respond", "write back", "发邮件", "通知", "告诉",
                 "发消息", "发信息", "邀请", "发给",
                 "交给", "转给", "提交给", "问一下", "问问", "问", "发", "帮我约", "约一下")),
    ("review", ("review", "proofread", "read through", "go over", "go through", "look over",
                "校对", "审阅", "审核", "过一遍", "看一遍")),
    ("write", ("write", "draft", "compose", "summarise", "summarize", "outline",
               "prepare a list", "写", "起草", "草拟", "总结", "撰写", "列出", "报告")),
    ("call", ("call", "phone", "ring", "打电话", "致电", "电话")),
    ("calendar", ("check my calendar", "look at my calendar", "check my schedule", "查看日程",
                  "看日程", "查日历", "的日程", "日程安排")),
    ("save", ("save", "file it", "store", "保存", "存档")),
    ("pay", ("pay", "transfer money", "付款", "缴费", "交费", "付", "转账", "缴")),
    ("buy", ("buy", "order", "purchase", "pick up", "买", "购买", "订购")),
    ("book", ("book", "reserve", "预订", "预定", "订")),
    ("organise", ("organise", "organize", "plan", "arrange", "host", "set up",
                  "组织", "安排", "策划", "筹备")),
    ("renew", ("renew", "apply", "register", "续签", "办理", "申请")),
]

TAGS: list[tuple[str, tuple[str, ...]]] = [
    ("work", ("team", "offsite", "report", "meeting", "client", "project", "boss", "周报",
              "团队", "会议", "客户", "项目", "工作", "汇报", "经理", "王总", "老板", "团建",
              "部门", "开会", "报销")),
    ("family", ("mum", "mom", "dad", "kids", "family", "妈妈", "爸爸", "孩子", "家人", "老婆",
                "老公", "家里", "奶奶", "爷爷")),
    ("health", ("doctor", "dentist", "gym", "medicine", "pills", "医生", "牙医", "体检", "吃药",
                "健身", "医院")),
    ("finance", ("tax", "bank", "invoice", "bill", "rent", "税", "银行", "发票", "账单", "房租",
                 "电费", "水费")),
    ("travel", ("flight", "flights", "hotel", "trip", "passport", "visa", "train", "机票",
                "酒店", "旅行", "护照", "签证", "火车", "行程")),
    ("shopping", ("groceries", "supermarket", "超市", "买菜")),
]

IMPOSSIBLE = re.compile(
    r"travel back in time|time travel|back to the past|turn back time|live forever|"
    r"teleport|stop time|be in two places|时间倒流|回到过去|穿越回|回到.{0,4}年前|长生不老|"
    r"瞬间移动|让时间停止", re.IGNORECASE)
VAGUE = re.compile(r"^\s*(?:learn|get better at|improve|get fit|become|master|学会|学习|"
                   r"提高|练好|成为|掌握)", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:her|him|them|she|he)\b|他|她", re.IGNORECASE)
_REMIND_WORDS = re.compile(
    r"^\s*(?:please\s+)?(?:remind me(?: to| about| that)?|reminder:?|don't forget(?: to)?|"
    r"提醒我|提醒一下|提醒|记得|别忘了|别忘)\s*", re.IGNORECASE)
_MESSAGE_LEAD = re.compile(
    r"^\s*(?:给|跟|和)(?P<who>[^，,。发问告说打]{1,8}?)(?:发(?:个)?(?:消息|信息|邮件|微信)|说一下|说|"
    r"打电话)[，,：:\s]*(?:问(?:一下|问)?|告诉(?:他|她)?|说)?\s*", re.IGNORECASE)
_VERB_EN = re.compile(r"^\s*(?:please\s+)?(?:email|e-mail|message|text|tell|ask|notify|let|"
                      r"invite|send|reply to|write to|reply)\b\s*", re.IGNORECASE)
_VERB_ZH = re.compile(r"^\s*(?:请|帮我)?(?:告诉|通知|问一下|问问|问|邀请|回复|约一下|约)\s*")
_MESSAGE_EN = re.compile(
    r"^\s*(?:email|e-mail|message|text|tell|ask|notify|let)\s+(?P<who>\w+)\s*(?:know\s+)?"
    r"(?:that\s+|to\s+|about\s+)?", re.IGNORECASE)


@dataclass(frozen=True)
class Part:
    text: str
    kind: str  # a VERBS kind, or "do"
    after: tuple[int, ...] = ()
    notes: str = ""  # what a template knows for a draft ("usually needed: …")


def verb_of(text: str) -> str:
    """The kind of the first verb in ``text`` ("do" when none is known)."""
    lead = _MESSAGE_LEAD.match(text)
    if lead is not None:
        return "call" if "打电话" in lead.group(0) else "message"
    lowered = text.lower()
    best: tuple[int, int, int, str] | None = None
    for order, (kind, words) in enumerate(VERBS):
        for word in words:
            pattern = r"\b" + re.escape(word) + r"\b" if word.isascii() else re.escape(word)
            m = re.search(pattern, lowered)
            if m and (best is None or (m.start(), -len(word), order) < best[:3]):
                best = (m.start(), -len(word), order, kind)
    return "do" if best is None else best[3]


def split_parts(title: str, detail: str) -> tuple[list[Part], bool]:
    """The task's parts with their order, and whether they came from the detail."""
    found = split_text(title, detail)
    return [_part(p) for p in found.pieces], found.from_detail


def _part(piece: Piece) -> Part:
    return Part(piece.text, verb_of(piece.text), piece.after)


def find_date(text: str, role: str, now: datetime) -> datetime | None:
    """The first date phrase in free text that reads as a time, or None."""
    found = find_phrase(text, role, now)
    return None if found is None else found.understood.when


TAGS_ZH = {"work": "工作", "family": "家庭", "health": "健康", "finance": "财务",
           "travel": "旅行", "shopping": "购物"}  # a Chinese task's tags are Chinese


def tags_for(text: str) -> list[str]:
    """Up to 3 tags whose words appear as whole words (大家 is not family), in the text's
    language: 交周报 is tagged 工作, not work."""
    lowered = text.lower()
    chinese = bool(re.search(r"[\u4e00-\u9fff]", text))
    found = []
    for tag, words in TAGS:
        if any(re.search(r"\b" + re.escape(w) + r"\b", lowered) if w.isascii() else w in lowered
               for w in words):
            found.append(TAGS_ZH[tag] if chinese else tag)
    return found[:3]


def known_contact(text: str, contacts: list[str]) -> str | None:
    """The longest contact name in ``text`` (whole words for Latin names)."""
    lowered = text.lower()
    for name in sorted(contacts, key=len, reverse=True):
        key = name.lower()
        if key.isascii():
            hit = re.search(r"\b" + re.escape(key) + r"\b", lowered) is not None
        else:
            hit = key in lowered
        if hit:
            return name
    return None


def contacts_in(text: str, contacts: list[str]) -> list[str]:
    """Every contact a text names, in the order they appear."""
    lowered = text.lower()
    found: list[tuple[int, str]] = []
    for name in sorted(contacts, key=len, reverse=True):
        key = name.lower()
        m = (re.search(r"\b" + re.escape(key) + r"\b", lowered) if key.isascii()
             else re.search(re.escape(key), lowered))
        if m and not any(a <= m.start() < a + len(n) for a, n in found):
            found.append((m.start(), name))
    return [name for _, name in sorted(found)]


def contact_for(text: str, contacts: list[str], last: str | None) -> str | None:
    """The contact a part names, or the one just named when it says "her" / "他"."""
    return known_contact(text, contacts) or (last if _PRONOUN.search(text) else None)


_GROUP = re.compile(r"^(?:大家|所有人|全体|各位|他们|她们|我们|你们|对方|家长们|同事们)")


def person_named(text: str) -> str | None:
    """Who a message part is addressed to, as written (known or not); never a group
    ("通知大家时间": 大家 is everyone, not a name)."""
    m = _MESSAGE_LEAD.match(text) or _MESSAGE_EN.match(text)
    if m:
        return m.group("who")
    m = re.search(r"(?:发给|交给|转给|提交给|告诉|通知|邀请)(?P<who>[\u4e00-\u9fff]{1,4})", text)
    if m is None or _GROUP.match(m.group("who")):
        return None
    return m.group("who")


def reminder_text(text: str) -> str:
    """What a reminder should say: the task words, without "remind me to" / "提醒我"."""
    cleaned = _REMIND_WORDS.sub("", text).strip(" ,，。.:：")
    return (cleaned[:1].upper() + cleaned[1:]) if cleaned else text


def message_gist(text: str, contact: str | None, named: list[str] | None = None) -> str:
    """What the person wants said: the part without its "email Alice" / "给李老师发消息",
    without every contact it names ("invite Bob and Alice to …": "to …") and without the
    pronoun that stands for the recipient ("send him the two options": "the two options");
    every other word stays ('' when it says nothing but "send it to Alice")."""
    gist = _MESSAGE_LEAD.sub("", text, count=1)
    if gist == text:
        gist = _VERB_ZH.sub("", _VERB_EN.sub("", text, count=1), count=1)
    for name in sorted({*(named or []), *([contact] if contact else [])}, key=len, reverse=True):
        key = re.escape(name)
        gist = re.sub(r"(?:\s*(?:,|and|&|和|、|及|与))?\s*(?:\bto\s+)?" + key
                      + r"(?:\s+know\b)?(?:\s*(?:,|and|&|和|、|及|与)(?=\s*\S))?", " ", gist,
                      flags=re.IGNORECASE)
    gist = re.sub(r"^\s*(?:him|her|them)\s+(?=\S+\s)", "", gist.strip(), flags=re.IGNORECASE)
    gist = re.sub(r"^\s*(?:that|to|about)\s+", "", gist.strip(), flags=re.IGNORECASE)
    gist = re.sub(r"^把|(?:发给|交给|转给|寄给|提交给)$|\bto\s*$", "", gist.strip(" ,，。.:："))
    return re.sub(r"\s{2,}", " ", gist).strip(" ,，。.:：")


def is_impossible(text: str) -> bool:
    return bool(IMPOSSIBLE.search(text))


def is_vague(text: str, parts: list[Part]) -> bool:
    return len(parts) == 1 and bool(VAGUE.match(text)) and len(text) < 60
