"""PyInstaller's run-time hook for ``pkgutil``, applied when ``pkgutil`` is first imported.

Same patch as PyInstaller's stock ``pyi_rth_pkgutil`` (``pkgutil.iter_modules`` lists the
modules inside the bundle's archive), without importing ``pkgutil`` at start-up.
"""


def _pyi_rthook() -> None:
    def patch(pkgutil):  # type: ignore[no-untyped-def]
        import pyimod02_importers  # PyInstaller's bootstrap module

        def iter_frozen_finder_modules(finder, prefix=""):  # type: ignore[no-untyped-def]
            tree = pyimod02_importers.get_pyz_toc_tree()
            parts = finder._pyz_entry_prefix.split(".") if finder._pyz_entry_prefix else []
            for part in parts:
                tree = tree.get(part)
                if not isinstance(tree, dict):
                    tree = {}
                    break
            for entry_name, entry_data in tree.items():
                yield prefix + entry_name, isinstance(entry_data, dict)
            if finder.fallback_finder is not None:
                yield from pkgutil.iter_importer_modules(finder.fallback_finder, prefix)

        pkgutil.iter_importer_modules.register(pyimod02_importers.PyiFrozenFinder,
                                               iter_frozen_finder_modules)

    _after_import("pkgutil", patch)


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
