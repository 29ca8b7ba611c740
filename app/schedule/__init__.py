"""Scheduling: a step's estimated work placed into free working time, with its reasons.

Qt-free. ``estimates`` reads and stores how long a step takes; ``placer`` places the
steps (pure, deterministic); ``store`` reads the inputs from and writes the blocks to
the database; ``cli`` is ``stepwise schedule``.
"""
