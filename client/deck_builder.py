"""The deck builder: a person picks a leader, sets how many copies of each card the deck holds,
sees every deck rule it breaks at once, and saves it where the game's deck options find it.

There is no game code here. Everything comes from the game's deck contract
(`framework/game.py`): `deck_pool(options)` lists the leaders, the cards with their most
copies, faces and allowed leaders, the starter and saved decks, and the options that pick
a deck; `check_deck(deck, lang)` gives one message per broken rule; `save_deck(name, deck)`
writes the file. `attach(dialog)` offers the builder from the new-game dialog: each deck
option becomes a list of the decks by name, with a "Build…" button beside it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from boardwright.framework import BoardwrightError
from boardwright.framework.events import resolve_texts

from .cards import PREVIEW_H, PREVIEW_W, paint_card
from .i18n import localise

Deck = dict[str, Any]

_TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Deck builder", "Сборка колоды"),
    "leader": ("Leader", "Лидер"),
    "start_from": ("Start from", "Начать с"),
    "empty": ("an empty deck", "пустой колоды"),
    "card": ("Card", "Карта"),
    "kind": ("Kind", "Вид"),
    "copies": ("Copies", "Копий"),
    "count": ("{count} cards", "Карт: {count}"),
    "legal": ("A legal deck.", "Колода по правилам."),
    "name": ("Deck name", "Название колоды"),
    "save": ("Save", "Сохранить"),
    "close": ("Close", "Закрыть"),
    "saved": ("Saved: {path}", "Сохранено: {path}"),
    "build": ("Build…", "Собрать…"),
}


def text(key: str, lang: str, **fields: Any) -> str:
    en, ru = _TEXTS[key]
    template = ru if lang == "ru" else en
    return template.format(**fields) if fields else template


def default_options(game: Any) -> dict[str, Any]:
    return {option.key: option.default for option in game.spec.all_options()}


class DeckBuilder(QDialog):
    """The builder for one game; `saved(name)` is emitted after a deck was written."""

    saved = Signal(str)
    NAME, KIND, COPIES = range(3)

    def __init__(
        self, game: Any, lang: str, options: dict[str, Any] | None = None, start: str | None = None, parent: Any = None
    ) -> None:
        super().__init__(parent)
        self.game = game
        self.lang = lang
        pool = game.deck_pool(options if options is not None else default_options(game))
        if pool is None:
            raise ValueError(f"{game.spec.id} has no deck building")
        self.pool: dict[str, Any] = pool
        self.setWindowTitle(text("title", lang))
        self.leader = QComboBox()
        for leader in pool["leaders"]:
            self.leader.addItem(localise(leader["name"], lang), leader["id"])
        self.start = QComboBox()
        self.start.addItem(text("empty", lang), None)
        for name in sorted(pool["decks"]):
            self.start.addItem(deck_label(name, pool, lang), name)
        self.table = QTableWidget(len(pool["cards"]), 3)
        self.table.setHorizontalHeaderLabels([text(k, lang) for k in ("card", "kind", "copies")])
        self.table.verticalHeader().setVisible(False)
        self.spins: dict[str, QSpinBox] = {}
        for row, card in enumerate(pool["cards"]):
            self.table.setCellWidget(row, self.NAME, QLabel(localise(card["name"], lang)))
            self.table.setCellWidget(row, self.KIND, QLabel(localise(card["kind"], lang)))
            spin = QSpinBox()
            spin.setRange(0, int(card["limit"]))
            spin.valueChanged.connect(self.refresh)
            self.table.setCellWidget(row, self.COPIES, spin)
            self.spins[card["id"]] = spin
        self.table.resizeColumnsToContents()
        self.table.currentCellChanged.connect(lambda row, *_: self.show_card(row))
        self.preview = QLabel()
        self.preview.setFixedSize(int(PREVIEW_W), int(PREVIEW_H))
        self.total = QLabel()
        self.problems = QListWidget()
        self.name = QLineEdit()
        self.name.textChanged.connect(self.refresh)
        self.status = QLabel()
        self.buttons = QDialogButtonBox()
        self.save_button = self.buttons.addButton(text("save", lang), QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = self.buttons.addButton(text("close", lang), QDialogButtonBox.ButtonRole.RejectRole)
        self.save_button.clicked.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        self._lay_out()
        self.leader.currentIndexChanged.connect(self._leader_changed)
        self.start.currentIndexChanged.connect(lambda _index: self.load(self.start.currentData()))
        if start is not None and start in pool["decks"]:
            self.start.setCurrentIndex(self.start.findData(start))
        else:
            self._leader_changed()

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow(text("leader", self.lang), self.leader)
        form.addRow(text("start_from", self.lang), self.start)
        middle = QHBoxLayout()
        middle.addWidget(self.table, 1)
        middle.addWidget(self.preview)
        name_row = QFormLayout()
        name_row.addRow(text("name", self.lang), self.name)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(middle)
        layout.addWidget(self.total)
        layout.addWidget(self.problems)
        layout.addLayout(name_row)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.resize(900, 700)

    # --- the deck ---

    def deck(self) -> Deck:
        return {
            "leader": self.leader.currentData(),
            "cards": {card: spin.value() for card, spin in self.spins.items() if spin.value() > 0},
        }

    def load(self, name: str | None) -> None:
        """Start from a starter or saved deck (or an empty one): its leader and its counts."""
        deck = self.pool["decks"].get(name) if name else None
        if deck is not None and deck.get("leader") is not None:
            self.leader.setCurrentIndex(max(0, self.leader.findData(deck["leader"])))
        counts = deck["cards"] if deck is not None else {}
        for card, spin in self.spins.items():
            spin.blockSignals(True)
            spin.setValue(int(counts.get(card, 0)))
            spin.blockSignals(False)
        self._leader_changed()

    def _leader_changed(self) -> None:
        """Only the cards the leader may take are shown; the others leave the deck."""
        leader = self.leader.currentData()
        for row, card in enumerate(self.pool["cards"]):
            allowed = card.get("leaders") is None or leader in card["leaders"]
            self.table.setRowHidden(row, not allowed)
            if not allowed:
                spin = self.spins[card["id"]]
                spin.blockSignals(True)
                spin.setValue(0)
                spin.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        deck = self.deck()
        self.total.setText(text("count", self.lang, count=sum(deck["cards"].values())))
        broken = self.game.check_deck(deck, self.lang)
        self.problems.clear()
        self.problems.addItems(broken or [text("legal", self.lang)])
        self.save_button.setEnabled(not broken and bool(self.name.text().strip()))

    def show_card(self, row: int) -> None:
        if not 0 <= row < len(self.pool["cards"]):
            return
        raw = self.pool["cards"][row].get("face")
        face = resolve_texts(raw, getattr(self.game, "messages", {}) or {}, self.lang) if raw else None
        picture = QPixmap(int(PREVIEW_W), int(PREVIEW_H))
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_card(painter, QRectF(0, 0, PREVIEW_W, PREVIEW_H), face, None, {})
        painter.end()
        self.preview.setPixmap(picture)

    def save(self) -> None:
        name = self.name.text().strip()
        try:
            path = self.game.save_deck(name, self.deck())
        except BoardwrightError as exc:
            self.status.setText(str(exc))
            return
        self.pool["decks"][name] = self.deck()
        if self.start.findData(name) < 0:
            self.start.addItem(deck_label(name, self.pool, self.lang), name)
        self.status.setText(text("saved", self.lang, path=path))
        self.saved.emit(name)


def deck_label(name: str, pool: dict[str, Any], lang: str) -> str:
    """A deck of the pool as players read it: its own name ("Empire starter (Demian)"), else
    the name it was saved under and its leader ("my_rogues (Brissa de Molforn)")."""
    deck = pool["decks"].get(name) or {}
    if isinstance(deck.get("name"), dict):
        return str(localise(deck["name"], lang))
    leaders = {leader["id"]: leader.get("name") for leader in pool.get("leaders", [])}
    leader = leaders.get(deck.get("leader"))
    return f"{name} ({localise(leader, lang)})" if leader else name


def attach(dialog: Any) -> None:
    """Offer the builder from the new-game dialog of a game with deck building: each deck
    option becomes a list of the decks by name with a "Build…" button, and a saved deck
    joins every list, chosen in the option whose button opened the builder."""
    game = dialog.engine.game
    pool = game.deck_pool(default_options(game))
    if pool is None:
        return
    combos: dict[str, QComboBox] = {}
    for key in pool["options"]:
        old = dialog.option_widgets.get(key)
        if old is None or old.parentWidget() is None:
            continue
        combo = QComboBox()
        for name in sorted(pool["decks"]):
            combo.addItem(deck_label(name, pool, dialog.lang), name)
        current = old.text() if isinstance(old, QLineEdit) else None
        if current and combo.findData(current) < 0:
            combo.addItem(current, current)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.setToolTip(old.toolTip())
        button = QPushButton(text("build", dialog.lang))
        button.setObjectName(f"build_{key}")
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(combo, 1)
        line.addWidget(button)
        old.parentWidget().layout().replaceWidget(old, row)
        old.deleteLater()
        dialog.option_widgets[key] = combo
        combo.currentIndexChanged.connect(dialog._rename_seats)
        button.clicked.connect(lambda _checked=False, key=key: _open_builder(dialog, combos, key))
        combos[key] = combo
    dialog._rename_seats()


def _open_builder(dialog: Any, combos: dict[str, QComboBox], key: str) -> None:
    builder = DeckBuilder(dialog.engine.game, dialog.lang, dialog._options(), combos[key].currentData(), dialog)

    def saved(name: str) -> None:
        for combo in combos.values():
            if combo.findData(name) < 0:
                combo.addItem(deck_label(name, builder.pool, dialog.lang), name)
        combos[key].setCurrentIndex(combos[key].findData(name))

    builder.saved.connect(saved)
    dialog.deck_builder = builder
    builder.open()
