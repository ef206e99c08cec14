"""The abilities phase (digest §4.1, §5.1): its three moves (an attack, a manoeuvre, a
support ability's use), each with the one predicate that says why a use is refused; the
uses all the seat's creatures may make, listed at once for speed; a use carried out with
its follow-ups (HASTE's second half, summons into freed castles)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import choices, kernel
from boardwright.framework.moves import Move, Part

from .attack import attack_actions, strike
from .catalogue import CREATURES, PROTORP
from .creatures import State, board_of, count, haste_net, inactive, index_of, is_protorp, period
from .movement import manoeuvre, move_actions
from .summons import then_summon
from .supports import support_actions, use_support

Action = dict[str, Any]
Log = Any
SKIP = {"type": "skip"}


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


def attack(state: State, action: Action, log: Log) -> None:
    """An attack; with net HASTE a manoeuvre may follow (asked next), then waiting creatures
    enter freed castles. Each follow-up step queues the next one when it is done, so nothing
    is left queued while a seat decides; a follow-up that would run next anyway (nothing
    else queued, no decision open) runs at once."""
    strike(state, action, log)
    _then_haste(state, index_of(state, action["creature"]), "move", log)


def move(state: State, action: Action, log: Log) -> None:
    """A manoeuvre; with net HASTE an attack may follow."""
    manoeuvre(state, action, log)
    _then_haste(state, index_of(state, action["creature"]), "attack", log)


def use(state: State, action: Action, log: Log) -> None:
    """A support ability's use; then waiting creatures enter freed castles."""
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


def _creature_problem(state: State, seat: int, action: Action) -> str | None:
    """Why the seat's creature named by a use may not act now, in words a player can act on."""
    index = index_of(state, action["creature"])
    if index < 0:
        return f"no creature {action['creature']!r} in play"
    creature = state["creatures"][index]
    if creature["seat"] != seat:
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
        return _support_problem(state, creature, action["ability"])
    return None


def _support_problem(state: State, creature: dict[str, Any], ability: int) -> str | None:
    if not 0 <= ability < len(CREATURES[creature["id"]]["support"]):
        return "no such ability"
    if count(creature, "SILENCE"):
        return "SILENCE"
    if creature["ready_at"][ability]:
        return f"cooldown {max(0, creature['ready_at'][ability] - period(state))}"
    return None


def _aims(state: State, action: Action) -> list[Action]:
    """Every use of the action's kind its creature's ability reaches from where it stands
    (its targets), whether or not the creature may act now."""
    index = index_of(state, action["creature"])
    kind = action["type"]
    if kind == "attack":
        return attack_actions(state, index)
    if kind == "move":
        return move_actions(state, index)
    return support_actions(state, index, action["ability"])


def why_not_use(state: State, seat: int, action: Action) -> str | None:
    """The predicate of all three moves: the creature may act (its own, on the board, not
    held back, the chip ready), and the use is one its ability reaches."""
    reason = _creature_problem(state, seat, action)
    if reason is None and action not in _aims(state, action):
        return "no legal target there"
    return reason


def _on_board(state: State, seat: int) -> list[int]:
    return [index for index in state["tableaus"][seat] if state["creatures"][index]["hex"] >= 0]


def _attack_aims(state: State, seat: int) -> list[Action]:
    return [a for index in _on_board(state, seat) for a in attack_actions(state, index)]


def _move_aims(state: State, seat: int) -> list[Action]:
    return [a for index in _on_board(state, seat) for a in move_actions(state, index)]


def _use_aims(state: State, seat: int) -> list[Action]:
    creatures = state["creatures"]
    return [
        a
        for index in _on_board(state, seat)
        for ability in range(len(CREATURES[creatures[index]["id"]]["support"]))
        for a in support_actions(state, index, ability)
    ]


def _mass_offers(kind: str) -> Any:
    """Protorp's mass uses that hit more targets than it allows: one choice of `mass_cap`
    creatures each (choices.py), beside the listed combinations."""

    def offer(state: State, seat: int) -> list[Action]:
        groups: dict[str, tuple[Action, list[str]]] = {}
        for action in use_actions(state, seat):
            if action["type"] == kind and "targets" in action:
                base = {k: v for k, v in action.items() if k != "targets"}
                _, found = groups.setdefault(repr(sorted(base.items())), (base, []))
                found.extend(name for name in action["targets"] if name not in found)
        return [dict(base, targets=choices.choose(found, PROTORP["mass_cap"])) for base, found in groups.values()]

    return offer


# the fields of a use besides its creature: whom or where it aims, and how
_AIM = {
    "target": Part("target", optional=True),
    "targets": Part("", kind=list, optional=True),
    "direction": Part("", kind=int, optional=True),
}
ATTACK = Move(
    "attack",
    parts={"creature": Part("source", kind=str), **_AIM},
    candidates=_attack_aims,
    refuse=why_not_use,
    offer=_mass_offers("attack"),
    effect=attack,
)
MOVE = Move(
    "move",
    parts={"creature": Part("source", kind=str), "hex": Part("target", kind=str)},
    candidates=_move_aims,
    refuse=why_not_use,
    effect=move,
)
USE = Move(
    "use",
    parts={
        "creature": Part("source", kind=str),
        "ability": Part("", kind=int),
        **_AIM,
        "hex": Part("", optional=True),
        "giver": Part("", optional=True),
        "effect": Part("", optional=True),
        "chips": Part("", optional=True),
    },
    candidates=_use_aims,
    refuse=why_not_use,
    offer=_mass_offers("use"),
    effect=use,
)
ABILITY_MOVES = (ATTACK, MOVE, USE)
