"""The peace phase (digest 4.1, 5): in initiative order each player takes one of the two actions
of the segment its action token stands on, or passes; the token then moves on along the
domain track, and a player whose token went round is done for this phase (a kernel pass).

Under Allies, an action that uses an ally's region first asks its ``consent``; a refused action
is not offered again this turn (``state["refused"]``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import kernel

from .abilities import summon, summons, why_not_summon
from .actions import region_of
from .castles import build, builds, castles_on_map, end_peace_turn, why_not_build
from .orders import (
    march,
    marches,
    melee_orders,
    place_order,
    ranged_orders,
    recruit,
    recruits,
    why_not_march,
    why_not_melee,
    why_not_ranged,
    why_not_recruit,
)
from .pacts import CONSENT_CHOICES, consent_needed
from .units import MELEE, RANGED, seat
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]

PASS: Action = {"type": "pass"}

GENERATORS: dict[str, Callable[[State, int, list[Action]], None]] = {
    "march": marches,
    "melee": melee_orders,
    "recruit": recruits,
    "ranged": ranged_orders,
    "build": builds,
    "summon": summons,
}
REASONS: dict[str, Callable[[State, int, Action], str | None]] = {
    "march": why_not_march,
    "melee": why_not_melee,
    "recruit": why_not_recruit,
    "ranged": why_not_ranged,
    "build": lambda state, faction, action: why_not_build(state, faction, region_of(action, "region")),
    "summon": why_not_summon,
}


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
    for by, faction in enumerate(state["faction_of"]):
        castles = castles_on_map(state, faction)
        if castles > best:
            best, winner = castles, by
    return [winner] if winner >= 0 else []


def _segment(state: State, faction: int) -> int:
    return WORLD.segment_of[state["action_token"][faction]]


def peace_actions(state: State, faction: int) -> list[Action]:
    out: list[Action] = []
    for kind in WORLD.segment_actions[_segment(state, faction)]:
        GENERATORS[kind](state, faction, out)
    refused = state["refused"]
    if refused:
        out = [action for action in out if action not in refused]
    out.append(PASS)
    return out


def why_not_peace(state: State, faction: int, action: Action) -> str | None:
    kind = action["type"]
    why = REASONS.get(kind)
    if why is None:
        return None
    segment = _segment(state, faction)
    if kind not in WORLD.segment_actions[segment]:
        return f"{kind} is not an action of the {WORLD.segment_terrain[segment]} segment where your action token stands"
    reason = why(state, faction, action)
    if reason is None and action in state["refused"]:
        return "your ally refused this action"
    return reason


def apply_peace(state: State, faction: int, action: Action, log: Any) -> None:
    if action["type"] == "pass":
        log.emit("pass", seat=seat(state, faction))
        end_peace_turn(state, faction, log)
        return
    ally = consent_needed(state, faction, action)
    if ally >= 0:
        log.emit("consent_asked", seat=seat(state, faction), ally_seat=ally)
        kernel.ask(state, ally, "consent", CONSENT_CHOICES, action=action, faction=faction)
        return
    _carry_out(state, faction, action, log)


def answer_consent(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    """The `consent` decision: the ally allows the action, or the player chooses again."""
    faction, action = decision["data"]["faction"], decision["data"]["action"]
    log.emit("consent_given" if choice["allow"] else "consent_refused", seat=decision["seat"])
    if not choice["allow"]:
        state["refused"].append(action)
        return
    _carry_out(state, faction, action, log)


def _carry_out(state: State, faction: int, action: Action, log: Any) -> None:
    index = WORLD.region_index
    kind = action["type"]
    if kind == "summon":
        summon(state, faction, action, log)  # it asks for the creature's ability or ends the turn
        return
    if kind == "march":
        march(state, faction, action, log)
    elif kind in (MELEE, RANGED):
        place_order(state, faction, kind, index[action["from"]], index[action["to"]], log)
    elif kind == "recruit":
        recruit(state, faction, index[action["region"]], WORLD.class_index[action["unit"]], log)
    elif kind == "build":
        build(state, faction, index[action["region"]], log)
    end_peace_turn(state, faction, log)
