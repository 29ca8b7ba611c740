"""Doing a ready step through its capability, for real, behind each capability's guard.

Each doer returns a Done: completed with a result, failed with an error, or waiting
(a message awaiting approval). ``DOERS`` maps each capability the assistant does without
a model (``app.plan.capabilities``) to its doer; ``assistant.write`` needs the model and
is done by the loop (``MODEL_DOES``), and a ``user`` step is the person's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from app.agent.step_words import said
from app.dates.moments import sensible_moment
from app.errors import KnownError
from app.plan.spec import PlanSpec, PlanStep
from app.tasks.problems import language_for
from models import CalendarEvent, OutboxMessage, Reminder, Step, Task, atomic
from models.fields import format_utc, parse_utc

MAX_RESULT_CHARS = 20_000
MAX_SLOTS = 12  # free times a calendar step lists
MAX_OFFERED = 5  # of them, offered to someone else in a message


@dataclass(frozen=True)
class Done:
    """What doing a step came to; ``final``: a failure that no automatic retry may undo
    (the user's own decision, such as a rejected message)."""

    status: str  # "completed", "failed" or "waiting"
    result: str | None = None
    error: str | None = None
    final: bool = False


def do_file_write(task: Task, step: PlanStep, spec: PlanSpec) -> Done:
    """Write the step's content (or another step's result) into the task's folder.

    Any refusal or file-system error fails the step with its reason; nothing escapes.
    """
    from app.io.task_folder import write_result
    from app.tasks.folders import uid_of

    content = _file_content(step, spec)
    if isinstance(content, Done):
        return content
    try:
        target = write_result(uid_of(task.id), step.inputs.get("path"), content)
    except KnownError as exc:
        return Done("failed", error=str(exc))
    except OSError as exc:  # whatever the file system says, the step fails, the loop goes on
        return Done("failed", error=f"the file could not be written: {exc.strerror or exc}")
    return Done("completed", result=said(task, "wrote", name=target.name, size=len(content)))


def _file_content(step: PlanStep, spec: PlanSpec) -> str | Done:
    source = step.inputs.get("from_step")
    if source is None:
        content = step.inputs.get("content")
        if not isinstance(content, str):
            return Done("failed", error="file.write needs its content as text (content) or "
                        "a step whose result it writes (from_step)")
        return content
    try:
        result = spec.step(source).result
    except (KeyError, TypeError):
        return Done("failed", error=f"from_step {source!r} is not a step of this plan")
    if result is None:
        return Done("failed", error=f"step {source!r} has no result to write yet")
    return result


def do_message(task: Task, step: PlanStep, step_pk: int, spec: PlanSpec | None = None) -> Done:
    """Queue the step's message for approval, once per attempt of the step: a message this
    attempt already queued, sent or saw rejected (a run stopped before the step moved) is
    reported, not repeated; a retry after a rejection asks again.
    Its text is ``text``, or the result of the step named by ``from_step`` (a draft) —
    or, when the message waits for a ``user`` step that checks that draft, the text that
    step was marked done with (a bare "ok" leaves the draft as it is). A text with a
    template's blank still in it is not queued."""
    from app.agent.outbox import find_contact

    name, text = step.inputs.get("to"), step.inputs.get("text")
    if text is None and spec is not None and "from_step" in step.inputs:
        found = _file_content(step, spec)
        if isinstance(found, Done):
            return found
        text = _checked_text(step, spec) or found
        written = spec.step(str(step.inputs["from_step"]))
        if written.target == "user" and len(text.strip()) < 12:  # "ok": no text to send
            return Done("failed", error=f"step {written.id!r} was marked done without the "
                        "text to send: mark it done with the finished text as its result")
        blank = _blank_in(text)
        if blank:
            return Done("failed", error=f"the draft still has {blank!r} in it: finish it and "
                        "mark the step that checks it done with the finished text as its result")
    if not isinstance(name, str) or not isinstance(text, str):
        return Done("failed", error="message.post needs a contact (to) and a text")
    contact = find_contact(name)
    if contact is None:
        return Done("failed", error=f"{name!r} is not in your contacts; add them "
                    "with `stepwise contacts add NAME ADDRESS` to allow messages to them")
    subject, text = split_subject(text)
    with atomic():
        earlier = _this_attempts_message(step_pk)
        if earlier is None:
            OutboxMessage.create(task=task, step=step_pk, contact=contact, text=text,
                                 subject=subject or task.title)
        elif earlier.status == "sent":
            return Done("completed", result=said(task, "sent", name=contact.name))
        elif earlier.status == "rejected":  # as the outbox would have failed it
            return Done("failed", error="you rejected the message", final=True)
        waiting = said(task, "waiting", name=contact.name)
        Step.update(result=waiting).where(Step.id == step_pk).execute()  # shown on the step
    return Done("waiting", result=waiting)


_SUBJECT = ("Subject:", "主题：", "主题:")


def split_subject(text: str) -> tuple[str, str]:
    """A draft's "Subject: …" first line apart from its body ('' when it has none)."""
    first, _, rest = text.lstrip().partition("\n")
    for head in _SUBJECT:
        if first.startswith(head):
            return first.removeprefix(head).strip(), rest.lstrip("\n")
    return "", text


def _checked_text(step: PlanStep, spec: PlanSpec) -> str | None:
    """The finished text of a ``user`` step this message waits for that checks its draft."""
    source = step.inputs.get("from_step")
    for dep in step.depends_on:
        checker = spec.step(dep)
        result = (checker.result or "").strip()
        if checker.target == "user" and source in checker.depends_on and len(result) >= 12:
            return result
    return None


def _blank_in(text: str) -> str | None:
    from app.llm.offline.write import BLANK

    return next((b for b in BLANK.values() if b in text), None)


def _this_attempts_message(step_pk: int) -> OutboxMessage | None:
    """The step's latest message, unless it is a rejection from an earlier attempt.

    A message step's attempt ends with at most one rejection, and each retry counts an
    attempt: a rejection beyond the attempts behind the step belongs to the one running
    now (the process stopped before the rejection failed the step).
    """
    rows = list(OutboxMessage.select(OutboxMessage.id, OutboxMessage.status)
                .where(OutboxMessage.step == step_pk).order_by(OutboxMessage.id))
    if not rows:
        return None
    rejections = sum(row.status == "rejected" for row in rows)
    if rows[-1].status == "rejected" and rejections <= Step.get_by_id(step_pk).attempts:
        return None
    return rows[-1]


def do_reminder(task: Task, step: PlanStep, step_pk: int, now: datetime) -> Done:
    """Set the step's reminder, once per step: a reminder an earlier run of this step
    created (it stopped before the step was marked done) is reported, not made again.

    A reminder step fails only before its reminder exists, so any reminder of the step
    belongs to the attempt that is running now.
    """
    with atomic():
        earlier = Reminder.get_or_none((Reminder.step == step_pk) & (Reminder.kind == "step"))
        if earlier is not None:
            return _reminder_set(task, earlier.fire_at)
        at = _reminder_time(task, step, now)
        if isinstance(at, Done):
            return at
        Reminder.create(task=task, step=step_pk, kind="step", text=step.inputs.get("text", ""),
                        fire_at=at)
    return _reminder_set(task, at)


def _reminder_set(task: Task, at: datetime) -> Done:
    return Done("completed", result=said(task, "reminder", at=f"{at.astimezone():%Y-%m-%d %H:%M}"))


def _still_ahead(at: datetime, now: datetime, closes: datetime | None) -> datetime:
    """A reminder whose moment passed goes to the next sensible one (never a failure)."""
    from app.calendar.freebusy import local_zone, work_hours

    if at > now:
        return at
    return sensible_moment(at, now, closes=closes, work_start=work_hours()[0], zone=local_zone())


def _on_its_day(task: Task, at: datetime) -> datetime:
    """A reminder set for an all-day due or start (its stand-in moment, the end of the
    day) comes at ``reminders.all_day_at`` on that day, as the task's own would."""
    from app.dates import days
    from app.reminders.wanted import on_the_day, timing_now

    for name, value in (("due", task.due_at), ("start", task.start_at)):
        if name in (task.all_day or ()) and value is not None and at == value:
            return on_the_day(value, timing_now(), days.zone(task.timezone)) or at
    return at


def _reminder_time(task: Task, step: PlanStep, now: datetime) -> datetime | Done:
    """When the reminder fires (moved to the task's start if earlier), or why it cannot."""
    raw = step.inputs.get("at")
    try:
        at = parse_utc(raw) if isinstance(raw, str) else None
    except (ValueError, OverflowError):
        at = None
    if at is None:
        return Done("failed", error=f"{raw!r} is not an ISO 8601 time with a zone")
    at = _on_its_day(task, at)
    opens = task.start_at
    closes = task.expires_at or task.due_at
    planned, at = at, _still_ahead(at, now, closes)
    if closes is not None and at > closes and at == planned:
        return Done("failed", error="the reminder falls after the task's window closes")
    if opens is not None and at < opens and (closes is None or opens < closes):
        at = opens  # never remind before the task may start
    return at


def do_calendar(task: Task, step: PlanStep, spec: PlanSpec | None = None) -> Done:
    """The free time in the step's range, in local time; and the events' own times and
    titles too, unless a message depends on this step (another person gets free times,
    never what is in the person's calendar). With no calendar connected it says so."""
    from app.calendar.freebusy import free_slots, local_zone
    from models import CalendarSource

    try:
        start, end = parse_utc(step.inputs["from"]), parse_utc(step.inputs["to"])
    except (KeyError, TypeError, ValueError, OverflowError):
        return Done("failed", error="calendar.read takes ISO 8601 times with a zone")
    if not CalendarSource.select().exists():
        return Done("completed", result=said(task, "no_calendar"))
    zone = local_zone()
    zh = language_for(task.title, task.detail) == "zh"
    slots = free_slots(start, end, zone=zone)
    if spec is not None and _feeds_a_message(step, spec):  # offered to someone: a few weekdays
        weekdays = [s for s in slots if s.start.astimezone(zone).weekday() < 5]
        slots = (weekdays or slots)[:MAX_OFFERED]
    slots = slots[:MAX_SLOTS]
    if not slots:
        return Done("completed", result=said(task, "no_free", start=_day(start, zone, zh),
                                             end=_day(end, zone, zh)))
    from app.llm.offline.messages import FREE_HEAD

    zone_name = getattr(zone, "key", "") or str(zone)
    lines = [f"{FREE_HEAD['zh']}（{zone_name}）：" if zh else f"{FREE_HEAD['en']} ({zone_name}):",
             *(f"- {_day(s.start, zone, zh)} {s.start.astimezone(zone):%H:%M}–"
               f"{s.end.astimezone(zone):%H:%M}" for s in slots)]
    if spec is None or not _feeds_a_message(step, spec):
        overlaps = (CalendarEvent.start < format_utc(end)) & (CalendarEvent.end > format_utc(start))
        rows = CalendarEvent.select().where(overlaps).order_by(CalendarEvent.start).limit(200)
        events = [f"- {_event_time(e.start, zone, zh)}: {e.summary}" for e in rows]
        if events:
            lines += ["", said(task, "events") + ("：" if zh else ":"), *events]
    return Done("completed", result=clip("\n".join(lines)))


def _day(at: datetime, zone: object, zh: bool) -> str:
    local = at.astimezone(zone)  # type: ignore[arg-type]
    weekday = "一二三四五六日"[local.weekday()]
    return f"{local.month}月{local.day}日（周{weekday}）" if zh else f"{local:%a %-d %b}"


def _event_time(raw: str, zone: object, zh: bool) -> str:
    try:
        at = parse_utc(raw)
    except (TypeError, ValueError, OverflowError):
        return raw  # an all-day event's date
    return f"{_day(at, zone, zh)} {at.astimezone(zone):%H:%M}"  # type: ignore[arg-type]


def _feeds_a_message(step: PlanStep, spec: PlanSpec) -> bool:
    """Whether a message, or a draft a message sends, waits for this step."""
    waiting = {s.id for s in spec.steps if step.id in s.depends_on}
    senders = {str(s.inputs.get("from_step")) for s in spec.steps if s.target == "message.post"}
    return any(s.id in waiting and (s.target == "message.post" or s.id in senders)
               for s in spec.steps)


def clip(text: str) -> str:
    return text if len(text) <= MAX_RESULT_CHARS else text[:MAX_RESULT_CHARS] + " …"


def step_pk(plan_id: int, step_id: str) -> int:
    return int(Step.get((Step.plan == plan_id) & (Step.step_id == step_id)).id)


Doer = Callable[[Task, PlanStep, PlanSpec, int, datetime], Done]  # task, step, plan, pk, now
MODEL_DOES = "assistant.write"  # the loop writes it with the model (``Assistant._write``)
DOERS: dict[str, Doer] = {
    "file.write": lambda task, step, spec, _pk, _now: do_file_write(task, step, spec),
    "message.post": lambda task, step, spec, pk, _now: do_message(task, step, pk, spec),
    "reminder.set": lambda task, step, _spec, pk, now: do_reminder(task, step, pk, now),
    "calendar.read": lambda task, step, spec, _pk, _now: do_calendar(task, step, spec),
}
