"""How the offline planner cuts what people type into parts, and which part waits for which.

Lists (one item a line, or inline: "1. … 2. …", "1) …", "①…", "一、…"), sequence
words ("first … then … finally", "先…再…最后…", "然后", "之后"), semicolons, and "and" /
"和" / "并" / "并且" joining two actions. Numbering and sequence words make an order; parts
joined by "and" or semicolons run side by side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINE_ITEM = re.compile(r"^\s*(?:[-*•·]|\d+[.)、]|[①②③④⑤⑥⑦⑧⑨⑩]|[一二三四五六七八九十]+、)\s*(.+)$")
_LINE_NUMBERED = re.compile(r"^\s*(?:\d+[.)、]|[①②③④⑤⑥⑦⑧⑨⑩]|[一二三四五六七八九十]+、)")
_INLINE_MARK = re.compile(
    r"(?:(?<=^)|(?<=[\s:：,，;；。]))(?:(\d{1,2})[.)、](?!\d)|([①②③④⑤⑥⑦⑧⑨⑩])|([一二三四五六七八九十])、)\s*")
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
_ZH_ORDINAL = "一二三四五六七八九十"
_SEQUENCE = re.compile(
    r"\s*[,，;；]?\s*(?:\band then\b|\bthen\b|\bafter that\b|\bafterwards\b|\bfinally\b"
    r"|\band lastly\b|\blastly\b|然后|之后|接着|随后|最后(?![一天])|(?<=[,，;；\s])再(?!次))\s*",
    re.IGNORECASE)
_FIRST = re.compile(r"^\s*(?:first(?:ly)?\b[,，]?|首先|先(?=[\u4e00-\u9fff]))\s*", re.IGNORECASE)
_SEMICOLON = re.compile(r"\s*[;；]\s*")
ACTION_EN = (
    "book", "reserve", "buy", "order", "call", "email", "e-mail", "send", "write", "draft",
    "tell", "ask", "invite", "pay", "renew", "pick", "prepare", "clean", "cook", "fix", "print",
    "schedule", "plan", "check", "submit", "sign", "fill", "collect", "get", "make", "find",
    "read", "review", "update", "message", "text", "remind", "share", "give", "bring", "visit",
    "go", "return", "cancel", "confirm", "arrange", "organise", "organize", "post", "upload",
    "download", "install", "research", "compare", "choose", "wash", "water", "feed", "walk",
    "practise", "practice", "study", "learn", "finish", "start", "set", "notify", "hand",
    "apply", "register", "wrap", "ride", "rehearse", "ship", "meet", "reply", "paint", "pack",
    "lock", "take", "do", "put", "move", "sell", "rent", "hire", "drop", "attach", "tidy",
    "iron", "mow", "repair", "call", "phone", "ring", "bake", "photograph", "scan", "sort",
    "outline", "edit", "publish", "proofread", "revise", "test", "deploy", "design",
    "rewrite", "polish", "format", "record", "film", "present")
ACTION_ZH = (
    "订", "预订", "预定", "买", "购买", "打电话", "发", "写", "起草", "告诉", "问", "邀请", "付",
    "交", "办", "准备", "打扫", "做", "修", "打印", "安排", "检查", "提交", "签", "填", "取",
    "拿", "找", "读", "看", "更新", "提醒", "分享", "给", "带", "去", "退", "取消", "确认", "组织",
    "上传", "下载", "安装", "调研", "比较", "选", "洗", "浇", "喂", "遛", "练", "学", "完成",
    "通知", "整理", "收拾", "联系", "约", "寄", "把")
_AND_EN = re.compile(r"\s*,?\s+(?:and|&)\s+(?=(?:" + "|".join(ACTION_EN) + r")\b)", re.IGNORECASE)
_AND_ZH = re.compile(r"\s*(?:并且|并|而且|同时|，?和(?=(?:" + "|".join(ACTION_ZH) + r")))\s*")
_VERB_EN = re.compile(r"(?:" + "|".join(ACTION_EN) + r")\b", re.IGNORECASE)
_VERB_ZH = re.compile(r"(?:" + "|".join(sorted(ACTION_ZH, key=len, reverse=True)) + r")")
_COMMA_EN = re.compile(r"\s*,\s*")
_COMMA_ZH = re.compile(r"\s*、\s*")
_CLAUSE_ZH = re.compile(r"\s*[，,]\s*(?=[^，,。]{0,10}?"
                        r"(?:交给|发给|送给|寄给|告诉|通知|提交给|转给)[\u4e00-\u9fff])")


@dataclass(frozen=True)
class Piece:
    """One part of the typed text and the indices of the parts it waits for."""

    text: str
    after: tuple[int, ...] = ()


@dataclass(frozen=True)
class Split:
    """The parts, and the header before an inline list ("Plan the team offsite:")."""

    pieces: list[Piece]
    header: str = ""
    from_detail: bool = False


def split_text(title: str, detail: str) -> Split:
    """The task's parts: the detail's list first, else the title's (or a one-line detail's)."""
    lines = [line for line in detail.splitlines() if line.strip()]
    items = [m.group(1).strip() for line in lines if (m := _LINE_ITEM.match(line))]
    if len(items) >= 2:
        numbered = sum(bool(_LINE_NUMBERED.match(line)) for line in lines) >= 2
        return Split(_chain(items) if numbered else [Piece(i) for i in items], title, True)
    for text, from_detail in ((title, False), (detail.strip(), True)):
        found = _inline_list(text) or _colon_list(text) or _sequence(text) or _joined(text)
        if found is not None:
            return Split(found.pieces, found.header or (title if from_detail else ""), from_detail)
    return Split([Piece(title.strip())])


def _chain(texts: list[str]) -> list[Piece]:
    return [Piece(t, (i - 1,) if i else ()) for i, t in enumerate(texts)]


def _clean(text: str) -> str:
    return text.strip(" ,，;；.。:：、")


def _inline_list(text: str) -> Split | None:
    marks = list(_INLINE_MARK.finditer(text))
    marks = [m for i, m in enumerate(marks) if _ordinal(m) == i + 1] if marks else []
    if len(marks) < 2 or _ordinal(marks[0]) != 1:
        return None
    items = [_clean(text[m.end():(marks[i + 1].start() if i + 1 < len(marks) else len(text))])
             for i, m in enumerate(marks)]
    if not all(items):
        return None
    return Split(_chain(items), _clean(text[:marks[0].start()]))


def _colon_list(text: str) -> Split | None:
    """"Prepare dinner: buy food, cook, set the table": the header, then side-by-side parts."""
    m = re.match(r"^(?P<head>[^:：]+)[:：](?P<rest>.+)$", text, re.S)
    if m is None:
        return None
    items = _actions(_clean(m.group("rest")))
    if len(items) < 2:
        return None
    return Split([Piece(i) for i in items], _clean(m.group("head")))


def _ordinal(m: re.Match[str]) -> int:
    if m.group(1):
        return int(m.group(1))
    if m.group(2):
        return _CIRCLED.index(m.group(2)) + 1
    return _ZH_ORDINAL.index(m.group(3)) + 1


def _sequence(text: str) -> Split | None:
    body = _FIRST.sub("", text, count=1)
    chunks = [c for c in (_clean(p) for p in _SEQUENCE.split(body)) if c]
    if len(chunks) < 2:
        return None
    result: list[Piece] = []
    previous: tuple[int, ...] = ()
    for chunk in chunks:  # "A and B, then C": A and B side by side, C after both
        group = [Piece(t, previous) for t in _parallel(chunk)]
        previous = tuple(range(len(result), len(result) + len(group)))
        result.extend(group)
    return Split(result)


def _parallel(text: str) -> list[str]:
    parts = [_clean(p) for p in _SEMICOLON.split(text)]
    found: list[str] = []
    for part in parts:
        for piece in _AND_ZH.split(part):
            for item in _AND_EN.split(piece):
                found.extend(_actions(_clean(item)))
    return [p for p in found if p] or [text]


def _actions(text: str) -> list[str]:
    """"prepare the slides, rehearse the talk" / "买菜、做饭": a list if every item is an action."""
    for pattern, verbs in ((_COMMA_EN, _VERB_EN), (_COMMA_ZH, _VERB_ZH)):
        items = [_clean(i) for i in pattern.split(text)]
        if len(items) > 1 and all(verbs.match(i) for i in items):
            return items
    return [text]


# A part that hands over what the parts before it made ("…, and give it to Wang",
# "…，交给王总") comes after them, however it was joined.
_HANDOVER = re.compile(
    r"^(?:(?:send|give|hand|forward|submit|pass|mail|e-?mail|show|present)\b.*"
    r"\b(?:it|them|this|that|the results?|the draft|the report)\b"
    r"|(?:hand|turn) (?:it |them )?in\b"
    r"|(?:把它|把这|把结果|把报告)?(?:交给|发给|送给|寄给|提交给|转给|上交|提交))",
    re.IGNORECASE)


def _joined(text: str) -> Split | None:
    clauses = [_clean(c) for c in _CLAUSE_ZH.split(text)]
    parts = [p for c in clauses for p in _parallel(c)]
    if len(parts) < 2:
        return None
    return Split([Piece(p, tuple(range(n)) if n and _HANDOVER.match(p) else ())
                  for n, p in enumerate(parts)])
