"""What a person can reach at the table without the move list: a click or two on the board
(a piece, then its target; a menu when two moves share them) and the action bar's buttons."""

from __future__ import annotations

from typing import Any

from boardwright.client.selection import Selection, id_key
from boardwright.client.table import TablePage


def reachable(table: TablePage) -> list[dict[str, Any]]:
    """The legal moves of the seat at `table` that the board and the action bar offer."""
    assert table.session is not None
    parts = table.session.action_parts()
    drawn = list({id_key(i): i for i in [*table.view.drawn_ids(), *table.panels.card_ids]}.values())
    found: dict[str, dict[str, Any]] = {}

    def add(actions: list[dict[str, Any]]) -> None:
        found.update((repr(action), action) for action in actions)

    add([action for action in table.legal if table.points.places(action)])  # a click on the field
    for _label, moves in table.action_bar.offered:
        add([move for move in moves if isinstance(move, dict)])
    for first in drawn:
        outcome = Selection(table.legal, table.open, parts).click(first)
        if outcome.what in ("play", "menu"):
            add(outcome.actions)
        elif outcome.what == "select":
            chosen = Selection(table.legal, table.open, parts)
            chosen.click(first)
            add(chosen.selected_moves())  # the bar's buttons while the piece is selected (table._show_bar)
            for second in drawn:
                selection = Selection(table.legal, table.open, parts)
                selection.click(first)
                then = selection.click(second)
                if then.what in ("play", "menu"):
                    add(then.actions)
    return [action for action in table.legal if repr(action) in found]


def unreachable(table: TablePage) -> list[dict[str, Any]]:
    """The legal moves neither the board nor the action bar can make."""
    reached = {repr(action) for action in reachable(table)}
    return [action for action in table.legal if repr(action) not in reached]
