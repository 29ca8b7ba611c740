"""Render Stepwise's icon set from ``resources/icons/stepwise.svg`` with Qt (offscreen).

    python packaging/render_icons.py OUT_DIR

writes the freedesktop layout the tarball installs

    OUT_DIR/hicolor/scalable/apps/stepwise.svg
    OUT_DIR/hicolor/{16,22,24,32,48,64,128,256,512}x…/apps/stepwise.png

and, for the Windows and macOS specs, ``OUT_DIR/stepwise.ico`` (256 px) and
``OUT_DIR/stepwise.icns`` (512 px). Each PNG is drawn by QSvgRenderer at its own size,
not scaled from another bitmap, so the small sizes stay sharp.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
NAME = "stepwise"
SVG = Path(__file__).resolve().parents[1] / "resources" / "icons" / f"{NAME}.svg"


def render(out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: cannot read {SVG}")

    def image(size: int) -> QImage:
        picture = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        return picture

    written: list[Path] = []
    scalable = out / "hicolor" / "scalable" / "apps" / f"{NAME}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    written.append(scalable)
    for size in SIZES:
        path = out / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not image(size).save(str(path), "PNG"):  # type: ignore[call-overload]
            raise SystemExit(f"render_icons: could not write {path}")
        written.append(path)
    for suffix, size in (("ico", 256), ("icns", 512)):  # Qt's ico / icns image format plugins
        path = out / f"{NAME}.{suffix}"
        if image(size).save(str(path), suffix.upper()):  # type: ignore[call-overload]
            written.append(path)
        else:
            print(f"render_icons: no {suffix} writer; {path.name} not written", file=sys.stderr)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: render_icons.py OUT_DIR")
    for written in render(Path(sys.argv[1])):
        print(written)
