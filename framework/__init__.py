"""The Boardwright kernel: turns, phases, zones, pieces, cards, dice, decisions,
hidden information, seeded randomness and replay. No Qt, no sockets."""

from typing import Any

from . import choices, decks, dice, flow, hexgrid, kernel, regions, tracks, turns, zones
from .bots import LEVELS, Bot, BotKind, Turn
from .engine import Engine
from .errors import (
    BoardwrightError,
    FileFormatError,
    GameFailed,
    GameOver,
    IllegalAction,
    NotYourTurn,
    OptionError,
    PluginError,
    ScenarioError,
    UnknownGame,
)
from .events import NULL_LOG, EventLog, NullLog, render
from .game import Game, Setup
from .hooks import hookimpl, hookspec
from .plugins import PluginHost
from .spec import GameSpec, Option, Scenario

__all__ = [
    "LEVELS",
    "NULL_LOG",
    "BoardwrightError",
    "Bot",
    "BotKind",
    "Engine",
    "EventLog",
    "FileFormatError",
    "Game",
    "GameFailed",
    "GameOver",
    "GameSpec",
    "IllegalAction",
    "NotYourTurn",
    "NullLog",
    "Option",
    "OptionError",
    "PluginError",
    "PluginHost",
    "Scenario",
    "ScenarioError",
    "Setup",
    "Turn",
    "UnknownGame",
    "choices",
    "conformance",
    "decks",
    "dice",
    "flow",
    "hexgrid",
    "hookimpl",
    "hookspec",
    "kernel",
    "regions",
    "render",
    "tracks",
    "turns",
    "zones",
]


def __getattr__(name: str) -> Any:
    """`framework.conformance` (the checks for a game's tests) is imported on first use: the
    client and the command line start without it."""
    if name == "conformance":
        import importlib

        return importlib.import_module(f"{__name__}.conformance")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
