"""Functions the worker-process tests send to the worker (they must be importable there)."""

from __future__ import annotations

import os
import socket


def report_and_wait(port: int) -> None:
    """Tell the test this process's id over a loopback socket, then wait until it closes."""
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(f"{os.getpid()}\n".encode())
        conn.recv(1)


def crash() -> None:
    """A bug in the worker: the parent must report it with this traceback."""
    raise ZeroDivisionError("a bug in the worker")
