"""Options read like a game's settings, not a developer's: each says what it does, choices
have names, and a number whose lowest value means "as the rules say" says so."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox, QSpinBox

from boardwright.client.new_game import NewGameDialog
from boardwright.framework import PluginHost

DESCRIBED = ("connect_four", "reliquium", "bestiary", "book_of_war", "heroes_cards", "signum")


def _dialog(qtbot: Any, host: PluginHost, game_id: str, lang: str = "en") -> NewGameDialog:
    dialog = NewGameDialog(host, game_id, lang, [])
    qtbot.addWidget(dialog)
    return dialog


@pytest.mark.parametrize("game_id", DESCRIBED)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_option_says_what_it_does_and_names_its_choices(qtbot: Any, host: PluginHost, game_id: str, lang: str):
    dialog = _dialog(qtbot, host, game_id, lang)
    for key, widget in dialog.option_widgets.items():
        assert widget.toolTip(), f"{game_id}: option {key} has no description"
        if isinstance(widget, QComboBox):
            labels = [widget.itemText(i) for i in range(widget.count())]
            raw = [str(widget.itemData(i)) for i in range(widget.count())]
            assert all(label and label != value for label, value in zip(labels, raw, strict=True)), (key, labels)
    titles = [title for title in _titles(dialog)]
    assert not any("(0:" in title or "comma list" in title for title in titles), titles


def _titles(dialog: NewGameDialog) -> list[str]:
    layout = dialog.options_box.layout()
    return [
        layout.itemAt(i).widget().text() for i in range(layout.count()) if hasattr(layout.itemAt(i).widget(), "text")
    ]


def test_a_number_whose_lowest_value_means_the_rules_says_so(qtbot: Any, host: PluginHost) -> None:
    dialog = _dialog(qtbot, host, "bestiary")
    spin = dialog.option_widgets["castle_durability"]
    assert isinstance(spin, QSpinBox) and spin.value() == 0
    assert spin.text() == "as the scenario says (10)"
    spin.setValue(12)
    assert spin.text() == "12" and dialog.config().options["castle_durability"] == 12
    cap = dialog.option_widgets["round_cap"]
    assert cap.text() == "no limit"
    mode = dialog.option_widgets["mode"]
    assert mode.currentText() == "as the scenario says" and mode.currentData() == ""


def test_russian_names_in_a_russian_dialog(qtbot: Any, host: PluginHost) -> None:
    dialog = _dialog(qtbot, host, "book_of_war", "ru")
    first = dialog.option_widgets["first_side"]
    assert [first.itemText(i) for i in range(first.count())] == ["Жребий", "Игрок (команда) 1", "Игрок (команда) 2"]
    assert dialog.option_widgets["round_cap"].text() == "без предела"


def test_the_new_game_dialog_offers_every_game(qtbot, window) -> None:
    """Game → New game at Connect Four: the dialog lists every installed game, and choosing
    another opens that game's own dialog."""
    window.request_new_game("connect_four")
    dialog = window.dialog
    games = [dialog.game_box.itemData(i) for i in range(dialog.game_box.count())]
    assert sorted(games) == sorted(window.host.games())
    dialog.game_box.setCurrentIndex(games.index("reliquium"))
    assert window.dialog is not dialog and window.dialog.game_id == "reliquium"
    assert window.dialog.game_box.currentData() == "reliquium"


def test_every_text_option_shows_words_not_a_value() -> None:
    """No new-game dialog shows a game's raw option value: a text option with a default names
    it among its suggested values, a seat's pick every value and lot (or is a deck, which the
    deck builder names)."""
    for game_id, game in PluginHost().games().items():
        decks = (game.deck_pool({}) or {}).get("options", []) if hasattr(game, "deck_pool") else []
        for option in game.spec.all_options():
            if isinstance(option.default, str) and option.default and not option.choices and option.key not in decks:
                named = (*option.per_seat, "lot") if option.per_seat else option.suggested
                assert option.default in named, (game_id, option.key)
                for lang in ("en", "ru"):
                    for value in named:
                        assert f"option_{option.key}_{value}" in game.messages[lang], (game_id, option.key, value, lang)


@pytest.mark.parametrize("lang, names", [("en", ["Saxum", "Armus"]), ("ru", ["Саксум", "Армус"])])
def test_the_series_bans_are_ticked_by_creature_name(qtbot, host: PluginHost, lang, names) -> None:
    """Bestiary's "Banned earlier in the series" lists every creature by name to tick, never a
    blank field to type ids into; what is ticked is the option's value, and a scenario's or a
    series' value ticks its creatures."""
    from PySide6.QtCore import Qt

    from boardwright.client.new_game import SubsetList

    dialog = _dialog(qtbot, host, "bestiary", lang)
    ticks = dialog.option_widgets["series_excluded"]
    assert isinstance(ticks, SubsetList)
    labels = [item.text() for item in ticks.rows()]
    assert len(labels) == len(host.engine("bestiary").spec.option("series_excluded").subset_of) == 32
    assert labels[:2] == names and all(label.isalpha() or " " in label for label in labels)
    assert dialog.config().options["series_excluded"] == ""
    ticks.rows()[1].setCheckState(Qt.CheckState.Checked)
    ticks.rows()[0].setCheckState(Qt.CheckState.Checked)
    assert dialog.config().options["series_excluded"] == "saxum,armus"
    dialog._set_option("series_excluded", "cerberus")
    assert [item.text() for item in ticks.rows() if item.checkState() == Qt.CheckState.Checked] == [labels[9]]
    assert host.engine("bestiary").spec.resolve_options(dialog.config().options)["series_excluded"] == "cerberus"


def test_a_set_option_refuses_a_value_it_does_not_know_in_one_line(host: PluginHost) -> None:
    from boardwright.framework.errors import OptionError

    spec = host.engine("bestiary").spec
    assert spec.resolve_options({"series_excluded": "saxum, armus"})["series_excluded"] == "saxum, armus"
    with pytest.raises(OptionError) as refused:
        spec.resolve_options({"series_excluded": "saxum,Stone Fist"})
    assert str(refused.value).startswith("option series_excluded: 'Stone Fist' is not one of saxum, armus")
    assert "\n" not in str(refused.value)
