"""A message in the recipient's voice: what the person wants said, said to the contact.

The task speaks about the contact ("Ask Mom whether she wants to come", "问妈妈她周日要
不要来吃饭"); the message speaks to them: the contact's third person becomes the second
("she wants" → "you want", "her report" → "your report", 她 → 您), an "ask whether/if/
when …" becomes a direct question ("Would you like to come …?", "When are you free?"),
an "ask … to do X" a request ("Could you X?"), and a "tell … that X" the statement itself.
Plain rules, no model: where a clause does not fit them, a polite indirect question.
"""

from __future__ import annotations

import re

_AUX = {"is", "are", "was", "were", "can", "could", "will", "would", "should", "shall",
        "may", "might", "must", "has", "have", "had", "did", "does", "do", "isn't",
        "aren't", "wasn't", "weren't", "can't", "won't", "hasn't", "haven't", "didn't",
        "doesn't", "don't"}
_AGREE = {"is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't",
          "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't"}
_NOT_A_NOUN = {"to", "a", "an", "the", "that", "about", "know", "if", "whether", "when",
               "what", "where", "why", "how", "and", "or", "but", "for", "with", "at", "on",
               "in", "by", "from", "up", "out", "back", "again", "too", "now", "today",
               "tomorrow", "tonight", "is", "was", "will", "can"}
_WH = r"(?:when|where|what|which|who|whom|whose|why|how)"
_WH_NOUN = {"time", "day", "date", "long", "much", "many", "often", "far", "late", "early",
            "kind", "size", "colour", "color", "one"}
_TOKEN = re.compile(r"[A-Za-z']+|[^A-Za-z']+")


def second_person_en(text: str) -> str:
    """The contact's he/she/him/her/his as you/your, verbs agreeing ("she wants" → "you want")."""
    tokens = _TOKEN.findall(text)
    words = [i for i, t in enumerate(tokens) if t[0].isalpha() or t[0] == "'"]
    out = list(tokens)
    for n, i in enumerate(words):
        word = tokens[i].lower()
        after = tokens[words[n + 1]].lower() if n + 1 < len(words) else ""
        joined = n + 1 < len(words) and words[n + 1] == i + 2 and tokens[i + 1] == " "
        new = _pronoun(word, after if joined else "")
        if new is None:
            continue
        out[i] = new.capitalize() if tokens[i][0].isupper() else new
        if word in ("she", "he") and joined:
            out[words[n + 1]] = _agree(tokens[words[n + 1]])
    return "".join(out)


def _pronoun(word: str, after: str) -> str | None:
    if word in ("she", "he", "him"):
        return "you"
    if word in ("she's", "he's"):
        return "you're"
    if word in ("herself", "himself"):
        return "yourself"
    if word == "hers":
        return "yours"
    if word == "his":
        return "your" if after and after not in _NOT_A_NOUN else "yours"
    if word == "her":
        return "your" if after and after not in _NOT_A_NOUN else "you"
    return None


def _agree(verb: str) -> str:
    """A third-person verb in the second person: wants → want, goes → go, is → are."""
    low = verb.lower()
    if low in _AGREE:
        return _AGREE[low]
    if low in _AUX or not low.endswith("s") or low.endswith(("ss", "us", "is")):
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(("ses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1]


def question_en(gist: str) -> str:
    """What "ask …" wants asked, as a direct question (or a request) to the contact."""
    gist = re.sub(r"^(?:her|him|them)\s+(?=(?:whether|if|to|for|" + _WH[3:-1] + r")\b)", "",
                  gist.strip(), flags=re.IGNORECASE)  # "ask her if …": "her" is whom we ask
    gist = second_person_en(gist.rstrip("?."))
    m = re.match(r"(?:whether|if)\s+(.+?)(?:,?\s+or not)?$", gist, re.IGNORECASE)
    if m:
        return _yes_no(m.group(1)) or f"Could you tell me whether {m.group(1)}?"
    if re.match(_WH + r"\b", gist, re.IGNORECASE):
        return _wh(gist) or f"Could you tell me {gist}?"
    if re.match(r"for\s+", gist, re.IGNORECASE):
        return f"Could I ask you {gist}?"
    if gist.lower().startswith(("can ", "could ", "would ", "will ", "do ", "are ", "is ")):
        return _sentence(gist) + "?"
    return f"Could you {gist}?"


def _yes_no(clause: str) -> str | None:
    words = clause.split()
    if len(words) >= 3 and words[0].lower() == "you" and words[1].lower() == "want" \
            and words[2].lower() == "to":
        return "Would you like to " + " ".join(words[3:]) + "?"
    inverted = _inverted(words)
    return None if inverted is None else _sentence(inverted) + "?"


def _inverted(words: list[str]) -> str | None:
    """Subject and verb swapped: "the venue is free" → "is the venue free"."""
    for i, word in enumerate(words[1:5], start=1):
        if word.lower() in ("have", "has", "had") and not _participle(words[i + 1:i + 2]):
            do = "did" if word.lower() == "had" else "do" if word.lower() == "have" else "does"
            return " ".join([do, *words[:i], "have", *words[i + 1:]])  # "have the keys"
        if word.lower() in _AUX:
            return " ".join([word, *words[:i], *words[i + 1:]])
    if words and words[0].lower() == "you" and len(words) > 1:
        return " ".join(["do", *words])
    for i, word in enumerate(words[1:4], start=1):
        base = _agree(word)
        if base != word and word.lower() not in _AUX and "'" not in word:  # not "week's"
            return " ".join(["does", *words[:i], base, *words[i + 1:]])
    return None


def _participle(next_word: list[str]) -> bool:
    word = next_word[0].lower() if next_word else ""
    return word.endswith(("ed", "en")) or word in ("been", "got", "done", "made", "had")


def _wh(gist: str) -> str | None:
    words = gist.split()
    head = 2 if len(words) > 1 and words[1].lower() in _WH_NOUN else 1
    rest = words[head:]
    if not rest or rest[0].lower() in _AUX:  # "who is coming": already in question order
        return _sentence(gist) + "?"
    inverted = _inverted(rest)
    return None if inverted is None else _sentence(" ".join([*words[:head], inverted])) + "?"


def statement_en(gist: str) -> str:
    """What "tell … that X" wants said: X itself, to the contact."""
    return _sentence(second_person_en(gist.strip().rstrip("."))) + "."


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


_QUESTION_ZH = re.compile(r"吗|呢|[不没]\S|几|什么|哪|谁|怎么|怎样|多少|多久|是否"
                          r"|要不要|能不能|有没有")


def second_person_zh(text: str) -> str:
    """The contact's 他/她 as 您 (not 他们, 其他, 他人)."""
    return re.sub(r"(?<!其)[他她](?![们人俩])", "您", text)


def question_zh(gist: str) -> str:
    """What "问…" wants asked, as a direct question: "她周日要不要来" → "您周日要不要来？"."""
    text = second_person_zh(gist.strip().rstrip("？?。"))
    text = re.sub(r"^(?:一下|下(?![周个午次月星礼年回]))", "", text)  # 问下…, not 下周…
    if not _QUESTION_ZH.search(text):
        text += "吗"
    return text + "？"


def statement_zh(gist: str) -> str:
    """What "告诉…" wants said, to the contact."""
    return second_person_zh(gist.strip().rstrip("。.")) + "。"
