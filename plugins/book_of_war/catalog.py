"""The game's data, loaded once from data/*.toml: board, units, creatures, factions, numbers, text."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from .board import Board

_DATA = resources.files(__package__) / "data"


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((_DATA / name).read_text(encoding="utf-8"))


CONFIG = _toml("game.toml")
UNITS = _toml("units.toml")
FACTIONS = _toml("factions.toml")
CREATURES = _toml("creatures.toml")
MESSAGES = _toml("messages.toml")
ACTION_WORDS = _toml("actions.toml")
BOARD = Board(_toml("board.toml"))


def army_limit(vp: int) -> int:
    """Units a side may have on the board at `vp` (digest 8.1; 76+ gives the top band)."""
    limit = 0
    for threshold, value in CONFIG["army_limit"]:
        if vp >= threshold:
            limit = value
    return limit
