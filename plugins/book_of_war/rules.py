"""Book of War (digest: shared/rules/book_of_war.md): the game's front for the kernel.

The rules live in modules named after the rulebook's chapters: setup.py and draft.py
(set-up), offensive.py (the offensive phase and the unit actions), abilities.py (abilities,
attacks, fleeing), creatures.py (legendary creatures), supply.py (supply, hiring, rest),
cards.py (hands, decks, scouting), units.py (units on the board), war_track.py (VP and
the first player); phases.py lays them out as the kernel's flow, hidden.py guesses hidden
cards for bots; drawing.py, table.py, faces.py and text.py describe the game for people.

State (plain data) beside the kernel's: ``rules`` (the scenario's toggles and the target),
``faction`` and ``library`` per seat, ``colour``, ``vp``, ``general`` per side, ``on_top``,
``castles``, ``units``, ``occupants``, ``summons``, ``planning``, ``start_lands``,
``start_castles``, ``leader`` (who leads the running phase), ``hire_deferred``, ``setup``
(``bans``, ``drafts``), and the zones of cards.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, events, kernel
from boardwright.framework.flow import Flow
from boardwright.framework.moves import action_parts
from boardwright.framework.scenarios import package_scenarios
from boardwright.framework.spec import titled

from . import drawing, faces, heuristic, hidden, phases, setup, supply, table, text
from .catalog import CONFIG, FACTIONS, HEURISTIC, MESSAGES
from .war_track import other_side

State = dict[str, Any]
Action = dict[str, Any]

SCENARIO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "start_castles": {"enum": ["land", "inner"]},
        "start_units": {"enum": ["all", "one"]},
        "hire_location": {"enum": ["castle", "protorp"]},
        "outer_castles_controllable": {"type": "boolean"},
        "creatures_per_round": {"type": "integer", "minimum": 1, "maximum": 3},
        "summon_costs": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "boolean"}],
                "minItems": 2,
                "maxItems": 2,
            },
        },
    },
}

OPTIONS = (
    Option("target_vp", CONFIG["target_vp"], minimum=10, maximum=500, **titled(MESSAGES, "option_target_vp")),
    Option("first_side", "random", choices=("random", "1", "2"), **titled(MESSAGES, "option_first_side")),
    Option("bans", False, **titled(MESSAGES, "option_bans")),
)


class BookOfWar(Game):
    spec = GameSpec(
        id="book_of_war",
        version="2.2.0",
        **titled(MESSAGES, "game_title"),
        players=(2, 4),
        teams={4: [[0, 2], [1, 3]]},  # team-mates sit opposite: clockwise play alternates teams
        options=OPTIONS,
        **titled(MESSAGES, "game_summary", "summary"),
        factions=tuple(FACTIONS),
    )
    messages = MESSAGES
    # a unit, then the hex it goes to (a second click on the unit: what it does in place); a
    # unit card, then the hex it is hired on; the hex of a castle, a flight or a placement.
    # Abilities and summons are found by what they aim at: click the enemy to attack it.
    action_parts: ClassVar[dict[str, dict[str, str]]] = {
        **action_parts(phases.MOVES),
        "place": {"target": "hex"},
        "forest_move": {"source": "unit", "target": "hex"},
        "haste_move": {"target": "to"},
        "attack_next": {"target": "unit"},
    }
    short_options: ClassVar[dict[str, Any]] = {"target_vp": 25}  # a quarter of the usual 100 VP
    heuristic_table: ClassVar[dict[str, Any] | None] = HEURISTIC
    search_levels: ClassVar[dict[str, dict[str, Any]]] = CONFIG.get("search", {})
    scenario_schema = SCENARIO_SCHEMA

    def scenarios(self) -> list[Any]:
        return package_scenarios(self, __package__)

    def check_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        per_round = data.get("creatures_per_round", CONFIG["rules"]["creatures_per_round"])
        costs = data.get("summon_costs", CONFIG["rules"]["summon_costs"])
        if len(costs) < per_round:
            return [("summon_costs", f"needs a cost for each of the {per_round} creatures a round")]
        return []

    # --- rules

    def flow(self) -> Flow:
        return phases.build(self)

    def setup(self, state: State, setup_: Setup) -> None:
        setup.new_state(state, setup_)

    def deal_hidden(self, state: State, seat: int, seed: int) -> None:
        hidden.deal_hidden(state, seat, seed)

    # --- results

    def scores(self, state: State) -> list[float]:
        return supply.scores(state)

    def faction(self, state: State, seat: int) -> str | None:
        return state["faction"][seat]

    def in_play(self, state: State, seat: int) -> list[str]:
        """The unit types the seat put on the board (a unit flees, it is never removed) and the
        legendary creatures it summoned."""
        units = [unit["type"] for unit in state["units"].values() if unit["owner"] == seat]
        return units + [creature for creature, slot in state["library"][seat].items() if slot in ("front", "spent")]

    def next_in_series(self, state: State, options: dict[str, Any]) -> dict[str, Any] | None:
        """The loser of a game goes first in the next one (digest 9.1); after a draw, a coin flip."""
        winners = (kernel.outcome(state) or {}).get("winners") or []
        if not winners:
            return {**options, "first_side": "random"}
        loser = other_side(kernel.side_of(state, winners[0]))
        return {**options, "first_side": str(loser + 1)}

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        faction = state["faction"][seat]
        if faction is None:
            return events.text({"key": "seat_default", "number": seat + 1}, MESSAGES, lang)
        return str(FACTIONS[faction]["name_" + ("ru" if lang == "ru" else "en")])

    def heuristic(self, state: State, seat: int, weights: dict[str, Any] | None = None) -> float:
        """The VP lead, castles held and units on the board (upgraded ones count more), against
        the enemy side; the weights are game.toml's [heuristic] (heuristic.py), or `weights`."""
        return heuristic.heuristic(state, seat, HEURISTIC if weights is None else weights)

    def heuristic_after(
        self, state: State, seat: int, actions: list[Action], weights: dict[str, Any] | None = None
    ) -> list[float | None] | None:
        return heuristic.heuristic_after(state, seat, actions, HEURISTIC if weights is None else weights)

    # --- for people

    def seat_colours(self, state: State) -> list[str | None]:
        """The army colour of each seat's side, once the sides have chosen them."""
        return [table.seat_colour(state, seat) for seat in range(kernel.seats(state))]

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return drawing.describe(self.view(state, seat), seat)

    def boards(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return [board for _view, board in self.shown(state, seats)]

    def shown(self, state: State, seats: list[int | None]) -> list[tuple[State, dict[str, Any]]]:
        """The boards are drawn from the views: each view is built once."""
        views = [self.view(state, seat) for seat in seats]
        return list(zip(views, drawing.describe_all(views, seats), strict=True))

    def card_face(self, item: Any) -> dict[str, Any] | None:
        return faces.card_face(item)

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        names = [self.seat_name(state, seat, lang) for seat in range(kernel.seats(state))]
        return text.describe_action(action, lang, names)
