"""The window as a whole: start-up (``app``, ``first_frame``, ``syscheck``, ``selftest``),
the main window and its menus (``main``, ``menus``, ``undo_actions``), the first-run welcome,
the tray and reminders (``tray``, ``reminders``), File → Import (``import_dialog``) and the crash
dialog (``crash``)."""
