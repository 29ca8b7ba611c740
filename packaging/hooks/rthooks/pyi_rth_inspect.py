"""PyInstaller's run-time hook for ``inspect``, applied when ``inspect`` is first imported.

Same patch as PyInstaller's stock ``pyi_rth_inspect`` (``inspect.getsourcefile`` resolves
the relative file names of frozen code objects), but neither ``inspect`` nor ``zipfile``
is imported at start-up, and the names in base_library.zip are read on first use.
"""


def _pyi_rthook() -> None:
    import sys

    def patch(inspect):  # type: ignore[no-untyped-def]
        import os

        prefix = os.path.normpath(sys._MEIPASS)  # type: ignore[attr-defined]
        base_library = os.path.join(prefix, "base_library.zip")
        names: list[set[str]] = []

        def base_library_files() -> set[str]:
            if not names:
                found: set[str] = set()
                if os.path.isfile(base_library):
                    import zipfile

                    with zipfile.ZipFile(base_library, "r") as archive:
                        found = {os.path.normpath(entry) for entry in archive.namelist()}
                names.append(found)
            return names[0]

        original = inspect.getsourcefile

        def getsourcefile(object):  # type: ignore[no-untyped-def]  # noqa: A002
            filename = os.path.normpath(inspect.getfile(object))
            if not os.path.isabs(filename):
                main_file = getattr(sys.modules["__main__"], "__file__", None)
                if main_file and filename == os.path.basename(main_file):
                    return main_file
                pyc_filename = filename + "c"
                if pyc_filename in base_library_files():
                    return os.path.normpath(os.path.join(base_library, pyc_filename))
                return os.path.normpath(os.path.join(prefix, filename))
            if filename.startswith(prefix):
                return filename
            return original(object)

        inspect.getsourcefile = getsourcefile

    _after_import("inspect", patch)


def _after_import(name, patch):  # type: ignore[no-untyped-def]
    """Call ``patch(module)`` right after ``name`` is first imported (or now, if it is)."""
    import sys

    if name in sys.modules:
        patch(sys.modules[name])
        return

    class Loader:
        def __init__(self, loader):  # type: ignore[no-untyped-def]
            self.loader = loader

        def __getattr__(self, attribute):  # type: ignore[no-untyped-def]
            return getattr(self.loader, attribute)

        def create_module(self, spec):  # type: ignore[no-untyped-def]
            return self.loader.create_module(spec)

        def exec_module(self, module):  # type: ignore[no-untyped-def]
            self.loader.exec_module(module)
            patch(module)

    class Finder:
        @staticmethod
        def find_spec(fullname, path=None, target=None):  # type: ignore[no-untyped-def]
            if fullname != name:
                return None
            sys.meta_path.remove(Finder)
            for finder in sys.meta_path:
                find = getattr(finder, "find_spec", None)
                spec = find(fullname, path, target) if find else None
                if spec is not None:
                    if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                        spec.loader = Loader(spec.loader)
                    return spec
            return None

    sys.meta_path.insert(0, Finder)  # type: ignore[arg-type]


_pyi_rthook()
del _pyi_rthook
