"""The window's light and dark themes: Qt's Fusion style with one palette each, so every
widget (lists, panels, dialogs) follows; the board keeps its own colours.

Text meets WCAG's 4.5:1 against what it stands on in both themes, and a control's outline
(a checkbox, a radio button) 3:1: Fusion draws those outlines a shade darker than the
window, faint on a light one and invisible on a dark one, so each theme draws its own."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle

THEMES = ("light", "dark")

# Fusion's own blue holds white text at 3.7:1, its placeholder grey white at 4.0:1
_LIGHT = {QPalette.ColorRole.Highlight: "#2f6fb3", QPalette.ColorRole.PlaceholderText: "#6b7280"}
_DARK = {
    QPalette.ColorRole.Window: "#25282e",
    QPalette.ColorRole.WindowText: "#e6e8eb",
    QPalette.ColorRole.Base: "#1c1f24",
    QPalette.ColorRole.AlternateBase: "#2b2f36",
    QPalette.ColorRole.ToolTipBase: "#2b2f36",
    QPalette.ColorRole.ToolTipText: "#e6e8eb",
    QPalette.ColorRole.PlaceholderText: "#9ca3af",
    QPalette.ColorRole.Text: "#e6e8eb",
    QPalette.ColorRole.Button: "#30343b",
    QPalette.ColorRole.ButtonText: "#e6e8eb",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Link: "#7dd3fc",
    QPalette.ColorRole.Highlight: "#2f6fb3",
    QPalette.ColorRole.HighlightedText: "#ffffff",
}
_DISABLED = {
    QPalette.ColorRole.WindowText: "#7b818a",
    QPalette.ColorRole.Text: "#7b818a",
    QPalette.ColorRole.ButtonText: "#7b818a",
}
# text that says less than its neighbours ("(bot)" beside a seat's name), 4.5:1 or more on
# the window in each theme
MUTED = {"light": "#4b5563", "dark": "#9ca3af"}
_OUTLINE = {"light": "#6b7280", "dark": "#9ca3af"}  # a checkbox's or radio button's outline
_current = {"theme": "light"}


class _ThemeStyle(QProxyStyle):
    """Fusion, with the outlines of checkboxes and radio buttons readable in either theme."""

    theme = "light"
    OUTLINED = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorRadioButton)

    def drawPrimitive(self, element: Any, option: Any, painter: Any, widget: Any = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in self.OUTLINED:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        enabled = bool(option.state & QStyle.StateFlag.State_Enabled)
        painter.setPen(QPen(QColor(_OUTLINE[self.theme] if enabled else _DISABLED[QPalette.ColorRole.Text]), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect).adjusted(0.5, 0.5, -1.5, -1.5)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 1.5, 1.5)
        painter.restore()


def _style(app: QApplication) -> _ThemeStyle:
    style = app.style()
    if isinstance(style, _ThemeStyle):
        return style
    themed = _ThemeStyle("Fusion")
    app.setStyle(themed)
    return themed


def muted_text() -> str:
    """The colour of secondary text in the theme in use."""
    return MUTED[_current["theme"]]


def apply_theme(app: QApplication, theme: str) -> str:
    """Use `theme` ("light" or "dark"; anything else is light) for the whole application."""
    theme = theme if theme in THEMES else "light"
    style = _style(app)
    style.theme = theme
    _current["theme"] = theme
    palette = style.standardPalette()
    for role, value in (_DARK if theme == "dark" else _LIGHT).items():
        palette.setColor(role, QColor(value))
    if theme == "dark":
        for role, value in _DISABLED.items():
            palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(value))
    app.setPalette(palette)
    # a widget with a style sheet of its own (a title's size, a list's padding) keeps the
    # palette it was polished with: set its sheet again so it takes the new one
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)
    return theme
