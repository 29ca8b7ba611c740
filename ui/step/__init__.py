"""The selected step's details: the panel (``panel``), its editable form (``form``) and
its place in the calendar (``schedule``)."""
