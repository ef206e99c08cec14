"""A selected piece's own moves (an ability on itself, hold, the end of its activation) are
buttons on the action bar while it is selected; the piece every move is made with is selected
from the start; a second click lets a piece go and plays nothing."""

from __future__ import annotations

from typing import Any

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.framework import kernel


def test_an_activated_miniature_is_selected_and_its_end_is_a_button(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("signum", 2, ["human", "human"], seed=4, handover=False))
    match, table = window.session.match, window.table
    for _ in range(60):
        if any(a["type"] == "done" for a in match.legal_actions()):
            break
        legal = match.legal_actions()
        match.apply(next((a for a in legal if a["type"] == "activate"), legal[0]))
    table.refresh()
    done = next(a for a in table.legal if a["type"] == "done")
    assert table.selection.source == done["unit"], "the activated miniature is selected from the start"
    label = window.session.describe(done, "en")
    assert label in table.action_bar.labels(), table.action_bar.labels()
    before = window.session.ply()
    assert table.action_bar.press(label)
    assert window.session.ply() == before + 1 and match.record.actions[-1] == done


def test_a_second_click_on_a_selected_unit_lets_it_go(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], seed=3, handover=False))
    match, table = window.session.match, window.table
    for _ in range(80):
        if any(a["type"] == "level_up" for a in match.legal_actions()):
            break
        legal = match.legal_actions()
        match.apply(next((a for a in legal if a["type"] != "pass"), legal[0]))
    table.refresh()
    level = next(a for a in table.legal if a["type"] == "level_up")
    before = window.session.ply()
    table.on_id_clicked(level["unit"])
    assert table.selection.source == level["unit"]
    assert window.session.describe(level, "en") in table.action_bar.labels()
    table.on_id_clicked(level["unit"])
    assert table.selection.source is None and window.session.ply() == before, "nothing played"
    assert window.session.describe(level, "en") not in table.action_bar.labels()


def test_signum_builds_from_the_city_pool_s_buttons(qtbot: Any, window: MainWindow) -> None:
    """The building phase shows the City pool as buttons beside the board (never a list of
    moves): pressing a lit one builds it, and the new building is a button of the seat's City."""
    assert window.start_game(GameConfig("signum", 2, ["human", "human"], seed=5, handover=False))
    match, table = window.session.match, window.table
    for _ in range(80):
        if any(a["type"] == "build" for a in match.legal_actions()):
            break
        legal = match.legal_actions()
        match.apply(next((a for a in legal if a["type"] == "to_activation"), legal[-1]))
    table.refresh()
    build = next(a for a in table.legal if a["type"] == "build")
    assert build["building"] in table.panels.card_ids
    assert not any(move.get("type") == "build" for _label, moves in table.action_bar.offered for move in moves), (
        "no build move left for the bar"
    )
    seat = kernel.to_move(match.state)
    before = len(match.state["city"][seat])
    enabled = [button for button in table.panels.card_buttons if button.isEnabled()]
    assert len(enabled) == len(table.panels.card_ids)
    enabled[table.panels.card_ids.index(build["building"])].click()
    assert match.record.actions[-1] == build
    assert len(match.state["city"][seat]) == before + 1
    assert match.state["city"][seat][-1]["id"] in table.panels.card_ids, "the new building is a City button"


def test_the_hint_speaks_of_buttons_only_where_there_are_some(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    table = window.table
    assert not table.action_bar.offered
    assert table.actions_note.text() == "Click a piece, a card or a place on the board."
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], seed=3, handover=False))
    assert window.table.action_bar.offered and "buttons" in window.table.actions_note.text()
