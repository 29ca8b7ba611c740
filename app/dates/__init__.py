"""Dates and repeats as people type them, in English and Chinese: ``when`` turns a
phrase into an aware instant, ``in_text`` finds one inside typed text, ``checks`` names what
is refused rather than guessed at, ``recurrence_words`` reads repeats as RRULEs and ``rrules``
validates a rule and finds its next occurrence."""
