"""Display names for the words the core stores: statuses, capability targets, stages.

The store keeps short codes (``in_progress``, ``message.post``); the window shows these
translated names instead. Every name is a ``translate`` (``QCoreApplication.translate``) call
with a literal, so ``pyside6-lupdate`` can extract it. Unknown codes are shown as they are.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate  # the name lupdate looks for


def task_status(status: str) -> str:
    """The name of a task status (``app.states.TASK``)."""
    names = {
        "new": translate("labels", "new"),
        "reviewed": translate("labels", "reviewed"),
        "waiting": translate("labels", "waiting"),
        "planned": translate("labels", "planned"),
        "in_progress": translate("labels", "in progress"),
        "paused": translate("labels", "paused"),
        "done": translate("labels", "done"),
        "failed": translate("labels", "failed"),
        "cancelled": translate("labels", "cancelled"),
        "expired": translate("labels", "expired"),
    }
    return names.get(status, status)


def plan_status(status: str) -> str:
    """The name of a plan status (``app.states.PLAN``)."""
    names = {
        "pending": translate("labels", "awaiting approval"),
        "in_progress": translate("labels", "running"),
        "completed": translate("labels", "completed"),
        "paused": translate("labels", "paused"),
        "aborted": translate("labels", "aborted"),
        "superseded": translate("labels", "superseded"),
    }
    return names.get(status, status)


def step_status(status: str) -> str:
    """The name of a step status (``app.states.STEP``)."""
    names = {
        "pending": translate("labels", "pending"),
        "in_progress": translate("labels", "in progress"),
        "completed": translate("labels", "completed"),
        "failed": translate("labels", "failed"),
        "skipped": translate("labels", "skipped"),
    }
    return names.get(status, status)


def target_name(target: str | None) -> str:
    """What a step's capability target means (``app.plan.capabilities``); None is a group."""
    if target is None:
        return translate("labels", "group of steps")
    names = {
        "user": translate("labels", "you"),
        "assistant.write": translate("labels", "assistant writes a draft"),
        "file.write": translate("labels", "assistant writes a file"),
        "message.post": translate("labels", "message (after your approval)"),
        "reminder.set": translate("labels", "reminder"),
        "calendar.read": translate("labels", "calendar look-up"),
    }
    return names.get(target, target)


def worker_name(worker: str) -> str:
    """``me`` and ``assistant`` translated; a contact's name stays as it is."""
    names = {"me": translate("labels", "me"), "assistant": translate("labels", "assistant")}
    return names.get(worker, worker)


def stage_name(stage: str) -> str:
    """A stage of the assistant loop (``app.agent.loop``)."""
    names = {
        "expire": translate("labels", "expiring"),
        "review": translate("labels", "reviewing"),
        "plan": translate("labels", "planning"),
        "approve": translate("labels", "approving"),
        "do": translate("labels", "doing a step"),
        "quick_check": translate("labels", "checking again"),
        "failure_review": translate("labels", "reviewing a failure"),
    }
    return names.get(stage, stage)


def outbox_status(status: str) -> str:
    """The state of an outbox message (``app.agent.outbox``)."""
    names = {
        "pending": translate("labels", "awaiting approval"),
        "approved": translate("labels", "approved, not sent"),
        "sent": translate("labels", "sent"),
        "rejected": translate("labels", "rejected"),
    }
    return names.get(status, status)


# Chip colours (background) for every status word; text is always white on these.
STATUS_COLOURS = {
    "pending": "#7f8c8d", "in_progress": "#2e86c1", "completed": "#27ae60",
    "paused": "#b9770e", "aborted": "#8e44ad", "superseded": "#95a5a6",
    "failed": "#c0392b", "skipped": "#95a5a6", "done": "#27ae60", "new": "#7f8c8d",
}


def chip_style(status: str) -> str:
    """A style sheet that draws a status as a small rounded chip."""
    colour = STATUS_COLOURS.get(status, "#7f8c8d")
    return (f"QLabel {{ background: {colour}; color: white; border-radius: 8px; "
            f"padding: 1px 8px; font-weight: 600; }}")



def fill(template: str, *values: object) -> str:
    """Qt's ``%1``, ``%2`` … placeholders of a translated text, filled in one pass."""

    def value(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return str(values[number - 1]) if 0 < number <= len(values) else match.group(0)

    return re.sub(r"%(\d+)", value, template)


def counted(text: str, count: int) -> str:
    """A counted text of ``tr(…, "", n)`` in plain English: English is built in, with no
    translator to pick a plural form, so "%n task(s)" would read "1 task(s)"; here it is
    "1 task" or "3 tasks". A translation has no "(s)" and stays as it is."""
    return text.replace("(s)", "" if count == 1 else "s")


def field_name(field: str) -> str:
    """A PlanSpec field (``app.plan.spec.STEP_KEYS`` and the plan's own) for people."""
    names = {
        "title": translate("labels", "Title"),
        "objective": translate("labels", "Objective"),
        "origin": translate("labels", "Written by"),
        "depends_on": translate("labels", "Depends on"),
        "parent": translate("labels", "Group"),
        "target": translate("labels", "Done by"),
        "inputs": translate("labels", "Inputs"),
        "output_schema": translate("labels", "Output schema"),
        "done_when": translate("labels", "Done when"),
        "worker": translate("labels", "Worker"),
        "due": translate("labels", "Due"),
        "status": translate("labels", "Status"),
        "result": translate("labels", "Result"),
        "error": translate("labels", "Error"),
    }
    return names.get(field, field)


def change_kind(kind: str) -> str:
    """How a step changed between two revisions (``app.plan.diff``)."""
    names = {"added": translate("labels", "added"), "removed": translate("labels", "removed"),
             "changed": translate("labels", "changed")}
    return names.get(kind, kind)
