"""Combat (digest §6): the dice, melee, shooting and magic, damage and death.

The counting rules are pure functions of the faces rolled, so the rulebook's examples can be
checked face by face; the state-level attacks roll with the kernel's seeded generator.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones

from .cards import CONFIG, FACES, name_of, ruler
from .geometry import in_contact, in_cover, overlapping
from .units import (
    armour,
    aura,
    has,
    health,
    hero_of,
    magic_resistance,
    prop,
    relic_data,
    strength,
    units,
    within,
    worn,
)

State = dict[str, Any]
Log = Any
TARGET, AXE, SHIELD_AXE = "target", "axe", "shield_axe"
MELEE, SHOT = "melee", "shot"


# --- the dice (pure) ---


def face(value: int) -> str:
    """An ordinary d6 as the game's die (§6.1, TEXT): 1-2 target, 3-4 axe, 5-6 shield/axe."""
    return FACES[value - 1]


def roll(state: State, count: int) -> list[str]:
    return [face(v) for v in kernel.rng_roll(state, count)]


def melee_hits(faces: list[str]) -> int:
    return sum(1 for f in faces if f in (AXE, SHIELD_AXE))


def shot_hits(faces: list[str]) -> int:
    return sum(1 for f in faces if f == TARGET)


def blocks_die(f: str, kind: str, stalwart: bool = False, agile: bool = False, axe_blocks: bool = False) -> bool:
    """Whether one defence die blocks: shield/axe always; axe for a Stalwart defender in
    melee (or under Shield Wall against shooting); target for an Agile defender against shooting."""
    if f == SHIELD_AXE:
        return True
    if f == AXE:
        return (kind == MELEE and stalwart) or (kind == SHOT and axe_blocks)
    return kind == SHOT and agile


def count_blocks(
    faces: list[str], kind: str, stalwart: bool = False, agile: bool = False, axe_blocks: bool = False
) -> int:
    return sum(1 for f in faces if blocks_die(f, kind, stalwart, agile, axe_blocks))


def after_armour(unblocked: int, armour_value: int) -> int:
    return max(0, unblocked - armour_value)


# --- defence with rerolls (§6.1: all-failed rerolls first, then one die) ---


def defend(
    state: State, target: str, count: int, kind: str, log: Log, axe_blocks: bool = False, cover: bool = False
) -> int:
    stalwart = kind == MELEE and has(state, target, "stalwart")
    agile = kind == SHOT and has(state, target, "agile")
    faces = roll(state, count)
    rerolled = [False] * len(faces)
    if kind == SHOT and (cover or aura_shield_line(state, target)):
        for i, f in enumerate(faces):
            if not blocks_die(f, kind, stalwart, agile, axe_blocks):
                faces[i] = roll(state, 1)[0]
                rerolled[i] = True
    if imperial_will(state, target):
        for i, f in enumerate(faces):
            if not rerolled[i] and not blocks_die(f, kind, stalwart, agile, axe_blocks):
                faces[i] = roll(state, 1)[0]
                break
    blocked = count_blocks(faces, kind, stalwart, agile, axe_blocks)
    shown = {"key": "show_blocks", "blocks": blocked, "dice": count}
    log.emit("defence", unit=unit_name(state, target), faces=faces_text(faces), blocks=blocked, at=[target], show=shown)
    return blocked


def aura_shield_line(state: State, uid: str) -> bool:
    unit = units(state)[uid]
    if unit["hero"]:
        return False
    return any(
        other != uid
        and u["owner"] == unit["owner"]
        and prop(state, other, "shield_line")
        and within(state, uid, other, ruler(prop(state, other, "shield_line")))
        for other, u in units(state).items()
    )


def imperial_will(state: State, uid: str) -> bool:
    unit = units(state)[uid]
    hero = hero_of(state, unit["owner"])
    if unit["hero"] or hero is None:
        return False
    reach = prop(state, hero, "imperial_will")
    if not reach:
        return False
    for relic in worn(state, unit["owner"]):
        reach = relic_data(relic).get("will_range", reach)
    return within(state, uid, hero, ruler(reach))


# --- attacks ---


def melee_dice(state: State, attacker: str, target: str, spend: bool = False, log: Log = None) -> int:
    """Attack dice for a full melee attack (§6.4 step 2); `spend` uses up the hero's weapons."""
    unit = units(state)[attacker]
    n = strength(state, attacker)
    backstab = has(state, attacker, "backstab")
    if not unit["hero"]:
        n += aura(state, attacker, "aura_melee")
    else:
        for relic in list(worn(state, unit["owner"])):
            info = relic_data(relic)
            if info["slot"] == "melee" and relic["uses"] > 0:
                n += int(info.get("melee_dice", 0))
                backstab = backstab or bool(info.get("backstab"))
                if spend:
                    use_weapon(state, unit["owner"], relic, log)
    if prop(state, attacker, "charge") and unit["moved"] >= ruler("M") - 1e-9:
        n += int(prop(state, attacker, "charge"))
    if backstab and not has(state, target, "agile"):
        if any(in_contact(state, other, target) for other in _allies(state, attacker)):
            n += 2
    if prop(state, attacker, "mage_hunter") and prop(state, target, "magic"):
        n += int(prop(state, attacker, "mage_hunter"))
    if prop(state, attacker, "pride") and units(state)[target]["hero"]:
        n += int(prop(state, attacker, "pride"))
    if overlapping(state, attacker, "melee_penalty"):
        n -= 1
    return max(int(CONFIG["min_dice"]), n)


def _allies(state: State, uid: str) -> list[str]:
    owner = units(state)[uid]["owner"]
    return [o for o, u in units(state).items() if u["owner"] == owner and o != uid]


def use_weapon(state: State, seat: int, relic: dict[str, Any], log: Log) -> None:
    """A multi-use weapon spends a use; at none left it goes to the Graveyard."""
    relic["uses"] -= 1
    if relic["uses"] <= 0:
        lose_relic(state, seat, relic, log)


def lose_relic(state: State, seat: int, relic: dict[str, Any], log: Log) -> None:
    worn(state, seat).remove(relic)
    zones.move(state, f"play:{seat}", f"grave:{seat}", relic["item"])
    log.emit("relic_destroyed", seat=seat, card=name(relic["card"]))


def shooting(state: State, shooter: str) -> tuple[int, float] | None:
    """(dice, range in cm) of the creature's shot: the hero's ranged weapon, else Shooter X."""
    unit = units(state)[shooter]
    spec = prop(state, shooter, "shooter")
    if unit["hero"]:
        for relic in worn(state, unit["owner"]):
            info = relic_data(relic)
            if info["slot"] == "ranged" and relic["uses"] > 0:
                spec = info["shot"]
    if not spec:
        return None
    return int(spec[0]) + int(unit["bonus"].get("shoot", 0)), ruler(spec[1])


def magic_shot(state: State, caster: str) -> tuple[int, float] | None:
    spec = prop(state, caster, "magic")
    if not spec:
        return None
    return int(spec[0]) + int(units(state)[caster]["bonus"].get("magic", 0)), ruler(spec[1])


def melee(state: State, attacker: str, target: str, log: Log, dice: int | None = None, kind: str = "melee") -> None:
    """A melee attack (§6.4); `dice` set: a riposte or a parting strike, exactly that many
    dice with no bonuses or weapons, which never triggers a riposte."""
    n = melee_dice(state, attacker, target, spend=True, log=log) if dice is None else dice
    faces = roll(state, n)
    hits = melee_hits(faces)
    log.emit(kind, **_attack_params(state, attacker, target, faces, hits))
    blocked = defend(state, target, hits, MELEE, log) if hits else 0
    dealt = physical(state, target, hits - blocked, log)
    after_wounds(state, attacker, target, dealt, log)
    riposte = prop(state, target, "riposte") if target in units(state) else None
    if dice is None and riposte and attacker in units(state) and not kernel.is_over(state):
        melee(state, target, attacker, log, dice=int(riposte), kind="riposte")


def shoot(state: State, shooter: str, target: str, log: Log, axe_blocks: bool = False) -> None:
    """A shot (§6.5): Target results hit; the hero's ranged weapon is spent."""
    unit = units(state)[shooter]
    n, _reach = shooting(state, shooter) or (1, 0.0)
    if unit["hero"]:
        for relic in list(worn(state, unit["owner"])):
            if relic_data(relic)["slot"] == "ranged" and relic["uses"] > 0:
                use_weapon(state, unit["owner"], relic, log)
    victim = units(state)[target]
    if victim["hero"]:
        n -= sum(int(relic_data(r).get("shooting_penalty", 0)) for r in worn(state, victim["owner"]) if r["tokens"] > 0)
    faces = roll(state, max(int(CONFIG["min_dice"]), n))
    hits = shot_hits(faces)
    log.emit("shoot", **_attack_params(state, shooter, target, faces, hits))
    cover = in_cover(state, shooter, target)
    blocked = defend(state, target, hits, SHOT, log, axe_blocks, cover) if hits else 0
    dealt = physical(state, target, hits - blocked, log)
    after_wounds(state, shooter, target, dealt, log)


def cast_magic(state: State, caster: str, target: str, log: Log) -> None:
    """A magic shot (§6.6): Target results hit, no defence, armour ignored."""
    n, _reach = magic_shot(state, caster) or (1, 0.0)
    faces = roll(state, max(int(CONFIG["min_dice"]), n))
    hits = shot_hits(faces)
    log.emit("magic_shot", **_attack_params(state, caster, target, faces, hits))
    dealt = magical(state, target, hits, log)
    after_wounds(state, caster, target, dealt, log)


def _attack_params(state: State, attacker: str, target: str, faces: list[str], hits: int) -> dict[str, Any]:
    """An attack's event: who strikes whom, the dice and the hits; the hits float over the target."""
    return {
        "unit": unit_name(state, attacker),
        "target": unit_name(state, target),
        "faces": faces_text(faces),
        "hits": hits,
        "at": [target, attacker],
        "show": {"key": "show_hits", "hits": hits, "dice": len(faces)},
    }


def after_wounds(state: State, attacker: str, target: str, dealt: int, log: Log) -> None:
    """Steal (§6.9) after an attack that wounded."""
    if dealt <= 0 or attacker not in units(state) or not has(state, attacker, "steal"):
        return
    thief = units(state)[attacker]["owner"]
    victim = 1 - thief
    if state["prosperity"][victim] > 0:
        state["prosperity"][victim] -= 1
        state["prosperity"][thief] += 1
        log.emit("steal", unit=unit_name(state, attacker), seat=victim, at=[attacker], show="+1")


# --- damage (§6.7) and death (§6.8) ---


def physical(state: State, uid: str, unblocked: int, log: Log) -> int:
    """Physical damage: Armour X, then the hero's relic tokens, then shield markers, then wounds."""
    if uid not in units(state) or unblocked <= 0:
        return 0
    unit = units(state)[uid]
    left = after_armour(unblocked, armour(state, uid))
    if unit["hero"]:
        left = absorb_with_tokens(state, unit["owner"], left, log)
    return wound(state, uid, left, log)


def absorb_with_tokens(state: State, seat: int, damage: int, log: Log) -> int:
    """Each point takes one armour token while any durable relic has one (§6.7, TEXT); the
    rest of the attack goes to the hero (DECISION 14). The owner chooses which relic loses
    each token, one token at a time, right after the attack."""
    taken = min(damage, sum(r["tokens"] for r in durable(state, seat)))
    if taken:
        kernel.queue_step(state, "lose_tokens", first=True, seat=seat, left=taken)
    return damage - taken


def durable(state: State, seat: int) -> list[dict[str, Any]]:
    return [r for r in worn(state, seat) if "durability" in relic_data(r) and r["tokens"] > 0]


def step_lose_tokens(state: State, data: dict[str, Any], log: Log) -> None:
    seat = data["seat"]
    choices = [{"type": "lose_token", "card": r["item"]} for r in durable(state, seat)]
    if data["left"] > 0 and choices:
        kernel.ask(state, seat, "lose_token", choices, auto=True, left=data["left"])


def answer_lose_token(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    seat = decision["seat"]
    relic = next(r for r in worn(state, seat) if r["item"] == choice["card"])
    relic["tokens"] -= 1
    log.emit("token_lost", seat=seat, card=name(relic["card"]), tokens=relic["tokens"])
    if relic["tokens"] == 0:
        lose_relic(state, seat, relic, log)
    kernel.queue_step(state, "lose_tokens", first=True, seat=seat, left=decision["data"]["left"] - 1)


def magical(state: State, uid: str, amount: int, log: Log) -> int:
    """Magic damage ignores armour and relic tokens; Magic Resistance X lowers it."""
    if uid not in units(state) or amount <= 0:
        return 0
    return wound(state, uid, max(0, amount - magic_resistance(state, uid)), log)


def wound(state: State, uid: str, amount: int, log: Log) -> int:
    """Shield markers prevent wounds one each; the rest become wounds; death at Health."""
    unit = units(state)[uid]
    while amount > 0 and unit.get("shields", 0) > 0:
        unit["shields"] -= 1
        amount -= 1
        if unit["shields"] == 0:
            _drop_shield(state, unit)
    if amount <= 0:
        return 0
    unit["wounds"] += amount
    most = health(state, uid)
    shown = f"-{amount} ({unit['wounds']}/{most})"
    log.emit(
        "wounded", unit=unit_name(state, uid), wounds=amount, total=unit["wounds"], health=most, at=[uid], show=shown
    )
    if unit["wounds"] >= health(state, uid):
        destroy(state, uid, log)
    return amount


def _drop_shield(state: State, unit: dict[str, Any]) -> None:
    item = unit.pop("shield_item", None)
    if item is not None:
        seat = int(item.split("@")[1].split(".")[0])
        zones.move(state, f"play:{seat}", f"grave:{seat}", item)


def heal(state: State, uid: str, amount: int) -> int:
    unit = units(state)[uid]
    healed = min(amount, unit["wounds"])
    unit["wounds"] -= healed
    return healed


def destroy(state: State, uid: str, log: Log) -> None:
    """The card goes to its owner's Graveyard; a hero takes its relics along and its owner
    loses at once; the owner's opponent gains the bounty for a character (DECISION 30)."""
    unit = units(state).pop(uid)
    owner = unit["owner"]
    _drop_shield(state, unit)
    log.emit("destroyed", unit=name(unit["card"]), seat=owner, at=[uid])

    if unit["hero"]:
        # where it fell, which the finished board marks as what decided the game
        fallen = {"card": unit["card"], "at": list(unit["at"]), "radius": unit["radius"], "owner": owner}
        state.setdefault("fallen", []).append(fallen)
        for relic in list(worn(state, owner)):
            lose_relic(state, owner, relic, log)
        log.emit("hero_falls", seat=owner)
        both = kernel.is_over(state) and (kernel.outcome(state) or {}).get("reason") == "hero destroyed"
        # both heroes fall to the same effect: the active player wins (DECISION 26)
        winners = [kernel.active(state)] if both else [1 - owner]
        kernel.finish(state, winners=winners, reason="hero destroyed")
        return
    zones.move(state, f"play:{owner}", f"grave:{owner}", unit["item"])
    state["prosperity"][1 - owner] += int(CONFIG["bounty"])


# --- text helpers ---


def name(card: str) -> dict[str, str]:
    return name_of(card)


def unit_name(state: State, uid: str) -> dict[str, str]:
    return name(units(state)[uid]["card"])


def faces_text(faces: list[str]) -> str:
    return " ".join({"target": "◎", "axe": "⚒", "shield_axe": "⛨"}[f] for f in faces) or "-"
