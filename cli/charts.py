"""PNG copies of a report's SVG charts, for viewers and pages that show no SVG. Drawn with
Qt's SVG renderer on the offscreen platform: no window, no display, and no Qt in the kernel
(`framework/report.py` writes the SVG)."""

from __future__ import annotations

from pathlib import Path

SCALE = 2  # pixels per SVG unit: sharp on a high-density screen


def write_png(svg: Path) -> Path:
    """`svg` drawn into a PNG beside it (`chart.svg` -> `chart.png`); returns its path."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    if QGuiApplication.instance() is None:
        _APPS.append(QGuiApplication(["boardwright", "-platform", "offscreen"]))
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise OSError(f"{svg}: not an SVG Qt can draw")
    size = renderer.defaultSize()
    image = QImage(size.width() * SCALE, size.height() * SCALE, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    png = svg.with_suffix(".png")
    if not image.save(str(png)):  # the format from the suffix
        raise OSError(f"{png}: could not be written")
    return png


_APPS: list[object] = []  # the application the charts are drawn in lives as long as the process
