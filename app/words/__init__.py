"""Words for people: problems retold in plain English or Chinese (``plain``, ``plain_zh``
and its tables), one text in both languages (``both``), and how typed text is cut into
parts (``text_parts``)."""
