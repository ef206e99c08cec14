"""The game's data, loaded once from data/*.toml: board, units, creatures, factions, numbers,
looks and text."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from .board import Board

_DATA = resources.files(__package__) / "data"


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((_DATA / name).read_text(encoding="utf-8"))


CONFIG = _toml("game.toml")
HEURISTIC: dict[str, float] = CONFIG["heuristic"]  # the bots' weights, read on each call so a tuned table counts
UNITS = _toml("units.toml")
FACTIONS = _toml("factions.toml")
CREATURES = _toml("creatures.toml")
DRAWING = _toml("drawing.toml")
BOARD = Board(_toml("board.toml"))


def _messages(*names: str) -> dict[str, dict[str, str]]:
    """Every text of the game by language: events, action labels, the board's texts."""
    merged: dict[str, dict[str, str]] = {"en": {}, "ru": {}}
    for file_name in names:
        for lang, texts in _toml(file_name).items():
            clash = set(texts) & set(merged[lang])
            if clash:
                raise ValueError(f"data/{file_name}: [{lang}] repeats the keys {sorted(clash)}")
            merged[lang].update(texts)
    return merged


MESSAGES = _messages("messages.toml", "actions.toml", "table_text.toml")


def army_limit(vp: int) -> int:
    """Units a side may have on the board at `vp` (digest 8.1; 76+ gives the top band)."""
    limit = 0
    for threshold, value in CONFIG["army_limit"]:
        if vp >= threshold:
            limit = value
    return limit
