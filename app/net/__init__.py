"""The network underneath the calendar and sync packages: HTTP whose every read is
bounded in time and size (``bounded``), and XML parsed without entities (``safexml``)."""
