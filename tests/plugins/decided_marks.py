"""What a finished game's board marks as having decided it (`"decided": true`,
client/README.md): every marked item of a board, found in its elements and its panels."""

from __future__ import annotations

from typing import Any

# where an element keeps its drawables (hex grids, grids, maps, fields)
DRAWABLES = ("cells", "pieces", "regions", "spots", "bases", "areas", "terrain", "marks")


def decided_items(board: dict[str, Any]) -> list[dict[str, Any]]:
    """The items of a board's elements and of its panels' tracks that carry `decided`."""
    return decided_on_the_board(board) + [mark for _title, mark in decided_in_panels(board)]


def decided_in_panels(board: dict[str, Any]) -> list[tuple[Any, dict[str, Any]]]:
    """(panel title, mark) of each decided mark on a panel track."""
    return [
        (panel.get("title"), mark)
        for panel in board.get("panels", [])
        for mark in (panel.get("track") or {}).get("marks", [])
        if mark.get("decided")
    ]


def decided_on_the_board(board: dict[str, Any]) -> list[dict[str, Any]]:
    """The decided items of the board's elements (not of its panels)."""
    return [
        item
        for element in board.get("elements", [])
        for key in DRAWABLES
        for item in element.get(key, [])
        if item.get("decided")
    ]
