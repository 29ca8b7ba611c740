"""``stepwise export | import | backup | settings``: the database as a whole, and its settings."""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.args import open_store as _open


def cmd_export(args: argparse.Namespace) -> int:
    _open()
    if args.format == "ics":
        from app.files import write_atomic
        from app.io.ics_export import export_ics

        write_atomic(args.file, export_ics().decode("utf-8"))
        print(f"wrote {args.file}")
        return 0
    from app.io.transfer import export_file

    count = export_file(args.file)
    print(f"wrote {args.file} ({count} tasks)")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from app.io.transfer import import_file

    _open()
    if args.source is not None:
        import sys

        from app.io.importers.command import import_path, progress_to

        summary = import_path(args.source, args.file, progress_to(sys.stderr))
        print("\n".join(summary.lines(str(args.file))))
        return 130 if summary.cancelled else 0  # 130: stopped by Ctrl+C, as shells say
    count = import_file(args.file, replace=args.replace)
    print(f"imported {count} tasks from {args.file}")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from app.errors import KnownError
    from app.io import backups

    if args.action == "list":  # without the database: it may be one SQLite cannot open
        for path in backups.listing():
            print(path.name)
        if not backups.listing():
            print(f"no backups yet in {backups.folder()}")
        return 0
    if args.action == "restore":
        if not args.name:
            raise KnownError("say which backup: stepwise backup restore NAME (see backup list)")
        safety = backups.restore(args.name)  # opens the database itself, even a damaged one
        print(f"restored {args.name}; the database as it was is kept as {safety.name}")
        return 0
    _open()
    print(f"backed up to {backups.backup_now()}")
    return 0


def cmd_settings(args: argparse.Namespace) -> int:
    import json

    from app.config import settings

    _open()
    if args.key is None:
        for key, decl in settings.SETTINGS.items():
            print(f"{key} = {json.dumps(settings.get(key))}    # {decl.description}")
        return 0
    if args.value is not None:
        settings.put(args.key, _setting_value(args.value))
    print(f"{args.key} = {json.dumps(settings.get(args.key))}")
    return 0


def _setting_value(text: str) -> Any:
    """A setting's value from the command line: JSON, or else the text itself."""
    import json

    from app.config.settings import SettingError

    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
    except RecursionError:
        raise SettingError("that value nests too deeply; give a number, true/false or "
                           "\"text\"") from None
