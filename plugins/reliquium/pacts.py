"""Allies, the optional rule Allies (digest 8.4): pacts made and ended at any moment, and
the consent an ally gives before another faction uses its regions or units.

State: ``allies[faction][other]`` is True while the two are allied (always both ways).
Pacts are free moves (`who="any"`: "at any moment"; the reserved key "by" names the seat).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Move, Part

from .units import controls, seat
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]

CONSENT_CHOICES: list[Action] = [{"type": "consent", "allow": True}, {"type": "consent", "allow": False}]


def ally_controlling(state: State, faction: int, region: int) -> int:
    """The seat of an ally of `faction` that controls `region` (and must consent), or -1."""
    for other, allied in enumerate(state["allies"][faction]):
        if allied and controls(state, other, region):
            return seat(state, other)
    return -1


def is_enemy(state: State, faction: int, other: int) -> bool:
    """Another player's faction that is not an ally."""
    return bool(other >= 0 and other != faction and not state["neutral"][other] and not state["allies"][faction][other])


def movers(state: State, faction: int) -> list[int]:
    """Factions whose units `faction`'s abilities may move: itself, and its allies under the Allies rule."""
    if not state["rules"]["allies"]:
        return [faction]
    return [faction] + [other for other, allied in enumerate(state["allies"][faction]) if allied]


def ranged_consent(state: State, faction: int, action: Action) -> int:
    """The seat of the ally whose consent a ranged order toward its region needs, or -1."""
    if not state["rules"]["allies"]:
        return -1
    target = WORLD.region_index[action["to"]]
    return -1 if controls(state, faction, target) else ally_controlling(state, faction, target)


def summon_consent(state: State, faction: int, action: Action) -> int:
    """The seat of the ally whose consent a summon onto a junction only its regions touch
    needs, or -1."""
    if not state["rules"]["allies"]:
        return -1
    regions = WORLD.junction_regions[WORLD.junction_index[action["junction"]]]
    if not any(controls(state, faction, region) for region in regions):
        for region in regions:
            ally = ally_controlling(state, faction, region)
            if ally >= 0:
                return ally
    return -1


# --- pacts: free moves ---


def _why_not_pact(kind: str) -> Callable[[State, int, Action], str | None]:
    """Pacts are proposed and ended at any moment (digest 8.4), by any seat still in play
    towards another faction still in play; one proposal waits for its answer before the next
    is made."""
    ends = kind == "end_alliance"

    def refuse(state: State, by: int, action: Action) -> str | None:
        if not state["rules"]["allies"]:
            return "pacts need the optional rule Allies"
        faction, other = state["faction_of"][by], WORLD.faction_index.get(action["faction"], -1)
        if state["action_token"][faction] < 0:
            return "a faction without castles makes no pacts"
        if any(d["kind"] == "alliance" for d in kernel.pending_all(state)):
            return "a proposed alliance waits for its answer"
        if other < 0 or other == faction or state["neutral"][other] or state["action_token"][other] < 0:
            return "pacts are made with another faction still in play"
        if state["allies"][faction][other] != ends:
            return "you are not allied with that faction" if ends else "you are allied with that faction already"
        return None

    return refuse


def _factions(_state: State, _by: int) -> list[str]:
    return list(WORLD.faction_ids)


def _ended(state: State, action: Action, log: Any) -> None:
    faction, other = state["faction_of"][action["by"]], WORLD.faction_index[action["faction"]]
    state["allies"][faction][other] = state["allies"][other][faction] = False
    log.emit("alliance_ended", seat=seat(state, faction), other_seat=seat(state, other))


def _proposed(state: State, action: Action, log: Any) -> None:
    faction, other = state["faction_of"][action["by"]], WORLD.faction_index[action["faction"]]
    log.emit("alliance_proposed", seat=seat(state, faction), other_seat=seat(state, other))
    choices = [{"type": "alliance", "accept": True}, {"type": "alliance", "accept": False}]
    kernel.ask(state, seat(state, other), "alliance", choices, proposer=faction, partner=other)


def _pact(kind: str, effect: Callable[[State, Action, Any], None]) -> Move:
    parts = {"faction": Part("", values=_factions, kind=str)}
    return Move(kind, effect=effect, parts=parts, refuse=_why_not_pact(kind), who="any")


PROPOSE_ALLIANCE = _pact("propose_alliance", _proposed)
END_ALLIANCE = _pact("end_alliance", _ended)
FREE_MOVES = (PROPOSE_ALLIANCE, END_ALLIANCE)


def answer_alliance(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    """The `alliance` decision: the proposed partner accepts or declines."""
    proposer, partner = decision["data"]["proposer"], decision["data"]["partner"]
    if choice["accept"]:
        state["allies"][proposer][partner] = state["allies"][partner][proposer] = True
        log.emit("alliance_formed", seat=seat(state, proposer), other_seat=seat(state, partner))
    else:
        log.emit("alliance_declined", seat=seat(state, partner), other_seat=seat(state, proposer))
