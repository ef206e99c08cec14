"""Bestiary of Sigillum rules: the duel, the Crossroads (2 players or 2v2) and Protorp (2-4).

State (plain data):
- ``mode``: duel | crossroads_duel | crossroads_teams | protorp_duel | protorp_ffa.
- ``side_of``: the side of each seat (a team in 2v2, else the seat itself).
- ``cr``: every summoned creature, ``{"id", "seat", "side", "hex", "dmg", "mk", "atk", "cd"}``;
  ``hex`` is a board index or -1 (waiting on its card); ``mk`` holds effect markers
  ``[effect, owner_side, seq]``; ``atk`` is true while the attack chip is slid aside; ``cd``
  holds the two support chips' ``ready_at`` period (0: on the card).
- ``tab``: each seat's tableau (creature indexes, left to right).
- ``occ``: the creature index on each hex (-1: none); ``bm``: the board marker on each hex
  (``[kind, owner_side, seq]`` or None).
- ``cown``: the seat owning (Protorp: controlling) each castle, -1 for none.
- ``dmg``: castle damage per side (duel and Crossroads); ``vp``: victory points (Protorp).
- ``period``: the time disc's current period P (the kernel round).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, kernel
from boardwright.framework.errors import OptionError
from boardwright.framework.scenarios import package_scenarios

from . import board_view
from .boards import MASS_AREAS, Board, combos, load_flat_board, load_protorp_board

_DATA = resources.files(__package__) / "data"


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((_DATA / name).read_text(encoding="utf-8"))


CONFIG = _toml("game.toml")
MESSAGES = _toml("messages.toml")
EFFECTS = _toml("effects.toml")["effects"]
BUNDLES = _toml("bundles.toml")["bundles"]
CREATURES = {c["id"]: c for c in _toml("creatures.toml")["creature"]}
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
        (_DATA / _BOARD_DATA["protorp"]["file"]).read_text(encoding="utf-8"),
        CONFIG["protorp"]["radius"],
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
PAIRED = ("ATK_UP", "DEF_UP", "SIEGE_UP", "HASTE")
POSITIVE = frozenset(e for e, d in EFFECTS.items() if d["polarity"] == "+" and not d.get("board"))
NEGATIVE = frozenset(e for e, d in EFFECTS.items() if d["polarity"] == "-" and not d.get("board"))
MELEE_AREAS = ("adjacent", "all_adjacent")
SKIP = {"type": "skip"}
END = {"type": "end"}
PASS = {"type": "pass"}
HIRE_DONE = {"type": "hire_done"}

SCENARIO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "mode": {"enum": list(MODES)},
        "draft": {"enum": ["middle", "beginner", "advanced", "combined"]},
        "roster": {"enum": ["base24", "full32"]},
        "castle_durability": {"type": "integer", "minimum": 1},
        "max_periods": {"type": "integer", "minimum": 1},
        "creatures": {"type": "integer", "minimum": 1, "maximum": 8},
        "vp_goal": {"type": "integer", "minimum": 1},
    },
}


# creature ids in actions: "cr<index>", the same ids the board's tableau cards carry, so a
# click on a card picks that creature's actions
CID = [f"cr{i}" for i in range(64)]


_ACTION_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "ban": "Ban",
        "pick": "Pick",
        "place": "Place",
        "hire": "Hire",
        "move": "manoeuvre",
        "from": "from",
        "to": "to",
        "direction": "towards",
        "chips": "chips",
        "enters": "enters",
        "castle": "Castle",
        "castles": "Castles",
        "split": "I take castle",
        "land": "Land",
        "end": "End the turn",
        "pass": "Pass",
        "skip": "Skip",
        "hire_done": "Done hiring",
    },
    "ru": {
        "ban": "Запрет",
        "pick": "Выбор",
        "place": "Выставить",
        "hire": "Нанять",
        "move": "манёвр",
        "from": "из",
        "to": "на",
        "direction": "в сторону",
        "chips": "фишки",
        "enters": "входит в",
        "castle": "Замок",
        "castles": "Замки",
        "split": "Беру замок",
        "land": "Земля",
        "end": "Закончить ход",
        "pass": "Пас",
        "skip": "Пропустить",
        "hire_done": "Найм окончен",
    },
}


def _ci(action: dict[str, Any]) -> int:
    return int(action["c"][2:])


def count(c: dict[str, Any], effect: str) -> int:
    n = 0
    for m in c["mk"]:
        if m[0] == effect:
            n += 1
    return n


def defence(c: dict[str, Any]) -> int:
    return max(0, count(c, "DEF_UP") - count(c, "DEF_DOWN"))


def siege_value(c: dict[str, Any]) -> int:
    return max(0, 1 + count(c, "SIEGE_UP") - count(c, "SIEGE_DOWN"))


def atk_net(c: dict[str, Any]) -> int:
    return count(c, "ATK_UP") - count(c, "ATK_DOWN")


class Bestiary(Game):
    spec = GameSpec(
        id="bestiary",
        version="1.1.0",
        title_en="Bestiary of Sigillum",
        title_ru="Бестиарий Сигиллума",
        players=(2, 3, 4),
        teams={4: [[0, 2], [1, 3]]},
        options=(
            Option("mode", "", choices=("", *MODES), title_en="Mode (empty: from the scenario)", title_ru="Режим"),
            Option(
                "draft",
                "",
                choices=("", "middle", "beginner", "advanced", "combined"),
                title_en="Draft",
                title_ru="Призыв",
            ),
            Option("roster", "", choices=("", "base24", "full32"), title_en="Creature pool", title_ru="Набор существ"),
            Option(
                "first_player",
                "1",
                choices=("1", "2", "3", "4", "random"),
                title_en="First player",
                title_ru="Первый игрок",
            ),
            Option(
                "castle_durability",
                0,
                minimum=0,
                maximum=50,
                title_en="Castle durability (0: data)",
                title_ru="Прочность замка",
            ),
            Option(
                "max_periods",
                0,
                minimum=0,
                maximum=1000,
                title_en="Draw after periods (0: data)",
                title_ru="Ничья после периодов",
            ),
            Option(
                "creatures",
                0,
                minimum=0,
                maximum=8,
                title_en="Creatures per player (0: mode default)",
                title_ru="Существ на игрока",
            ),
            Option(
                "series_excluded",
                "",
                title_en="Cards banned earlier in the series (comma list)",
                title_ru="Изгнанные ранее в серии",
            ),
            Option(
                "series_first",
                "alternate",
                choices=("alternate", "loser"),
                title_en="Series: who starts the next game",
                title_ru="Серия: кто начинает следующую игру",
            ),
            Option(
                "team_lead",
                "alternate",
                choices=("alternate", "choose"),
                title_en="2v2: who starts the abilities",
                title_ru="2x2: кто начинает",
            ),
        ),
        summary_en="Legendary creatures duel on a hex board: towers and banishments wear down the enemy castle.",
        summary_ru="Легендарные существа сражаются на гексах: башни и изгнания разрушают вражеский замок.",
        default_scenario="",
    )
    messages = MESSAGES
    short_options: ClassVar[dict[str, Any]] = {"castle_durability": 5}  # half the castle track
    scenario_schema = SCENARIO_SCHEMA

    def __init__(self) -> None:
        self._scenarios = package_scenarios(self, __package__)

    def scenarios(self) -> list[Any]:
        return list(self._scenarios)

    # ------------------------------------------------------------------ setup

    def setup(self, state: dict[str, Any], setup: Setup) -> None:
        opts = setup.options
        data = dict(setup.scenario.data) if setup.scenario else {}
        players = setup.players
        mode = opts["mode"] or data.get("mode") or ("duel" if players == 2 else "protorp_ffa")
        if (mode == "crossroads_teams" and players != 4) or (
            mode in ("duel", "crossroads_duel", "protorp_duel") and players != 2
        ):
            raise OptionError(f"bestiary mode {mode} is not for {players} players")
        if mode == "protorp_ffa" and players == 2:
            mode = "protorp_duel"
        board = BOARDS[MODE_BOARD[mode]]
        protorp = board.id == "protorp"
        if mode != "crossroads_teams":
            state["k"]["teams"] = None
        side_of = [s % 2 for s in range(players)] if mode == "crossroads_teams" else list(range(players))
        nsides = 2 if mode == "crossroads_teams" else players
        first = (
            kernel.rng_below(state, players)
            if opts["first_player"] == "random"
            else min(int(opts["first_player"]) - 1, players - 1)
        )
        pcfg = CONFIG["protorp"]
        default_creatures = {
            "duel": CONFIG["duel_creatures"],
            "crossroads_duel": CONFIG["crossroads_duel_creatures"],
            "crossroads_teams": CONFIG["teams_creatures"],
        }.get(mode, pcfg["start_creatures"])
        cfg = {
            "durability": opts["castle_durability"] or data.get("castle_durability") or CONFIG["castle_durability"],
            "max_periods": opts["max_periods"] or data.get("max_periods") or CONFIG["max_periods"],
            "creatures": opts["creatures"] or data.get("creatures") or default_creatures,
            "draft": opts["draft"] or data.get("draft") or "middle",
            "roster": opts["roster"] or data.get("roster") or ("full32" if protorp else "base24"),
            "vp_goal": data.get("vp_goal") or pcfg["vp_goal"],
            "team_lead": opts["team_lead"],
        }
        excluded = [x.strip() for x in opts["series_excluded"].split(",") if x.strip()]
        pool = [c for c in ROSTERS[cfg["roster"]] if c not in excluded]
        steps = self._draft_steps(mode, cfg, first, players, len(pool))
        needed = sum(1 for kind, _ in steps if kind in ("ban", "pick", "place"))
        if needed > len(pool) or (cfg["draft"] == "beginner" and excluded):
            raise OptionError(f"the pool of {len(pool)} creatures is too small for this draft")
        n = len(board.keys)
        state.update(
            {
                "mode": mode,
                "board": board.id,
                "cfg": cfg,
                "side_of": side_of,
                "nsides": nsides,
                "first": first,
                "order": [(first + i) % players for i in range(players)],
                "turn_sides": [side_of[first], 1 - side_of[first]],
                "period": 0,
                "stage": "draft",
                "turn": 0,
                "actor": first,
                "passed": [False] * players,
                "cr": [],
                "tab": [[] for _ in range(players)],
                "occ": [-1] * n,
                "bm": [None] * n,
                "cown": [-1] * len(board.castles),
                "cside": [-1] * n,
                "dmg": [0] * nsides,
                "vp": [0] * players,
                "alive": [True] * players,
                "seq": 0,
                "lands": [True] * len(board.lands),
                "land": "",
                "stage_no": 0,
                "stage_seats": [],
                "draft": {
                    "pool": pool,
                    "banned": [],
                    "steps": steps,
                    "i": 0,
                    "bundles": [-1] * players,
                },
            }
        )
        if not protorp:
            state["dmg"][side_of[first]] = CONFIG["first_player_damage"]
        kernel.set_phase(state, "draft")
        kernel.set_active(state, state["draft"]["steps"][0][1])

    def _draft_steps(self, mode: str, cfg: dict[str, Any], first: int, players: int, pool: int) -> list[list[Any]]:
        order = [(first + i) % players for i in range(players)]
        n = cfg["creatures"]
        draft = cfg["draft"]
        bans = CONFIG["bans_per_player"]
        steps: list[list[Any]] = []
        if mode == "crossroads_teams":
            steps.append(["castles", first])
            steps.append(["split", (first + 1) % players])  # the second team shares out the other two
            steps += [["ban", s] for _ in range(CONFIG["teams_ban_rounds"]) for s in order]
            steps += [["pick", s] for _ in range(n) for s in order]
            return steps
        if mode.startswith("protorp"):
            steps += [["castle", s] for s in order]
            reserve = CONFIG["protorp"]["ban_reserve_per_player"] * players
            if draft in ("advanced", "combined"):
                for _ in range(bans):
                    if pool - players < reserve:
                        break
                    pool -= players
                    steps += [["ban", s] for s in order]
            steps += [["pick", s] for _ in range(n) for s in order]
            return steps
        steps.append(["castle" if mode == "duel" else "castles", first])
        if draft == "beginner" and n == 3:
            steps += [["bundle", s] for s in order]
            steps += [["place", s] for _ in range(n) for s in order]
        elif draft == "advanced":
            steps += [["ban", s] for _ in range(bans) for s in order]
            steps += [["pick", s] for _ in range(n) for s in order]
        elif draft == "combined":
            for _ in range(bans):
                steps += [["ban", s] for s in order] + [["pick", s] for s in order]
            steps += [["pick", s] for _ in range(n - bans) for s in order]
        else:
            steps += [["pick", s] for _ in range(n) for s in order]
        return steps

    # ------------------------------------------------------------------ helpers

    def _board(self, state: dict[str, Any]) -> Board:
        return BOARDS[state["board"]]

    def _protorp(self, state: dict[str, Any]) -> bool:
        return state["board"] == "protorp"

    def _new_creature(self, state: dict[str, Any], seat: int, cid: str) -> int:
        state["cr"].append(
            {
                "id": cid,
                "seat": seat,
                "side": state["side_of"][seat],
                "hex": -1,
                "dmg": 0,
                "mk": [],
                "atk": False,
                "cd": [0, 0],
            }
        )
        ci = len(state["cr"]) - 1
        state["tab"][seat].append(ci)
        return ci

    def _castle_side(self, state: dict[str, Any], h: int) -> int:
        """The side owning the castle on hex h (-1: not a castle, or Protorp)."""
        return state["cside"][h]

    def _set_castle_sides(self, state: dict[str, Any]) -> None:
        """Castle ownership per hex, fixed once the castles are chosen (Protorp: castle rules off)."""
        board = self._board(state)
        cside = [-1] * len(board.keys)
        if board.id != "protorp":
            for i, h in enumerate(board.castles):
                owner = state["cown"][i]
                cside[h] = state["side_of"][owner] if owner >= 0 else -1
        state["cside"] = cside

    def _in_own_castle(self, state: dict[str, Any], c: dict[str, Any]) -> bool:
        return c["hex"] >= 0 and self._castle_side(state, c["hex"]) == c["side"]

    def _enemy_castle(self, state: dict[str, Any], h: int, side: int) -> bool:
        owner = self._castle_side(state, h)
        return owner >= 0 and owner != side

    def _web(self, state: dict[str, Any], c: dict[str, Any]) -> int:
        """+1 on an allied web (HASTE), -1 on an enemy web (INACTION), 0 elsewhere."""
        m = state["bm"][c["hex"]] if c["hex"] >= 0 else None
        if m is None or m[0] != "WEB":
            return 0
        return 1 if m[1] == c["side"] else -1

    def inactive(self, state: dict[str, Any], c: dict[str, Any]) -> bool:
        return count(c, "INACTION") > 0 or self._web(state, c) < 0

    def haste_net(self, state: dict[str, Any], c: dict[str, Any]) -> int:
        return count(c, "HASTE") + max(0, self._web(state, c)) - count(c, "SLOW")

    def _passable(self, state: dict[str, Any], h: int, side: int) -> bool:
        """A hex a creature of `side` may end a move on: free, not the rift, not an enemy castle."""
        if state["occ"][h] >= 0 or BOARDS[state["board"]].void[h]:
            return False
        m = state["bm"][h]
        if m is not None and m[0] == "OBSTACLE":
            return False
        owner = state["cside"][h]
        return owner < 0 or owner == side

    def _free(self, state: dict[str, Any], h: int) -> bool:
        m = state["bm"][h]
        return state["occ"][h] < 0 and not BOARDS[state["board"]].void[h] and (m is None or m[0] != "OBSTACLE")

    def _mark(self, state: dict[str, Any], c: dict[str, Any], effect: str, side: int) -> None:
        state["seq"] += 1
        c["mk"].append([effect, side, state["seq"]])

    def _place(self, state: dict[str, Any], ci: int, h: int) -> None:
        """Move creature ci onto hex h (displacing an occupant back onto its card)."""
        c = state["cr"][ci]
        other = state["occ"][h]
        if other >= 0 and other != ci:
            state["cr"][other]["hex"] = -1
        if c["hex"] >= 0 and state["occ"][c["hex"]] == ci:
            state["occ"][c["hex"]] = -1
        c["hex"] = h
        state["occ"][h] = ci

    def _name(self, c: dict[str, Any]) -> dict[str, str]:
        d = CREATURES[c["id"]]
        return {"en": d["name_en"], "ru": d["name_ru"]}

    def _seat_sides(self, state: dict[str, Any], side: int) -> list[int]:
        return [s for s, x in enumerate(state["side_of"]) if x == side]

    def _own_castles(self, state: dict[str, Any], seat: int) -> list[int]:
        """Castle hexes where this seat's creatures enter."""
        board = self._board(state)
        return [board.castles[i] for i, o in enumerate(state["cown"]) if o == seat]

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        stage = state["stage"]
        if stage == "draft":
            return self._draft_actions(state)
        if stage == "hire":
            return self._hire_actions(state)
        if stage == "land":
            return [
                {"type": "land", "land": land} for i, land in enumerate(self._board(state).lands) if state["lands"][i]
            ]
        if stage == "lead":
            return [{"type": "lead", "seat": s} for s in self._team_order(state, state["turn_sides"][state["turn"]])]
        seat = state["actor"]
        out = self._use_actions(state, seat)
        out.append(PASS if state["mode"] != "duel" and state["mode"] != "crossroads_duel" else END)
        return out

    def _draft_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        d = state["draft"]
        kind, seat = d["steps"][d["i"]]
        board = self._board(state)
        if kind in ("ban", "pick"):
            return [{"type": kind, "cr": c} for c in d["pool"]]
        if kind == "castle":
            if self._protorp(state):
                return [
                    {"type": "castle", "castle": board.castle_ids[i]}
                    for i in board.start_castles
                    if state["cown"][i] < 0
                ]
            return [{"type": "castle", "castle": cid} for cid in board.castle_ids]
        if kind == "split":
            return [{"type": "split", "castle": board.castle_ids[i]} for i in range(4) if state["cown"][i] < 0]
        if kind == "castles":
            if state["mode"] == "crossroads_teams":
                ids = board.castle_ids
                return [{"type": "castles", "castles": [a, b]} for a in ids for b in ids if a != b]
            return [{"type": "castles", "castles": pair} for pair in combos(board.castle_ids, 2)]
        if kind == "bundle":
            taken = {c for b in d["bundles"] if b >= 0 for c in BUNDLES[b]}
            return [
                {"type": "bundle", "bundle": i + 1}
                for i, b in enumerate(BUNDLES)
                if not taken.intersection(b) and all(c in d["pool"] for c in b)
            ]
        # place: the next card of the seat's bundle
        placed = {state["cr"][ci]["id"] for ci in state["tab"][seat]}
        return [{"type": "place", "cr": c} for c in BUNDLES[d["bundles"][seat]] if c not in placed]

    def _hire_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        seat = state["actor"]
        board = self._board(state)
        free = [board.keys[h] for h in self._own_castles(state, seat) if state["occ"][h] < 0]
        out = []
        for c in state["draft"]["pool"]:
            if free:
                out += [{"type": "hire", "cr": c, "castle": k} for k in free]
            else:
                out.append({"type": "hire", "cr": c, "castle": ""})
        out.append(HIRE_DONE)
        return out

    def _actors(self, state: dict[str, Any], seat: int) -> list[int]:
        """This seat's creatures that may act now."""
        out = []
        protorp = self._protorp(state)
        board = self._board(state)
        for ci in state["tab"][seat]:
            c = state["cr"][ci]
            if c["hex"] < 0 or self.inactive(state, c):
                continue
            if protorp and board.land[c["hex"]] != state["land"]:
                continue
            out.append(ci)
        return out

    def _use_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for ci in self._actors(state, seat):
            c = state["cr"][ci]
            if not c["atk"]:
                out += self._attack_actions(state, ci)
                if self.haste_net(state, c) >= 0:
                    out += self._move_actions(state, ci)
            if count(c, "SILENCE") == 0:
                for s in (0, 1):
                    if c["cd"][s] == 0:
                        out += self._support_actions(state, ci, s)
        return out

    # --- attack

    def _attack_targets(self, state: dict[str, Any], ci: int, hexes: list[int]) -> list[int]:
        c = state["cr"][ci]
        spec = CREATURES[c["id"]]["attack"]
        board = self._board(state)
        out = []
        for h in hexes:
            ti = state["occ"][h]
            if ti < 0:
                continue
            t = state["cr"][ti]
            if t["side"] == c["side"] or self._in_own_castle(state, t):
                continue
            if spec.get("same_terrain") and (board.terrain[h] != board.terrain[c["hex"]] or board.terrain[h] == "none"):
                continue
            out.append(ti)
        return out

    def _attack_actions(self, state: dict[str, Any], ci: int) -> list[dict[str, Any]]:
        c = state["cr"][ci]
        spec = CREATURES[c["id"]]["attack"]
        board = self._board(state)
        area = spec["area"]
        if area not in MASS_AREAS:
            return [
                {"type": "attack", "c": CID[ci], "t": board.keys[state["cr"][ti]["hex"]]}
                for ti in self._attack_targets(state, ci, board.area(area, c["hex"]))
            ]
        if area == "line_all":
            out = []
            for d, ray in enumerate(board.area(area, c["hex"])):
                out += self._mass_choices(
                    state, {"type": "attack", "c": CID[ci], "dir": d}, self._attack_targets(state, ci, ray)
                )
            return out
        return self._mass_choices(
            state, {"type": "attack", "c": CID[ci]}, self._attack_targets(state, ci, board.area(area, c["hex"]))
        )

    def _mass_choices(self, state: dict[str, Any], base: dict[str, Any], targets: list[int]) -> list[dict[str, Any]]:
        if not targets:
            return []
        cap = CONFIG["protorp"]["mass_cap"]
        if not self._protorp(state) or len(targets) <= cap:
            return [base]
        board = self._board(state)
        keys = sorted(board.keys[state["cr"][t]["hex"]] for t in targets)
        return [dict(base, ts=combo) for combo in combos(keys, cap)]

    def _move_actions(self, state: dict[str, Any], ci: int) -> list[dict[str, Any]]:
        board = self._board(state)
        return [{"type": "move", "c": CID[ci], "to": board.keys[h]} for h in self._move_dests(state, ci)]

    def _move_dests(self, state: dict[str, Any], ci: int) -> list[int]:
        c = state["cr"][ci]
        board = self._board(state)
        h0 = c["hex"]
        if count(c, "SWIM") == 0:
            return [h for h in board.nbr[h0] if self._passable(state, h, c["side"])]
        out = []
        for ray in board.rays[h0]:
            for h in ray:
                if not board.in_range(h0, h) or not self._free(state, h):
                    break
                if not self._enemy_castle(state, h, c["side"]):
                    out.append(h)
                else:
                    break
        return out

    # --- supports

    def _enemy_support_ok(self, state: dict[str, Any], t: dict[str, Any]) -> bool:
        return not self._in_own_castle(state, t) and count(t, "RESIST") == 0

    def _filter(self, state: dict[str, Any], ci: int, target: str, hexes: list[int]) -> list[int]:
        """Hexes in `hexes` that hold a valid target for the filter (creatures or hexes)."""
        c = state["cr"][ci]
        occ = state["occ"]
        cr = state["cr"]
        out = []
        if target == "free_hex":
            return [h for h in hexes if self._passable(state, h, c["side"])]
        for h in hexes:
            ti = occ[h]
            if target == "marker_hex":
                if self._free(state, h) and state["bm"][h] is None and h not in self._board(state).castle_at:
                    out.append(h)
                continue
            if ti < 0:
                continue
            t = cr[ti]
            ally = t["side"] == c["side"]
            if target == "enemy":
                ok = not ally and self._enemy_support_ok(state, t)
            elif target == "ally":
                ok = ally
            elif target == "ally_melee":
                ok = ally and CREATURES[t["id"]]["attack"]["area"] in MELEE_AREAS
            else:  # creature
                ok = ally or self._enemy_support_ok(state, t)
            if ok:
                out.append(h)
        return out

    def _support_actions(self, state: dict[str, Any], ci: int, s: int) -> list[dict[str, Any]]:
        c = state["cr"][ci]
        spec = CREATURES[c["id"]]["support"][s]
        board = self._board(state)
        kind = spec["kind"]
        area = spec["area"]
        h0 = c["hex"]
        keys = board.keys
        base = {"type": "use", "c": CID[ci], "s": s}
        if kind == "reconstruct":
            if self._protorp(state) or state["dmg"][c["side"]] > 0:
                return [base]
            return []
        if area in MASS_AREAS:
            if area == "line_all":
                out = []
                for d, ray in enumerate(board.area(area, h0)):
                    hexes = self._filter(state, ci, spec["target"], ray)
                    out += self._mass_choices(state, dict(base, dir=d), [state["occ"][h] for h in hexes])
                return out
            hexes = self._filter(state, ci, spec["target"], board.area(area, h0))
            return self._mass_choices(state, base, [state["occ"][h] for h in hexes])
        targets = self._filter(state, ci, spec["target"], board.area(area, h0))
        if kind == "mark":
            return [dict(base, t=keys[h]) for h in targets]
        out = []
        cr = state["cr"]
        for h in targets:
            t = cr[state["occ"][h]] if state["occ"][h] >= 0 else None
            if kind == "heal":
                if t["dmg"] > 0:
                    out.append(dict(base, t=keys[h]))
            elif kind == "ritual":
                if t["dmg"] > 0:
                    for h2 in targets:
                        r = cr[state["occ"][h2]]
                        if h2 != h and r["dmg"] + 1 < CREATURES[r["id"]]["life"]:
                            out.append(dict(base, g=keys[h], t=keys[h2]))
            elif kind == "copy":
                if any(m[0] in POSITIVE for m in t["mk"]):
                    out.append(dict(base, t=keys[h]))
            elif kind == "invert":
                for eff in PAIRED:
                    if count(t, eff):
                        out.append(dict(base, t=keys[h], eff=eff))
            elif kind == "recharge":
                movable = self._movable_chips(state, c, t)
                for chips in (
                    ([movable[0]], [movable[1]], movable) if len(movable) == 2 else ([movable] if movable else [])
                ):
                    out.append(dict(base, t=keys[h], chips=chips))
            elif kind == "push":
                if self._push_dest(state, h0, h, spec.get("distance", 1)) is not None:
                    out.append(dict(base, t=keys[h]))
            elif kind == "pull":
                if self._pull_dest(state, h0, h, spec.get("distance", 0)) is not None:
                    out.append(dict(base, t=keys[h]))
            elif kind == "jump_self":
                d = board.direction(h0, h)
                if d is not None and not board.void[board.rays[h0][d][0]]:
                    out.append(dict(base, t=keys[h]))
            elif kind == "teleport_self":
                d = board.direction(h0, h)
                ray = board.rays[h0][d]
                if not any(board.void[x] for x in ray[: ray.index(h)]):
                    out.append(dict(base, t=keys[h]))
            elif kind == "jump_target":
                for ray in board.rays[h]:
                    if (
                        len(ray) > 1
                        and not board.void[ray[0]]
                        and board.in_range(h0, ray[1])
                        and self._passable(state, ray[1], t["side"])
                    ):
                        out.append(dict(base, t=keys[h], to=keys[ray[1]]))
            elif kind == "teleport_terrain":
                terrain = spec["terrain"]
                for h2 in range(len(keys)):
                    if (
                        h2 != h
                        and board.terrain[h2] == terrain
                        and board.in_range(h0, h2)
                        and self._passable(state, h2, t["side"])
                    ):
                        out.append(dict(base, t=keys[h], to=keys[h2]))
            elif kind == "swap":
                if h != h0:
                    out.append(dict(base, t=keys[h]))
            elif kind == "recall":
                for h2 in self._recall_dests(state, h0, t):
                    out.append(dict(base, t=keys[h], to=keys[h2]))
            elif kind == "steps":
                if self.haste_net(state, c) >= 0:
                    for h2 in self._step_dests(state, ci, spec.get("distance", 2)):
                        out.append(dict(base, to=keys[h2]))
            elif kind in ("obstacle", "web"):
                out.append(dict(base, t=keys[h]))
        return out

    def _movable_chips(self, state: dict[str, Any], c: dict[str, Any], t: dict[str, Any]) -> list[int]:
        p = state["period"]
        out = []
        for i, ready in enumerate(t["cd"]):
            if ready == 0:
                continue
            if t["side"] == c["side"]:
                if ready > p:
                    out.append(i)
            elif p < ready < p + CONFIG["cooldown_max"]:
                out.append(i)
        return out

    def _push_dest(self, state: dict[str, Any], h0: int, h: int, n: int) -> int | None:
        """Where a push from h0 moves the creature on h, or None when it can't move."""
        board = self._board(state)
        d = board.direction(h0, h)
        if d is None:
            return None
        t = state["cr"][state["occ"][h]]
        dest = None
        for x in board.rays[h][d][:n]:
            if self._passable(state, x, t["side"]):
                dest = x
                continue
            if self._own_castle_entry(state, x, t):
                dest = x
            break
        return dest

    def _own_castle_entry(self, state: dict[str, Any], h: int, t: dict[str, Any]) -> bool:
        """A support may put a creature into its own (occupied) castle, displacing the occupant."""
        if self._protorp(state) or self._castle_side(state, h) != t["side"]:
            return False
        m = state["bm"][h]
        return m is None or m[0] != "OBSTACLE"

    def _pull_dest(self, state: dict[str, Any], h0: int, h: int, n: int) -> int | None:
        board = self._board(state)
        d = board.direction(h, h0)
        if d is None:
            return None
        t = state["cr"][state["occ"][h]]
        steps = board.dist[h0][h] - 1
        if n:
            steps = min(steps, n)
        dest = None
        for x in board.rays[h][d][:steps]:
            if not self._passable(state, x, t["side"]):
                break
            dest = x
        return dest

    def _recall_dests(self, state: dict[str, Any], h0: int, t: dict[str, Any]) -> list[int]:
        board = self._board(state)
        castles = self._own_castles(state, t["seat"])
        if self._protorp(state):
            return [h for h in castles if state["occ"][h] < 0 and board.in_range(h0, h)]
        return [h for h in castles if h != t["hex"]]

    def _step_dests(self, state: dict[str, Any], ci: int, steps: int) -> list[int]:
        c = state["cr"][ci]
        board = self._board(state)
        seen = {c["hex"]}
        frontier = [c["hex"]]
        out = []
        for _ in range(steps):
            nxt = []
            for h in frontier:
                for x in board.nbr[h]:
                    if x not in seen and self._passable(state, x, c["side"]):
                        seen.add(x)
                        nxt.append(x)
                        out.append(x)
            frontier = nxt
        return sorted(out)

    # ------------------------------------------------------------------ apply

    def apply(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        kind = action["type"]
        if state["stage"] == "draft":
            self._apply_draft(state, action, log)
        elif kind == "hire" or kind == "hire_done":
            self._apply_hire(state, action, log)
        elif kind == "land":
            self._apply_land(state, action, log)
        elif kind == "lead":
            state["actor"] = action["seat"]
            state["stage"] = "play"
            kernel.set_active(state, action["seat"])
        elif kind == "end":
            self._end_turn(state, log)
        elif kind == "pass":
            self._pass(state, log)
        else:
            seat = state["actor"]
            if kind == "attack":
                self._do_attack(state, action, log)
                c = state["cr"][_ci(action)]
                if (
                    not kernel.is_over(state)
                    and self.haste_net(state, c) > 0
                    and c["hex"] >= 0
                    and not self.inactive(state, c)
                ):
                    moves = self._move_actions(state, _ci(action))
                    if moves:
                        kernel.ask(state, seat, "haste_move", [*moves, SKIP])
            elif kind == "move":
                self._do_move(state, action, log)
                c = state["cr"][_ci(action)]
                if self.haste_net(state, c) > 0 and not self.inactive(state, c):
                    attacks = self._attack_actions(state, _ci(action))
                    if attacks:
                        kernel.ask(state, seat, "haste_attack", [*attacks, SKIP])
            else:
                self._do_support(state, action, log)
            self._after_use(state, log)

    def resume_haste_move(
        self, state: dict[str, Any], decision: dict[str, Any], choice: dict[str, Any], log: Any
    ) -> None:
        if choice["type"] == "move":
            self._do_move(state, choice, log)
        self._after_use(state, log)

    def resume_haste_attack(
        self, state: dict[str, Any], decision: dict[str, Any], choice: dict[str, Any], log: Any
    ) -> None:
        if choice["type"] == "attack":
            self._do_attack(state, choice, log)
        self._after_use(state, log)

    def resume_enter(self, state: dict[str, Any], decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
        ci = _ci(choice)
        h = self._board(state).index[choice["castle"]]
        self._place(state, ci, h)
        log.emit("summon", seat=state["cr"][ci]["seat"], creature=self._name(state["cr"][ci]), hex=choice["castle"])
        self._after_use(state, log)

    def _after_use(self, state: dict[str, Any], log: Any) -> None:
        """After a whole use: summon into freed castles, then hand play to a teammate (2v2)."""
        if kernel.is_over(state) or state["k"]["pending"]:
            return
        self._fill_castles(state, log)
        if state["k"]["pending"] or state["stage"] != "play":
            return
        if state["mode"] == "crossroads_teams":
            mate = next(s for s in self._seat_sides(state, state["side_of"][state["actor"]]) if s != state["actor"])
            if not state["passed"][mate]:
                state["actor"] = mate
        kernel.set_active(state, state["actor"])

    def _fill_castles(self, state: dict[str, Any], log: Any) -> None:
        board = self._board(state)
        for seat in range(len(state["tab"])):
            if not state["alive"][seat]:
                continue
            waiting = [ci for ci in state["tab"][seat] if state["cr"][ci]["hex"] < 0]
            if not waiting:
                continue
            free = [h for h in self._own_castles(state, seat) if state["occ"][h] < 0]
            if not free:
                continue
            if len(free) > len(waiting):
                choices = [{"type": "enter", "c": CID[waiting[0]], "castle": board.keys[h]} for h in free]
                kernel.ask(state, seat, "enter", choices)
                return
            for ci, h in zip(waiting, free, strict=False):
                self._place(state, ci, h)
                log.emit("summon", seat=seat, creature=self._name(state["cr"][ci]), hex=board.keys[h])

    # --- draft

    def _apply_draft(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        d = state["draft"]
        _kind, seat = d["steps"][d["i"]]
        board = self._board(state)
        t = action["type"]
        if t == "ban":
            d["pool"].remove(action["cr"])
            d["banned"].append(action["cr"])
            log.emit("ban", seat=seat, creature=self._cname(action["cr"]))
        elif t == "pick":
            d["pool"].remove(action["cr"])
            self._new_creature(state, seat, action["cr"])
            log.emit("pick", seat=seat, creature=self._cname(action["cr"]))
        elif t == "bundle":
            d["bundles"][seat] = action["bundle"] - 1
            for c in BUNDLES[action["bundle"] - 1]:
                d["pool"].remove(c)
            log.emit("bundle", seat=seat, bundle=action["bundle"])
        elif t == "place":
            self._new_creature(state, seat, action["cr"])
            log.emit("pick", seat=seat, creature=self._cname(action["cr"]))
        elif t == "castle":
            i = board.castle_ids.index(action["castle"])
            state["cown"][i] = seat
            if state["mode"] == "duel":
                state["cown"][1 - i] = 1 - seat
            log.emit("castle", seat=seat, castle=board.castle_names[i])
        elif t == "castles":
            first, second = (board.castle_ids.index(x) for x in action["castles"])
            if state["mode"] == "crossroads_teams":
                # the first team: this seat's castle, then its team-mate's; the other team splits the rest
                state["cown"][first] = seat
                state["cown"][second] = (seat + 2) % 4
            else:
                for i in range(4):
                    state["cown"][i] = seat if i in (first, second) else 1 - seat
            for i in (first, second):
                log.emit("castle", seat=seat, castle=board.castle_names[i])
        elif t == "split":
            mine = board.castle_ids.index(action["castle"])
            other = next(i for i in range(4) if state["cown"][i] < 0 and i != mine)
            state["cown"][mine] = seat
            state["cown"][other] = (seat + 2) % 4
            log.emit("castle", seat=seat, castle=board.castle_names[mine])
            log.emit("castle", seat=(seat + 2) % 4, castle=board.castle_names[other])
        d["i"] += 1
        if d["i"] < len(d["steps"]):
            kernel.set_active(state, d["steps"][d["i"]][1])
            return
        state["stage"] = "play"
        kernel.set_phase(state, "abilities")
        self._set_castle_sides(state)
        self._fill_castles_setup(state, log)
        self._start_period(state, log, first=True)

    def _fill_castles_setup(self, state: dict[str, Any], log: Any) -> None:
        board = self._board(state)
        for seat in range(len(state["tab"])):
            for ci, h in zip(
                [c for c in state["tab"][seat] if state["cr"][c]["hex"] < 0],
                [h for h in self._own_castles(state, seat) if state["occ"][h] < 0],
                strict=False,
            ):
                self._place(state, ci, h)
                log.emit("summon", seat=seat, creature=self._name(state["cr"][ci]), hex=board.keys[h])

    def _cname(self, cid: str) -> dict[str, str]:
        d = CREATURES[cid]
        return {"en": d["name_en"], "ru": d["name_ru"]}

    # --- periods and turns

    def _start_period(self, state: dict[str, Any], log: Any, first: bool = False) -> None:
        if not first:
            if state["period"] >= state["cfg"]["max_periods"]:
                log.emit("max_periods", periods=state["period"])
                kernel.finish(state, winners=[], reason="period limit", scores=self.scores(state))
                return
            if not kernel.next_round(state, self):
                return
        state["period"] = kernel.round_number(state)
        log.emit("period", period=state["period"])
        if self._protorp(state):
            self._protorp_prepare(state, log)
            state["stage_no"] = 1
            self._start_stage(state, log)
            return
        state["turn"] = 0
        self._start_turn(state, log)

    def _start_turn(self, state: dict[str, Any], log: Any) -> None:
        side = state["turn_sides"][state["turn"]]
        self._prepare(state, side, log)
        kernel.set_phase(state, "abilities")
        state["stage"] = "play"
        seats = self._team_order(state, side)
        for s in seats:
            state["passed"][s] = False
        if len(seats) == 1:
            state["actor"] = seats[0]
        elif state["cfg"]["team_lead"] == "choose":
            state["stage"] = "lead"
            state["actor"] = seats[0]
        else:
            state["actor"] = seats[(state["period"] - 1) % 2]
        kernel.set_active(state, state["actor"])

    def _team_order(self, state: dict[str, Any], side: int) -> list[int]:
        """The side's seats in clockwise order from the first player (timekeeper, then B1...)."""
        return [s for s in state["order"] if state["side_of"][s] == side]

    def _prepare(self, state: dict[str, Any], side: int, log: Any) -> None:
        """Collect due chips, put back attack chips, remove this side's markers (§4.1)."""
        p = state["period"]
        for c in state["cr"]:
            if c["side"] == side:
                c["atk"] = False
                cd = c["cd"]
                if 0 < cd[0] <= p:
                    cd[0] = 0
                if 0 < cd[1] <= p:
                    cd[1] = 0
            if c["mk"]:
                c["mk"] = [m for m in c["mk"] if m[1] != side]
        bm = state["bm"]
        for h, m in enumerate(bm):
            if m is not None and m[1] == side:
                bm[h] = None

    def _protorp_prepare(self, state: dict[str, Any], log: Any) -> None:
        p = state["period"]
        for c in state["cr"]:
            c["atk"] = False
            c["mk"] = []
            for i in (0, 1):
                if 0 < c["cd"][i] <= p:
                    c["cd"][i] = 0
        state["bm"] = [None] * len(state["bm"])
        state["lands"] = [True] * len(state["lands"])

    def _end_turn(self, state: dict[str, Any], log: Any) -> None:
        side = state["side_of"][state["actor"]]
        self._siege(state, side, log)
        if kernel.is_over(state):
            return
        state["turn"] += 1
        if state["turn"] >= 2:
            self._start_period(state, log)
        else:
            self._start_turn(state, log)

    def _pass(self, state: dict[str, Any], log: Any) -> None:
        seat = state["actor"]
        state["passed"][seat] = True
        log.emit("pass", seat=seat)
        if self._protorp(state):
            seats = state["stage_seats"]
            i = seats.index(seat)
            if i + 1 < len(seats):
                state["actor"] = seats[i + 1]
                kernel.set_active(state, state["actor"])
                return
            self._end_stage(state, log)
            return
        mate = next(s for s in self._seat_sides(state, state["side_of"][seat]) if s != seat)
        if not state["passed"][mate]:
            state["actor"] = mate
            kernel.set_active(state, mate)
            return
        self._end_turn(state, log)

    # --- siege

    def tower_sums(self, state: dict[str, Any], area: list[int]) -> list[int]:
        sums = [0] * state["nsides"]
        for h in area:
            ci = state["occ"][h]
            if ci >= 0:
                c = state["cr"][ci]
                sums[c["side"]] += siege_value(c)
        return sums

    def captured_towers(self, state: dict[str, Any], side: int) -> list[str]:
        out = []
        for tower in self._board(state).towers:
            sums = self.tower_sums(state, tower["area"])
            if all(sums[side] > v for s, v in enumerate(sums) if s != side):
                out.append(tower["id"])
        return out

    def _siege(self, state: dict[str, Any], side: int, log: Any) -> None:
        for tower in self.captured_towers(state, side):
            enemy = 1 - side
            log.emit("tower_fires", seat=self._seat_sides(state, side)[0], tower=tower)
            self._castle_damage(state, enemy, 1, log)
            if kernel.is_over(state):
                return

    def _castle_damage(self, state: dict[str, Any], side: int, amount: int, log: Any) -> None:
        state["dmg"][side] += amount
        log.emit(
            "castle_damage",
            seat=self._seat_sides(state, side)[0],
            damage=state["dmg"][side],
            durability=state["cfg"]["durability"],
        )
        if state["dmg"][side] >= state["cfg"]["durability"]:
            winners = [s for s in range(len(state["side_of"])) if state["side_of"][s] != side]
            log.emit("castle_falls", seat=self._seat_sides(state, side)[0])
            kernel.finish(state, winners=winners, reason="castle destroyed", scores=self.scores(state))

    # --- attack and damage

    def strength(self, state: dict[str, Any], ci: int, ti: int) -> int:
        c = state["cr"][ci]
        t = state["cr"][ti]
        spec = CREATURES[c["id"]]["attack"]
        kind = spec["strength"]
        base = spec.get("base", 0)
        board = self._board(state)
        if kind == "fixed":
            s = base
        elif kind == "target_slowed":
            s = base + (spec["bonus"] if self.haste_net(state, t) < 0 else 0)
        elif kind == "target_inaction":
            s = base + (spec["bonus"] if self.inactive(state, t) else 0)
        elif kind == "self_terrain":
            s = base + (spec["bonus"] if board.terrain[c["hex"]] == spec["terrain"] else 0)
        elif kind == "self_defence":
            s = base + defence(c)
        elif kind == "free_adjacent":
            s = min(spec["cap"], sum(1 for h in board.nbr[t["hex"]] if self._free(state, h)))
        elif kind == "occupied_adjacent":
            s = min(spec["cap"], sum(1 for h in board.nbr[t["hex"]] if not self._free(state, h)))
        elif kind == "towers":
            if self._protorp(state):
                s = min(spec["cap"], sum(1 for o in state["cown"] if o == c["seat"]))
            else:
                s = len(self.captured_towers(state, c["side"]))
        elif kind == "negative_markers":
            s = sum(1 for m in t["mk"] if m[0] in NEGATIVE)
        elif kind == "self_damage":
            s = base + min(spec["cap"], c["dmg"])
        else:
            raise ValueError(kind)
        return s + atk_net(c)

    def _targets_of(
        self, state: dict[str, Any], ci: int, action: dict[str, Any], hexes: list[int], filt: Any
    ) -> list[int]:
        board = self._board(state)
        if "ts" in action:
            return [state["occ"][board.index[k]] for k in action["ts"]]
        if "t" in action:
            return [state["occ"][board.index[action["t"]]]]
        return filt(hexes)

    def _do_attack(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        ci = _ci(action)
        c = state["cr"][ci]
        board = self._board(state)
        area = CREATURES[c["id"]]["attack"]["area"]
        hexes = board.area(area, c["hex"])
        if "dir" in action:
            hexes = hexes[action["dir"]]
        targets = self._targets_of(state, ci, action, hexes, lambda hs: self._attack_targets(state, ci, hs))
        c["atk"] = True
        attack = CREATURES[c["id"]]["attack"]
        total = 0
        hits = []
        protorp = self._protorp(state)
        for ti in targets:
            t = state["cr"][ti]
            s = self.strength(state, ci, ti)
            d = defence(t)
            dealt = max(0, s - d)
            life_left = CREATURES[t["id"]]["life"] - t["dmg"]
            t["dmg"] += dealt
            total += dealt
            hits.append((ti, min(dealt, life_left)))
            log.emit(
                "attack",
                seat=c["seat"],
                creature=self._name(c),
                ability={"en": attack["name_en"], "ru": attack["name_ru"]},
                target=self._name(t),
                strength=s,
                defence=d,
                damage=dealt,
            )
        if total > 0 and count(c, "VAMP") and c["dmg"] > 0:
            c["dmg"] -= 1
            log.emit("vampirism", creature=self._name(c))
        banished = [ti for ti, _ in hits if state["cr"][ti]["dmg"] >= CREATURES[state["cr"][ti]["id"]]["life"]]
        if protorp:
            ffa = state["mode"] == "protorp_ffa"
            pc = CONFIG["protorp"]
            for ti, wounds in hits:
                vp = 0
                if ffa:
                    vp = wounds * pc["vp_per_wound_ffa"] + (pc["vp_banish_bonus_ffa"] if ti in banished else 0)
                elif ti in banished:
                    vp = pc["vp_banish_duel"]
                if vp:
                    state["vp"][c["seat"]] += vp
                    log.emit("vp", seat=c["seat"], vp=vp, total=state["vp"][c["seat"]])
        banished.sort(key=lambda ti: (state["cr"][ti]["seat"], state["tab"][state["cr"][ti]["seat"]].index(ti)))
        for ti in banished:
            self._banish(state, ti, log)
            if kernel.is_over(state):
                return

    def _banish(self, state: dict[str, Any], ti: int, log: Any) -> None:
        t = state["cr"][ti]
        t["dmg"] = 0
        t["mk"] = []
        state["occ"][t["hex"]] = -1
        t["hex"] = -1
        log.emit("banished", seat=t["seat"], creature=self._name(t))
        if not self._protorp(state):
            self._castle_damage(state, t["side"], 1, log)

    def _do_move(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        c = state["cr"][_ci(action)]
        c["atk"] = True
        h = self._board(state).index[action["to"]]
        self._place(state, _ci(action), h)
        log.emit("move", seat=c["seat"], creature=self._name(c), hex=action["to"])

    # --- supports

    def final_cooldown(self, state: dict[str, Any], ci: int, spec: dict[str, Any], x: int = 0) -> int:
        c = state["cr"][ci]
        x_kind = spec.get("cd_x")
        if x_kind == "one_plus_replaced":
            value = 1 + x
        elif x_kind == "plain_two":
            value = 2 if self._board(state).terrain[c["hex"]] == "plain" else spec["cooldown"]
        elif x_kind == "five_minus_target_pool":
            value = 5 - x
        else:
            value = spec["cooldown"]
        return max(CONFIG["cooldown_min"], min(CONFIG["cooldown_max"], value + count(c, "POISON")))

    def _do_support(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        ci = _ci(action)
        c = state["cr"][ci]
        s = action["s"]
        spec = CREATURES[c["id"]]["support"][s]
        board = self._board(state)
        kind = spec["kind"]
        side = c["side"]
        idx = board.index
        x = 0
        log.emit("use", seat=c["seat"], creature=self._name(c), ability={"en": spec["name_en"], "ru": spec["name_ru"]})
        if kind == "mark":
            hexes = board.area(spec["area"], c["hex"])
            if "dir" in action:
                hexes = hexes[action["dir"]]
            targets = self._targets_of(
                state,
                ci,
                action,
                hexes,
                lambda hs: [state["occ"][h] for h in self._filter(state, ci, spec["target"], hs)],
            )
            double = spec.get("double_on")
            for ti in targets:
                t = state["cr"][ti]
                times = 2 if double and board.terrain[t["hex"]] == double else 1
                for _ in range(times):
                    for eff in spec["effects"]:
                        self._mark(state, t, eff, side)
                        log.emit("effect", creature=self._name(t), effect=self._ename(eff))
        elif kind == "heal":
            t = state["cr"][state["occ"][idx[action["t"]]]]
            t["dmg"] -= 1
            log.emit("healed", creature=self._name(t), damage=t["dmg"])
        elif kind == "ritual":
            g = state["cr"][state["occ"][idx[action["g"]]]]
            t = state["cr"][state["occ"][idx[action["t"]]]]
            g["dmg"] -= 1
            t["dmg"] += 1
            log.emit("ritual", giver=self._name(g), receiver=self._name(t))
        elif kind == "reconstruct":
            if self._protorp(state):
                state["vp"][c["seat"]] += CONFIG["protorp"]["vp_reconstruct"]
                log.emit("vp", seat=c["seat"], vp=CONFIG["protorp"]["vp_reconstruct"], total=state["vp"][c["seat"]])
            else:
                state["dmg"][side] -= 1
                log.emit("reconstruct", seat=c["seat"], damage=state["dmg"][side])
        elif kind == "copy":
            t = state["cr"][state["occ"][idx[action["t"]]]]
            latest = max((m for m in t["mk"] if m[0] in POSITIVE), key=lambda m: m[2])
            self._mark(state, c, latest[0], side)
            log.emit("effect", creature=self._name(c), effect=self._ename(latest[0]))
        elif kind == "invert":
            t = state["cr"][state["occ"][idx[action["t"]]]]
            eff = action["eff"]
            opposite = EFFECTS[eff]["opposite"]
            kept = [m for m in t["mk"] if m[0] != eff]
            x = len(t["mk"]) - len(kept)
            t["mk"] = kept
            for _ in range(x):
                self._mark(state, t, opposite, side)
            log.emit(
                "inverted", creature=self._name(t), effect=self._ename(eff), opposite=self._ename(opposite), count=x
            )
        elif kind == "recharge":
            t = state["cr"][state["occ"][idx[action["t"]]]]
            p = state["period"]
            for i in action["chips"]:
                if t["side"] == side:
                    t["cd"][i] -= 1
                    if t["cd"][i] <= p:
                        t["cd"][i] = 0
                else:
                    t["cd"][i] += 1
            log.emit("recharge", creature=self._name(t))
        elif kind in ("push", "pull"):
            h = idx[action["t"]]
            ti = state["occ"][h]
            t = state["cr"][ti]
            if kind == "push":
                dest = self._push_dest(state, c["hex"], h, spec.get("distance", 1))
            else:
                dest = self._pull_dest(state, c["hex"], h, spec.get("distance", 0))
            self._moved(state, ti, dest, log)
            if spec.get("follow"):
                self._moved(state, ci, h, log)
            for eff in spec["effects"]:
                self._mark(state, t, eff, side)
                log.emit("effect", creature=self._name(t), effect=self._ename(eff))
        elif kind in ("jump_self", "teleport_self"):
            self._moved(state, ci, idx[action["t"]], log)
        elif kind == "steps":
            self._moved(state, ci, idx[action["to"]], log)
        elif kind in ("jump_target", "teleport_terrain", "recall"):
            self._moved(state, state["occ"][idx[action["t"]]], idx[action["to"]], log)
        elif kind == "swap":
            h = idx[action["t"]]
            ti = state["occ"][h]
            h0 = c["hex"]
            c["hex"], state["cr"][ti]["hex"] = h, h0
            state["occ"][h], state["occ"][h0] = ci, ti
            log.emit("swap", creature=self._name(c), target=self._name(state["cr"][ti]))
        elif kind in ("obstacle", "web"):
            h = idx[action["t"]]
            state["seq"] += 1
            state["bm"][h] = [kind.upper(), side, state["seq"]]
            log.emit("board_marker", marker=self._ename(kind.upper()), hex=action["t"])
        if spec.get("cd_x") == "five_minus_target_pool":
            t = state["cr"][state["occ"][idx[action["t"]]]]
            x = sum(1 for v in t["cd"] if v)
        cd = self.final_cooldown(state, ci, spec, x)
        c["cd"][s] = state["period"] + cd
        log.emit("cooldown", creature=self._name(c), cooldown=cd)

    def _moved(self, state: dict[str, Any], ti: int, dest: int, log: Any) -> None:
        self._place(state, ti, dest)
        t = state["cr"][ti]
        log.emit("move", seat=t["seat"], creature=self._name(t), hex=self._board(state).keys[dest])

    def _ename(self, eff: str) -> dict[str, str]:
        d = EFFECTS[eff]
        return {"en": d["name_en"], "ru": d["name_ru"]}

    # ------------------------------------------------------------------ Protorp stages

    def _alive_order(self, state: dict[str, Any]) -> list[int]:
        return [s for s in state["order"] if state["alive"][s]]

    def _start_stage(self, state: dict[str, Any], log: Any) -> None:
        order = self._alive_order(state)
        chooser = order[(state["stage_no"] - 1) % len(order)]
        state["stage"] = "land"
        state["actor"] = chooser
        kernel.set_phase(state, "land")
        kernel.set_active(state, chooser)

    def _apply_land(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        board = self._board(state)
        state["land"] = action["land"]
        order = self._alive_order(state)
        i = order.index(state["actor"])
        state["stage_seats"] = order[i:] + order[:i]
        for s in order:
            state["passed"][s] = False
        log.emit("land", seat=state["actor"], land=action["land"], stage=state["stage_no"])
        state["lands"][board.lands.index(action["land"])] = False
        state["stage"] = "play"
        kernel.set_phase(state, "abilities")

    def _end_stage(self, state: dict[str, Any], log: Any) -> None:
        state["land"] = ""
        state["stage_no"] += 1
        if state["stage_no"] <= len(state["lands"]):
            self._start_stage(state, log)
            return
        self._capture(state, log)
        if kernel.is_over(state):
            return
        self._fill_castles(state, log)  # newly controlled free castles take waiting creatures
        self._start_hiring(state, log)

    def control_sums(self, state: dict[str, Any], castle: int) -> list[int]:
        sums = [0] * len(state["side_of"])
        for h in self._board(state).control[castle]:
            ci = state["occ"][h]
            if ci >= 0:
                c = state["cr"][ci]
                sums[c["seat"]] += siege_value(c)
        return sums

    def _capture(self, state: dict[str, Any], log: Any) -> None:
        board = self._board(state)
        pc = CONFIG["protorp"]
        for i in range(len(board.castles)):
            sums = self.control_sums(state, i)
            best = max(sums)
            leaders = [s for s, v in enumerate(sums) if v == best]
            if best > 0 and len(leaders) == 1 and state["cown"][i] != leaders[0]:
                state["cown"][i] = leaders[0]
                log.emit("control", seat=leaders[0], castle=board.castle_ids[i])
        for seat in self._alive_order(state):
            held = sum(1 for o in state["cown"] if o == seat)
            if held:
                state["vp"][seat] += held * pc["vp_per_castle"]
                log.emit("vp", seat=seat, vp=held * pc["vp_per_castle"], total=state["vp"][seat])
        for seat in self._alive_order(state):
            if not any(o == seat for o in state["cown"]):
                state["alive"][seat] = False
                log.emit("eliminated", seat=seat)
                for ci in state["tab"][seat]:
                    c = state["cr"][ci]
                    if c["hex"] >= 0:
                        state["occ"][c["hex"]] = -1
                        c["hex"] = -1
        alive = self._alive_order(state)
        if len(alive) <= 1:
            kernel.finish(state, winners=alive, reason="last castle holder", scores=self.scores(state))
            return
        goal = state["cfg"]["vp_goal"]
        if any(state["vp"][s] >= goal for s in alive):
            best = max(state["vp"][s] for s in alive)
            winners = [s for s in alive if state["vp"][s] == best]
            log.emit("vp_goal", seats=winners)
            kernel.finish(
                state, winners=winners if len(winners) == 1 else [], reason="victory points", scores=self.scores(state)
            )

    def army_limit(self, vp: int) -> int:
        limit = 0
        for threshold, n in CONFIG["protorp"]["army_limit"]:
            if vp >= threshold:
                limit = n
        return limit

    def _can_hire(self, state: dict[str, Any], seat: int) -> bool:
        return (
            state["alive"][seat]
            and bool(state["draft"]["pool"])
            and len(state["tab"][seat]) < self.army_limit(state["vp"][seat])
        )

    def _start_hiring(self, state: dict[str, Any], log: Any) -> None:
        order = self._alive_order(state)
        state["hirers"] = [s for s in order if self._can_hire(state, s)]
        kernel.set_phase(state, "hiring")
        self._next_hirer(state, log, None)

    def _next_hirer(self, state: dict[str, Any], log: Any, current: int | None) -> None:
        hirers = [s for s in state["hirers"] if self._can_hire(state, s)]
        state["hirers"] = hirers
        if not hirers:
            state["stage"] = "play"
            self._start_period(state, log)
            return
        order = self._alive_order(state)
        if current is None:
            nxt = hirers[0]
        else:
            i = order.index(current)
            nxt = next(
                order[(i + k) % len(order)] for k in range(1, len(order) + 1) if order[(i + k) % len(order)] in hirers
            )
        state["stage"] = "hire"
        state["actor"] = nxt
        kernel.set_active(state, nxt)

    def _apply_hire(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        seat = state["actor"]
        if action["type"] == "hire_done":
            state["hirers"].remove(seat)
            log.emit("hire_done", seat=seat)
        else:
            state["draft"]["pool"].remove(action["cr"])
            ci = self._new_creature(state, seat, action["cr"])
            log.emit("hire", seat=seat, creature=self._cname(action["cr"]))
            if action["castle"]:
                self._place(state, ci, self._board(state).index[action["castle"]])
                log.emit("summon", seat=seat, creature=self._cname(action["cr"]), hex=action["castle"])
        self._next_hirer(state, log, seat)

    # ------------------------------------------------------------------ series of games

    def series_excluded_after(self, state: dict[str, Any], excluded: list[str]) -> list[str]:
        """Cards out of the pool for the next game of a series: earlier exclusions plus this game's bans."""
        return [*excluded, *state["draft"]["banned"]]

    def series_next_first(self, state: dict[str, Any], rule: str = "alternate") -> int:
        """The first player of the next game of a series: the next seat, or (rule "loser") the next seat that lost."""
        outcome = kernel.outcome(state) or {}
        winners = outcome.get("winners") or []
        players = len(state["side_of"])
        after = [(state["first"] + step) % players for step in range(1, players + 1)]
        if rule == "loser" and winners:
            return next(seat for seat in after if seat not in winners)
        return after[0]

    def series_continues(self, roster: str, excluded: list[str]) -> bool:
        """A series ends when fewer cards remain than 6 bans and 6 picks need (§3.2)."""
        return len([c for c in ROSTERS[roster] if c not in excluded]) >= CONFIG["series_min_pool"]

    def next_in_series(self, state: dict[str, Any], options: dict[str, Any]) -> dict[str, Any] | None:
        """This game's bans stay out of the pool, the first player moves on; over when the pool is too small."""
        excluded = [x.strip() for x in str(options["series_excluded"]).split(",") if x.strip()]
        excluded = self.series_excluded_after(state, excluded)
        if not self.series_continues(state["cfg"]["roster"], excluded):
            return None
        first = self.series_next_first(state, str(options["series_first"]))
        return {**options, "series_excluded": ",".join(excluded), "first_player": str(first + 1)}

    # ------------------------------------------------------------------ results, bots, views

    def scores(self, state: dict[str, Any]) -> list[float]:
        if self._protorp(state):
            return [float(v) for v in state["vp"]]
        d = state["cfg"]["durability"]
        return [float(d - state["dmg"][state["side_of"][s]]) for s in range(len(state["side_of"]))]

    def faction(self, state: dict[str, Any], seat: int) -> str | None:
        if state["mode"] == "crossroads_teams":
            return "team_a" if state["side_of"][seat] == 0 else "team_b"
        return None

    def heuristic(self, state: dict[str, Any], seat: int) -> float:
        side = state["side_of"][seat]
        if self._protorp(state):
            goal = state["cfg"]["vp_goal"]
            others = [v for s, v in enumerate(state["vp"]) if s != seat and state["alive"][s]] or [0]
            held = sum(1 for o in state["cown"] if o == seat) - max(
                sum(1 for o in state["cown"] if o == s) for s in range(len(state["vp"])) if s != seat
            )
            value = (state["vp"][seat] - max(others)) / goal + 0.05 * held
            return max(-1.0, min(1.0, value))
        d = state["cfg"]["durability"]
        castle = (state["dmg"][1 - side] - state["dmg"][side]) / d
        towers = len(self.captured_towers(state, side)) - len(self.captured_towers(state, 1 - side))
        life = [0, 0]
        for c in state["cr"]:
            if c["hex"] >= 0:
                life[c["side"]] += CREATURES[c["id"]]["life"] - c["dmg"]
        life_term = (life[side] - life[1 - side]) / max(1, life[0] + life[1])
        value = 0.7 * castle + 0.15 * towers / max(1, len(self._board(state).towers)) + 0.15 * life_term
        return max(-1.0, min(1.0, value))

    def seat_name(self, state: dict[str, Any], seat: int, lang: str = "en") -> str:
        if state.get("mode") == "crossroads_teams":
            team = "AB"[state["side_of"][seat]] if lang == "en" else "АБ"[state["side_of"][seat]]
            return f"{team}{seat // 2 + 1}"
        return f"Player {seat + 1}" if lang == "en" else f"Игрок {seat + 1}"

    def explain_illegal(self, state: dict[str, Any], action: dict[str, Any]) -> str | None:
        """Why an ability use is refused, in words a player can act on."""
        if action.get("type") not in ("attack", "move", "use") or not isinstance(action.get("c"), str):
            return None
        try:
            c = state["cr"][_ci(action)]
        except (ValueError, IndexError):
            return f"no creature {action['c']!r}"
        if c["seat"] != state["actor"]:
            return "not your creature"
        if c["hex"] < 0:
            return "the creature is waiting on its card"
        if self.inactive(state, c):
            return "INACTION"
        if self._protorp(state) and self._board(state).land[c["hex"]] != state["land"]:
            return "the creature is not in the active land"
        if action["type"] in ("attack", "move") and c["atk"]:
            return "the attack ability was already used"
        if action["type"] == "move" and self.haste_net(state, c) < 0:
            return "net SLOW: no manoeuvre"
        if action["type"] == "use":
            s = action.get("s")
            if s not in (0, 1):
                return "no such ability"
            if count(c, "SILENCE"):
                return "SILENCE"
            if c["cd"][s]:
                return f"cooldown {max(0, c['cd'][s] - state['period'])}"
        return "no legal target there"

    def describe_action(self, state: dict[str, Any], action: dict[str, Any], lang: str = "en") -> str:
        """A label a person reads: creature, ability and target names rather than ids."""
        lang = "ru" if lang == "ru" else "en"
        name = f"name_{lang}"
        words = _ACTION_WORDS[lang]
        board = self._board(state)
        t = action["type"]

        def hex_text(key: str) -> str:
            h = board.index.get(key)
            if h is None:
                return key
            occupant = state["occ"][h]
            if occupant >= 0:
                return f"{CREATURES[state['cr'][occupant]['id']][name]} ({key})"
            if h in board.castle_at:
                return f"{board.castle_names[board.castle_at[h]][lang]} ({key})"
            return key

        def castle_text(castle_id: str) -> str:
            if castle_id in board.castle_ids:
                return str(board.castle_names[board.castle_ids.index(castle_id)][lang])
            return hex_text(castle_id)

        if t in ("ban", "pick", "place", "hire") and "cr" in action:
            where = f" → {castle_text(action['castle'])}" if action.get("castle") else ""
            return f"{words[t]}: {CREATURES[action['cr']][name]}{where}"
        if t in ("attack", "move", "use"):
            creature = CREATURES[state["cr"][_ci(action)]["id"]]
            if t == "attack":
                ability = creature["attack"][name]
            elif t == "move":
                ability = words["move"]
            else:
                ability = creature["support"][action["s"]][name]
            parts = [f"{creature[name]}: {ability}"]
            if "t" in action:
                parts.append(f"→ {hex_text(action['t'])}")
            if "ts" in action:
                parts.append("→ " + ", ".join(hex_text(h) for h in action["ts"]))
            if "g" in action:
                parts.append(f"{words['from']} {hex_text(action['g'])}")
            if "to" in action:
                parts.append(f"{words['to']} {action['to']}")
            if "dir" in action:
                here = state["cr"][_ci(action)]["hex"]
                ray = board.rays[here][action["dir"] % 6] if here >= 0 else []
                toward = hex_text(board.keys[ray[0]]) if ray else str(action["dir"])
                parts.append(f"{words['direction']} {toward}")
            if "eff" in action:
                parts.append(f"({EFFECTS[action['eff']][name]})")
            if "chips" in action:
                parts.append(f"({words['chips']}: {', '.join(str(c + 1) for c in action['chips'])})")
            return " ".join(parts)
        if t == "enter":
            creature = CREATURES[state["cr"][_ci(action)]["id"]]
            return f"{creature[name]} {words['enters']} {castle_text(action['castle'])}"
        if t == "castle":
            return f"{words['castle']}: {castle_text(action['castle'])}"
        if t == "castles":
            return f"{words['castles']}: {', '.join(castle_text(c) for c in action['castles'])}"
        if t == "split":
            return f"{words['split']}: {castle_text(action['castle'])}"
        if t == "land":
            return f"{words['land']}: {action['land']}"
        if t in words:
            return str(words[t])
        return super().describe_action(state, action, lang)

    def board(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return board_view.describe(self, state, seat)
