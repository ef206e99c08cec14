"""Bestiary of Sigillum: the duel, the Crossroads (2 players or 2v2) and Protorp (2-4).

The game's front for the kernel: its description, options and flow, and which chapter of
the rules answers each question. The rules themselves live in the chapters: setup.py,
draft.py, turn.py, abilities.py, attack.py, movement.py, supports.py, siege.py,
stages.py, capture.py, hiring.py and series.py; the state is described in setup.py. Each
move is declared in its chapter (draft.py: the castles and the draft; abilities.py: attack,
move, use; turn.py: end and pass; stages.py: land; hiring.py: hire) and listed by the
phases of turn.py's flow.
"""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, kernel
from boardwright.framework.events import text as render_text
from boardwright.framework.flow import Flow
from boardwright.framework.moves import action_parts
from boardwright.framework.scenarios import package_scenarios
from boardwright.framework.spec import Scenario, titled

from . import board_view, faces, series, text, turn
from .catalogue import CREATURES, DRAFTS, HEURISTIC, MESSAGES, MODES
from .creatures import State, board_of, is_protorp
from .seats import other_side
from .setup import setup as set_up
from .siege import captured_towers, scores

Action = dict[str, Any]
Log = Any

SCENARIO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "mode": {"enum": list(MODES)},
        "draft": {"enum": list(DRAFTS)},
        "roster": {"enum": ["base24", "full32"]},
        "castle_durability": {"type": "integer", "minimum": 1},
        "max_periods": {"type": "integer", "minimum": 1},
        "creatures": {"type": "integer", "minimum": 1, "maximum": 8},
        "vp_goal": {"type": "integer", "minimum": 1},
    },
}

OPTIONS = (
    Option("mode", "", choices=("", *MODES), **titled(MESSAGES, "option_mode")),
    Option("draft", "", choices=("", *DRAFTS), **titled(MESSAGES, "option_draft")),
    Option("roster", "", choices=("", "base24", "full32"), **titled(MESSAGES, "option_roster")),
    Option("first_player", "1", choices=("1", "2", "3", "4", "random"), **titled(MESSAGES, "option_first_player")),
    Option("castle_durability", 0, minimum=0, maximum=50, **titled(MESSAGES, "option_castle_durability")),
    Option("max_periods", 0, minimum=0, maximum=1000, **titled(MESSAGES, "option_max_periods")),
    Option("creatures", 0, minimum=0, maximum=8, **titled(MESSAGES, "option_creatures")),
    Option("series_excluded", "", subset_of=tuple(CREATURES), **titled(MESSAGES, "option_series_excluded")),
    Option("series_first", "alternate", choices=("alternate", "loser"), **titled(MESSAGES, "option_series_first")),
    Option("team_lead", "alternate", choices=("alternate", "choose"), **titled(MESSAGES, "option_team_lead")),
)

# the parts of the actions a person chooses on the board: a creature, then what it aims at
# (the moves'; and the castle a waiting creature enters, a decision's choice)
ACTION_PARTS = {**action_parts(turn.flow().all_moves()), "enter": {"target": "castle"}}


class Bestiary(Game):
    spec = GameSpec(
        id="bestiary",
        version="2.1.0",  # 2.1.0: a seat chooses the castle whenever several of its own are free
        **titled(MESSAGES, "game_title"),
        players=(2, 3, 4),
        teams={4: [[0, 2], [1, 3]]},
        options=OPTIONS,
        **titled(MESSAGES, "game_summary", "summary"),
        default_scenario="",
    )
    messages = MESSAGES
    action_parts: ClassVar[dict[str, dict[str, str]]] = ACTION_PARTS
    short_options: ClassVar[dict[str, Any]] = {"castle_durability": 5}  # half the castle track
    heuristic_table: ClassVar[dict[str, Any] | None] = HEURISTIC
    scenario_schema = SCENARIO_SCHEMA

    def __init__(self) -> None:
        self._scenarios: list[Scenario] | None = None  # read when first asked for: a start that needs none reads none

    def scenarios(self) -> list[Scenario]:
        if self._scenarios is None:
            self._scenarios = package_scenarios(self, __package__)
        return list(self._scenarios)

    # --- rules: each question goes to its chapter

    def flow(self) -> Flow:
        return turn.flow()

    def setup(self, state: State, setup: Setup) -> None:
        set_up(state, setup)

    # --- results, series, bots

    def scores(self, state: State) -> list[float]:
        return scores(state)

    def next_in_series(self, state: State, options: dict[str, Any]) -> dict[str, Any] | None:
        return series.next_options(state, options)

    def faction(self, state: State, seat: int) -> str | None:
        if state["mode"] == "crossroads_teams":
            return "team_a" if kernel.side_of(state, seat) == 0 else "team_b"
        return None

    def in_play(self, state: State, seat: int) -> list[str]:
        """The creatures the seat summoned: a creature is banished, never destroyed, so they
        are all still there at the end."""
        return [creature["id"] for creature in state["creatures"] if creature["seat"] == seat]

    def heuristic(self, state: State, seat: int, weights: dict[str, Any] | None = None) -> float:
        """The castle tracks (most), towers held and creatures' life left, against the enemy
        side; the weights are game.toml's [heuristic], or `weights` (a table of the same
        numbers, the `learned` bot's)."""
        w = HEURISTIC if weights is None else weights
        if is_protorp(state):
            return _protorp_heuristic(state, seat, w)
        side = kernel.side_of(state, seat)
        enemy = other_side(state, side)
        damage = state["castle_damage"]
        castle = (damage[enemy] - damage[side]) / state["settings"]["durability"]
        towers = len(captured_towers(state, side)) - len(captured_towers(state, enemy))
        life = [0] * len(damage)
        for creature in state["creatures"]:
            if creature["hex"] >= 0:
                life[creature["side"]] += CREATURES[creature["id"]]["life"] - creature["damage"]
        life_term = (life[side] - life[enemy]) / max(1, life[side] + life[enemy])
        value = (
            w["castle"] * castle + w["towers"] * towers / max(1, len(board_of(state).towers)) + w["life"] * life_term
        )
        return max(-1.0, min(1.0, value))

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        if state.get("mode") == "crossroads_teams":
            team = {"key": "team_a" if kernel.side_of(state, seat) == 0 else "team_b"}
            name = {"key": "seat_team", "team": team, "number": kernel.team_of(state, seat).index(seat) + 1}
        else:
            name = {"key": "seat_player", "number": seat + 1}
        return render_text(name, self.messages, lang)

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        label = text.describe(state, action)
        if label is None:
            return super().describe_action(state, action, lang)
        names = [self.seat_name(state, seat, lang) for seat in range(kernel.seats(state))]
        return render_text(label, self.messages, lang, names)

    def card_face(self, item: Any) -> dict[str, Any] | None:
        return faces.card_face(item)

    def seat_colours(self, state: State) -> list[str | None]:
        return [board_view.COLOURS["sides"][seat] for seat in range(kernel.seats(state))]

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return board_view.describe(state, seat)

    def boards(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return board_view.describe_all(state, seats)


def _protorp_heuristic(state: State, seat: int, w: dict[str, Any]) -> float:
    """Protorp: the lead in victory points over the goal, and castles held against the rival
    holding most (game.toml's [heuristic] `protorp_castle`)."""
    points = state["victory_points"]
    owners = state["castle_owners"]
    others = [v for s, v in enumerate(points) if s != seat and not kernel.is_out(state, s)] or [0]
    held = owners.count(seat) - max(owners.count(s) for s in range(len(points)) if s != seat)
    value = (points[seat] - max(others)) / state["settings"]["vp_goal"] + w["protorp_castle"] * held
    return max(-1.0, min(1.0, value))
