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
    """Remove a lasting enemy spell (the smoke first, else a shield), then lock a building."""
    enemy = 1 - seat
    smoke = next((s for s in state["smoke"] if s["owner"] == enemy), None)
    if smoke is not None:
        state["smoke"].remove(smoke)
        zones.move(state, f"play:{enemy}", f"grave:{enemy}", smoke["item"])
    else:
        shielded = next((u for u in units(state).values() if u["owner"] == enemy and u.get("shield_item")), None)
        if shielded is not None:
            shielded["shields"] = 0
            zones.move(state, f"play:{enemy}", f"grave:{enemy}", shielded.pop("shield_item"))
    for b in state["city"][enemy]:
        if b["id"] == target:
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
    log.emit("reposition", unit=name_of(unit["card"]))
    data["left"] -= 1
    data["moved"] = [*data["moved"], choice["unit"]]
    kernel.queue_step(state, "reposition", first=True, **data)
