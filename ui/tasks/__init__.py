"""The task list: the view (``list_view``), its model read a page at a time
(``model``, ``page_reader``), quick add (``quick_add``), the new-task dialog (``dialog``) and
edits from the list (``edits``)."""
