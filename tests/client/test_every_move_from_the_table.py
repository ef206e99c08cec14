"""Every move from the table: at seeded positions of every game, each legal move can be made
with a click or two on the board or a button of the action bar, with the move list hidden;
the list shows no label twice, and a held key plays one move."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.marks import MARK_Z
from boardwright.client.new_game import GameConfig
from boardwright.framework import PluginHost

from .reach import unreachable

GAMES = sorted(PluginHost().games())
PLIES = 30


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_is_on_the_board_or_the_action_bar(qtbot: Any, window: MainWindow, game_id: str) -> None:
    game = window.host.games()[game_id]
    players = game.spec.players[0]
    checked = 0
    for seed in (0, 1):
        assert window.start_game(GameConfig(game_id, players, ["human"] * players, seed=seed, handover=False))
        rng = random.Random(seed)
        for _ in range(PLIES):
            QApplication.processEvents()
            table = window.table
            if window.session.match.is_over() or not table.legal:
                break
            assert not table.action_list.isVisible(), "the move list stays collapsed"
            missing = unreachable(table)
            assert not missing, f"{game_id}: moves neither the board nor the bar makes: {missing[:3]}"
            checked += 1
            table.play(rng.choice(table.legal))
    assert checked >= 20


def _labels(window: MainWindow) -> list[str]:
    moves = window.table.action_list
    return [moves.item(row).text() for row in range(moves.count())]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_list_never_shows_a_label_twice(qtbot: Any, window: MainWindow, game_id: str) -> None:
    players = window.host.games()[game_id].spec.players[0]
    assert window.start_game(GameConfig(game_id, players, ["human"] * players, seed=2, handover=False))
    rng = random.Random(2)
    for _ in range(PLIES):
        table = window.table
        if window.session.match.is_over() or not table.legal:
            break
        labels = _labels(window)
        assert len(labels) == len(set(labels))
        assert sum(len(moves) for moves in table._entries) == len(table.legal) + len(table.selection.pickers)
        table.play(rng.choice(table.legal))


def test_a_move_without_a_place_is_a_button(qtbot: Any, window: MainWindow) -> None:
    """Book of War's factions have no place on the board: each is a button, and pressing it
    plays that move."""
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], seed=3, handover=False))
    bar = window.table.action_bar
    labels = bar.labels()
    assert len(labels) == len(window.table.legal) == 5
    assert bar.isVisible()
    wanted = next(move for move in window.table.legal if window.session.describe(move, "en") == labels[2])
    before = window.session.ply()
    assert bar.press(labels[2])
    assert window.session.ply() == before + 1
    assert window.session.match.record.actions[-1] == wanted


def test_a_held_key_plays_one_move(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    moves = window.table.action_list
    window.table.list_toggle.setChecked(True)
    assert moves.isVisible()
    moves.setCurrentRow(3)
    qtbot.keyClick(moves, Qt.Key.Key_Return)
    assert window.session.ply() == 1
    for _ in range(5):  # the key stays down: the system repeats it
        held = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "\r", True)
        QApplication.sendEvent(moves, held)
    assert window.session.ply() == 1, "a held key made one move"


def test_selecting_a_piece_lights_every_target_at_once(qtbot: Any, window: MainWindow) -> None:
    """Reliquium: a unit chosen, each region it may march to is outlined at once, with a sign."""
    assert window.start_game(GameConfig("reliquium", 2, ["human", "human"], seed=1, handover=False))
    table = window.table
    rng = random.Random(1)
    for _ in range(40):
        sources = [a for a in table.legal if a.get("type") == "march"]
        if sources:
            break
        table.play(rng.choice(table.legal))
    parts = table.session.action_parts()["march"]
    source = sources[0][parts["source"]]
    targets = {repr(a[parts["target"]]) for a in sources if a[parts["source"]] == source}
    table.on_id_clicked(source)
    view = table.view
    lit = [item for item in view.scene().items() if MARK_Z - 10 <= item.zValue() < MARK_Z - 6]
    assert view.active_ids and {repr(i) for i in view.active_ids} == targets
    assert len(lit) >= len(targets), "every target is outlined without the mouse over it"


def test_a_piece_is_dragged_onto_its_target(qtbot: Any, window: MainWindow) -> None:
    """Reliquium: dragging a unit onto a region makes the move a click on each would make."""
    assert window.start_game(GameConfig("reliquium", 2, ["human", "human"], seed=1, handover=False))
    table = window.table
    rng = random.Random(1)
    for _ in range(40):
        parts = table.session.action_parts()
        pairs = [
            a
            for a in table.legal
            if a.get("type") in parts
            and "source" in parts[a["type"]]
            and "target" in parts[a["type"]]
            and parts[a["type"]]["source"] in a
            and parts[a["type"]]["target"] in a
        ]
        if pairs:
            break
        table.play(rng.choice(table.legal))
    move = pairs[0]
    roles = parts[move["type"]]
    view = table.view
    start, end = view.position_of(move[roles["source"]]), view.position_of(move[roles["target"]])
    assert start is not None and end is not None
    mates = [
        a for a in pairs if a[roles["source"]] == move[roles["source"]] and a[roles["target"]] == move[roles["target"]]
    ]
    before = window.session.ply()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), pos=(start + end) / 2)
    qtbot.mouseMove(view.viewport(), pos=end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    if len(mates) == 1:
        assert window.session.ply() == before + 1
        assert window.session.match.record.actions[-1] == move
    else:  # two moves share the piece and the place: a menu asks which
        assert table.menu is not None and len(table.menu.actions()) == len(mates)


def test_many_moves_that_differ_in_one_number_are_a_number_to_set(qtbot: Any, window: MainWindow) -> None:
    """Heroes' watchman splits the travel cards: forty ways are one number to set beside a
    button that reads the move, not forty buttons nor a list of forty; setting 12 and pressing
    the button makes that move."""
    assert window.start_game(GameConfig("heroes_cards", 2, ["human", "human"], seed=3, handover=False))
    bar = window.table.action_bar
    sizes = sorted(a["size"] for a in window.table.legal if a["type"] == "pile")
    assert len(sizes) > 20 and not bar.lists and len(bar.buttons) <= 8
    (spin, button, by_number) = bar.numbers[0]
    assert (spin.minimum(), spin.maximum()) == (sizes[0], sizes[-1]) and sorted(by_number) == sizes
    spin.setValue(12)
    button.click()
    assert window.session.match.record.actions[-1]["size"] == 12


def test_many_moves_of_one_kind_that_differ_in_more_are_one_list(qtbot: Any) -> None:
    from boardwright.client.action_bar import ActionBar

    bar = ActionBar()
    moves = [(f"Hire {n}", {"type": "hire", "card": f"c{n}", "hex": f"h{n}"}) for n in range(9)]
    bar.set_moves(moves, "en")
    (combo, _button) = bar.lists[0]
    assert combo.count() == 9 and not bar.numbers
    chosen: list[Any] = []
    bar.chosen.connect(chosen.append)
    assert bar.press("Hire 4") and chosen == [moves[4][1]]


def test_a_point_on_the_field_is_no_button(qtbot: Any, window: MainWindow) -> None:
    """Signum's hero is placed with a click on the lit edge of the field: the action bar lists
    no "Place the hero at 6.0, 2.0", coordinates a player never asked for."""
    assert window.start_game(GameConfig("signum", 2, ["human", "human"], seed=4, handover=False))
    table = window.table
    table.play(next(a for a in table.legal if a["type"] in ("go_first", "go_second")))
    assert any(a["type"] == "place_hero" for a in table.legal)
    offered = [move for _label, moves in table.action_bar.offered for move in moves]
    assert all(move.get("type") != "place_hero" for move in offered)
    assert all(table.points.places(a) for a in table.legal if a["type"] == "place_hero")


def test_which_supporter_dies_is_chosen_at_the_table(qtbot: Any, window: MainWindow) -> None:
    """Reliquium: a warrior lost in battle is either the one on a ranged token or the other:
    the other is a button that says so, the supporter a click on its token."""
    from tests.plugins.reliquium.conftest import Table
    from tests.plugins.reliquium.test_choices import supported_attack

    assert window.start_game(
        GameConfig("reliquium", 4, ["human"] * 4, {"factions": "initiative"}, seed=3, handover=False)
    )
    state = window.session.match.state
    state.clear()
    state.update(supported_attack(Table, "DDD").state)
    table = window.table
    table.refresh()
    assert not unreachable(table)
    assert table.action_bar.labels() == ["Lose 1 warrior, none of them supporting"]
    token = Table.border("wasteland", "boundless_expanse")
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=table.view.position_of(token))
    assert window.session.match.record.actions[-1] == {
        "type": "casualties",
        "units": [1, 0, 0],
        "supporting": [{"border": token, "units": [1, 0, 0]}],
    }
