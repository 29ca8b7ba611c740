"""The scheduler's tests decide themselves when the keeper listens (the ``listening``
fixture): a keeper left subscribed by an earlier command-line test must not re-schedule
from the real clock in the middle of one of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _keeper_off() -> Iterator[None]:
    from app.schedule import keeper

    keeper.stop()
    yield
    keeper.stop()
