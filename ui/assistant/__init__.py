"""The assistant dock: the run's streamed text and sentences (``dock``, ``sentences``), the
work log (``log``), the outbox of messages awaiting approval (``outbox``) and their shared
boxes (``boxes``)."""
