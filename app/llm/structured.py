"""Structured output: the forms a server may take a reply schema in, and which one it takes.

Each provider kind declares its forms, best first (:data:`FORMS`). A request sends the
best form not yet refused by that server and model; an error answer (any status, 500
included) whose text names the feature is a refusal: the next form is tried at once, and
the refusal is remembered (:class:`FormMemory`, the store's in the app) so the refused
form is never sent again, in this run or a later one.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from app.config.provider_kinds import ProviderKind

log = logging.getLogger(__name__)

# Per provider kind, best first; "none" (no schema sent, the prompt alone) is always last.
FORMS: dict[str, tuple[str, ...]] = {
    ProviderKind.OPENAI: ("json_schema", "json_object_schema", "json_object", "none"),
    ProviderKind.OLLAMA: ("schema", "json", "none"),
}
FORM_MEANINGS: dict[str, str] = {
    "json_schema": "response_format json_schema (the schema is enforced)",
    "json_object_schema": "response_format json_object with a schema (enforced as a grammar)",
    "json_object": "response_format json_object (any JSON object, schema not enforced)",
    "schema": "format with the schema (enforced)",
    "json": "format json (any JSON, schema not enforced)",
    "none": "no structured output (the prompt alone asks for JSON)",
}
# The forms whose server compiles tuples (prefixItems), const and enum into its grammar:
# llama-cpp-python's converter (checked against its server, tests/app/llm/test_llama_real).
# Ollama's format and OpenAI's json_schema get a schema node's PLAIN stand-in instead.
TUPLE_FORMS = frozenset({"json_object_schema"})
PLAIN = "x-plain"  # a schema node's stand-in for a form not in TUPLE_FORMS
_REFUSAL = re.compile(r"response_format|json_schema|json_object|grammar|\bformat\b", re.I)


def names_feature(body: str) -> bool:
    """Whether an error body is about structured output (so a simpler form may work)."""
    return bool(_REFUSAL.search(body))


def schema_in_form(form: str, schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` as sent in ``form``: each node with a ``PLAIN`` stand-in is that stand-in
    where the form takes no tuples, and without the key where it does."""
    def fitted(node: Any) -> Any:
        if isinstance(node, list):
            return [fitted(item) for item in node]
        if not isinstance(node, dict):
            return node
        if PLAIN in node and form not in TUPLE_FORMS:
            return fitted(node[PLAIN])
        return {key: fitted(value) for key, value in node.items() if key != PLAIN}

    result: dict[str, Any] = fitted(schema)
    return result


class FormMemory(Protocol):
    """Where a server's refusals are kept: the best form that server and model take."""

    def recall(self, server: str, model: str) -> str | None:
        """The form last found to work (None: nothing known yet)."""
        ...

    def remember(self, server: str, model: str, form: str) -> None:
        """Keep ``form`` as the one to send from now on."""
        ...


class InProcessMemory:
    """A FormMemory for this process only (tests, and a provider made without a store)."""

    def __init__(self) -> None:
        self._forms: dict[tuple[str, str], str] = {}

    def recall(self, server: str, model: str) -> str | None:
        return self._forms.get((server, model))

    def remember(self, server: str, model: str, form: str) -> None:
        self._forms[(server, model)] = form


class FormLadder:
    """The form one provider sends, moving down its kind's forms on each refusal.

    Args:
        kind: the provider kind (a key of :data:`FORMS`).
        server: the server's base URL; with ``model`` it keys the memory.
        memory: where refusals are kept; an in-process one when None.
    """

    def __init__(self, kind: str, server: str, model: str,
                 memory: FormMemory | None = None) -> None:
        self.forms = FORMS[kind]
        self.server, self.model = server, model
        self.memory: FormMemory = memory if memory is not None else InProcessMemory()
        known = self.memory.recall(server, model)
        self.form = known if known in self.forms else self.forms[0]

    def refused(self, form: str, why: str) -> str:
        """``form`` was refused: the next one, remembered; returns it.

        Raises:
            ValueError: ``form`` is "none", which no server can refuse (a bug in the caller).
        """
        if form == "none":
            raise ValueError("a request without structured output cannot be refused as one")
        index = self.forms.index(form) + 1
        if self.forms.index(self.form) < index:
            self.form = self.forms[index]
            self.memory.remember(self.server, self.model, self.form)
            log.warning("%s (%s) refused %s (%s); sending %s from now on", self.server,
                        self.model, form, why[:200], self.form)
        return self.form


class FormRefused(Exception):
    """The server refused the structured-output form sent: try the next one."""


async def send_in_best_form(ladder: FormLadder, schema: dict[str, Any] | None,
                            send: Callable[[str], Awaitable[None]]) -> None:
    """``send(form)`` with the best form the server has not refused, moving down the
    ladder on each :class:`FormRefused` ("none" when there is no schema)."""
    while True:
        form = ladder.form if schema is not None else "none"
        try:
            await send(form)
            return
        except FormRefused as refusal:
            ladder.refused(form, str(refusal))
