"""Reliquium's face to the kernel: the spec, the flow of a round, and the Game contract.

A round (digest 4) is three phases of the kernel's flow: ``peace`` (each faction's turns
along its domain track, peace.py), ``support`` (the war phase's support stage, supports.py)
and ``attack`` (the battles as queued steps, then the end of the round, battle.py). The
rules live in the modules named after the rulebook's chapters, each action a move declared in
its chapter (README.md, "Moves"); the phases list their moves, and the kernel builds the legal
actions, dispatches and explains refusals. This class only connects them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Scenario, Setup
from boardwright.framework.flow import Flow, Phase
from boardwright.framework.moves import action_parts
from boardwright.framework.scenarios import package_scenarios
from boardwright.framework.spec import titled

from . import abilities, battle, board, faction_board, heuristic, pacts, peace, setup, supports, text
from .castles import castles_on_map
from .text import MESSAGES
from .units import ATTACK, PEACE, SUPPORT, initiative_order
from .world import WORLD, load_toml

State = dict[str, Any]
Action = dict[str, Any]


class Reliquium(Game):
    spec = GameSpec(
        id="reliquium",
        version="2.2.0",
        **titled(MESSAGES, "game_title"),
        players=(2, 3, 4),
        options=(
            Option("single_march", False, **titled(MESSAGES, "option_single_march")),
            Option("militia", False, **titled(MESSAGES, "option_militia")),
            Option("allies", False, **titled(MESSAGES, "option_allies")),
            Option(
                "factions",
                "lot",
                suggested=("initiative",),
                per_seat=tuple(WORLD.faction_ids),
                **titled(MESSAGES, "option_factions"),
            ),
            Option("last_faction_standing_wins", True, **titled(MESSAGES, "option_last_faction_standing_wins")),
        ),
        **titled(MESSAGES, "game_summary", "summary"),
        factions=tuple(WORLD.faction_ids),
        default_scenario="standard",
    )
    messages = MESSAGES
    # a source piece and a target for the client's two-click choice (client/README.md): the
    # moves' parts, and the fields of the abilities' and battles' decisions
    action_parts: ClassVar[dict[str, dict[str, str]]] = {
        **action_parts([*peace.MOVES, *supports.MOVES]),
        "raid": {"source": "from", "target": "to"},
        "call": {"source": "from", "target": "to"},
        "push": {"source": "region", "target": "to"},
        "blood_price": {"source": "region", "target": "enemy_region"},
        "gather": {"source": "from"},
        "remove_token": {"target": "border"},
        "banish": {"target": "junction"},
        "gather_to": {"target": "region"},
        "flee": {"target": "to"},
    }
    # bot games always end: the rulebook has no round limit (digest D26), so `simulate` caps it
    simulation_options: ClassVar[dict[str, Any]] = {"round_cap": load_toml("game.toml")["simulation_round_cap"]}
    short_scenario: ClassVar[str | None] = "seven_castles"
    heuristic_table: ClassVar[dict[str, Any] | None] = heuristic.WEIGHTS
    search_levels: ClassVar[dict[str, dict[str, Any]]] = load_toml("game.toml").get("search", {})
    # the parts of the state `heuristic` reads: a bot need not ask it again after an action
    # that changed none of them (bots/greedy.py)
    heuristic_reads: ClassVar[frozenset[str]] = frozenset(
        {"occupant", "units", "castle", "tokens", "track", "rules", "faction_of", "neutral"}
    )
    scenario_schema = setup.scenario_schema(WORLD)

    def flow(self) -> Flow:
        return Flow(
            start=PEACE,
            phases=(
                Phase(
                    PEACE,
                    order=initiative_order,
                    begin=peace.begin_peace,
                    moves_per_turn=None,
                    moves=(*peace.MOVES, *pacts.FREE_MOVES),
                    generate=peace.peace_actions,
                    next=SUPPORT,
                    new_round=True,
                ),
                Phase(
                    SUPPORT,
                    order=initiative_order,
                    cycle=False,
                    skip=supports.has_no_ranged_tokens,
                    begin=supports.begin_war,
                    turn_begin=supports.begin_turn,
                    moves_per_turn=None,
                    moves=(*supports.MOVES, *pacts.FREE_MOVES),
                    next=ATTACK,
                ),
                Phase(
                    ATTACK,
                    order=initiative_order,
                    skip=battle.nobody_acts,
                    begin=battle.begin_attacks,
                    end=battle.end_round,
                    moves_per_turn=None,
                    moves=pacts.FREE_MOVES,
                    next=PEACE,
                ),
            ),
            steps=battle.STEPS,
            decisions={
                **battle.DECISIONS,
                "ability": abilities.answer_ability,
                "ability_consent": abilities.answer_ability_consent,
                "consent": peace.answer_consent,
                "alliance": pacts.answer_alliance,
            },
        )

    # --- scenarios and set-up ---

    def scenarios(self) -> list[Scenario]:
        return package_scenarios(self, __package__)

    def check_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        return setup.check_scenario(data)

    def setup(self, state: State, options: Setup) -> None:
        setup.setup(state, options)

    # --- results and bots ---

    def scores(self, state: State) -> list[float]:
        return [float(castles_on_map(state, faction)) for faction in state["faction_of"]]

    def cap_winners(self, state: State) -> list[int]:
        return peace.leaders(state)

    def heuristic(self, state: State, seat: int, weights: dict[str, Any] | None = None) -> float:
        """Castles (most), units on the map, and own castles under a melee token, against the best
        rival; the weights are game.toml's [heuristic] (heuristic.py), or `weights` (a table of
        the same numbers, the `learned` bot's)."""
        w = heuristic.WEIGHTS if weights is None else weights
        units, threatened = heuristic.tallies(state)
        return heuristic.lead(heuristic.worth(state, units, threatened, w), seat, w)

    def heuristic_after(
        self, state: State, seat: int, actions: list[Action], weights: dict[str, Any] | None = None
    ) -> list[float | None] | None:
        return heuristic.heuristic_after(state, seat, actions, heuristic.WEIGHTS if weights is None else weights)

    # --- names and pictures ---

    def faction(self, state: State, seat: int) -> str | None:
        return WORLD.faction_ids[state["faction_of"][seat]]

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        return str(text.FACTION_NAMES[state["faction_of"][seat]]["ru" if lang == "ru" else "en"])

    def seat_colours(self, state: State) -> list[str | None]:
        """The colour of the faction each seat plays."""
        return [board.COLOURS[faction] for faction in state["faction_of"]]

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return board.board(state, seat)

    def boards(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return board.boards(state, seats)

    def card_face(self, item: Any) -> dict[str, Any] | None:
        return faction_board.card_face(item)

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        return text.describe(action, lang)
