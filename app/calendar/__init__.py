"""Read-only calendars: sources, their cached events, free and busy time (DESIGN.md §9).

The package is Qt-free and imports nothing heavy at load time, so ``stepwise`` starts
fast. Modules by concern:

- ``errors``: the known errors of a calendar source.
- ``zones``: time zone ids (IANA, Windows, VTIMEZONE) resolved with a warning fallback.
- ``scan``: splitting iCalendar text into blocks and reading content lines quickly.
- ``expand``: iCalendar text to plain event rows for a window; single events here,
  recurring series in ``series`` (icalendar, recurring-ical-events), rows in ``rows``.
- ``worker``: running the expansion in a separate, cancellable process.
- ``fetch`` / ``dav``: reading files and URLs (httpx2), and CalDAV collections.
- ``cache``: the sources and their cached events in the store.
- ``sync``: one source, all of them, or those due; async with blocking wrappers.
- ``sources``: adding sources (CalDAV discovery included).
- ``freebusy``: busy intervals, free slots and the assistant's calendar context.
"""
