"""The deck builder as a person uses it: from the new-game dialog of Legends of Signum, a deck
started from the starter, a rule broken and mended, the deck saved as a file in the user's
data folder, and a game started with it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton

from boardwright.client.app import MainWindow
from boardwright.client.deck_builder import DeckBuilder
from boardwright.framework import kernel
from boardwright.plugins.signum.rules import Signum


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: Any) -> Path:
    """The user's data folder (platformdirs reads XDG_DATA_HOME), empty for each test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def problems(builder: DeckBuilder) -> list[str]:
    return [builder.problems.item(i).text() for i in range(builder.problems.count())]


def step(qtbot: Any, builder: DeckBuilder, card: str, key: Qt.Key) -> None:
    spin = builder.spins[card]
    spin.setFocus()
    qtbot.keyClick(spin, key)


def test_a_person_builds_a_deck_saves_it_and_plays_with_it(qtbot: Any, window: MainWindow, data_home: Path) -> None:
    window.request_new_game("signum")
    dialog = window.dialog
    assert dialog is not None
    combo = dialog.option_widgets["deck_a"]
    assert isinstance(combo, QComboBox) and combo.currentData() == "vallor_starter"
    assert [combo.itemData(i) for i in range(combo.count())] == ["empire_starter", "roland_starter", "vallor_starter"]
    qtbot.mouseClick(dialog.findChild(QPushButton, "build_deck_a"), Qt.MouseButton.LeftButton)
    builder = dialog.deck_builder
    qtbot.waitExposed(builder)
    assert builder.leader.currentData() == "brissa"
    assert builder.total.text() == "20 cards" and problems(builder) == ["A legal deck."]
    assert not builder.save_button.isEnabled(), "no name yet"

    step(qtbot, builder, "fire_flask", Qt.Key.Key_Down)
    assert builder.total.text() == "19 cards"
    assert problems(builder) == ["a deck has exactly 20 cards (starter) or 30 to 40 (standard), not 19"]
    qtbot.keyClicks(builder.name, "my_vallor")
    assert not builder.save_button.isEnabled(), "a deck that breaks a rule is not saved"
    step(qtbot, builder, "night_shade", Qt.Key.Key_Up)
    assert problems(builder) == ["A legal deck."] and builder.save_button.isEnabled()
    qtbot.mouseClick(builder.save_button, Qt.MouseButton.LeftButton)

    saved = data_home / "boardwright" / "signum" / "decks" / "my_vallor.toml"
    deck = tomllib.loads(saved.read_text(encoding="utf-8"))
    assert deck["hero"] == "brissa" and deck["cards"]["fire_flask"] == 1 and deck["cards"]["night_shade"] == 1
    assert str(saved) in builder.status.text()
    assert combo.currentData() == "my_vallor", "the option whose button opened the builder picks the deck"
    other = dialog.option_widgets["deck_b"]
    assert other.findData("my_vallor") >= 0 and other.currentData() == "empire_starter"
    qtbot.mouseClick(builder.close_button, Qt.MouseButton.LeftButton)
    assert not builder.isVisible()

    dialog.set_seat(1, "random:normal")
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert window.session is not None
    state = window.session.match.state
    assert window.session.match.record.options["deck_a"] == "my_vallor"
    assert state["heroes"] == ["brissa", "demian"]
    played = sorted(item.split("@")[0] for item in state["decklists"][0])
    assert played.count("fire_flask") == 1 and "night_shade" in played and len(played) == 20
    assert not kernel.is_over(state)


def test_only_the_leaders_cards_are_offered_and_every_broken_rule_is_listed(qtbot: Any, data_home: Path) -> None:
    builder = DeckBuilder(Signum(), "ru")
    qtbot.addWidget(builder)
    builder.leader.setCurrentIndex(builder.leader.findData("demian"))
    rows = {card["id"]: row for row, card in enumerate(builder.pool["cards"])}
    assert builder.table.isRowHidden(rows["fire_flask"]), "a Vallor spell is not offered to Demian"
    assert not builder.table.isRowHidden(rows["heavens_wrath"])
    assert builder.table.isRowHidden(rows["molforn_crossbow"]), "Brissa's own relic"
    step(qtbot, builder, "heavens_wrath", Qt.Key.Key_Up)
    assert problems(builder) == [
        "в колоде ровно 20 карт (стартовая) или от 30 до 40 (стандарт), а не 1",
        "персонажей должно быть не меньше половины колоды: 0 из нужных 1",
    ]
    builder.start.setCurrentIndex(builder.start.findData("vallor_starter"))
    assert builder.leader.currentData() == "brissa" and builder.spins["heavens_wrath"].value() == 0
    assert problems(builder) == ["Колода по правилам."]
    builder.table.setCurrentCell(rows["fire_flask"], 0)
    assert not builder.preview.pixmap().isNull()


def test_a_name_that_cannot_be_a_file_is_refused_with_the_reason(qtbot: Any, data_home: Path) -> None:
    builder = DeckBuilder(Signum(), "en", start="empire_starter")
    qtbot.addWidget(builder)
    qtbot.keyClicks(builder.name, "my deck?")
    qtbot.mouseClick(builder.save_button, Qt.MouseButton.LeftButton)
    assert "cannot name a user deck" in builder.status.text()
    assert not (data_home / "boardwright" / "signum" / "decks").exists()


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Empire starter (Demian)", "Empire starter (Roland)", "Vallor starter (Brissa)"]),
        (
            "ru",
            [
                "Стартовая колода Империи (Демиан)",
                "Стартовая колода Империи (Роланд)",
                "Стартовая колода Валлора (Брисса)",
            ],
        ),
    ],
)
def test_decks_are_offered_by_the_names_players_read(
    qtbot: Any, window: MainWindow, data_home: Path, lang: str, names: list[str]
) -> None:
    """The starter decks by their own names in the dialog's language, never by file name
    ("vallor starter"); a saved deck by the name it was saved under and its leader."""
    window.set_language(lang)
    window.request_new_game("signum")
    dialog = window.dialog
    assert dialog is not None
    for key in ("deck_a", "deck_b"):
        combo = dialog.option_widgets[key]
        assert [combo.itemText(i) for i in range(combo.count())] == names
    qtbot.mouseClick(dialog.findChild(QPushButton, "build_deck_a"), Qt.MouseButton.LeftButton)
    builder = dialog.deck_builder
    assert [builder.start.itemText(i) for i in range(1, builder.start.count())] == names
    qtbot.keyClicks(builder.name, "my_vallor")
    qtbot.mouseClick(builder.save_button, Qt.MouseButton.LeftButton)
    leader = {"en": "Brissa de Molforn", "ru": "Брисса де Молфорн"}[lang]
    other = dialog.option_widgets["deck_b"]
    assert other.itemText(other.findData("my_vallor")) == f"my_vallor ({leader})"
