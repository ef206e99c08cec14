"""The window's light and dark themes: Qt's Fusion style with one palette each, so every
widget (lists, panels, dialogs) follows; the board keeps its own colours."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

THEMES = ("light", "dark")

_DARK = {
    QPalette.ColorRole.Window: "#25282e",
    QPalette.ColorRole.WindowText: "#e6e8eb",
    QPalette.ColorRole.Base: "#1c1f24",
    QPalette.ColorRole.AlternateBase: "#2b2f36",
    QPalette.ColorRole.ToolTipBase: "#2b2f36",
    QPalette.ColorRole.ToolTipText: "#e6e8eb",
    QPalette.ColorRole.PlaceholderText: "#8b929c",
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


def apply_theme(app: QApplication, theme: str) -> str:
    """Use `theme` ("light" or "dark"; anything else is light) for the whole application."""
    theme = theme if theme in THEMES else "light"
    app.setStyle("Fusion")
    palette = app.style().standardPalette()
    if theme == "dark":
        for role, value in _DARK.items():
            palette.setColor(role, QColor(value))
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
