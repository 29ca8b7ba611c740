"""app.agent.replies: parsing and strict validation of replies, their schemas, and times
kept to the range Stepwise keeps (issue 12, defect 13)."""

from __future__ import annotations

import json

import pytest

from app.agent.plan_schema import PLAN_SCHEMA
from app.agent.replies import ReplyError, parse_object, parse_reply, schema_for, valid_unicode


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


@pytest.mark.parametrize("text, said", [("  ", "empty"), ("[1, 2]", "no JSON object"),
                                        ('{"a": [1, 2}', "cut off")])
def test_parse_object_says_why_a_reply_is_not_one_object(text: str, said: str) -> None:
    with pytest.raises(ReplyError, match=said):
        parse_object(text)


def test_lone_surrogates_become_replacement_characters() -> None:
    assert parse_object('{"a": "x\\ud800y"}') == {"a": "x\ufffdy"}
    assert valid_unicode("ok\udfff") == "ok\ufffd"


def test_strict_validation_names_the_field_and_quotes_the_fragment() -> None:
    with pytest.raises(ReplyError, match="passed") as caught:
        parse_reply("check", json.dumps({"passed": "yes", "reason": "r"}))
    assert caught.value.fragment == '"yes"'


def test_two_decisive_actions_are_refused() -> None:
    actions = [{"name": "cancel", "reason": "a"}, {"name": "fail", "reason": "b"}]
    with pytest.raises(ReplyError):
        parse_reply("review", json.dumps({"tags": ["a"], "actions": actions}))


def test_schema_for_the_review_holds_one_outcome_and_the_plan_is_the_planspec() -> None:
    actions = schema_for("review")["properties"]["actions"]
    assert [len(shape["prefixItems"]) for shape in actions["anyOf"]] == [1, 2, 1]
    assert schema_for("plan") is PLAN_SCHEMA
    assert set(schema_for("check")["required"]) == {"passed"}
