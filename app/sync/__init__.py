"""Tasks and plans as iCalendar VTODOs: the mapping the CalDAV sync, the ICS export and
the ICS importer share (RFC 5545, with RFC 9253 RELATED-TO for hierarchy and dependencies).
"""
