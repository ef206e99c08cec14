"""What the data files hold: the numbers of the game, the creatures, the effects, the beginner
bundles and the boards, loaded once when the package is imported."""

from __future__ import annotations

from typing import Any

from boardwright.framework.data import GameData

from .boards import Board, load_flat_board, load_protorp_board

DATA = GameData(__package__)
_toml = DATA.toml


CONFIG = _toml("game.toml")
PROTORP = CONFIG["protorp"]
HEURISTIC: dict[str, float] = CONFIG["heuristic"]  # the bots' weights, read on each call so a tuned table counts
MESSAGES = _toml("messages.toml")
EFFECTS: dict[str, dict[str, Any]] = _toml("effects.toml")["effects"]
BUNDLES: list[list[str]] = _toml("bundles.toml")["bundles"]
CREATURES: dict[str, dict[str, Any]] = {c["id"]: c for c in _toml("creatures.toml")["creature"]}
for _creature, _data in CREATURES.items():  # the series' bans are ticked by creature name
    for _lang in ("en", "ru"):
        MESSAGES[_lang].setdefault(f"option_series_excluded_{_creature}", _data[f"name_{_lang}"])
ROSTERS = {
    "base24": [c for c, d in CREATURES.items() if d["set"] == "base"],
    "full32": list(CREATURES),
}
_BOARD_DATA = _toml("boards.toml")
BOARDS: dict[str, Board] = {
    "duel": load_flat_board("duel", _BOARD_DATA["duel"]),
    "crossroads": load_flat_board("crossroads", _BOARD_DATA["crossroads"]),
    "protorp": load_protorp_board(
        _BOARD_DATA["protorp"],
        DATA.text(_BOARD_DATA["protorp"]["file"]),
        PROTORP["radius"],
    ),
}
MODES = ("duel", "crossroads_duel", "crossroads_teams", "protorp_duel", "protorp_ffa")
MODE_BOARD = {
    "duel": "duel",
    "crossroads_duel": "crossroads",
    "crossroads_teams": "crossroads",
    "protorp_duel": "protorp",
    "protorp_ffa": "protorp",
}
DRAFTS = ("middle", "beginner", "advanced", "combined")
# effects that come in opposite pairs (for Guilty Verdict, which inverts one of them)
PAIRED = tuple(effect for effect, data in EFFECTS.items() if "opposite" in data)
POSITIVE = frozenset(e for e, d in EFFECTS.items() if d["polarity"] == "+" and not d.get("board"))
NEGATIVE = frozenset(e for e, d in EFFECTS.items() if d["polarity"] == "-" and not d.get("board"))
MELEE_AREAS = ("adjacent", "all_adjacent")


def creature_name(creature_id: str) -> dict[str, str]:
    """A creature's name in both languages, for the event log."""
    data = CREATURES[creature_id]
    return {"en": data["name_en"], "ru": data["name_ru"]}


def effect_name(effect: str) -> dict[str, str]:
    data = EFFECTS[effect]
    return {"en": data["name_en"], "ru": data["name_ru"]}
