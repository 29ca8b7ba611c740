"""Stepwise's PyInstaller run-time hook: runs in the bundle before the entry script.

pytz and tzdata each carry a copy of the IANA zone files; the bundle keeps only tzdata's
(``spec_common.slim`` checks that it has every zone pytz has) and points pytz at it
with PYTZ_TZDATADIR.

(LD_LIBRARY_PATH, which the Linux bootloader sets to the bundle's library folder, is
left alone here: the calendar worker is this executable started again and relies on
inheriting it. Programs Stepwise starts itself should get the original value back, see
packaging/README.md.)
"""


def _pyi_rthook() -> None:
    import os
    import sys

    base = getattr(sys, "_MEIPASS", None)
    if base is None or "PYTZ_TZDATADIR" in os.environ:
        return
    own = os.path.join(base, "pytz", "zoneinfo")
    shared = os.path.join(base, "tzdata", "zoneinfo")
    if not os.path.isdir(own) and os.path.isdir(shared):
        os.environ["PYTZ_TZDATADIR"] = shared


_pyi_rthook()
del _pyi_rthook
