"""Setting a game up (digest §3): the mode and its board, the first player, the settings
taken from the options, the scenario or the data, and the state the rules play on.

State (plain data, whole-word keys):

- ``mode``, ``board`` (the board id), ``settings`` (castle durability, period limit,
  creatures per player, draft, roster, VP goal, 2v2 lead), ``first_player``;
- ``creatures`` (see creatures.py), ``creature_index`` (each creature's index by its data id,
  what actions name it by) and ``tableaus`` (each seat's creature indexes, left to right);
- per hex: ``occupant`` (a creature index, -1: none), ``board_markers`` (``[kind,
  owner_side, sequence]`` or None) and ``castle_sides`` (the side owning a castle there, -1);
- ``castle_owners`` (the seat owning, on Protorp controlling, each castle, -1: none);
- ``castle_damage`` per side (duel and Crossroads), ``victory_points`` per seat (Protorp);
- ``marker_sequence`` (markers put so far), ``lands_open`` and ``land`` (Protorp's land
  cards face up, and the land of the running stage);
- ``draft`` (see draft.py).

Turn, phase, period (the kernel's round) and who passed live in the kernel.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import Setup, kernel
from boardwright.framework.errors import OptionError

from .catalogue import BOARDS, CONFIG, MODE_BOARD, PROTORP, ROSTERS
from .draft import draft_turns

State = dict[str, Any]


def choose_mode(players: int, option: str, data: dict[str, Any]) -> str:
    mode = option or data.get("mode") or ("duel" if players == 2 else "protorp_ffa")
    if (mode == "crossroads_teams" and players != 4) or (
        mode in ("duel", "crossroads_duel", "protorp_duel") and players != 2
    ):
        raise OptionError(f"bestiary mode {mode} is not for {players} players")
    if mode == "protorp_ffa" and players == 2:
        return "protorp_duel"
    return str(mode)


def settings(mode: str, options: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """Each setting from the options, else the scenario, else the data files."""
    protorp = MODE_BOARD[mode] == "protorp"
    creatures = {
        "duel": CONFIG["duel_creatures"],
        "crossroads_duel": CONFIG["crossroads_duel_creatures"],
        "crossroads_teams": CONFIG["teams_creatures"],
    }.get(mode, PROTORP["start_creatures"])
    return {
        "durability": options["castle_durability"] or data.get("castle_durability") or CONFIG["castle_durability"],
        "max_periods": options["max_periods"] or data.get("max_periods") or CONFIG["max_periods"],
        "creatures": options["creatures"] or data.get("creatures") or creatures,
        "draft": options["draft"] or data.get("draft") or "middle",
        "roster": options["roster"] or data.get("roster") or ("full32" if protorp else "base24"),
        "vp_goal": data.get("vp_goal") or PROTORP["vp_goal"],
        "team_lead": options["team_lead"],
    }


def setup(state: State, given: Setup) -> None:
    options = given.options
    data = dict(given.scenario.data) if given.scenario else {}
    players = given.players
    mode = choose_mode(players, options["mode"], data)
    if mode != "crossroads_teams":
        kernel.set_teams(state, None)  # the spec's 2v2 layout is for the Crossroads only
    board = BOARDS[MODE_BOARD[mode]]
    chosen = settings(mode, options, data)
    if options["first_player"] == "random":
        first = kernel.rng_below(state, players)
    else:
        first = min(int(options["first_player"]) - 1, players - 1)
    excluded = [x.strip() for x in options["series_excluded"].split(",") if x.strip()]
    pool = [c for c in ROSTERS[chosen["roster"]] if c not in excluded]
    turns = draft_turns(mode, chosen, players, len(pool))
    needed = sum(1 for kind in turns if kind in ("ban", "pick", "place"))
    if needed > len(pool) or (chosen["draft"] == "beginner" and excluded):
        raise OptionError(f"the pool of {len(pool)} creatures is too small for this draft")
    hexes = len(board.keys)
    sides = len(kernel.sides(state))
    state.update(
        {
            "mode": mode,
            "board": board.id,
            "settings": chosen,
            "first_player": first,
            "creatures": [],
            "creature_index": {},
            "tableaus": [[] for _ in range(players)],
            "occupant": [-1] * hexes,
            "board_markers": [None] * hexes,
            "castle_sides": [-1] * hexes,
            "castle_owners": [-1] * len(board.castles),
            "castle_damage": [0] * sides,
            "victory_points": [0] * players,
            "marker_sequence": 0,
            "lands_open": [True] * len(board.lands),
            "land": "",
            "draft": {"pool": pool, "banned": [], "turns": turns, "bundles": [-1] * players},
        }
    )
    if board.id != "protorp":
        # the first side's castle starts damaged: the price of the initiative
        state["castle_damage"][kernel.side_of(state, first)] = CONFIG["first_player_damage"]
