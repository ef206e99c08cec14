"""The new-game dialog: player count, each seat a person or a bot, scenario, options, seed."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from boardwright.framework import Engine, PluginHost
from boardwright.framework.spec import LOT

from .i18n import has_text, level_name, tr
from .session import HUMAN

SEED_MAX = 2**31 - 1


@dataclass
class GameConfig:
    """Everything needed to start a match at the table."""

    game_id: str
    players: int
    seat_kinds: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    scenario: str | None = None
    seed: int = 0
    handover: bool = True
    lan: bool = False  # open the table on the LAN: you take the first person's seat, friends the others
    lan_local_only: bool = False  # the table listens on this computer only (127.0.0.1), not the LAN
    player_name: str = ""  # the name the person hosting plays under (a LAN table)


class SubsetList(QListWidget):
    """A set of named values to tick (an option's `subset_of`), read and written as the
    option's comma-separated text."""

    changed = Signal()
    ROWS = 6  # rows shown at once; the rest scroll

    def __init__(self, values: list[tuple[str, str]]) -> None:
        super().__init__()
        for label, value in values:
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, value)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.addItem(item)
        self.setFixedHeight(self.sizeHintForRow(0) * self.ROWS + 2 * self.frameWidth())
        self.itemChanged.connect(lambda _item: self.changed.emit())

    def rows(self) -> list[QListWidgetItem]:
        return [self.item(row) for row in range(self.count())]

    def value(self) -> str:
        return ",".join(
            str(item.data(Qt.ItemDataRole.UserRole))
            for item in self.rows()
            if item.checkState() == Qt.CheckState.Checked
        )

    def set_value(self, text: str) -> None:
        wanted = {part.strip() for part in str(text).split(",")}
        for item in self.rows():
            ticked = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)


def seat_choices(host: PluginHost, lang: str) -> list[tuple[str, str]]:
    """(label, seat kind) pairs: a person, then every bot kind at every level."""
    choices = [(tr("human", lang), HUMAN)]
    for name, kind in sorted(host.bots().items()):
        title = kind.title_ru if lang == "ru" and kind.title_ru else kind.title_en
        for level in kind.levels:
            label = title if len(kind.levels) == 1 else tr("bot_level", lang, bot=title, level=level_name(level, lang))
            choices.append((label, f"{name}:{level}"))
    return choices


class NewGameDialog(QDialog):
    other_game = Signal(str)  # the person chose another game: the dialog closes for that one

    def __init__(
        self,
        host: PluginHost,
        game_id: str,
        lang: str,
        last_kinds: list[str],
        parent: QWidget | None = None,
        lan_available: bool = False,
        player_name: str = "",
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.game_id = game_id
        self.lang = lang
        self.engine: Engine = host.engine(game_id)
        self.last_kinds = list(last_kinds)
        spec = self.engine.spec
        self.setWindowTitle(tr("new_game_title", lang, game=spec.title_ru if lang == "ru" else spec.title_en))

        self.scenario = self._scenario_box()
        self.players = QComboBox()
        self.players.currentIndexChanged.connect(self._rebuild_seats)
        self.seed = QSpinBox()
        self.seed.setRange(0, SEED_MAX)
        self.seed.setValue(random.randrange(SEED_MAX))
        self.handover = QCheckBox(tr("handover", lang))
        self.handover.setChecked(True)
        self._build_lan(lan_available, player_name)

        # every installed game, this one chosen: choosing another opens its own dialog
        self.game_box = QComboBox()
        for other_id, game in sorted(host.games().items(), key=lambda pair: pair[1].spec.title_en):
            self.game_box.addItem(game.spec.title_ru if lang == "ru" else game.spec.title_en, other_id)
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(game_id)))
        self.game_box.currentIndexChanged.connect(self._game_changed)
        top = QFormLayout()
        top.addRow(tr("game", lang), self.game_box)
        top.addRow(tr("scenario", lang), self.scenario)
        top.addRow(tr("players", lang), self.players)
        top.setRowVisible(self.scenario, bool(self.engine.scenarios))
        self.seats_box = QGroupBox(tr("seats", lang))
        self.seats_form = QFormLayout(self.seats_box)
        self.seat_combos: list[QComboBox] = []
        self.seat_labels: list[QLabel] = []
        self.options_box = self._options_box()
        seed_form = QFormLayout()
        seed_form.addRow(tr("seed", lang), self.seed)
        seed_form.addRow(self.handover)
        seed_form.addRow(self.lan)
        seed_form.addRow(tr("lan_scope", lang), self.lan_scope)
        seed_form.setRowVisible(self.lan_scope, lan_available)
        seed_form.addRow(tr("your_name", lang), self.player_name)
        seed_form.setRowVisible(self.player_name, lan_available)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("start", lang))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("cancel", lang))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.seats_box)
        layout.addWidget(self.options_box)
        layout.addLayout(seed_form)
        layout.addWidget(buttons)
        self.seed.valueChanged.connect(self._rename_seats)
        self._scenario_changed()
        # a game with deck building: its deck options list decks, with "Build…" (imported
        # here: the builder's module is a twentieth of the client's start-up)
        from .deck_builder import attach as attach_deck_builder

        attach_deck_builder(self)

    def _scenario_box(self) -> QComboBox:
        """The game's scenarios, its default one chosen."""
        lang, spec = self.lang, self.engine.spec
        box = QComboBox()
        box.addItem(tr("no_scenario", lang), "")
        for scenario_id, scenario in sorted(self.engine.scenarios.items()):
            box.addItem(scenario.title_ru if lang == "ru" and scenario.title_ru else scenario.title_en, scenario_id)
        if spec.default_scenario:
            index = box.findData(spec.default_scenario)
            if index >= 0:
                box.setCurrentIndex(index)
        box.currentIndexChanged.connect(self._scenario_changed)
        return box

    def _build_lan(self, lan_available: bool, player_name: str) -> None:
        """Opening the table on the LAN: who may join, and the name the others see."""
        lang = self.lang
        self.lan = QCheckBox(tr("lan_host", lang))
        self.lan.setToolTip(tr("lan_host_tip", lang))
        self.lan.setVisible(lan_available)
        self.lan_available = lan_available  # read by config(): a hidden dialog's boxes all say "not visible"
        # who may join: people on this computer only, or anyone on the local network
        self.lan_scope = QComboBox()
        self.lan_scope.addItem(tr("lan_scope_lan", lang), False)
        self.lan_scope.addItem(tr("lan_scope_local", lang), True)
        self.lan_scope.setEnabled(False)
        self.lan.toggled.connect(self.lan_scope.setEnabled)
        # the name the others see beside this seat, in the seat list, the log and the chat
        self.player_name = QLineEdit(player_name)
        self.player_name.setMaxLength(40)
        self.player_name.setPlaceholderText(tr("your_name_default", lang))  # the name when none is typed
        self.player_name.setToolTip(tr("your_name_hint", lang))
        self.player_name.setEnabled(False)
        self.lan.toggled.connect(self.player_name.setEnabled)

    def _options_box(self) -> QGroupBox:
        """The game's options, each with what it does on its title and its widget."""
        lang, spec = self.lang, self.engine.spec
        box = QGroupBox(tr("options", lang))
        options_form = QFormLayout(box)
        self.option_widgets: dict[str, QWidget] = {}
        # what each seat picks (a race, a faction) is chosen beside the seat, not here
        self.per_seat = [option for option in spec.all_options() if option.per_seat]
        self.picked: dict[str, list[str]] = {option.key: [] for option in self.per_seat}
        for option in spec.all_options():
            if option.per_seat:
                continue
            widget = self._option_widget(option)
            _on_change(widget, self._rename_seats)
            self.option_widgets[option.key] = widget
            title = (option.title_ru if lang == "ru" else option.title_en) or option.title_en or option.key
            label = QLabel(title)
            about = self._option_text(option.key, "about")
            if about:  # what the option does, on the title and the widget alike
                label.setToolTip(about)
                widget.setToolTip(about)
            options_form.addRow(label, widget)
        return box

    def _option_text(self, key: str, part: str) -> str:
        """A game's text about one of its options, from its messages (`option_<key>_<part>`):
        `about` (what it does), `unset` (the lowest number's meaning, such as "as the
        scenario says"), or a choice's value (`none` for the empty choice). Options the
        kernel adds (the round limit) have theirs in the client."""
        name = f"option_{key}_{part or 'none'}"
        messages = getattr(self.engine.game, "messages", {}) or {}
        text = (messages.get(self.lang) or {}).get(name) or (messages.get("en") or {}).get(name)
        if text:
            return str(text)
        return tr(name, self.lang) if has_text(name) else ""

    def _option_widget(self, option: Any) -> QWidget:
        default = option.default
        if option.choices:
            combo = QComboBox()
            for choice in option.choices:
                combo.addItem(self._option_text(option.key, str(choice)) or str(choice), choice)
            combo.setCurrentIndex(max(0, combo.findData(default)))
            return combo
        if isinstance(default, bool):
            box = QCheckBox()
            box.setChecked(default)
            return box
        if isinstance(default, int):
            spin = QSpinBox()
            spin.setRange(option.minimum if option.minimum is not None else -1_000_000, option.maximum or 1_000_000)
            unset = self._option_text(option.key, "unset")
            if unset and option.minimum is not None:
                spin.setSpecialValueText(unset)  # shown instead of the lowest number
            spin.setValue(default)
            return spin
        if option.subset_of:  # a set of named values, each ticked or not
            ticks = SubsetList([(self._option_text(option.key, value) or value, value) for value in option.subset_of])
            ticks.set_value(str(default))
            return ticks
        if option.suggested:  # named values in a list, and room to type another
            combo = QComboBox()
            combo.setEditable(True)
            for value in option.suggested:
                combo.addItem(self._option_text(option.key, value) or value, value)
            found = combo.findData(default)
            if found >= 0:
                combo.setCurrentIndex(found)
            else:
                combo.setEditText(str(default))
            return combo
        line = QLineEdit(str(default))
        return line

    def _game_changed(self) -> None:
        chosen = self.game_box.currentData()
        if chosen and chosen != self.game_id:
            self.reject()
            self.other_game.emit(chosen)

    def _set_option(self, key: str, value: Any) -> None:
        """Show `value` in the widget of option `key` (a scenario's own value, or the default)."""
        widget = self.option_widgets.get(key)
        if isinstance(widget, QComboBox):
            index = widget.findData(value)
            if index >= 0:
                widget.setCurrentIndex(index)
            elif widget.isEditable():
                widget.setEditText(str(value))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, SubsetList):
            widget.set_value(str(value))
        elif isinstance(widget, QSpinBox) and isinstance(value, int):
            widget.setValue(value)
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))

    def _scenario_changed(self) -> None:
        scenario = self.engine.scenario(self.scenario.currentData() or None)
        # the options start as the scenario sets them; the person may still change any
        for option in self.engine.spec.all_options():
            value = (scenario.options if scenario else {}).get(option.key, option.default)
            if option.per_seat:
                self.picked[option.key] = [] if value == LOT else [part.strip() for part in str(value).split(",")]
            else:
                self._set_option(option.key, value)
        counts = scenario.players if scenario and scenario.players else self.engine.spec.players
        current = self.player_count()
        self.players.blockSignals(True)
        self.players.clear()
        for count in counts:
            self.players.addItem(str(count), count)
        wanted = (
            current if current in counts else (len(self.last_kinds) if len(self.last_kinds) in counts else counts[0])
        )
        self.players.setCurrentIndex(max(0, self.players.findData(wanted)))
        self.players.blockSignals(False)
        self._rebuild_seats()

    def _seat_names(self, players: int) -> list[str]:
        """Seat names from a trial set-up with the chosen options and seed (factions may be drawn by lot)."""
        try:
            state = self.engine.new_game(
                players, self._options(), self.seed.value(), self.scenario.currentData() or None
            )
            return [self.engine.game.seat_name(state, seat, self.lang) for seat in range(players)]
        except Exception:  # options that do not set up yet still leave a usable dialog
            return [tr("seat", self.lang, n=seat + 1) for seat in range(players)]

    def _rename_seats(self) -> None:
        for label, name in zip(self.seat_labels, self._seat_names(len(self.seat_labels)), strict=True):
            label.setText(name)

    def _rebuild_seats(self) -> None:
        previous = [combo.currentData() for combo in self.seat_combos] or self.last_kinds
        while self.seats_form.rowCount():
            self.seats_form.removeRow(0)
        self.seat_combos = []
        self.seat_labels = []
        players = self.player_count()
        choices = seat_choices(self.host, self.lang)
        for seat, name in enumerate(self._seat_names(players)):
            combo = QComboBox()
            for label, kind in choices:
                combo.addItem(label, kind)
            # by default one person against bots; the last choices for this game win
            wanted = previous[seat] if seat < len(previous) else (HUMAN if seat == 0 else _first_bot(choices))
            combo.setCurrentIndex(max(0, combo.findData(wanted)))
            self.seat_combos.append(combo)
            self.seat_labels.append(QLabel(name))
            self.seats_form.addRow(self.seat_labels[-1], self._seat_row(seat, combo))

    def _seat_row(self, seat: int, kind: QComboBox) -> QWidget:
        """A seat's person-or-bot choice, and beside it what the seat picks (its race)."""
        if not self.per_seat:
            return kind
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(kind, 1)
        for option in self.per_seat:
            pick = QComboBox()
            for value in (LOT, *option.per_seat):
                pick.addItem(self._option_text(option.key, value) or value, value)
            chosen = self.picked[option.key]
            pick.setCurrentIndex(max(0, pick.findData(chosen[seat] if seat < len(chosen) else LOT)))
            pick.setToolTip(self._option_text(option.key, "about"))
            pick.currentIndexChanged.connect(lambda _index, key=option.key, at=seat, box=pick: self._pick(key, at, box))
            line.addWidget(pick, 1)
        return row

    def _pick(self, key: str, seat: int, box: QComboBox) -> None:
        chosen = self.picked[key]
        chosen.extend([LOT] * (seat + 1 - len(chosen)))
        chosen[seat] = box.currentData()
        self._rename_seats()

    def player_count(self) -> int:
        # the text, not currentData(): an empty combo's data is an invalid QVariant
        text = self.players.currentText()
        return int(text) if text.isdigit() else 0

    def set_seat(self, seat: int, kind: str) -> None:
        combo = self.seat_combos[seat]
        combo.setCurrentIndex(combo.findData(kind))

    def _options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for key, widget in self.option_widgets.items():
            if isinstance(widget, QComboBox) and widget.isEditable():
                # a named value by its text, else what the person typed
                found = widget.findText(widget.currentText())
                options[key] = widget.itemData(found) if found >= 0 else widget.currentText()
            elif isinstance(widget, QComboBox):
                options[key] = widget.currentData()
            elif isinstance(widget, QCheckBox):
                options[key] = widget.isChecked()
            elif isinstance(widget, (QSpinBox, SubsetList)):
                options[key] = widget.value()
            elif isinstance(widget, QLineEdit):
                options[key] = widget.text()
        players = self.player_count()
        for option in self.per_seat:
            chosen = (self.picked[option.key] + [LOT] * players)[:players]
            options[option.key] = LOT if all(value == LOT for value in chosen) else ",".join(chosen)
        return options

    def config(self) -> GameConfig:
        return GameConfig(
            game_id=self.game_id,
            players=self.player_count(),
            seat_kinds=[combo.currentData() for combo in self.seat_combos],
            options=self._options(),
            scenario=self.scenario.currentData() or None,
            seed=self.seed.value(),
            handover=self.handover.isChecked(),
            lan=self.lan_available and self.lan.isChecked(),
            lan_local_only=bool(self.lan_scope.currentData()),
            player_name=self.player_name.text().strip(),
        )


def _first_bot(choices: list[tuple[str, str]]) -> str:
    bots = [kind for _label, kind in choices if kind != HUMAN]
    normal = [kind for kind in bots if kind.endswith(":normal")]
    return (normal or bots or [HUMAN])[0]


def _on_change(widget: QWidget, slot: Any) -> None:
    """Connect the change signal of an option's widget, whichever kind it is."""
    if isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(slot)
    elif isinstance(widget, QCheckBox):
        widget.toggled.connect(slot)
    elif isinstance(widget, QSpinBox):
        widget.valueChanged.connect(slot)
    elif isinstance(widget, SubsetList):
        widget.changed.connect(slot)
    elif isinstance(widget, QLineEdit):
        widget.editingFinished.connect(slot)
