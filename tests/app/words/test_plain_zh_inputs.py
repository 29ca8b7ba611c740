"""The input problems in Chinese (``app.words.plain_zh_inputs``): a time, a file, an import or
a server that is not as it should be, retold with the values it names kept.

``tests/app/plain_walk.py`` reads ``app/``: each input problem raised with a literal
message becomes a sample sentence that must come out of ``in_chinese`` with no English
left but the kept values, commands and names.
"""

from __future__ import annotations

import re

import pytest

from app.words import plain_zh_inputs
from app.words.plain_zh import in_chinese
from tests.app.plain_walk import CJK, INPUT_ERRORS, english_left, messages

INPUTS = list(messages(INPUT_ERRORS, skips=False))


def test_the_walk_finds_the_input_problems() -> None:
    wheres = {where.split(":")[0] for where, _text in INPUTS}
    assert {"app/dates/when.py", "app/files.py", "app/calendar/fetch.py"} <= wheres


@pytest.mark.parametrize(("where", "english"), INPUTS, ids=[w for w, _t in INPUTS])
def test_every_literal_input_problem_reads_in_chinese(where: str, english: str) -> None:
    chinese = in_chinese(english)
    assert english_left(chinese) == [], f"{where}: {english!r} → {chinese!r}"
    if english_left(english):
        assert CJK.search(chinese), f"{where}: {english!r} has no Chinese"


def test_every_rule_is_a_pattern_with_the_groups_its_replacement_names() -> None:
    for pattern, replacement in plain_zh_inputs.RULES:
        groups = re.compile(pattern).groups
        named = {int(n) for n in re.findall(r"\\(\d)", replacement)}
        assert named <= set(range(1, groups + 1)), (pattern, replacement)


def test_values_inside_an_input_problem_are_kept() -> None:
    assert in_chinese("/tmp/a b.json does not exist") == "/tmp/a b.json 不存在"
    assert in_chinese("could not connect to https://dav.example (refused); check the "
                      "address and your network") == \
        "无法连接 https://dav.example（refused）；请检查地址和网络"
    assert in_chinese("a time phrase of 300 characters is too long") == \
        "时间短语有 300 个字符，太长了"
