"""The store's memory of what each model server takes (the ``model_server`` table).

A provider made from the settings gets a :class:`StoreForms`, so a structured-output
form a server refused once is never sent to it again, in this run or a later one.
"""

from __future__ import annotations

from models import ModelServer, atomic
from models.tables import utc_now


class StoreForms:
    """A :class:`app.llm.structured.FormMemory` kept in the store."""

    def recall(self, server: str, model: str) -> str | None:
        row = ModelServer.get_or_none((ModelServer.server == server)
                                      & (ModelServer.model == model))
        return None if row is None else str(row.structured)

    def remember(self, server: str, model: str, form: str) -> None:
        with atomic():
            (ModelServer.insert(server=server, model=model, structured=form,
                                updated_at=utc_now())
             .on_conflict(conflict_target=[ModelServer.server, ModelServer.model],
                          update={ModelServer.structured: form,
                                  ModelServer.updated_at: utc_now()})
             .execute())


def forget(server: str | None = None) -> int:
    """Forget what is known of ``server`` (every server when None), e.g. after an upgrade
    of the server; returns how many entries went."""
    with atomic():
        query = ModelServer.delete()
        if server is not None:
            query = query.where(ModelServer.server == server)
        return int(query.execute())
