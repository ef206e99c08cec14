"""Bestiary of Sigillum: the duel, the Crossroads (2 players or 2v2) and Protorp (2-4).

The game's front for the kernel: its description, options and flow, and which chapter of
the rules answers each question. The rules themselves live in the chapters: setup.py,
draft.py, turn.py, abilities.py, attack.py, movement.py, supports.py, siege.py,
stages.py, capture.py, hiring.py and series.py; the state is described in setup.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, kernel
from boardwright.framework.flow import Flow
from boardwright.framework.scenarios import package_scenarios
from boardwright.framework.spec import Scenario

from . import abilities, board_view, draft, hiring, series, stages, text, turn
from .catalogue import CREATURES, DRAFTS, MESSAGES, MODES
from .creatures import State, board_of, is_protorp
from .seats import other_side
from .setup import setup as set_up
from .siege import captured_towers, scores

Action = dict[str, Any]
Log = Any
END = {"type": "end"}
PASS = {"type": "pass"}
PLAY_PHASES = ("first_turn", "second_turn", "first_team_turn", "second_team_turn", "stage")
DRAFT_TYPES = ("ban", "pick", "bundle", "place", "castle", "castles", "split")

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
    Option("mode", "", choices=("", *MODES), title_en="Mode (empty: from the scenario)", title_ru="Режим"),
    Option("draft", "", choices=("", *DRAFTS), title_en="Draft", title_ru="Призыв"),
    Option("roster", "", choices=("", "base24", "full32"), title_en="Creature pool", title_ru="Набор существ"),
    Option(
        "first_player", "1", choices=("1", "2", "3", "4", "random"), title_en="First player", title_ru="Первый игрок"
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
)


class Bestiary(Game):
    spec = GameSpec(
        id="bestiary",
        version="2.0.0",
        title_en="Bestiary of Sigillum",
        title_ru="Бестиарий Сигиллума",
        players=(2, 3, 4),
        teams={4: [[0, 2], [1, 3]]},
        options=OPTIONS,
        summary_en="Legendary creatures duel on a hex board: towers and banishments wear down the enemy castle.",
        summary_ru="Легендарные существа сражаются на гексах: башни и изгнания разрушают вражеский замок.",
        default_scenario="",
    )
    messages = MESSAGES
    short_options: ClassVar[dict[str, Any]] = {"castle_durability": 5}  # half the castle track
    scenario_schema = SCENARIO_SCHEMA

    def __init__(self) -> None:
        self._scenarios = package_scenarios(self, __package__)

    def scenarios(self) -> list[Scenario]:
        return list(self._scenarios)

    # --- rules: each question goes to its chapter

    def flow(self) -> Flow:
        return turn.flow()

    def setup(self, state: State, setup: Setup) -> None:
        set_up(state, setup)

    def legal_actions(self, state: State) -> list[Action]:
        phase = kernel.phase(state)
        if phase in ("castles", "draft"):
            return draft.draft_actions(state)
        if phase == "hire":
            return hiring.hire_actions(state)
        if phase == "land":
            return stages.land_actions(state)
        out = abilities.use_actions(state, kernel.active(state))
        out.append(END if state["mode"] in ("duel", "crossroads_duel") else PASS)
        return out

    def apply(self, state: State, action: Action, log: Log) -> None:
        kind = action["type"]
        if kind in abilities.ABILITY_TYPES:
            abilities.use(state, action, log)
        elif kind in ("end", "pass"):
            turn.close_turn(state, action, log)
        elif kind in DRAFT_TYPES:
            draft.take_turn(state, action, log)
        elif kind == "land":
            stages.choose_land(state, action, log)
        else:
            hiring.hire(state, action, log)

    def explain_illegal(self, state: State, action: Action) -> str | None:
        """Why an action of a type open now is refused; None for every legal action."""
        if action in self.legal_actions(state):
            return None
        kind = action["type"]
        phase = kernel.phase(state)
        if kind in abilities.ABILITY_TYPES and phase in PLAY_PHASES:
            # also when no use of this kind is open at all: SILENCE, a cooldown, a used chip
            return abilities.refusal(state, action) or "no legal target there"
        if kind in DRAFT_TYPES and phase in ("castles", "draft"):
            return draft.refusal(state, action)
        if kind == "land" and phase == "land":
            return stages.refusal(state, action)
        if kind == "hire" and phase == "hire":
            return hiring.refusal(state, action)
        return None

    # --- results, series, bots

    def scores(self, state: State) -> list[float]:
        return scores(state)

    def next_in_series(self, state: State, options: dict[str, Any]) -> dict[str, Any] | None:
        return series.next_options(state, options)

    def faction(self, state: State, seat: int) -> str | None:
        if state["mode"] == "crossroads_teams":
            return "team_a" if kernel.side_of(state, seat) == 0 else "team_b"
        return None

    def heuristic(self, state: State, seat: int) -> float:
        if is_protorp(state):
            return _protorp_heuristic(state, seat)
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
        value = 0.7 * castle + 0.15 * towers / max(1, len(board_of(state).towers)) + 0.15 * life_term
        return max(-1.0, min(1.0, value))

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        if state.get("mode") == "crossroads_teams":
            side = kernel.side_of(state, seat)
            team = "AB"[side] if lang == "en" else "АБ"[side]
            return f"{team}{kernel.team_of(state, seat).index(seat) + 1}"
        return f"Player {seat + 1}" if lang == "en" else f"Игрок {seat + 1}"

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        label = text.describe(state, action, lang)
        return label if label is not None else super().describe_action(state, action, lang)

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return board_view.describe(self, state, seat)


def _protorp_heuristic(state: State, seat: int) -> float:
    points = state["victory_points"]
    owners = state["castle_owners"]
    others = [v for s, v in enumerate(points) if s != seat and not kernel.is_out(state, s)] or [0]
    held = owners.count(seat) - max(owners.count(s) for s in range(len(points)) if s != seat)
    value = (points[seat] - max(others)) / state["settings"]["vp_goal"] + 0.05 * held
    return max(-1.0, min(1.0, value))
