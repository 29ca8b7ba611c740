"""Against a real llama.cpp server (llama-cpp-python 0.3, SmolLM2-135M), issue 16.

Skipped, saying how to build it, where ``scripts/llama-server --build`` has not run.
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import jsonschema
import pytest

from app.agent.replies import REPLIES, schema_for
from app.llm import Message, ProviderConfig, make_provider
from app.llm.structured import InProcessMemory
from tests.app.llm import llama_server
from tests.app.llm.llama_server import LlamaServer
from tests.app.llm.test_providers import run

pytestmark = pytest.mark.slow
STAGES = (*REPLIES, "plan")

_CONVERT = """
import json, sys
from llama_cpp.llama_grammar import LlamaGrammar, json_schema_to_gbnf
for name, schema in json.load(sys.stdin).items():
    try:
        LlamaGrammar.from_string(json_schema_to_gbnf(json.dumps(schema)), verbose=False)
        print(name, "ok")
    except Exception as exc:
        print(name, "FAIL", type(exc).__name__, exc)
"""


@pytest.mark.timeout(120)
def test_each_reply_schema_converts_with_llama_cpps_own_converter() -> None:
    reason = llama_server.missing()
    if reason is not None:
        pytest.skip(reason)
    schemas = {stage: schema_for(stage) for stage in STAGES}
    done = subprocess.run([str(llama_server.python()), "-c", _CONVERT], input=json.dumps(schemas),
                          capture_output=True, text=True, timeout=100, check=True)
    assert done.stdout.split("\n")[:-1] == [f"{stage} ok" for stage in STAGES], done.stdout


def _provider(server: LlamaServer, memory: InProcessMemory) -> Any:
    return make_provider(ProviderConfig(kind="openai", base_url=server.url, model=server.model,
                                        deadline_s=120.0, temperature=0.1, forms=memory))


@pytest.mark.timeout(300)
def test_the_real_server_refuses_json_schema_and_the_grammar_form_holds(
        llama_server: LlamaServer) -> None:
    memory = InProcessMemory()
    provider = _provider(llama_server, memory)
    schema = schema_for("check")
    messages = [Message("system", "Answer in JSON: did the step pass?"),
                Message("user", "Step: buy milk. Result: bought 1 litre of milk.")]
    reply = run(provider.complete(messages, schema=schema, context={"purpose": "check"}))
    jsonschema.validate(json.loads(reply.text), schema)
    assert memory.recall(provider.base, provider.model) == "json_object_schema"
