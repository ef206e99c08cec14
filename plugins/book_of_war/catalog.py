"""The game's data, loaded once from data/*.toml: board, units, creatures, factions, numbers,
looks and text."""

from __future__ import annotations

from boardwright.framework.data import GameData

from .board import Board

DATA = GameData(__package__)
_toml = DATA.toml


CONFIG = _toml("game.toml")
HEURISTIC: dict[str, float] = CONFIG["heuristic"]  # the bots' weights, read on each call so a tuned table counts
UNITS = _toml("units.toml")
FACTIONS = _toml("factions.toml")
CREATURES = _toml("creatures.toml")
DRAWING = _toml("drawing.toml")
BOARD = Board(_toml("board.toml"))


MESSAGES = DATA.messages("messages.toml", "actions.toml", "table_text.toml")  # events, actions, the board


def army_limit(vp: int) -> int:
    """Units a side may have on the board at `vp` (digest 8.1; 76+ gives the top band)."""
    limit = 0
    for threshold, value in CONFIG["army_limit"]:
        if vp >= threshold:
            limit = value
    return limit
