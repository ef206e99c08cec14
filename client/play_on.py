"""Play on from a moment of a replay: a new game from that position, its seats chosen anew
(a person, or any bot at any level), with every earlier action kept so undo and the replay
of the new game reach back to its start."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from boardwright.framework import PluginHost
from boardwright.framework.engine import FREE
from boardwright.framework.match import Match

from .i18n import tr
from .new_game import seat_choices


class PlayOnDialog(QDialog):
    """Who sits in each seat of the game played on."""

    def __init__(self, host: PluginHost, match: Match, ply: int, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("play_on_title", lang))
        names = match.seat_names(lang)
        form = QFormLayout()
        self.combos: list[QComboBox] = []
        kinds = list(match.record.seat_kinds) + ["human"] * len(names)
        for seat, name in enumerate(names):
            combo = QComboBox()
            for label, kind in seat_choices(host, lang):
                combo.addItem(label, kind)
            combo.setCurrentIndex(max(0, combo.findData(kinds[seat])))
            form.addRow(name, combo)
            self.combos.append(combo)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("play_on_note", lang, ply=ply)))
        layout.addLayout(form)
        layout.addWidget(buttons)

    def seat_kinds(self) -> list[str]:
        return [str(combo.currentData()) for combo in self.combos]


def played_on(host: PluginHost, match: Match, ply: int, seat_kinds: list[str]) -> Match:
    """A new match of the same game, seed and options, with the first `ply` actions of
    `match` played again (each checked by the kernel, as any action is)."""
    record = match.record
    fresh = Match(host.engine(record.game), record.players, record.options, record.seed, record.scenario, seat_kinds)
    for action in record.actions[:ply]:
        fresh.apply(action, action.get(FREE))
    return fresh
