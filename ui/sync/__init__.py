"""CalDAV sync in the window: the worker thread (``worker``), the status line and its menu
(``status``) and the conflicts dialog (``conflicts``)."""
