"""The Heroes card game's face to the kernel: the spec, the flow of a week, the Game contract.

A week (digest 4) is two phases of the kernel's flow: ``travel`` (the week start, the
watchman's split and the draws, week.py) and ``day``, entered once per day (dawn, then one
turn each from the watchman, actions.py); battles are queued steps (battle.py,
aftermath.py). The rules live in the modules named after the digest's chapters.

How the moves are laid out (framework/moves.py). Each phase lists its moves, each declared
in its chapter's module with the one predicate (``why_not_...``, ``..._problem``) that both
makes its legal actions and tells a player why another is refused:

- travel: ``draw_travel`` (week.py), one pile of those with cards, or the deck;
- day, main actions that end the turn: build, upgrade, visit, attack, ritual, pass
  (actions.py) and capture (war.py, which leaves the turn open for a second attempt);
- day, free actions that leave it open: spy, policy (actions.py), declare (war.py).

The day phase's `generate` (`actions.day_actions`) lists every legal action at once, fast,
for bots and playouts; the conformance suite and tests/plugins/heroes_cards/test_moves.py
hold it to the predicates. Costs paid with any cards and battles beyond hope are the
moves' offers (open actions a person fills in). Every further choice inside a move (a
battle's line-up, a spell's target, a captured garrison's cover, the elemental's place) is
a decision the kernel asks (`kernel.ask`), answered by the handler the flow names for its
kind. The days are the kernel's rounds (`week.day_of_week`)."""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, kernel, moves, zones
from boardwright.framework.flow import Flow, Phase
from boardwright.framework.spec import titled

from . import (
    actions,
    aftermath,
    army,
    battle,
    board,
    capital,
    catalog,
    deployment,
    hidden,
    outlook,
    setup,
    spells,
    text,
    war,
    week,
)
from .catalog import CONFIG, RACE_IDS
from .outlook import OUTLOOK
from .scoring import total
from .text import MESSAGES

State = dict[str, Any]
Action = dict[str, Any]
# a seat's zones whose cards it drew or hired (`setup.add_seat_zones`); its decks, tavern
# included, hold the ones it never had
IN_PLAY_ZONES = ("creatures", "heroes", "discard", "tavern_discard", "buried", "tavern_buried", "domain", "line")


class HeroesCards(Game):
    spec = GameSpec(
        id="heroes_cards",
        version="1.1.0",  # 1.1.0: the days are the kernel's rounds (no day counter in the state), races may be chosen
        **titled(MESSAGES, "game_title"),
        players=(2, 3, 4),
        options=(
            Option("weeks", CONFIG["weeks"], minimum=1, maximum=12, **titled(MESSAGES, "option_weeks")),
            Option("war_allowed", CONFIG["war_allowed"], **titled(MESSAGES, "option_war_allowed")),
            Option(
                "piles", CONFIG["max_piles"], minimum=1, maximum=CONFIG["max_piles"], **titled(MESSAGES, "option_piles")
            ),
            Option("races", "lot", per_seat=tuple(RACE_IDS), **titled(MESSAGES, "option_races")),
        ),
        **titled(MESSAGES, "game_summary", "summary"),
        factions=tuple(RACE_IDS),
    )
    messages = MESSAGES
    # the moves' parts, and the decisions' choices picked on the board
    action_parts: ClassVar[dict[str, dict[str, str]]] = {
        **moves.action_parts((*actions.DAY_MOVES, week.DRAW_TRAVEL)),
        "place": {"target": "card"},
        "spell_target": {"target": "card"},
        "elemental": {"target": "before"},
        "cover": {"target": "card"},
    }
    # one week; the deck is drawn whole, as the watchman's split only asks a bot to guess
    # among unseen piles (a person may still split in the standard game)
    short_options: ClassVar[dict[str, Any]] = {"weeks": 1, "piles": 1}
    heuristic_table: ClassVar[dict[str, Any] | None] = OUTLOOK

    def flow(self) -> Flow:
        return Flow(
            start=week.TRAVEL_PHASE,
            phases=(
                Phase(
                    week.TRAVEL_PHASE,
                    order=week.from_watchman,
                    begin=week.begin_travel,
                    skip=week.drawn_all,
                    end_if=week.travel_done,
                    end=week.end_travel,
                    next=week.DAY,
                    moves=(week.DRAW_TRAVEL,),
                ),
                Phase(
                    week.DAY,
                    order=week.day_order,
                    cycle=False,
                    begin=week.dawn,
                    turn_begin=week.begin_turn,
                    end=week.end_day,
                    moves_per_turn=None,
                    next=week.next_after_day,
                    new_round=True,
                    moves=actions.DAY_MOVES,
                    generate=actions.day_actions,
                ),
            ),
            steps={
                "deploy": deployment.step_deploy,
                "cast": battle.step_cast,
                "spells": battle.step_spells,
                "bonuses": battle.step_bonuses,
                "sequence": battle.step_sequence,
                "window": battle.step_window,
                "reveal": battle.step_reveal,
                "result": aftermath.step_result,
            },
            decisions={
                "split": week.answer_split,
                "keep_heroes": week.answer_keep_heroes,
                "army": deployment.answer_army,
                "line_up": deployment.answer_line_up,
                "duel": deployment.answer_duel,
                "spell": battle.answer_spell,
                "window": battle.answer_window,
                "machine": capital.answer_machine,
                "intercept": war.answer_intercept,
                "peace": war.answer_peace,
                "force_peace": war.answer_force_peace,
                "hero": actions.answer_hero,
                "treasure": aftermath.answer_treasure,
                "give_up": spells.answer_give_up,
                "spell_target": spells.answer_spell_target,
                "elemental": army.place_elemental,
                "garrison": aftermath.answer_garrison,
            },
        )

    def setup(self, state: State, options: Setup) -> None:
        setup.setup(state, options)

    def deal_hidden(self, state: State, seat: int, seed: int) -> None:
        hidden.deal_hidden(state, seat, seed)

    # --- results and bots ---

    def scores(self, state: State) -> list[float]:
        return [float(total(state, seat)) for seat in range(kernel.seats(state))]

    def heuristic(self, state: State, seat: int, weights: dict[str, Any] | None = None) -> float:
        """The seat's outlook (outlook.py: VP scored and VP still to be had) against the best
        rival's; the weights are game.toml's [outlook], or `weights` (the `learned` bot's)."""
        w = OUTLOOK if weights is None else weights
        values = [outlook.value(state, other, w) for other in range(kernel.seats(state))]
        rival = max(v for other, v in enumerate(values) if other != seat)
        return max(-1.0, min(1.0, (values[seat] - rival) / w["lead_scale"]))

    # --- names and pictures ---

    def faction(self, state: State, seat: int) -> str | None:
        return str(state["race"][seat])

    def in_play(self, state: State, seat: int) -> list[str]:
        """The heroes the seat hired and the creature and neutral cards it drew: every card of
        its own zones but the ones still in its decks."""
        return [
            catalog.key_of(card)
            for name in IN_PLAY_ZONES
            for card in zones.items(state, f"{name}:{seat}")
            if catalog.kind(card) in ("creature", "hero", "neutral")
        ]

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        return text.seat_name(state, seat, lang)

    def seat_colours(self, state: State) -> list[str | None]:
        return [board.SEAT_COLOURS[seat] for seat in range(kernel.seats(state))]

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return board.board(state, seat)

    def boards(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return board.boards(state, seats)

    def card_face(self, item: Any) -> dict[str, Any] | None:
        return text.card_face(item)

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        return text.describe(state, action, lang)


__all__ = ["HeroesCards", "spells"]
