"""Reminders: rows with a UTC fire time, scheduled by each use case that moves a time and
fired exactly once by a wall-clock tick (``store``); what a snooze choice means (``snooze``)."""
