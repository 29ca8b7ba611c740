"""The VTODO format (RFC 5545, RELATED-TO of RFC 9253) that tasks and plans travel in.

Pure mapping, below both of its users: ``vtodo`` turns a task or step into a VTODO and
back, ``tree`` reads a list of VTODOs as tasks with their step trees, ``values`` reads
iCalendar property values, ``uids`` names tasks and steps for ever. ``app.sync`` (the
two-way CalDAV sync), ``app.io.ics_export`` and ``app.io.importers.ics`` use it.
"""
