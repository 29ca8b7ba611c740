"""What typed text in a task list cell means (ui.tasks.edits): #tags split off the title,
and the field changes a typed value makes."""

from __future__ import annotations

import pytest

from ui.tasks.edits import changes_for, split_tags


def test_tags_and_fields_are_read_from_typed_text() -> None:
    assert split_tags("Buy milk #shop #shop #home") == ("Buy milk", ["shop", "home"])
    assert changes_for(2, "!2") == {"priority": 2}
    assert changes_for(1, "") == {"due_at": None, "named": ()}
    assert changes_for(1, "tomorrow 3pm")["named"] == ("due",)  # a time the person named
    assert changes_for(1, "tomorrow")["named"] == ()
    with pytest.raises(ValueError):
        changes_for(2, "high")
