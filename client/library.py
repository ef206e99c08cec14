"""The library page: every installed game (titles in both languages, players, summary) and
every plugin that failed to load, with its error."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from boardwright.framework import GameSpec, PluginHost

from .i18n import tr


class LibraryPage(QWidget):
    new_game_requested = Signal(str)
    open_requested = Signal()
    back_requested = Signal()
    resume_requested = Signal()
    rules_requested = Signal(str)

    def __init__(self, host: PluginHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.lang = "en"
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 20px; font-weight: bold;")
        self.hint = QLabel()
        self.games = QTreeWidget()
        self.games.setRootIsDecorated(False)
        self.games.setWordWrap(True)
        self.games.setAlternatingRowColors(True)
        self.games.setStyleSheet("QTreeWidget::item { padding: 6px 4px; }")
        self.games.itemActivated.connect(self._activated)
        self.new_button = QPushButton()
        self.new_button.clicked.connect(self._new_clicked)
        self.rules_button = QPushButton()
        self.rules_button.clicked.connect(self._rules_clicked)
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.open_requested.emit)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.back_requested.emit)
        self.back_button.hide()
        self.resume_button = QPushButton()
        self.resume_button.setStyleSheet("font-weight: bold;")
        self.resume_button.clicked.connect(self.resume_requested.emit)
        self.resume_button.hide()
        self.broken_title = QLabel()
        self.broken_title.setStyleSheet("font-weight: bold; color: #b91c1c;")
        self.broken = QLabel()
        self.broken.setWordWrap(True)
        self.broken.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.broken.setStyleSheet("color: #b91c1c;")

        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.rules_button)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.resume_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addWidget(self.games, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.broken_title)
        layout.addWidget(self.broken)
        self._filled = False
        self.set_language("en")

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.title.setText(tr("library_title", lang))
        self.hint.setText(tr("library_hint", lang))
        self.new_button.setText(tr("new_game", lang).replace("&", ""))
        self.open_button.setText(tr("open", lang).replace("&", ""))
        self.rules_button.setText(tr("rules_button", lang))
        self.back_button.setText(tr("back_to_table", lang))
        self.broken_title.setText(tr("broken_title", lang))
        # the list reads every game's scenarios: a start straight into a game never shows it,
        # so it is filled when the page is shown
        self._filled = False
        if self.isVisible():
            self._fill()

    def showEvent(self, event: QShowEvent) -> None:
        if not self._filled:
            self._fill()
        super().showEvent(event)

    def _fill(self) -> None:
        self._filled = True
        lang = self.lang
        selected = self.selected_game()
        self.games.clear()
        self.games.setHeaderLabels(
            [tr(key, lang) for key in ("column_game", "column_title", "players", "column_summary")]
        )
        games = self.host.games()
        for game_id, game in games.items():
            item = self._row(game_id, game.spec)
            self.games.addTopLevelItem(item)
            if game_id == selected:
                item.setSelected(True)
        if not games:
            empty = QTreeWidgetItem([tr("no_games", lang), "", "", ""])
            empty.setData(0, Qt.ItemDataRole.UserRole, "")
            self.games.addTopLevelItem(empty)
        elif not self.games.selectedItems() and (first := self.games.topLevelItem(0)) is not None:
            first.setSelected(True)
        header = self.games.header()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        broken = self.host.broken
        self.broken.setText("\n".join(b.line() for b in broken))
        self.broken_title.setVisible(bool(broken))
        self.broken.setVisible(bool(broken))

    def _row(self, game_id: str, spec: GameSpec) -> QTreeWidgetItem:
        lang = self.lang
        titles = (spec.title_ru, spec.title_en) if lang == "ru" else (spec.title_en, spec.title_ru)
        details = [", ".join(str(n) for n in spec.players)]
        try:
            scenarios = len(self.host.engine(game_id).scenarios)
        except Exception:  # a game whose scenarios fail still shows in the list
            scenarios = 0
        if scenarios:
            details.append(tr("scenarios_count", lang, count=scenarios))
        summary = spec.summary_ru if lang == "ru" and spec.summary_ru else spec.summary_en
        item = QTreeWidgetItem([titles[0], f"{titles[1]}  v{spec.version}", "; ".join(details), summary])
        bold = QFont(self.games.font())
        bold.setBold(True)
        item.setFont(0, bold)
        item.setToolTip(3, summary)
        item.setData(0, Qt.ItemDataRole.UserRole, game_id)
        return item

    def set_resume(self, last: tuple[str, int] | None) -> None:
        """Offer the autosaved game ((title, moves made)), or hide the offer."""
        if last is None:
            self.resume_button.hide()
            return
        self.resume_button.setText(tr("resume", self.lang, game=last[0], move=last[1]))
        self.resume_button.show()

    def selected_game(self) -> str | None:
        # selectedItems(), not currentItem(): see board_view.py on None returned by PySide6 6.12
        selected = self.games.selectedItems()
        return (selected[0].data(0, Qt.ItemDataRole.UserRole) or None) if selected else None

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        game_id = item.data(0, Qt.ItemDataRole.UserRole)
        if game_id:
            self.new_game_requested.emit(game_id)

    def _rules_clicked(self) -> None:
        game_id = self.selected_game()
        if game_id:
            self.rules_requested.emit(game_id)

    def _new_clicked(self) -> None:
        game_id = self.selected_game()
        if game_id:
            self.new_game_requested.emit(game_id)
