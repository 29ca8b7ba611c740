"""Taskwarrior tasks joined by ``depends``, as one Stepwise task with a plan.

In Stepwise a dependency links two steps of one plan, so each group of Taskwarrior
tasks that depend on one another (directly or through others) becomes one task: a
step per Taskwarrior task, the ``depends`` links as the steps' dependencies. The task
is named after the group's common project, else after the one task nothing depends on.
"""

from __future__ import annotations

import re
from typing import Any

from app.io.importers import taskwarrior_fields as tw
from app.io.importers.incoming import Batch, Incoming
from app.plan.spec import SCHEMA_VERSION
from app.tasks.store import NewTask

STEP_STATUS = {"completed": "completed", "deleted": "skipped"}


def components(entries: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The entries in groups joined by ``depends`` (file order kept inside each)."""
    index = {str(e.get("uuid")): i for i, e in enumerate(entries) if e.get("uuid")}
    root = list(range(len(entries)))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for i, entry in enumerate(entries):
        for dep in tw.depends_of(entry):
            if dep in index:
                root[find(i)] = find(index[dep])
    groups: dict[int, list[dict[str, Any]]] = {}
    for i, entry in enumerate(entries):
        groups.setdefault(find(i), []).append(entry)
    return list(groups.values())


def group_task(members: list[dict[str, Any]], batch: Batch) -> Incoming:
    """One task whose plan has a step for each member."""
    ids = _step_ids(members)
    uuids = {str(m.get("uuid")): ids[n] for n, m in enumerate(members)}
    steps = []
    for n, member in enumerate(members):
        depends = []
        for dep in tw.depends_of(member):
            if dep in uuids:
                depends.append(uuids[dep])
            else:
                batch.skipped.append(f"{member['description']!r}: its dependency on {dep}, "
                                     "which is not in the file")
        steps.append({"id": ids[n], "title": member["description"].strip(),
                      "objective": tw.detail_of(member), "depends_on": depends,
                      "due": _iso(member.get("due")),
                      "status": STEP_STATUS.get(str(member.get("status")), "pending")})
    title = _title(members)
    plan = {"schema_version": SCHEMA_VERSION, "revision": 1, "origin": "user",
            "title": title, "objective": "", "steps": steps}
    return Incoming(new=_new_task(members, title), status=_status(members),
                    uid=str(members[0]["uuid"]) if members[0].get("uuid") else None,
                    plan=plan, step_uids={ids[n]: str(m["uuid"]) for n, m in
                                          enumerate(members) if m.get("uuid")})


def _new_task(members: list[dict[str, Any]], title: str) -> NewTask:
    dues = [d for d in (tw.when(m.get("due")) for m in members) if d is not None]
    starts = [s for s in (tw.start_of(m) for m in members) if s is not None]
    tags = [t for m in members for t in tw.tags_of(m)]
    priority = min(tw.PRIORITY.get(str(m.get("priority", "")).upper(), 3) for m in members)
    return NewTask(title=title, priority=priority, due_at=max(dues) if dues else None,
                   start_at=min(starts) if starts and (not dues or min(starts) <= max(dues))
                   else None, tags=tuple(dict.fromkeys(tags)), creator="import")


def _status(members: list[dict[str, Any]]) -> str:
    states = {tw.status_of(m) for m in members}
    if states <= {"done", "cancelled"}:
        return "cancelled" if states == {"cancelled"} else "done"
    return "new"


def _title(members: list[dict[str, Any]]) -> str:
    projects = {str(m.get("project") or "") for m in members}
    if len(projects) == 1 and "" not in projects:
        return projects.pop()
    needed = {dep for m in members for dep in tw.depends_of(m)}
    finals = [m for m in members if str(m.get("uuid")) not in needed]
    first = (finals or members)[0]["description"].strip()
    return first if len(finals) <= 1 else f"{first} (and {len(finals) - 1} more)"


def _step_ids(members: list[dict[str, Any]]) -> list[str]:
    ids: list[str] = []
    for n, member in enumerate(members, start=1):
        words = re.findall(r"[a-z0-9]+", member["description"].lower())
        wanted = "-".join(words)[:40].strip("-") or f"step-{n}"
        candidate, k = wanted, 2
        while candidate in ids:
            candidate, k = f"{wanted}-{k}", k + 1
        ids.append(candidate)
    return ids


def _iso(value: object) -> str | None:
    when = tw.when(value)
    return None if when is None else when.strftime("%Y-%m-%dT%H:%M:%SZ")
