"""A rewrite of a VTODO that is already on the server: what another app wrote stays.

The item is written as the server's last agreed copy with only the lines of the fields
that changed here replaced (``written_over``), the way DAVx⁵ and Tasks.org keep "unknown
properties"; its alarms stay their author's (``alarms_over``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

from icalendar import Alarm, Component, Todo

from app.ical.values import Reminder, alarms_of, as_list, fire_at_of, related, text_of
from app.ical.vtodo import X, reminder_alarms

PARENT, DEPENDS = "RELATED-TO;RELTYPE=PARENT", "RELATED-TO;RELTYPE=DEPENDS-ON"
# The properties each field of an item is written as. A rewrite of an item already on the
# server replaces only the lines of the fields that changed here: every other property
# (X-APPLE-SORT-ORDER, CREATED, LOCATION, URL, GEO, CLASS, other RELATED-TO types, …)
# stays as the other app wrote it, and so does an unchanged field's own line (a DATE-only
# DUE, a TZID, a PRIORITY of 7).
TASK_PROPS: dict[str, tuple[str, ...]] = {
    "title": ("SUMMARY",), "detail": ("DESCRIPTION",), "status": ("STATUS", X + "STATUS"),
    "priority": ("PRIORITY",), "tags": ("CATEGORIES",), "start_at": ("DTSTART",),
    "due_at": ("DUE",), "expires_at": (X + "EXPIRES",), "recurrence": ("RRULE",),
    "exdates": ("EXDATE",), "rdates": ("RDATE",),
    "completed_at": ("COMPLETED",), "percent": ("PERCENT-COMPLETE",),
    "plan": (X + "REVISION", X + "ORIGIN", X + "PLAN-TITLE", X + "PLAN-OBJECTIVE"),
}
STEP_PROPS: dict[str, tuple[str, ...]] = {
    "id": (X + "STEP-ID",), "title": ("SUMMARY",), "objective": ("DESCRIPTION",),
    "due": ("DUE",), "status": ("STATUS", X + "STATUS"), "target": (X + "TARGET",),
    "inputs": (X + "INPUTS",), "output_schema": (X + "OUTPUT-SCHEMA",),
    "done_when": (X + "DONE-WHEN",), "worker": (X + "WORKER",), "result": (X + "RESULT",),
    "error": (X + "ERROR",), "estimate_minutes": (X + "ESTIMATE",),
    "revision": (X + "REVISION",), "origin": (X + "ORIGIN",),
    "completed_at": ("COMPLETED",), "percent": ("PERCENT-COMPLETE",),
    "parent_uid": (PARENT,), "depends_on": (DEPENDS,),
}
_ALWAYS = ("DTSTAMP", "LAST-MODIFIED")  # SEQUENCE: raised by the caller (push._carry)
AUTO_KINDS = frozenset({"start", "due", "step_due"})  # app.reminders.store.AUTO_KINDS


def written_over(base: Todo, fresh: Todo, changed: Iterable[str],
                 alarms: list[Component]) -> Todo:
    """``base`` (the server's copy, changed in place) with ``fresh``'s lines for the
    properties ``changed`` names (``TASK_PROPS`` / ``STEP_PROPS`` values), its DTSTAMP
    and LAST-MODIFIED, and ``alarms`` (``alarms_over``) as its VALARMs."""
    for name in (*_ALWAYS, *changed):
        if name.startswith("RELATED-TO;"):
            _relink(base, fresh, name.split("=", 1)[1])
            continue
        base.pop(name, None)
        if name in fresh:
            base[name] = fresh[name]
    base.subcomponents = [c for c in base.subcomponents if c.name != "VALARM"] + alarms
    return base


def _relink(base: Todo, fresh: Todo, reltype: str) -> None:
    """Base's RELATED-TO of other types kept, ``fresh``'s of ``reltype`` instead of base's."""
    def kind(prop: Any) -> str:
        return str(getattr(prop, "params", {}).get("RELTYPE", "PARENT")).upper()

    links = [p for p in as_list(base.get("related-to")) if kind(p) != reltype]
    links += [p for p in as_list(fresh.get("related-to")) if kind(p) == reltype]
    base.pop("related-to", None)
    if links:
        base["related-to"] = links if len(links) > 1 else links[0]


def alarms_over(base: Todo, reminders: list[Reminder], own: bool,
                now: datetime) -> tuple[list[Component], bool]:
    """The VALARMs of a rewrite of ``base``, and whether they are base's, unchanged.

    An alarm there that is one of ``reminders`` (by UID, else by when it fires) stays as
    its author wrote it (a relative trigger, its UID, its X- properties) unless it was
    dismissed or snoozed here since: then it gets RFC 9074's ACKNOWLEDGED or a snooze
    alarm. A reminder without an alarm there is added while not dismissed, and on an item
    made elsewhere (``own`` False) only when it is not one of Stepwise's automatic ones (and
    one of those already there, by its UID, goes).
    An alarm there that is no reminder here goes when it was still to fire (removed here)
    or, on an item made here, when dismissed (aged out); one that fired there stays.
    """
    mains, snoozes = _alarm_parts(base)
    readings = dict(zip((id(a) for a in mains), alarms_of(base), strict=True))
    out: list[Component] = []
    used: set[int] = set()
    same = True
    for r in reminders:
        found = next((a for a in mains if id(a) not in used and _is(readings[id(a)], r)), None)
        if found is None:
            if r.acknowledged_at is None and (own or r.kind not in AUTO_KINDS):
                out += reminder_alarms(r)
                same = False
            continue
        used.add(id(found))
        seen = readings[id(found)]
        if not own and r.kind in AUTO_KINDS and seen.uid == r.uid:
            same = False  # one of ours, written before items knew their author: it goes
        elif own and r.kind in AUTO_KINDS and seen.text != r.text:
            out += reminder_alarms(r)  # ours, renamed with its task: written as we make it
            same = False
        elif (seen.acknowledged_at, seen.snoozed_until) == (r.acknowledged_at, r.snoozed_until):
            out += [found, *snoozes.get(seen.uid, [])]
        else:
            out += _answered(found, r)
            same = False
    for alarm in mains:
        if id(alarm) in used:
            continue
        seen = readings[id(alarm)]
        if seen.acknowledged_at is None and seen.fire_at > now \
                or own and seen.acknowledged_at is not None:
            same = False
        else:
            out += [alarm, *snoozes.get(seen.uid, [])]
    return out, same


def _alarm_parts(todo: Todo) -> tuple[list[Component], dict[str, list[Component]]]:
    """The VALARMs ``alarms_of`` reads (in its order), and the snooze alarms (RFC 9074
    §6) of each by the UID they name."""
    found = [a for a in todo.walk("VALARM") if fire_at_of(todo, a) is not None]
    own = {text_of(a, "uid") for a in found} - {""}
    snoozes: dict[str, list[Component]] = {}
    mains = []
    for alarm in found:
        named = set(related(alarm, "SNOOZE")) & own
        if named:
            snoozes.setdefault(sorted(named)[0], []).append(alarm)
        else:
            mains.append(alarm)
    return mains, snoozes


def _is(seen: Reminder, reminder: Reminder) -> bool:
    return bool(seen.uid) and seen.uid == reminder.uid or seen.fire_at == reminder.fire_at


def _answered(alarm: Component, reminder: Reminder) -> list[Component]:
    """Another device's alarm, dismissed or snoozed here (RFC 9074), its own lines kept."""
    uid = text_of(alarm, "uid")
    if reminder.snoozed_until is not None and not uid:
        return list[Component](reminder_alarms(reminder))
    main = Alarm.from_ical(alarm.to_ical())
    main.pop("acknowledged", None)
    if reminder.snoozed_until is not None:
        main.add("acknowledged", reminder.fire_at)
        return [main, reminder_alarms(replace(reminder, uid=uid))[1]]
    if reminder.acknowledged_at is not None:
        main.add("acknowledged", reminder.acknowledged_at)
    return [main]
