"""Stepwise's core: the plan contract, states, tasks and plans, dates and the CLI. No Qt."""

__version__ = "0.1.0"
