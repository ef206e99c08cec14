"""Allies, the optional rule Allies (digest 8.4): pacts made and ended at any moment, and
the consent an ally gives before another faction uses its regions or units.

State: ``allies[faction][other]`` is True while the two are allied (always both ways).
Pacts are free actions (`Game.free_actions`, the reserved key "by" names the seat).
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

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


def consent_needed(state: State, faction: int, action: Action) -> int:
    """The seat of the ally whose consent a peace action needs (a ranged order toward its region,
    a summon onto a junction only its regions touch), or -1."""
    if not state["rules"]["allies"]:
        return -1
    if action["type"] == "ranged":
        target = WORLD.region_index[action["to"]]
        if not controls(state, faction, target):
            return ally_controlling(state, faction, target)
    elif action["type"] == "summon":
        regions = WORLD.junction_regions[WORLD.junction_index[action["junction"]]]
        if not any(controls(state, faction, region) for region in regions):
            for region in regions:
                ally = ally_controlling(state, faction, region)
                if ally >= 0:
                    return ally
    return -1


# --- pacts: free actions ---


def free_actions(state: State, by: int) -> list[Action]:
    """Pacts are proposed and ended at any moment (digest 8.4), by any seat still in play; one
    proposal waits for its answer before the next is made."""
    if not state["rules"]["allies"]:
        return []
    faction = state["faction_of"][by]
    if state["action_token"][faction] < 0 or any(d["kind"] == "alliance" for d in kernel.pending_all(state)):
        return []
    out: list[Action] = []
    for other, other_id in enumerate(WORLD.faction_ids):
        if other == faction or state["neutral"][other] or state["action_token"][other] < 0:
            continue
        kind = "end_alliance" if state["allies"][faction][other] else "propose_alliance"
        out.append({"type": kind, "faction": other_id, "by": by})
    return out


def apply_free(state: State, action: Action, log: Any) -> None:
    faction = state["faction_of"][action["by"]]
    other = WORLD.faction_index[action["faction"]]
    if action["type"] == "end_alliance":
        state["allies"][faction][other] = state["allies"][other][faction] = False
        log.emit("alliance_ended", seat=seat(state, faction), other_seat=seat(state, other))
        return
    log.emit("alliance_proposed", seat=seat(state, faction), other_seat=seat(state, other))
    choices = [{"type": "alliance", "accept": True}, {"type": "alliance", "accept": False}]
    kernel.ask(state, seat(state, other), "alliance", choices, proposer=faction, partner=other)


def answer_alliance(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    """The `alliance` decision: the proposed partner accepts or declines."""
    proposer, partner = decision["data"]["proposer"], decision["data"]["partner"]
    if choice["accept"]:
        state["allies"][proposer][partner] = state["allies"][partner][proposer] = True
        log.emit("alliance_formed", seat=seat(state, proposer), other_seat=seat(state, partner))
    else:
        log.emit("alliance_declined", seat=seat(state, partner), other_seat=seat(state, proposer))
