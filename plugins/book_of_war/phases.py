"""The order of play as the kernel's flow: the set-up steps (digest 3), then rounds of
offensive, supply (castle VP, victory, hiring) and rest (digest 4, 8).

Every phase's turn order starts with the first player of the moment (war_track.py); the
kernel hands turns on, skips seats that passed or have nothing to choose, and counts
rounds. The legal actions of a phase and the effects of each action type are listed here
too, so the Game class only dispatches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.flow import Flow, Phase

from . import abilities, cards, creatures, draft, offensive, setup, supply
from .war_track import from_first_player

State = dict[str, Any]
Action = dict[str, Any]

LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "ban": setup.ban_actions,
    "pick": setup.pick_actions,
    "colour": setup.colour_actions,
    "castle": setup.castle_actions,
    "start_unit": setup.start_unit_actions,
    "start_land": setup.start_land_actions,
    "draft_keep": draft.keep_actions,
    "draft_receive": draft.receive_actions,
    "split": draft.split_actions,
    "lead": offensive.lead_actions,
    "offensive": offensive.actions,
    "hire": supply.hire_actions,
}

APPLY: dict[str, Callable[[State, int, Action, Any], None]] = {
    "ban": setup.apply_ban,
    "pick": setup.apply_pick,
    "colour": setup.apply_colour,
    "castle": setup.apply_castle,
    "start_unit": setup.apply_start_unit,
    "start_land": setup.apply_start_land,
    "draft_keep": draft.apply_keep,
    "draft_receive": draft.apply_receive,
    "split": draft.apply_split,
    "lead": offensive.apply_lead,
    "manoeuvre": offensive.apply_manoeuvre,
    "march": offensive.apply_march,
    "expedition": offensive.apply_expedition,
    "level_up": offensive.apply_level_up,
    "scouting": offensive.apply_scouting,
    "planning": offensive.apply_planning,
    "end_planning": offensive.apply_end_planning,
    "ability": offensive.apply_ability,
    "summon": offensive.apply_summon,
    "pass": offensive.apply_pass,
    "hire": supply.apply_hire,
    "defer": supply.apply_defer,
}

STEPS = {
    "attack": abilities.step_attack,
    "attack_each": abilities.step_attack_each,
    "haste": abilities.step_haste,
    "move": abilities.step_move,
    "scout": cards.step_scout,
    "bombard": creatures.step_bombard,
    "swift": creatures.step_swift,
    "forest": creatures.step_forest,
    "shadows": creatures.step_shadows,
}

DECISIONS = {
    "flee": abilities.resume_flee,
    "attack_order": abilities.resume_attack_order,
    "haste": abilities.resume_haste,
    "move": abilities.resume_move,
    "scout": cards.resume_scout,
    "swift": creatures.resume_swift,
    "forest": abilities.resume_move,
    "shadows": creatures.resume_shadows,
}


def set_up_phases() -> tuple[Phase, ...]:
    """One phase per set-up step; each seat acts once, in order from the first player."""
    once = {"order": from_first_player, "cycle": False}
    return (
        Phase("ban", **once, skip=setup.no_bans, next="pick"),
        Phase("pick", **once, next="colour"),
        Phase("colour", order=setup.first_player_only, cycle=False, next="castle"),
        Phase(
            "castle",
            **once,
            begin=setup.assign_fixed_castles,
            skip=setup.has_its_castles,
            moves_per_turn=None,
            next="start_unit",
        ),
        Phase("start_unit", **once, end=setup.deal, next="start_land"),
        Phase(
            "start_land",
            **once,
            begin=setup.take_single_start_lands,
            skip=setup.holds_a_land,
            end=setup.shuffle_land_deck,
            next="draft_keep",
        ),
        Phase("draft_keep", order=draft.drafter_only, cycle=False, begin=draft.draw, next="draft_receive"),
        Phase("draft_receive", order=draft.receiver_only, cycle=False, next=draft.after_receive),
        Phase("split", order=draft.splitters, cycle=False, next="lead"),
    )


def round_phases(end_round: Callable[[State, Any], None]) -> tuple[Phase, ...]:
    """A round: who leads (a team chooses), the offensive, supply with hiring, rest."""
    return (
        Phase(
            "lead",
            order=setup.first_player_only,
            cycle=False,
            begin=offensive.choose_default_leader,
            skip=offensive.alone,
            next="offensive",
        ),
        Phase("offensive", order=offensive.turn_order, begin=offensive.begin, moves_per_turn=None, next="supply"),
        Phase("supply", begin=supply.begin_supply, next="hire"),
        Phase(
            "hire",
            order=supply.hire_order,
            cycle=False,
            skip=supply.cannot_hire,
            begin=supply.begin_hiring,
            moves_per_turn=None,
            next="rest",
        ),
        Phase("rest", begin=supply.rest, end=end_round, next="lead"),
    )


def build(game: Any) -> Flow:
    """The flow; `game` decides who leads when the round cap ends the game."""

    def end_round(state: State, log: Any) -> None:
        kernel.next_round(state, game)

    return Flow(
        start="ban",
        phases=set_up_phases() + round_phases(end_round),
        steps=STEPS,
        decisions=DECISIONS,
    )
