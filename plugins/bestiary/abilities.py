"""The abilities phase (digest §4.1, §5.1): which creatures may act, the uses each may make,
a use carried out with its follow-ups (HASTE's second half, summons into freed castles), and
why a use is refused."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .attack import attack_actions, strike
from .catalogue import CREATURES
from .creatures import State, board_of, count, haste_net, inactive, index_of, is_protorp, period
from .movement import manoeuvre, move_actions
from .summons import then_summon
from .supports import support_actions, use_support

Action = dict[str, Any]
Log = Any
SKIP = {"type": "skip"}
ABILITY_TYPES = ("attack", "move", "use")


def use_actions(state: State, seat: int) -> list[Action]:
    """Every use open to the seat's creatures (the actors): attacks, manoeuvres and ready supports."""
    out: list[Action] = []
    creatures = state["creatures"]
    board_markers = state["board_markers"]
    land = board_of(state).land if is_protorp(state) else None
    for index in state["tableaus"][seat]:
        creature = creatures[index]
        h = creature["hex"]
        if h < 0:
            continue
        # markers on the card or a marker on its hex (a web) may hold it back: else none apply
        marked = bool(creature["markers"]) or board_markers[h] is not None
        if marked and inactive(state, creature):
            continue
        if land is not None and land[h] != state["land"]:
            continue
        if not creature["attack_used"]:
            out += attack_actions(state, index)
            if not marked or haste_net(state, creature) >= 0:
                out += move_actions(state, index)
        if not marked or count(creature, "SILENCE") == 0:
            for ability, ready in enumerate(creature["ready_at"]):
                if ready == 0:
                    out += support_actions(state, index, ability)
    return out


def use(state: State, action: Action, log: Log) -> None:
    """One use of an ability. With net HASTE, an attack may be followed by a manoeuvre and a
    manoeuvre by an attack (the other half is asked next); then waiting creatures enter
    freed castles. Each follow-up step queues the next one when it is done, so nothing is
    left queued while a seat decides; a follow-up that would run next anyway (nothing else
    queued, no decision open) runs at once."""
    kind = action["type"]
    index = index_of(state, action["creature"])
    if kind == "attack":
        strike(state, action, log)
        _then_haste(state, index, "move", log)
    elif kind == "move":
        manoeuvre(state, action, log)
        _then_haste(state, index, "attack", log)
    else:
        use_support(state, action, log)
        then_summon(state, log)


def _then_haste(state: State, index: int, then: str, log: Log) -> None:
    if kernel.idle(state):
        haste(state, {"creature": index, "then": then}, log)
    else:
        kernel.queue_step(state, "haste", creature=index, then=then)


def haste(state: State, data: dict[str, Any], log: Log) -> None:
    """Step: a creature with net HASTE that can still act is offered the other half of its use."""
    index = data["creature"]
    creature = state["creatures"][index]
    follow = []
    if creature["hex"] >= 0 and haste_net(state, creature) > 0 and not inactive(state, creature):
        follow = move_actions(state, index) if data["then"] == "move" else attack_actions(state, index)
    if follow:
        kernel.ask(state, creature["seat"], "haste_" + data["then"], [*follow, SKIP])
    else:
        then_summon(state, log)


def resume_haste(state: State, decision: dict[str, Any], choice: Action, log: Log) -> None:
    """Decision: the second half of a hasted use, or skip it."""
    if choice["type"] == "move":
        manoeuvre(state, choice, log)
    elif choice["type"] == "attack":
        strike(state, choice, log)
    then_summon(state, log)


def refusal(state: State, action: Action) -> str | None:
    """Why an ability use of the seat to act is refused, in words a player can act on."""
    index = index_of(state, action.get("creature"))
    if index < 0:
        return f"no creature {action.get('creature')!r} in play"
    creature = state["creatures"][index]
    if creature["seat"] != kernel.active(state):
        return "not your creature"
    if creature["hex"] < 0:
        return "the creature is waiting on its card"
    if inactive(state, creature):
        return "INACTION"
    if is_protorp(state) and board_of(state).land[creature["hex"]] != state["land"]:
        return "the creature is not in the active land"
    if action["type"] in ("attack", "move") and creature["attack_used"]:
        return "the attack ability was already used"
    if action["type"] == "move" and haste_net(state, creature) < 0:
        return "net SLOW: no manoeuvre"
    if action["type"] == "use":
        return _support_refusal(state, creature, action.get("ability"))
    return None


def _support_refusal(state: State, creature: dict[str, Any], ability: Any) -> str | None:
    if type(ability) is not int or not 0 <= ability < len(CREATURES[creature["id"]]["support"]):
        return "no such ability"
    if count(creature, "SILENCE"):
        return "SILENCE"
    if creature["ready_at"][ability]:
        return f"cooldown {max(0, creature['ready_at'][ability] - period(state))}"
    return None
