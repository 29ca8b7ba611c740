"""Files in and out: the whole database as JSON (``transfer``, checked by
``transfer_checks``), ICS export, daily backups, and the importers of the planners people
leave (``importers``: Taskwarrior, todo.txt, Todoist, iCalendar)."""
