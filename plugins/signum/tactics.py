"""Face-down tactics (digest §5.3.4, §5.6): when a tactic's printed condition happens, its
owner must reveal it at that first occurrence or it fails to the Graveyard (TEXT)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import field, kernel, zones

from . import combat
from .cards import CARDS, card_of, name_of, ruler
from .geometry import in_contact, move_problem
from .units import base, is_character, units, within

State = dict[str, Any]
Log = Any
Event = dict[str, Any]


def check(state: State, event: Event) -> None:
    """Queue the check of the acting seat's opponent's tactics against `event`."""
    kernel.queue_step(state, "tactic_check", event=event, done=[])


def matches(state: State, owner: int, card: dict[str, Any], event: Event) -> list[dict[str, Any]] | None:
    """The ways a tactic of `owner` answers the event (a list of extra choice fields), or None
    when its condition is not this event."""
    trigger = card["trigger"]
    if event["kind"] != trigger and not (trigger.startswith("enemy_ends_move") and event["kind"] == "enemy_ends_move"):
        return None
    if trigger in ("enemy_plays_character", "enemy_plays_spell"):
        return [{}]
    everyone = units(state)
    if trigger in ("enemy_melee_declared", "enemy_shot_declared"):
        target = event["target"]
        if target not in everyone:
            return None
        if trigger == "enemy_melee_declared" and not is_character(state, target):
            return None
        return [{}]
    mover = event["unit"]
    if mover not in everyone or not is_character(state, mover):
        return None
    mine = [u for u, d in everyone.items() if d["owner"] == owner and not d["hero"]]
    if trigger == "enemy_ends_move_near":
        found = [u for u in mine if within(state, u, mover, ruler(card["distance"]))]
    else:
        found = [u for u in mine if in_contact(state, u, mover)]
    return [{"unit": u} for u in found] or None


def cancelled(state: State, event: Event) -> bool:
    """Whether an earlier tactic undid the event: the card played went back to its owner's
    hand or to the Graveyard, or the attack was wasted. An undone event triggers no further
    tactic (a second Secret Bribe waits face down for the next character)."""
    undone = state["cancelled"]
    return event.get("item") in undone or (event["kind"] == "enemy_melee_declared" and "melee" in undone)


def step_tactic_check(state: State, data: dict[str, Any], log: Log) -> None:
    event = data["event"]
    owner = 1 - event["seat"]
    if cancelled(state, event):
        return
    for item in state["zones"][f"tactics:{owner}"]["items"]:
        if item in data["done"]:
            continue
        card = card_of(item)
        ways = matches(state, owner, card, event) if card["kind"] == "tactic" else None
        if ways is not None:
            choices = [{"type": "reveal", "card": item, **way} for way in ways] + [{"type": "decline", "card": item}]
            kernel.ask(state, owner, "reveal", choices, event=event, done=[*data["done"], item])
            return


def answer_reveal(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    owner = decision["seat"]
    item = choice["card"]
    data = decision["data"]
    zones.move(state, f"tactics:{owner}", f"grave:{owner}", item, show=zones.ALL)
    card = card_of(item)
    if choice["type"] == "decline":
        log.emit("tactic_fails", seat=owner, card=name_of(card["id"]))
    else:
        log.emit("tactic_revealed", seat=owner, card=name_of(card["id"]))
        EFFECTS[card["trigger"]](state, owner, data["event"], choice, log)
    if not kernel.is_over(state):
        kernel.queue_step(state, "tactic_check", first=True, event=data["event"], done=data["done"])


def _return_card(state: State, owner: int, event: Event, choice: dict[str, Any], log: Log) -> None:
    """Secret Bribe: the character returns to its owner's hand; the costs stay paid (TEXT)."""
    seat = event["seat"]
    state["cancelled"].append(event["item"])
    zones.move(state, f"play:{seat}", f"hand:{seat}", event["item"], observed=True)


def _cancel_spell(state: State, owner: int, event: Event, choice: dict[str, Any], log: Log) -> None:
    """Inquisition's Judgement: the spell goes to its owner's Graveyard, costs paid."""
    seat = event["seat"]
    state["cancelled"].append(event["item"])
    zones.move(state, f"play:{seat}", f"grave:{seat}", event["item"])


# the distances a Feint may step, as fractions of its S: the whole S down to a quarter
FEINT_FRACTIONS = (1.0, 0.75, 0.5, 0.25)


def _feint(state: State, owner: int, event: Event, choice: dict[str, Any], log: Log) -> None:
    """Feint: the attack is wasted and the target steps up to S straight away from the
    attacker; how far is its owner's choice ("moves up to S away"), among the steps it can make."""
    state["cancelled"].append("melee")
    target, attacker = event["target"], event["unit"]
    everyone = units(state)
    tx, ty = everyone[target]["at"]
    ax, ay = everyone[attacker]["at"]
    gap = field.distance((tx, ty), (ax, ay)) or 1.0
    reach = ruler(CARDS["feint"]["distance"])
    steps = [fraction * reach for fraction in FEINT_FRACTIONS]
    spots = [[round(tx + (tx - ax) / gap * step, 3), round(ty + (ty - ay) / gap * step, 3)] for step in steps]
    choices = [
        {"type": "feint_step", "unit": target, "to": spot}
        for spot in spots
        if move_problem(state, target, spot, reach=reach) is None
    ]
    if choices:
        kernel.ask(state, owner, "feint_step", choices, auto=True)


def answer_feint_step(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    units(state)[choice["unit"]]["at"] = list(choice["to"])


def _shield_wall(state: State, owner: int, event: Event, choice: dict[str, Any], log: Log) -> None:
    state["shield_wall"] = True


def _alley_ambush(state: State, owner: int, event: Event, choice: dict[str, Any], log: Log) -> None:
    """Alley Ambush: your character moves up to S into contact and attacks (no activation)."""
    mine, enemy = choice["unit"], event["unit"]
    everyone = units(state)
    if not in_contact(state, mine, enemy):
        spot = field.contact_point(everyone[mine]["at"], everyone[mine]["radius"] + 0.01, base(everyone[enemy]))
        if move_problem(state, mine, spot, reach=ruler(CARDS["alley_ambush"]["distance"])) is None:
            everyone[mine]["at"] = spot
    if in_contact(state, mine, enemy):
        combat.melee(state, mine, enemy, log)


def _counter_charge(state: State, owner: int, event: Event, choice: dict[str, Any], log: Log) -> None:
    if choice["unit"] in units(state) and event["unit"] in units(state):
        combat.melee(state, choice["unit"], event["unit"], log)


EFFECTS = {
    "enemy_plays_character": _return_card,
    "enemy_plays_spell": _cancel_spell,
    "enemy_melee_declared": _feint,
    "enemy_shot_declared": _shield_wall,
    "enemy_ends_move_near": _alley_ambush,
    "enemy_ends_move_in_contact": _counter_charge,
}
