"""The peace phase (digest 4.1, 5): in initiative order each player takes one of the two actions
of the segment its action token stands on, or passes; the token then moves on along the
domain track, and a player whose token went round is done for this phase (a kernel pass).

The peace actions are moves (castles.peace_move), declared in their chapters: March, Melee
order, Recruit and Ranged order in orders.py, Build in castles.py, Summon in abilities.py; each
offers nothing off the segment its action is on. Under Allies, an action that uses an ally's
region first asks its ``consent``; a refused action is not offered again this turn
(``state["refused"]``).
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Move, by_type

from .abilities import SUMMON
from .castles import BUILD, Consented, castles_on_map, end_peace_turn
from .orders import MARCH, MELEE_ORDER, RANGED_ORDER, RECRUIT
from .units import acting, initiative_order, seat
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]


def _pass(state: State, action: Action, log: Any) -> None:
    faction = acting(state)
    log.emit("pass", seat=seat(state, faction))
    end_peace_turn(state, faction, log)


PASS = Move("pass", effect=_pass)
# in the track's order, segment by segment (game.toml): each offers nothing off its segment
MOVES = (MARCH, MELEE_ORDER, RECRUIT, RANGED_ORDER, BUILD, SUMMON, PASS)
_BY_TYPE = by_type(MOVES)
_OF_SEGMENT = [[_BY_TYPE[kind] for kind in kinds] for kinds in WORLD.segment_actions]
_PASS: Action = {"type": "pass"}


def peace_actions(state: State, by: int) -> list[Action]:
    """The moves' legal actions at once (the phase's `generate`, for speed): the two of the
    segment the action token stands on, then pass; the others offer nothing."""
    out: list[Action] = []
    for move in _OF_SEGMENT[WORLD.segment_of[state["action_token"][state["faction_of"][by]]]]:
        out += move.legal(state, by)
    out.append(_PASS)
    return out


def begin_peace(state: State, log: Any) -> None:
    """A faction without castles has no division to act from (D3): it is done at once."""
    log.emit("round", round=kernel.round_number(state))
    if all(state["action_token"][faction] < 0 for faction in state["faction_of"]):
        log.emit("stalemate")
        kernel.finish(state, winners=leaders(state), reason="no faction can act")
        return
    for by, faction in enumerate(state["faction_of"]):
        if state["action_token"][faction] < 0:
            kernel.pass_turn(state, by)


def leaders(state: State) -> list[int]:
    """Most castles on the map; ties go to the earlier initiative (digest D26)."""
    best, winner = -1, -1
    for by in initiative_order(state):
        castles = castles_on_map(state, state["faction_of"][by])
        if castles > best:
            best, winner = castles, by
    return [winner] if winner >= 0 else []


def answer_consent(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    """The `consent` decision: the ally allows the action, or the player chooses again."""
    faction, action = decision["data"]["faction"], decision["data"]["action"]
    log.emit("consent_given" if choice["allow"] else "consent_refused", seat=decision["seat"])
    if not choice["allow"]:
        state["refused"].append(action)
        return
    effect = _BY_TYPE[action["type"]].effect
    assert isinstance(effect, Consented)
    effect.carried(state, faction, action, log)
