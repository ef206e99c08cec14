"""A game's rules, as the game ships them: `data/rules.<lang>.md` in its package (English
when the language has none), and the credits of its card pictures, shown in a window beside
the table."""

from __future__ import annotations

from importlib.abc import Traversable
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from .card_layout import data_folder
from .i18n import tr


def rules_text(game: Any, lang: str) -> str | None:
    """The game's rules page in `lang` (Markdown), else in English, else None; followed by the
    credits of its card pictures (`data/icons/ATTRIBUTION.md`) when it ships any."""
    folder = data_folder(game)
    if folder is None:
        return None
    pages = [folder / f"rules.{code}.md" for code in dict.fromkeys((lang, "en"))]
    found = [text for text in (_read(page) for page in pages) if text is not None]
    if not found:
        return None
    credits = _read(folder / "icons" / "ATTRIBUTION.md")
    return found[0] if credits is None else f"{found[0].rstrip()}\n\n{credits}"


def _read(page: Traversable) -> str | None:
    try:
        return page.read_text(encoding="utf-8") if page.is_file() else None
    except OSError:
        return None


class RulesDialog(QDialog):
    """Non-modal: a person reads the rules while the game goes on."""

    def __init__(self, game: Any, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        spec = game.spec
        title = spec.title_ru if lang == "ru" else spec.title_en
        self.setWindowTitle(tr("rules_title", lang, game=title))
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        page = rules_text(game, lang)
        if page is None:
            self.text.setPlainText(tr("rules_missing", lang, game=title))
        else:
            self.text.setMarkdown(page)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(tr("close", lang))
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(720, 760)
