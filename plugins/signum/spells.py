"""What spells do once they resolve (digest §5.3.2, §11.6)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones

from . import combat
from .cards import card_of, name_of, ruler
from .geometry import destinations, in_contact
from .units import enemies, is_character, units

State = dict[str, Any]
Log = Any


def resolve(state: State, seat: int, action: dict[str, Any], log: Log) -> None:
    item = action["card"]
    card = card_of(item)
    effect = card["effect"]
    lasting = False
    if effect == "damage" and action["target"] in units(state):
        combat.magical(state, action["target"], int(card["damage"]), log)
    elif effect == "gain":
        state["prosperity"][seat] += int(card["amount"])
    elif effect == "smoke":
        state["smoke"].append(
            {"owner": seat, "item": item, "shape": {"circle": list(action["to"]), "radius": float(card["radius"])}}
        )
        lasting = True
    elif effect == "shield" and action["target"] in units(state):
        unit = units(state)[action["target"]]
        if unit.get("shield_item"):
            zones.move(state, f"play:{seat}", f"grave:{seat}", unit["shield_item"])
        unit["shields"] = int(card["markers"])
        unit["shield_item"] = item
        lasting = True
    elif effect == "purge":
        purge(state, seat, action.get("target"), log)
    elif effect == "reposition":
        kernel.queue_step(state, "reposition", caster=seat, left=int(card["count"]), reach=card["distance"], moved=[])
    if not lasting:
        zones.move(state, f"play:{seat}", f"grave:{seat}", item)


def purge(state: State, seat: int, target: str | None, log: Log) -> None:
    """Remove a lasting enemy spell of the caster's choice (if there is one), then lock the
    chosen enemy building: it stays closed at its owner's next start phase."""
    lasting = [s["item"] for s in state["smoke"] if s["owner"] == 1 - seat] + [
        u["shield_item"] for u in units(state).values() if u["owner"] != seat and u.get("shield_item")
    ]
    choices = [{"type": "purge_spell", "card": item} for item in lasting] or [{"type": "purge_spell", "card": None}]
    kernel.ask(state, seat, "purge", choices, auto=True, building=target)


def answer_purge(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    enemy = 1 - decision["seat"]
    item = choice["card"]
    for smoke in [s for s in state["smoke"] if s["item"] == item]:
        state["smoke"].remove(smoke)
        zones.move(state, f"play:{enemy}", f"grave:{enemy}", item)
    for unit in units(state).values():
        if item is not None and unit.get("shield_item") == item:
            unit["shields"] = 0
            zones.move(state, f"play:{enemy}", f"grave:{enemy}", unit.pop("shield_item"))
    for b in state["city"][enemy]:
        if b["id"] == decision["data"]["building"]:
            b["open"] = False
            b["locked"] = True
            log.emit("purged", seat=enemy, building=name_of(b["type"]))


def step_reposition(state: State, data: dict[str, Any], log: Log) -> None:
    """Night Shade and March of the Legion: friendly characters move at once, one by one,
    without parting strikes; they may not end touching an enemy."""
    seat = data["caster"]
    if data["left"] <= 0:
        return
    choices: list[dict[str, Any]] = []
    for uid, unit in units(state).items():
        if unit["owner"] != seat or not is_character(state, uid) or uid in data["moved"]:
            continue
        for spot in destinations(state, uid, reach=ruler(data["reach"]), contact=False):
            if not _touches_enemy_at(state, uid, spot):
                choices.append({"type": "reposition", "unit": uid, "to": spot})
    choices.append({"type": "stop"})
    kernel.ask(state, seat, "reposition", choices, auto=True, **data)


def _touches_enemy_at(state: State, uid: str, spot: list[float]) -> bool:
    unit = units(state)[uid]
    here = unit["at"]
    unit["at"] = spot
    touching = any(in_contact(state, uid, e) for e in enemies(state, uid))
    unit["at"] = here
    return touching


def answer_reposition(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    if choice["type"] == "stop":
        return
    data = dict(decision["data"])
    unit = units(state)[choice["unit"]]
    unit["at"] = list(choice["to"])
    log.emit("reposition", unit=name_of(unit["card"]), at=[choice["unit"]])

    data["left"] -= 1
    data["moved"] = [*data["moved"], choice["unit"]]
    kernel.queue_step(state, "reposition", first=True, **data)
