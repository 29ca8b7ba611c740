"""The scheduler proper: place every schedulable step into free working time.

Pure and deterministic: the same ``Inputs`` give the same ``Schedule``. More urgent
tasks go first (ties: the lower task id); inside a task, steps go in dependency order
(ties: plan position). A step starts after every dependency's placement ends and after
its task's start, and ends by its due time (the step's, else the task's, else the end of
the range). It takes the first free slot that holds it whole; failing that it is split
into chunks of at least 30 minutes; failing that it is reported with the nearest fix.
Pinned and under-way blocks (``Inputs.fixed``) stay where they are.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import cast

from app.schedule import reasons
from app.schedule.free import FreeTime, Span, instant, seconds, step_seconds, working_free
from app.schedule.model import (
    MIN_CHUNK_MINUTES,
    Block,
    Inputs,
    Overload,
    Schedule,
    StepKey,
    Unplaced,
    Work,
)


def schedule(inputs: Inputs) -> Schedule:
    """Place ``inputs.work`` around the busy time and the fixed blocks."""
    fixed_busy = [reasons.as_interval(b, inputs.titles) for b in inputs.fixed]
    free = FreeTime(working_free(inputs.start, inputs.end, [*inputs.busy, *fixed_busy],
                                 inputs.hours, inputs.zone))
    context = reasons.Context(inputs, fixed_busy)
    placed_end: dict[StepKey, int] = {}
    for block in inputs.fixed:
        placed_end[block.key] = max(placed_end.get(block.key, 0), seconds(block.end))
    blocks: list[Block] = []
    unplaced: list[Unplaced] = []
    failed: dict[StepKey, str] = {}
    for work in ordered(w for w in inputs.work if w.key not in placed_end):
        result = _place(work, free, placed_end, failed, inputs, context)
        if isinstance(result, Unplaced):
            unplaced.append(result)
            failed[work.key] = work.title
        else:
            blocks += result
            placed_end[work.key] = seconds(result[-1].end)
            context.placed(result, work.title)
    blocks.sort(key=lambda b: (b.start, b.task_id, b.step_id, b.chunk))
    return Schedule(blocks, unplaced, _overloads(inputs, blocks, unplaced, free))


def _overloads(inputs: Inputs, blocks: Sequence[Block], unplaced: Sequence[Unplaced],
               free: FreeTime) -> list[Overload]:
    """For each task with a step short of time: its steps due at that time, all they need
    against what they took and the working time still free before it."""
    short = {u.key for u in unplaced if u.short_of_time}
    groups: dict[tuple[int, datetime], list[Work]] = {}
    for work in inputs.work:
        if work.due is not None:
            groups.setdefault((work.task_id, work.due), []).append(work)
    found = []
    for (task_id, due), works in sorted(groups.items(), key=lambda g: (g[0][1], g[0][0])):
        if not any(w.key in short for w in works):
            continue
        keys = {w.key for w in works}
        took = sum(int((min(b.end, due) - b.start).total_seconds()) // 60 for b in blocks
                   if b.key in keys and b.start < due)
        _, left = free.usable(seconds(inputs.start), seconds(due), step_seconds(MIN_CHUNK_MINUTES))
        found.append(Overload(task_id, due, sum(w.minutes for w in works), took + left // 60))
    return found


def ordered(work: Iterable[Work]) -> list[Work]:
    """Tasks by urgency (most urgent first, ties by task id), each in dependency order."""
    by_task: dict[int, list[Work]] = {}
    for item in work:
        by_task.setdefault(item.task_id, []).append(item)
    rank = sorted(by_task, key=lambda t: (-by_task[t][0].urgency, t))
    return [w for task_id in rank for w in _topological(by_task[task_id])]


def _topological(steps: Sequence[Work]) -> list[Work]:
    """Kahn's order by plan position; steps caught in a cycle come last, as they are."""
    keys = {w.key: w for w in steps}
    waiting = {w.key: sum(1 for d in set(w.depends_on) if d in keys) for w in steps}
    after: dict[StepKey, list[StepKey]] = {}
    for w in steps:
        for dep in set(w.depends_on):
            if dep in keys:
                after.setdefault(dep, []).append(w.key)
    ready = [(w.position, w.step_id, w.key) for w in steps if not waiting[w.key]]
    heapq.heapify(ready)
    out: list[Work] = []
    while ready:
        key = heapq.heappop(ready)[2]
        out.append(keys[key])
        for nxt in after.get(key, ()):
            waiting[nxt] -= 1
            if not waiting[nxt]:
                heapq.heappush(ready, (keys[nxt].position, nxt[1], nxt))
    done = {w.key for w in out}
    return out + sorted((w for w in steps if w.key not in done), key=lambda w: w.position)


def _place(work: Work, free: FreeTime, placed_end: dict[StepKey, int],
           failed: dict[StepKey, str], inputs: Inputs, context: reasons.Context
           ) -> list[Block] | Unplaced:
    blocked = [failed[d] for d in work.depends_on if d in failed]
    if blocked:
        return reasons.waits_for(work, blocked)
    earliest, because = _earliest(work, placed_end, inputs)
    deadline = seconds(work.due) if work.due is not None else seconds(inputs.end)
    deadline = min(deadline, seconds(inputs.end))
    need = step_seconds(work.minutes)
    whole = free.first_fit(earliest, need, deadline)
    pieces: list[Span] = [whole] if whole else free.chunks(
        earliest, need, deadline, step_seconds(MIN_CHUNK_MINUTES))
    if not pieces:
        return reasons.not_fitting(work, free, earliest, because, deadline, inputs)
    for piece in pieces:
        free.take(piece)
    why = context.why(work, pieces, earliest, because)
    return [Block(work.task_id, work.step_id, instant(a), instant(b), why, False, i)
            for i, (a, b) in enumerate(pieces, start=1)]


def _earliest(work: Work, placed_end: dict[StepKey, int], inputs: Inputs
              ) -> tuple[int, reasons.Because]:
    """When the step may start, and what decides it: a dependency, ``start`` or None."""
    earliest, because = seconds(inputs.start), cast(reasons.Because, None)
    if work.not_before is not None and seconds(work.not_before) > earliest:
        earliest, because = seconds(work.not_before), "start"
    for dep in sorted(work.depends_on):
        end = placed_end.get(dep)
        if end is not None and end > earliest:
            earliest, because = end, dep
    return earliest, because
