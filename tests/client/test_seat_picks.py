"""What a seat picks before the game (the Heroes card game's race, digest 3.1: each player
chooses one) is chosen beside the seat in the new-game dialog, by name, in the players'
words; a seat left to chance draws one of the others."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

from boardwright.client.new_game import NewGameDialog
from boardwright.framework import PluginHost, kernel


def _picks(dialog: NewGameDialog) -> list[QComboBox]:
    """The race choices beside the seats, in seat order."""
    rows = [
        dialog.seats_form.itemAt(row, dialog.seats_form.ItemRole.FieldRole).widget()
        for row in range(dialog.seats_form.rowCount())
    ]
    return [row.findChildren(QComboBox)[1] for row in rows]


def test_each_player_picks_a_race_beside_the_seat(qtbot: Any, host: PluginHost) -> None:
    dialog = NewGameDialog(host, "heroes_cards", "en", [])
    qtbot.addWidget(dialog)
    assert "races" not in dialog.option_widgets, "no comma separated list to type"
    picks = _picks(dialog)
    assert len(picks) == dialog.player_count() == 2
    assert [picks[0].itemText(i) for i in range(picks[0].count())] == [
        "Race by lot", "Castle", "Orc Horde", "Necropolis", "Rampart",
    ]  # fmt: skip
    assert dialog.config().options["races"] == "lot"
    picks[0].setCurrentIndex(picks[0].findData("necropolis"))
    assert dialog.config().options["races"] == "necropolis,lot"
    assert dialog.seat_labels[0].text() == "Necropolis", "the seat is named for the race it picked"
    config = dialog.config()
    engine = host.engine("heroes_cards")
    state = engine.new_game(config.players, config.options, config.seed)
    assert engine.game.seat_name(state, 0, "en") == "Necropolis"
    assert engine.game.seat_name(state, 1, "en") in ("Castle", "Orc Horde", "Rampart")


def test_a_russian_dialog_names_the_races_in_russian(qtbot: Any, host: PluginHost) -> None:
    dialog = NewGameDialog(host, "heroes_cards", "ru", [])
    qtbot.addWidget(dialog)
    pick = _picks(dialog)[1]
    assert [pick.itemText(i) for i in range(pick.count())] == [
        "Раса по жребию", "Замок", "Орда орков", "Некрополь", "Оплот",
    ]  # fmt: skip


def test_each_reliquium_player_picks_a_faction_beside_the_seat(qtbot: Any, host: PluginHost) -> None:
    """Reliquium (digest 3.2): "each player in turn picks one of the four factions, by lot or
    by agreement": the person at seat 1 may play the Order of Light, and the Legion's seat,
    whichever it is, takes the first turn (initiative order)."""
    dialog = NewGameDialog(host, "reliquium", "en", [])
    qtbot.addWidget(dialog)
    assert "factions" not in dialog.option_widgets
    pick = _picks(dialog)[0]
    assert [pick.itemText(i) for i in range(pick.count())] == [
        "Faction by lot", "Legion of Chaos", "Alliance of Nature", "Order of Light", "Brotherhood of the Mountains",
    ]  # fmt: skip
    pick.setCurrentIndex(pick.findData("order"))
    _picks(dialog)[1].setCurrentIndex(_picks(dialog)[1].findData("legion"))
    config = dialog.config()
    assert config.options["factions"] == "order,legion"
    engine = host.engine("reliquium")
    state = engine.new_game(config.players, config.options, config.seed)
    assert engine.game.seat_name(state, 0, "en") == "Order of Light"
    assert kernel.active(state) == 1
