"""This checkout as a user installs it: a wheel in a virtual environment of its own.

The process benchmarks measure the editable development install (``.venv``), which
loads setuptools' editable finder at every start. To report the figure a user sees too,
``installed_stepwise`` builds a wheel of the working tree (from a clean copy of its
packages, so a stale ``build/`` cannot leak into it), and installs it into a venv kept
under ``bench/results/wheel-venv`` (git-ignored). The venv is made once, its
dependencies installed by pip from the package index; every run then reinstalls the
fresh wheel into it (``--no-deps --force-reinstall``). ``installed_python`` gives its
interpreter, for the window probes (``bench_window``: cold start and memory).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / "bench" / "results" / "wheel-venv"
PACKAGES = ("app", "ui", "models", "resources")
FILES = ("pyproject.toml", "README.md")


class WheelUnavailable(RuntimeError):
    """The wheel could not be built or installed (no network for its dependencies …)."""


def installed_stepwise(work: Path) -> Path:
    """The ``stepwise`` console script of a fresh wheel of this checkout, installed.

    Raises:
        WheelUnavailable: building or installing failed; the message says which step.
    """
    installed_python(work)
    script = VENV / "bin" / "stepwise"
    if not script.exists():
        raise WheelUnavailable(f"pip installed no console script at {script}")
    return script


def installed_python(work: Path) -> Path:
    """The interpreter of the venv with a fresh wheel of this checkout installed (for the
    window probes, run as scripts from outside the checkout; built once a ``work``).

    Raises:
        WheelUnavailable: building or installing failed; the message says which step.
    """
    python = VENV / "bin" / "python"
    marker = work / "wheel-installed"
    if marker.exists():
        return python
    wheel = build_wheel(work)
    if not python.exists():
        shutil.rmtree(VENV, ignore_errors=True)
        _run([sys.executable, "-m", "venv", str(VENV)], "making the venv")
        _run([str(python), "-m", "pip", "install", "-q", str(wheel)],
             "installing the wheel with its dependencies")
    _run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall",
          str(wheel)], "reinstalling the wheel")
    marker.touch()
    return python


def build_wheel(work: Path) -> Path:
    """A wheel of the working tree's packages, built in ``work`` from a clean copy."""
    source = work / "wheel-source"
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, source / name, ignore=ignored)
    for name in FILES:
        shutil.copy2(ROOT / name, source / name)
    out = work / "wheel"
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out),
          str(source)], "building the wheel")
    wheels = sorted(out.glob("stepwise-*.whl"))
    if not wheels:
        raise WheelUnavailable("pip wheel made no stepwise wheel")
    return wheels[-1]


def _run(argv: list[str], doing: str) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = " / ".join(done.stderr.strip().splitlines()[-3:])
        raise WheelUnavailable(f"{doing} failed (exit {done.returncode}): {tail}")
