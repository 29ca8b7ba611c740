"""Steps on the server that Stepwise wrote but never heard back about.

A PUT whose answer was lost, or a sync killed after the whole-list write
(``app.sync.whole``) and before its records committed, leaves items on the server with
Stepwise's own UIDs and no ``SyncItem``. A task item is recognised by ``pull.pull``
itself; this finds the steps (their UID is one a local task's plan gives one of its
steps, through RELATED-TO parents up to that task) and records them with no etag and
no merge base, so the pull merges them into their step instead of adding them again.
"""

from __future__ import annotations

from app.ical.values import related
from app.sync import accounts, records
from app.sync.items import Fetched
from models import Task, atomic
from models.tables import SyncAccount


def own_steps(account: SyncAccount, fetched: list[Fetched]) -> int:
    """Record the unrecorded items of ``fetched`` that are local steps; how many."""
    recorded = accounts.known_uids(account, [item.uid for item in fetched])
    unknown = {item.uid: item for item in fetched if item.uid not in recorded}
    roots = {uid: _root(uid, unknown) for uid in unknown}
    wanted = set(roots.values())
    tasks = {t.uid: t for t in Task.select().iterator() if t.uid in wanted} if roots else {}
    steps: dict[str, dict[str, str]] = {}
    adopted = 0
    with atomic():
        for uid, root in roots.items():
            if root not in tasks or root == uid:
                continue
            if root not in steps:
                steps[root] = {s.uid: s.step.id for s in records.items_of(tasks[root])[1]}
            if uid in steps[root]:
                accounts.record(account, uid, root, steps[root][uid], unknown[uid].href,
                                None, "")
                adopted += 1
    return adopted


def _root(uid: str, unknown: dict[str, Fetched]) -> str:
    """The first UID up the PARENT chain that is not among ``unknown`` (itself when it
    has no parent)."""
    seen: set[str] = set()
    while uid in unknown and uid not in seen:
        seen.add(uid)
        parents = related(unknown[uid].todo, "PARENT")
        if not parents:
            return uid
        uid = parents[0]
    return uid
