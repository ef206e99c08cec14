"""The capital (digest 7.2, 7.3): a 3 x 4 grid of plots, built outwards from the Palace,
tiers that rise as columns are completed, costs paid by discarding cards, income."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones

from . import cards
from .catalog import (
    BARRACKS_OF_LEVEL,
    BUILDINGS,
    CAPITAL,
    CONFIG,
    MACHINES,
    PLOT_AT,
    PLOTS,
    RACES,
    SCHOOLS,
    hero,
    kind,
    travel,
)

State = dict[str, Any]
EMPTY = -1
PALACE = CAPITAL["palace"]
GATES = CAPITAL["gates"]


def new_capital() -> list[int]:
    return [0 if plot in (PALACE, GATES) else EMPTY for plot in PLOTS]


PLOT_INDEX = {plot: index for index, plot in enumerate(PLOTS)}


def plot_id(seat: int, plot: str) -> str:
    """The board id of a plot in `seat`'s capital, the same for every viewer (events name it):
    "tower@1". Actions name plots plainly ("tower"); the viewer's own capital answers to both."""
    return f"{plot}@{seat}"


def built(state: State, seat: int, plot: str) -> bool:
    return bool(state["capital"][seat][PLOT_INDEX[plot]] != EMPTY)


def upgrades(state: State, seat: int, plot: str) -> int:
    return int(state["capital"][seat][PLOT_INDEX[plot]])


def neighbours(plot: str) -> list[str]:
    row, column = PLOT_AT[plot]
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, column + dc
        if 0 <= r < CAPITAL["rows"] and 0 <= c < CAPITAL["columns"]:
            out.append(CAPITAL["layout"][r][c])
    return out


# the plots each plot may be built from: its neighbours, never the City Gates (DECISION 2)
STARTS = [[PLOT_INDEX[n] for n in neighbours(plot) if n != GATES] for plot in PLOTS]


def buildable(state: State, seat: int) -> list[str]:
    """Empty plots next to the Palace or to a building of the player's own; the pre-built
    City Gates are no starting point (digest DECISION 2)."""
    grid = state["capital"][seat]
    return [
        plot
        for index, plot in enumerate(PLOTS)
        if grid[index] == EMPTY and any(grid[n] != EMPTY for n in STARTS[index])
    ]


# each tier column's plots, as indices into a capital's grid
TIER_COLUMNS = [[PLOT_INDEX[CAPITAL["layout"][r][c]] for r in range(CAPITAL["rows"])] for c in CAPITAL["tier_columns"]]


def tier(state: State, seat: int) -> int:
    """Completed columns among the tier columns (the Palace column never counts)."""
    grid = state["capital"][seat]
    return sum(1 for column in TIER_COLUMNS if all(grid[index] != EMPTY for index in column))


def domain_cards(state: State, seat: int) -> list[str]:
    return [card for card in state["domain"][seat] if card is not None]


def resources(state: State, seat: int) -> set[str]:
    return {travel(card).get("resource", "") for card in domain_cards(state, seat)} - {""}


def policy_active(state: State, seat: int, hero_class: int) -> int:
    return sum(1 for card in state["policies"][seat] if hero(card)["class"] == hero_class)


def build_cost(state: State, seat: int, plot: str) -> int:
    """Printed cost, -1 for the building's resource, -1 for Architecture, -1 for a cart;
    never below 1 (digest 5.1 A)."""
    return build_costs(state, seat, [plot])[plot]


def build_costs(state: State, seat: int, plots: list[str]) -> dict[str, int]:
    """The cost of each of these plots, the kingdom's discounts counted once."""
    owned = resources(state, seat)
    if owned & set(RACES[state["race"][seat]]["natives"]):
        owned.add("native")
    flat = min(1, policy_active(state, seat, 7)) + state["cart_discount"][seat]
    costs = {}
    for plot in plots:
        building = BUILDINGS[plot]
        cost = int(building["cost"]) - flat - (building["resource"] in owned)
        costs[plot] = max(1, cost)
    return costs


def upgrade_cost(state: State, seat: int, plot: str) -> int | None:
    """The next upgrade's cost, or None when the building cannot be upgraded now (not built,
    built this turn, at its cap)."""
    if not built(state, seat, plot) or plot in (PALACE, GATES) or state["fresh"][seat] == plot:
        return None
    costs = BUILDINGS[plot]["upgrades"]
    done = upgrades(state, seat, plot)
    if done >= len(costs):
        return None
    return int(costs[done])


def gold(state: State, seat: int) -> int:
    """Daily gold (digest 7.1): the centre, the domain, Estates."""
    domain = sum(int(travel(card).get("gold", 0)) for card in domain_cards(state, seat))
    return int(CAPITAL["centre_gold"][tier(state, seat)]) + domain + 5 * policy_active(state, seat, 4)


def band(gold_income: int, recruitment: int = 0) -> int:
    """Creatures drawn at dawn for a daily gold income (digest 4.3)."""
    drawn = 1 + sum(gold_income >= threshold for threshold in CONFIG["income_bands"])
    return int(min(CONFIG["max_band"], drawn + recruitment))


def creatures_at_dawn(state: State, seat: int) -> int:
    return band(gold(state, seat), policy_active(state, seat, 8))


def hero_limit(state: State, seat: int) -> int:
    return int(CAPITAL["hero_limit"][tier(state, seat)])


def army_slots(state: State, seat: int) -> int:
    return int(CONFIG["battle"]["base_slots"] + CAPITAL["army_slots"][tier(state, seat)])


def barracks_upgrades(state: State, seat: int, level: int) -> int:
    plot = BARRACKS_OF_LEVEL[level]
    return upgrades(state, seat, plot) if built(state, seat, plot) else 0


def recruited(state: State, seat: int, level: int) -> bool:
    """A creature may fight only when its barracks stands (digest 6.2)."""
    return built(state, seat, BARRACKS_OF_LEVEL[level])


def build(state: State, seat: int, plot: str, paid: list[str], log: Any) -> None:
    cards.pay(state, seat, paid)
    old_tier = tier(state, seat)
    state["capital"][seat][PLOT_INDEX[plot]] = 0
    state["fresh"][seat] = plot
    state["cart_discount"][seat] = 0
    state["vp"][seat] += BUILDINGS[plot]["vp"]
    if log.recording:  # a bot's search or playout builds no texts (framework/events.py)
        log.emit(
            "build", seat=seat, building=building_text(state, seat, plot), cards=len(paid), at=[plot_id(seat, plot)]
        )
    new_tier = tier(state, seat)
    if new_tier > old_tier:
        if log.recording:
            column = PLOT_AT[plot][1]
            done = [p for p in PLOTS if PLOT_AT[p][1] == column]
            log.emit("tier_up", seat=seat, centre={"key": f"tier_{new_tier}"}, at=[plot_id(seat, p) for p in done])
        if CAPITAL["hero_limit"][new_tier] > CAPITAL["hero_limit"][old_tier]:
            draw_hero(state, seat)
    if plot == "tower":
        state["tower"][seat] = 1
        draw_school(state, seat, log)
    elif plot == "forge":
        ask_machine(state, seat, 1)


def upgrade(state: State, seat: int, plot: str, paid: list[str], log: Any) -> None:
    cards.pay(state, seat, paid)
    state["capital"][seat][PLOT_INDEX[plot]] += 1
    level = upgrades(state, seat, plot)
    if log.recording:
        log.emit(
            "upgrade", seat=seat, building=building_text(state, seat, plot), level=level + 1, at=[plot_id(seat, plot)]
        )
    if plot == "tower":
        state["tower"][seat] = level + 1
    elif plot == "forge":
        ask_machine(state, seat, level + 1)


def building_text(state: State, seat: int, plot: str) -> dict[str, Any]:
    if plot in ("tower", "forge", PALACE, GATES):
        return {"key": f"building_{plot}"}
    return {"key": f"building_{state['race'][seat]}_{plot}"}


def draw_hero(state: State, seat: int) -> None:
    """One hero from the tavern deck, its discard reshuffled in when empty."""
    cards.draw_heroes(state, seat, 1)


def draw_school(state: State, seat: int, log: Any) -> None:
    """A school tablet at random, face down, from the schools nobody holds yet; when every
    school is taken, from all of them (digest 5.1 A)."""
    pool = zones.items(state, "schools")
    taken = {card.split(":")[1] for s in range(kernel.seats(state)) for card in zones.items(state, f"school:{s}")}
    fresh = [card for card in pool if card.split(":")[1] not in taken] or list(pool)
    if not fresh:
        return
    chosen = kernel.rng_choice(state, sorted(fresh))
    zones.move(state, "schools", f"school:{seat}", chosen)
    log.emit("school_drawn", seat=seat, at=[plot_id(seat, "tower")])
    log.emit(
        "school_secret",
        seat=seat,
        school={"key": f"school_{chosen.split(':')[1]}"},
        to=[seat],
        at=[plot_id(seat, "tower")],
    )


def ask_machine(state: State, seat: int, level: int) -> None:
    owned = state["machines"][seat]
    choices = [
        {"type": "machine", "machine": key}
        for key, machine in MACHINES.items()
        if machine["forge"] == level and key not in owned
    ]
    if choices:
        kernel.ask(state, seat, "machine", choices, auto=True)


def answer_machine(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    seat = decision["seat"]
    state["machines"][seat].append(choice["machine"])
    if log.recording:
        log.emit(
            "machine_chosen", seat=seat, machine={"key": f"machine_{choice['machine']}"}, at=[plot_id(seat, "forge")]
        )


def natives_owned(state: State, seat: int) -> int:
    natives = set(RACES[state["race"][seat]]["natives"])
    return sum(1 for card in domain_cards(state, seat) if travel(card).get("resource") in natives)


def school_of(state: State, seat: int) -> str | None:
    tablets = zones.items(state, f"school:{seat}")
    return tablets[0].split(":")[1] if tablets else None


def schools() -> list[str]:
    return list(SCHOOLS)


def is_chest(card: str) -> bool:
    return kind(card) == "chest"
