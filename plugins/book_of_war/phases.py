"""The order of play as the kernel's flow: the set-up steps (digest 3), then rounds of
offensive, supply (castle VP, victory, hiring) and rest (digest 4, 8).

Every phase's turn order starts with the first player of the moment (war_track.py); the
kernel hands turns on, skips seats that passed or have nothing to choose, and counts
rounds. Each phase lists its moves, declared in the chapter they belong to (setup.py,
draft.py, offensive.py, supply.py); the kernel builds the legal actions from them,
dispatches each action to its move and says why one is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.flow import Flow, Phase

from . import abilities, cards, creatures, draft, offensive, setup, supply
from .war_track import LEAD, alone, choose_default_leader, from_first_player, from_leader

State = dict[str, Any]
Action = dict[str, Any]

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
    "forest": creatures.resume_forest,
    "shadows": creatures.resume_shadows,
}


def set_up_phases() -> tuple[Phase, ...]:
    """One phase per set-up step; each seat acts once, in order from the first player."""
    once = {"order": from_first_player, "cycle": False}
    return (
        Phase("ban", **once, skip=setup.no_bans, next="pick_lead", moves=(setup.BAN,)),
        # four players: the first team chooses which of its players picks first (3.3 step 3)
        Phase("pick_lead", order=setup.first_player_only, cycle=False, skip=alone, next="pick", moves=(LEAD,)),
        Phase("pick", order=from_leader, cycle=False, next="colour", moves=(setup.PICK,)),
        Phase("colour", order=setup.first_player_only, cycle=False, next="castle", moves=(setup.COLOUR,)),
        Phase(
            "castle",
            **once,
            begin=setup.assign_fixed_castles,
            skip=setup.has_its_castles,
            moves_per_turn=None,
            next="start_unit",
            moves=(setup.CASTLE,),
        ),
        Phase("start_unit", **once, end=setup.deal, next="start_land", moves=(setup.START_UNIT,)),
        Phase(
            "start_land",
            **once,
            begin=setup.take_single_start_lands,
            skip=setup.holds_a_land,
            end=setup.shuffle_land_deck,
            next="draft_keep",
            moves=(setup.START_LAND,),
        ),
        Phase(
            "draft_keep",
            order=draft.drafter_only,
            cycle=False,
            begin=draft.draw,
            next="draft_receive",
            moves=(draft.DRAFT_KEEP,),
        ),
        Phase(
            "draft_receive",
            order=draft.receiver_only,
            cycle=False,
            next=draft.after_receive,
            moves=(draft.DRAFT_RECEIVE,),
        ),
        Phase("split", order=draft.splitters, cycle=False, next="lead", moves=(draft.SPLIT,)),
    )


def round_phases(end_round: Callable[[State, Any], None]) -> tuple[Phase, ...]:
    """A round: who leads (a team chooses), the offensive, supply with hiring, rest."""
    return (
        Phase(
            "lead",
            order=setup.first_player_only,
            cycle=False,
            begin=choose_default_leader,
            skip=alone,
            next="offensive",
            moves=(LEAD,),
        ),
        Phase(
            "offensive",
            order=from_leader,
            begin=offensive.begin,
            moves_per_turn=None,
            next="supply",
            moves=offensive.MOVES,
            generate=offensive.actions,  # the moves' legal actions at once, unit by unit, for speed
        ),
        Phase("supply", begin=supply.begin_supply, next="hire"),
        Phase(
            "hire",
            order=supply.hire_order,
            cycle=False,
            skip=supply.cannot_hire,
            begin=supply.begin_hiring,
            moves_per_turn=None,
            next="rest",
            moves=(supply.HIRE, supply.DEFER),
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


# every move of the game, in the order of play (the client's board choice reads their parts)
MOVES = (
    setup.BAN,
    setup.PICK,
    setup.COLOUR,
    setup.CASTLE,
    setup.START_UNIT,
    setup.START_LAND,
    draft.DRAFT_KEEP,
    draft.DRAFT_RECEIVE,
    draft.SPLIT,
    LEAD,
    *offensive.MOVES,
    supply.HIRE,
    supply.DEFER,
)
