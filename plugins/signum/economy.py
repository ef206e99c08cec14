"""Prosperity and the City (digest §5.1, §5.3, §5.4, §7.1, §7.2): income, building,
paying for cards by closing buildings, and the buildings' close abilities."""

from __future__ import annotations

import itertools
from typing import Any

from boardwright.framework import decks, kernel, zones
from boardwright.framework.moves import Move, Part

from . import acting
from .cards import ANY, BUILDINGS, CONFIG, MERCENARY, TERRAIN, card_of, name_of
from .geometry import touching
from .units import has, hero_of, prop, relic_data, units, worn

State = dict[str, Any]
Log = Any
Action = dict[str, Any]


def income(state: State, seat: int) -> int:
    """3 + 1 per 2 buildings + Town Halls and the Mint + income relics + a touched Treasury (§7.1)."""
    city = state["city"][seat]
    total = int(CONFIG["income_base"]) + len(city) // int(CONFIG["income_buildings_per_point"])
    total += sum(int(BUILDINGS[b["type"]].get("income", 0)) for b in city)
    total += sum(int(relic_data(r).get("income", 0)) for r in worn(state, seat))
    for terrain in state["terrain"]:
        bonus = TERRAIN[terrain["card"]].get("income")
        if bonus and terrain["owner"] == seat and _own_character_touches(state, seat, terrain["card"]):
            total += int(bonus)
    return total


def _own_character_touches(state: State, seat: int, card: str) -> bool:
    return any(
        not u["hero"] and u["owner"] == seat and touching(state, uid, "income", owner=seat)
        for uid, u in units(state).items()
    )


def buildable(state: State, seat: int) -> list[str]:
    """Building types the seat may build now: in its pool, affordable (§5.1)."""
    if state["turn"]["built"]:
        return []
    pool = state["pool"][seat]["buildings"]
    return [b for b, left in pool.items() if left > 0 and BUILDINGS[b]["cost"] <= state["prosperity"][seat]]


def build_problem(state: State, seat: int, kind: Any) -> str | None:
    if state["turn"]["built"]:
        return "one building per turn"
    if kind not in state["pool"][seat]["buildings"]:
        return f"{kind} is not in your City pool"
    if state["pool"][seat]["buildings"][kind] <= 0:
        return "no more copies of that building in your City pool"
    if BUILDINGS[kind]["cost"] > state["prosperity"][seat]:
        return f"not enough prosperity: {BUILDINGS[kind]['cost']} needed"
    return None


def build(state: State, seat: int, kind: str, log: Log) -> None:
    state["prosperity"][seat] -= int(BUILDINGS[kind]["cost"])
    state["pool"][seat]["buildings"][kind] -= 1
    state["next_id"] += 1
    state["city"][seat].append({"id": f"b{state['next_id']}", "type": kind, "open": True, "locked": False})
    state["turn"]["built"] = True
    log.emit("build", seat=seat, building=name_of(kind))


def cost(state: State, seat: int, item: str) -> int:
    """The card's cost; Daughter of Vallor makes the first mercenary each turn 1 cheaper (at least 1)."""
    card = card_of(item)
    price = int(card["cost"])
    hero = hero_of(state, seat)
    if card.get("faction") == MERCENARY and hero is not None and has(state, hero, "daughter_of_vallor"):
        if not state["turn"]["mercenary_discount"]:
            price = max(1, price - 1)
    return price


def assignment(state: State, seat: int, needs: list[str]) -> list[str] | None:
    """Distinct open buildings for the card's symbols, or None (§5.3): the named types first,
    then for "Any" the open buildings of the type the City holds most of."""
    free = [b for b in state["city"][seat] if b["open"]]
    chosen: list[str] = []
    for symbol in sorted(needs, key=lambda s: s == ANY):
        if symbol == ANY:
            counts: dict[str, int] = {}
            for b in free:
                counts[b["type"]] = counts.get(b["type"], 0) + 1
            pick = max(free, key=lambda b: counts[b["type"]], default=None)
        else:
            pick = next((b for b in free if b["type"] == symbol), None)
        if pick is None:
            return None
        free.remove(pick)
        chosen.append(pick["id"])
    return chosen


def payment_problem(state: State, seat: int, item: str) -> str | None:
    price = cost(state, seat, item)
    if price > state["prosperity"][seat]:
        return f"not enough prosperity: {price} needed"
    if assignment(state, seat, list(card_of(item)["needs"])) is None:
        return "the open buildings do not match the card's building symbols"
    return None


def pay(state: State, seat: int, item: str) -> None:
    """Pay prosperity and close the buildings; nothing is refunded later (TEXT). When the
    open buildings can pay in more than one way (an "Any" symbol), the owner chooses."""
    card = card_of(item)
    state["prosperity"][seat] -= cost(state, seat, item)
    if card.get("faction") == MERCENARY:
        state["turn"]["mercenary_discount"] = True
    choices = [{"type": "pay_with", "buildings": ids} for ids in ways_to_pay(state, seat, list(card["needs"]))]
    kernel.ask(state, seat, "pay_with", choices, auto=True)


def ways_to_pay(state: State, seat: int, needs: list[str]) -> list[list[str]]:
    """Each distinct way (by building type) to close open buildings for the card's symbols:
    the named types first, then for each "Any" any other open building."""
    named = assignment(state, seat, [n for n in needs if n != ANY]) or []
    rest = [b for b in state["city"][seat] if b["open"] and b["id"] not in named]
    ways: dict[tuple[str, ...], list[str]] = {}
    for extra in itertools.combinations(rest, needs.count(ANY)):
        ways.setdefault(tuple(sorted(b["type"] for b in extra)), [*named, *(b["id"] for b in extra)])
    return list(ways.values())


def close_for_payment(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    for bid in choice["buildings"]:
        building(state, decision["seat"], bid)["open"] = False


def building(state: State, seat: int, bid: str) -> dict[str, Any]:
    return next(b for b in state["city"][seat] if b["id"] == bid)


def open_buildings(state: State, seat: int) -> None:
    """The start phase: closed buildings open, except one Purge keeps closed once more."""
    for b in state["city"][seat]:
        if b["locked"]:
            b["locked"] = False
        else:
            b["open"] = True


# --- close abilities (§11.7) ---


def ability_targets(state: State, seat: int, ability: str) -> list[Any] | None:
    """The targets of a close ability now ([None] for one without a target), or None when it
    cannot be used."""
    price = int(_ability_price(ability))
    if state["prosperity"][seat] < price:
        return None
    mine = [uid for uid, u in units(state).items() if u["owner"] == seat]
    if ability in ("draw", "cycle"):
        return [None] if kernel_count(state, f"deck:{seat}") else None
    if ability == "magic_die":
        found = [u for u in mine if prop(state, u, "magic")]
    elif ability == "shooting_die":
        found = [u for u in mine if prop(state, u, "shooter")]
    elif ability == "strength":
        found = [u for u in mine if not units(state)[u]["hero"]]
    elif ability == "heal":
        found = [u for u in mine if units(state)[u]["wounds"] > 0]
    elif ability == "repair":
        found = [r["item"] for r in worn(state, seat) if r["tokens"] < int(relic_data(r).get("durability", 0))]
    elif ability == "sanctuary":
        hero = hero_of(state, seat)
        found = [hero] if hero is not None else []
    else:
        return None
    return list(found) or None


def _ability_price(ability: str) -> int:
    for data in BUILDINGS.values():
        if data.get("ability") == ability:
            return int(data.get("price", 0))
    return 0


def kernel_count(state: State, zone_id: str) -> int:
    return len(state["zones"][zone_id]["items"])


def use_ability(state: State, seat: int, bid: str, target: Any, log: Log) -> None:
    b = building(state, seat, bid)
    ability = BUILDINGS[b["type"]]["ability"]
    b["open"] = False
    state["prosperity"][seat] -= _ability_price(ability)
    log.emit("ability", seat=seat, building=name_of(b["type"]))
    everyone = units(state)
    if ability in ("draw", "cycle"):
        decks.draw(state, f"deck:{seat}", f"hand:{seat}")
        if ability == "cycle":
            hand = state["zones"][f"hand:{seat}"]["items"]
            kernel.ask(state, seat, "put_back", [{"type": "put_back", "card": item} for item in hand], auto=True)
    elif ability == "magic_die":
        everyone[target]["bonus"]["magic"] = everyone[target]["bonus"].get("magic", 0) + 1
    elif ability == "shooting_die":
        everyone[target]["bonus"]["shoot"] = everyone[target]["bonus"].get("shoot", 0) + 1
    elif ability == "strength":
        everyone[target]["bonus"]["strength"] = everyone[target]["bonus"].get("strength", 0) + 1
    elif ability == "heal":
        everyone[target]["wounds"] -= 1
    elif ability == "repair":
        next(r for r in worn(state, seat) if r["item"] == target)["tokens"] += 1
    elif ability == "sanctuary":
        everyone[target]["wounds"] = max(0, everyone[target]["wounds"] - 1)
        everyone[target]["sanctuary"] = True


def put_back(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    """The Library: a card from hand goes into the deck, which is shuffled (TEXT)."""
    seat = decision["seat"]
    zones.move(state, f"hand:{seat}", f"deck:{seat}", choice["card"])
    decks.shuffle(state, f"deck:{seat}")
    log.emit("put_back", seat=seat)


# --- the moves of the building stage (§4.2) and of the buildings' abilities


def _pool_buildings(state: State, seat: int) -> list[str]:
    return list(state["pool"][seat]["buildings"])


def _build(state: State, seat: int, action: Action, log: Log) -> None:
    build(state, seat, action["building"], log)


BUILD = Move(
    "build",
    parts={"building": Part("", values=_pool_buildings, kind=str)},
    refuse=lambda state, seat, action: build_problem(state, seat, action["building"]),
    generate=lambda state, seat: [{"type": "build", "building": b} for b in buildable(state, seat)],
    effect=acting.marked(_build),
)


def _ability_aims(state: State, seat: int) -> list[Action]:
    """Each ability of the seat's city at each target it has now, open or not."""
    found: list[Action] = []
    for b in state["city"][seat]:
        ability = BUILDINGS[b["type"]].get("ability")
        if ability:
            found += [
                {"type": "ability", "building": b["id"], "target": target}
                for target in ability_targets(state, seat, ability) or []
            ]
    return found


def why_not_ability(state: State, seat: int, action: Action) -> str | None:
    reason = acting.between_activations(state, seat, action)
    if reason:
        return reason
    mine = [b for b in state["city"][seat] if b["id"] == action["building"]]
    if not mine or not BUILDINGS[mine[0]["type"]].get("ability"):
        return "no building of yours with that ability"
    if not mine[0]["open"]:
        return "that building is closed"
    targets = ability_targets(state, seat, BUILDINGS[mine[0]["type"]]["ability"])
    if targets is None:
        return "that ability cannot be used now (not enough prosperity, or nothing to use it on)"
    if action["target"] not in targets:
        return "not a target of that ability"
    return None


def _ability(state: State, seat: int, action: Action, log: Log) -> None:
    use_ability(state, seat, action["building"], action["target"], log)


ABILITY = Move(
    "ability",
    parts={"building": Part("", kind=str), "target": Part("")},
    candidates=_ability_aims,
    refuse=why_not_ability,
    effect=acting.marked(_ability),
)
