"""Times in a model's reply keep to the range Stepwise keeps (issue 12, defect 13)."""

from __future__ import annotations

import json

import pytest

from app.agent.replies import ReplyError, parse_reply


def review(**confirm: str) -> str:
    return json.dumps({"think": "t", "tags": ["a"],
                       "actions": [{"name": "confirm", **confirm}]})


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-12:00",
                                  "0999-06-01T00:00:00Z"])
@pytest.mark.parametrize("key", ["start", "due", "expires"])
def test_reply_times_out_of_range_are_refused_not_stored(key: str, when: str) -> None:
    with pytest.raises(ReplyError, match="outside the times Stepwise keeps"):
        parse_reply("review", review(**{key: when}))


def test_reply_times_in_range_keep_their_offset() -> None:
    reply = parse_reply("review", review(due="2026-12-03T17:00:00+08:00"))
    assert reply.actions[0].due.isoformat() == "2026-12-03T17:00:00+08:00"
