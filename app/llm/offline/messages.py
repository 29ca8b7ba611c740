"""The offline writer's messages and letters: what a careful person would send.

A message has a subject, a greeting, what the person wants said in the recipient's voice,
the facts earlier steps found when they belong in it (the free times a calendar step
found, a date and place the person decided), and a closing with the person's name when
Settings has it (``user.name``). The kind of message — a thank-you, an invitation, an
apology, asking for availability, a status update, a follow-up, an announcement, a
question, a piece of news — decides its sentences, in English and Chinese. Nothing in a
message claims what Stepwise cannot do (no attachment, no "below" that is not there),
and no fact is invented: a message that needs facts only the person has is the person's
to write (the planner decides that; see ``needs_facts``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.llm.offline import voice

SUBJECT = {"en": "Subject: ", "zh": "主题："}
FREE_HEAD = {"en": "Free times", "zh": "空闲时间"}  # the first word of a calendar step's result
# (kind, English words, Chinese words): the first kind whose words a text names wins
KINDS: list[tuple[str, str, str]] = [
    ("thank", r"\bthank|\bthank-you|\bgratitude", r"感谢|谢谢|致谢|答谢"),
    ("apologise", r"\bapolog(?:y|ies|i[sz])|\bsorry\b", r"道歉|道个歉|致歉|抱歉|赔礼"),
    ("congratulate", r"\bcongratulat", r"祝贺|恭喜|道贺"),
    ("follow_up", r"\bfollow(?:\s|-)?up\b|\bchase\b|\bnudge\b|\bcheck in with\b", r"催|跟进|追问"),
    ("availability", r"\bwhen\b.{0,20}\b(?:free|available)\b|\bavailab|\bfind (?:a )?(?:time|slot)"
     r"|\bfree (?:time|slots?)\b", r"什么时候有空|哪天有空|有空|方便的时间|空闲"),
    ("status", r"\bstatus\b|\bupdate\b.{0,30}\bon\b|\bprogress\b", r"进展|进度|近况汇报"),
    ("announce", r"\bannounce|\beveryone\b|\ball of (?:you|them)\b",
     r"宣布|通知大家|告诉大家|大家"),
    ("invite", r"\binvit", r"邀请|请.{1,6}来参加"),
    ("meet", r"\barrange to meet\b|\bmeet up\b|\bset up a (?:call|meeting)\b",
     r"帮我约|约一下|约个时间|约时间|见个面|约.{0,8}见面"),
    ("ask", r"\bask\b|\?|\bwhether\b", r"问|？|\?|吗"),
    ("tell", r"\btell\b|\blet \w+ know\b|\btext\b|\bthat\b", r"告诉|通知|说"),
]
LETTERS = ("thank", "apologise", "congratulate", "invite")  # texts the writer can finish
SAID = ("thank", "apologise", "congratulate", "follow_up")  # verbs that are a message
NOBODY = ("them", "对方")  # a letter to nobody named: greeted without a name
KIND_WORDS = {  # a kind as the person reads it ("; also say (a question): …")
    "thank": ("a thank-you", "致谢"), "apologise": ("an apology", "道歉"),
    "congratulate": ("congratulations", "祝贺"), "follow_up": ("a follow-up", "跟进"),
    "availability": ("when they are free", "询问空闲时间"), "status": ("an update", "进展"),
    "announce": ("news", "通知"), "invite": ("an invitation", "邀请"),
    "meet": ("a meeting", "约见"), "ask": ("a question", "提问"), "tell": ("news", "告知"),
    "send": ("something to send", "发送"),
}
_FORMAL_ZH = re.compile(r"(?:老师|总|经理|主任|医生|教授|先生|女士|阿姨|叔叔|师傅|领导|校长|律师)$")
_ELDER_ZH = re.compile(r"^(?:妈妈|爸爸|妈|爸|爷爷|奶奶|外婆|外公|姥姥|姥爷|公公|婆婆|岳父|岳母)$")
_FAMILY_ZH = re.compile(r"^(?:老婆|老公|哥哥|姐姐|弟弟|妹妹|儿子|女儿|宝贝|亲爱的)$")


@dataclass(frozen=True)
class Letter:
    """A message or card: its subject ('' for a card), greeting, body and closing."""

    subject: str
    greeting: str
    body: str
    closing: str

    def text(self, zh: bool) -> str:
        head = f"{SUBJECT['zh' if zh else 'en']}{self.subject}\n\n" if self.subject else ""
        return f"{head}{self.greeting}\n\n{self.body}\n\n{self.closing}".rstrip()


def kind_of(text: str) -> str:
    """The kind of message a text asks for ("send" when it names none)."""
    for kind, en, zh in KINDS:
        if re.search(en, text, re.IGNORECASE) or re.search(zh, text):
            return kind
    return "send"


_FILES = re.compile(r"\b(?:slides?|deck|presentation|files?|attachments?|pdfs?|photos?|pictures?|"
                    r"images?|spreadsheets?|cv|resume|scans?|screenshots?|recordings?|videos?)\b"
                    r"|幻灯片|文件|附件|照片|图片|简历|表格|课件|截图|录音|视频|PPT|PDF",
                    re.IGNORECASE)


def attachment_in(gist: str) -> bool:
    """Whether what is to be sent is a file (Stepwise's messages carry text only)."""
    return bool(_FILES.search(gist))


def kind_words(kind: str, zh: bool) -> str:
    en, zh_words = KIND_WORDS.get(kind, KIND_WORDS["send"])
    return zh_words if zh else en


def needs_facts(kind: str, gist: str) -> bool:
    """Whether the message's content is something only the person knows (an update's
    news, "the two options", "the figures"): then it is theirs to write."""
    if kind == "status":
        return True
    return kind == "send" and bool(gist)


def compose(to: str, kind: str, gist: str, *, title: str, facts: list[str], sender: str,
            zh: bool, card: bool = False) -> Letter:
    """The message to ``to``: ``gist`` is what the person wants said (the task's words
    without the verb and the name, its time words kept), ``facts`` what earlier steps
    found, ``card``: a letter to hand over (no subject line)."""
    make = _compose_zh if zh else _compose_en
    first, *more = gist.split("; ")  # "…; (ask) whether he can come": each part in its kind
    letter = make(to, kind, _bare(first), title, facts, sender)
    for part in more:
        m = re.match(r"^\((\w+)\)\s*(.*)$", part, re.S)
        also_kind, also = (m.group(1), m.group(2)) if m else ("tell", part)
        said = make(to, also_kind, _bare(also), title, [], sender).body
        letter = Letter(letter.subject, letter.greeting, f"{letter.body}\n\n{said}",
                        letter.closing)
    if to in NOBODY or not to:
        letter = Letter(letter.subject, "您好：" if zh else "Hello,", letter.body, letter.closing)
    return Letter("", letter.greeting, letter.body, letter.closing) if card else letter


def _compose_en(to: str, kind: str, gist: str, title: str, facts: list[str], sender: str
                ) -> Letter:
    topic = _topic_en(gist) or _topic_en(title)
    slots = _slots(facts)
    others = [f for f in facts if f not in slots]
    if kind == "thank":
        body = f"Thank you so much {_for(gist) or 'for everything'}. I really appreciated it."
        subject, close = "Thank you", "With thanks"
    elif kind == "apologise":
        body = (f"I'm sorry {_for(gist) or 'about this'}. I hope it didn't cause you too much "
                "trouble, and I'll make sure it doesn't happen again.")
        subject, close = "Apologies", "Best wishes"
    elif kind == "congratulate":
        body = f"Congratulations {_on(gist) or ''}!".replace(" !", "!") + " I'm so happy for you."
        subject, close = "Congratulations!", "Best wishes"
    elif kind == "invite":
        event = _drop(gist, r"^(?:you\s+)?to\s+")
        if not event or _INVITATION_EN.match(event):  # "Draft the invitation with …"
            event = _event_en(title)
        body = f"I'd like to invite you to {event}."
        if others:
            body += "\n\n" + "\n".join(others)
        body += "\n\nCould you let me know whether you can come?"
        subject, close = f"Invitation: {_short(event)}", "Best wishes"
    elif kind == "availability":
        window = _window_en(gist)
        body = (voice.question_en(gist) if re.match(r"(?:when|whether|if)\b", gist, re.I)
                else f"Could you let me know when you're free{window}?")
        if slots:
            body += " These times would work for me:\n" + "\n".join(slots)
        subject, close = "When are you free?", "Thanks"
    elif kind == "follow_up":
        about = _drop(gist, r"^(?:with\s+\w+\s+)?(?:on|about|regarding)\s+") or title
        body = (f"I'm following up on {about}. Could you let me know where things stand, or "
                "if there's anything you need from me?")
        subject, close = f"Following up: {_short(about)}", "Thanks"
    elif kind == "status":
        about = _drop(gist, r"^.*?\bupdate\s+(?:on\s+)?") or title
        body = f"Here's a quick update on {about}:\n\n" + "\n".join(others)
        subject, close = f"Update: {_short(about)}", "Best"
    elif kind == "announce":
        news = _drop(gist, r"^(?:everyone\s+)?(?:know\s+)?(?:that\s+)?") or title
        body = voice.statement_en(news)
        subject, close = _short(_sentence(news)), "Best"
    elif kind == "meet":
        when = _drop(gist, r"^(?:(?:arrange|find a time|set up a (?:call|meeting))\s+)?"
                           r"(?:to\s+)?(?:meet(?:\s+up)?\s*)?(?:with\s*)?")
        body = f"Could we meet{' ' + when if when else ''}? When would suit you?"
        if slots:
            body += " These times would work for me:\n" + "\n".join(slots)
        subject, close = "Meeting", "Thanks"
    elif kind == "ask":
        body = voice.question_en(gist) if gist else "Could you get back to me about this?"
        subject, close = f"Question: {topic}" if topic else "A quick question", "Thanks"
    elif kind == "tell":
        body = (f"I wanted to tell you {gist}." if re.match(r"about\b", gist, re.I)
                else voice.statement_en(gist) if gist else f"Just to let you know: {title}.")
        subject, close = _short(_sentence(gist or title)), "Best"
    else:  # send: what earlier steps found, said as itself
        body = f"Here is {gist or title}:\n\n" + "\n".join(others) if others else \
            f"About {gist or title}."
        subject, close = _short(_sentence(gist or title)), "Best"
    closing = f"{close},\n{sender}" if sender else f"{close},"
    return Letter(subject, f"Hi {to[:1].upper()}{to[1:]},", body.rstrip(), closing)


def _compose_zh(to: str, kind: str, gist: str, title: str, facts: list[str], sender: str
                ) -> Letter:
    formal, elder = bool(_FORMAL_ZH.search(to)), bool(_ELDER_ZH.match(to))
    you = "您" if formal or elder else "你"  # 您 to a teacher, a manager, a parent
    greeting = f"{to}您好：" if formal else (
        f"{to}：" if elder or _FAMILY_ZH.match(to) else f"{to}，你好！")
    formal = formal or elder
    said = gist if formal else gist.replace("您", "你")
    slots = _slots(facts)
    others = [f for f in facts if f not in slots]
    if kind == "thank":
        why = re.sub(r"^(?:感谢|谢谢)?\s*(?:您|你)?", "", said).strip("，。")
        body = f"非常感谢{you}{why}！{you}的心意我一直记在心里。"
        subject = "感谢"
    elif kind == "apologise":
        why = re.sub(r"^(?:向.{1,6})?(?:道歉|致歉)", "", said).strip("，。")
        body = f"很抱歉{why or '给' + you + '添了麻烦'}。以后我会多加注意，希望{you}谅解。"
        subject = "致歉"
    elif kind == "congratulate":
        why = re.sub(r"^(?:祝贺|恭喜)(?:您|你)?", "", said).strip("，。")
        body = f"恭喜{you}{why}！真为{you}高兴。"
        subject = "祝贺"
    elif kind == "invite":
        event = re.sub(r"^(?:邀请)?(?:您|你)?(?:参加|来)?", "", said).strip("，。")
        if not event or _INVITATION_ZH.match(event):  # "起草邀请，写明日期和地点"
            event = _event_zh(title)
        body = f"诚邀{you}参加{event}。"
        if others:
            body += "\n" + "\n".join(others)
        body += f"\n不知{you}是否方便？盼复。"
        subject = f"邀请：{event}"
    elif kind == "availability":
        body = (voice.question_zh(said) if _QUESTION_ZH.search(said)
                else f"想问一下{you}{_window_zh(said)}什么时候有空？")
        body = body if formal else body.replace("您", "你")
        if slots:
            body += "我这边以下时间可以：\n" + "\n".join(slots)
        subject = "时间安排"
    elif kind == "follow_up":
        about = re.sub(r"^(?:催一下|跟进一下|跟进|催)", "", said).strip("，。") or title
        body = f"想跟进一下{about}的情况。现在进展如何？需要我这边做什么的话请告诉我。"
        subject = f"跟进：{about}"
    elif kind == "status":
        body = f"向{you}汇报一下{said or title}的进展：\n" + "\n".join(others)
        subject = f"进展：{said or title}"
    elif kind == "announce":
        news = re.sub(r"^(?:通知大家|告诉大家|大家)", "", said).strip("，。：") or title
        body = f"通知一下：{news}。"
        subject = "通知"
    elif kind == "meet":
        when = _window_zh(said)
        body = f"想和{you}{when}约个时间见个面，{you}什么时候方便？"
        if slots:
            body += "我这边以下时间可以：\n" + "\n".join(slots)
        subject = "约个时间"
    elif kind == "ask":
        question = voice.question_zh(said) if said else f"关于{title}，想请教一下。"
        body = question if formal else question.replace("您", "你")
        subject = "请教" if _FORMAL_ZH.search(to) else "问一下"
    elif kind == "tell":
        statement = voice.statement_zh(said) if said else f"{title}。"
        body = statement if formal else statement.replace("您", "你")
        subject = _short(said or title)
    else:
        what = said or title
        body = f"{what}如下：\n" + "\n".join(others) if others else f"关于{what}。"
        subject = _short(said or title)
    return Letter(subject, greeting, body.rstrip(), "谢谢！" + (f"\n{sender}" if sender else ""))


_VERB = re.compile(
    r"^\s*(?:(?:please\s+)?(?:follow(?:\s|-)?up|check in|apologi[sz]e|say sorry|say thank you|"
    r"thank|congratulate|chase|nudge)(?:\s+(?:with|to))?\b|(?:给|向|跟)?\s*(?:感谢|谢谢|道歉|致歉|"
    r"道个歉|祝贺|恭喜|跟进|催一下|催))\s*", re.IGNORECASE)


# "to ask", "to tell her (that)", "to let him know": the verb of a message whose sender
# was named first ("Email Bob to ask …"); what follows is what is asked or told
_ASKED = re.compile(r"^(?:to\s+)?(?:ask|tell|inform|let\s+(?:him|her|them)\s+know)\b\s*"
                    r"(?:(?:him|her|them)\b\s*)?(?:that\b\s*)?", re.IGNORECASE)


def _bare(gist: str) -> str:
    """The gist without the verb that named the kind ("follow up with … about X": "about
    X"), the recipient's 他/她 as 您 (said to them)."""
    bare = _VERB.sub("", gist.strip(), count=1)
    bare = _ASKED.sub("", bare, count=1)  # "(Email Bob) to ask whether …": not "ask" said
    bare = re.sub(r"^(?:him|her|them)\s+(?=(?:whether|if|to|when|what|where|who|how|why|for)\b)",
                  "", bare, flags=re.IGNORECASE)  # "ask him whether …": him is whom we ask
    return voice.second_person_zh(voice.second_person_en(bare)).strip(" ,，。")


def leads_with_said(text: str) -> bool:
    """Whether a text starts with a verb that is a message ("Thank Bob…", "向李老师道歉",
    "Let Priya know…"), whatever other verb follows ("…for missing the call")."""
    lead = re.match(r"\s*(?:please\s+)?let\s+\S+\s+know\b|\s*(?:给|向|跟|对)[^，,。\s]{1,6}?"
                    r"(?:道歉|道个歉|致歉|道谢|说声谢谢|说声抱歉)", text, re.IGNORECASE)
    verb = _VERB.match(text)
    return bool(lead) or (verb is not None and bool(verb.group(0).strip()))


_QUESTION_ZH = re.compile(r"吗|呢|有没有|是否|能不能|要不要|几点|什么时候|哪天")


def _slots(facts: list[str]) -> list[str]:
    """The free times a calendar step found (its lines after the "Free times" head)."""
    lines: list[str] = []
    for fact in facts:
        if fact.startswith(tuple(FREE_HEAD.values())):
            lines += [line for line in fact.splitlines()[1:] if line.startswith("- ")]
    return lines


def _for(gist: str) -> str:
    """'for hosting us' from 'for hosting us' / 'hosting us' ('' when nothing)."""
    text = _drop(gist, r"^(?:a\s+)?(?:thank-you\s+)?"
                       r"(?:notes?|cards?|letters?|emails?|messages?)?\s*")
    text = _drop(text, r"^(?:you\s+)?")
    if not text:
        return ""
    return text if re.match(r"(?:for|about|that)\b", text, re.IGNORECASE) else f"for {text}"


def _on(gist: str) -> str:
    text = _drop(gist, r"^(?:you\s+)?")
    if not text:
        return ""
    return text if re.match(r"(?:on|for)\b", text, re.IGNORECASE) else f"on {text}"


def _window_en(gist: str) -> str:
    m = re.search(r"\b(?:next|this|on|in|tomorrow|today)\b.*$", gist, re.IGNORECASE)
    return f" {m.group(0).rstrip('?.')}" if m else ""


def _window_zh(gist: str) -> str:
    m = re.search(r"(?:下周|这周|本周|明天|后天|周末|下个月|这个月)[一二三四五六日天]?", gist)
    return m.group(0) if m else ""


# what names the invitation itself, not the event ("the invitation with the date")
_INVITATION_EN = re.compile(r"(?:the\s+|an?\s+)?invitations?\b", re.IGNORECASE)
_INVITATION_ZH = re.compile(r"^(?:起草|写|准备)?(?:一份|一封)?(?:邀请函?|请柬)")
_PLANNING_EN = re.compile(r"^\s*(?:please\s+)?(?:organi[sz]e|plan|arrange|throw|host|hold|run|"
                          r"prepare|set up|put on)\s+", re.IGNORECASE)
_PLANNING_ZH = re.compile(r"^(?:组织|策划|安排|筹备|举办|准备|办)(?:一[场次个下])?")


def _event_en(title: str) -> str:
    """The event a task organises, as an invitation names it: "Organise the team
    offsite" → "the team offsite"; "Team offsite" → "the team offsite"."""
    event = _PLANNING_EN.sub("", title.strip(), count=1).strip(" .")
    if not re.match(r"(?:the|an?|our|my|his|her|their)\b|\w+'s\b", event, re.IGNORECASE):
        event = "the " + (event[:1].lower() + event[1:] if event[1:2].islower() else event)
    return event


def _event_zh(title: str) -> str:
    """组织团队团建 → 团队团建."""
    return _PLANNING_ZH.sub("", title.strip(), count=1).strip("，。") or title


def _topic_en(text: str) -> str:
    m = re.search(r"\babout\s+(.+)$", text, re.IGNORECASE)
    return _short(m.group(1)) if m else ""


def _drop(text: str, pattern: str) -> str:
    return re.sub(pattern, "", text.strip(), count=1, flags=re.IGNORECASE).strip(" ,.;:")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split()).rstrip(" .?!。？！")
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
