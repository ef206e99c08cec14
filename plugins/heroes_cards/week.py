"""Weeks and days (digest 4): the week start, the travel phase with the watchman's split,
the dawn of each day, the end of the week and of the game."""

from __future__ import annotations

import itertools
from typing import Any

from boardwright.framework import decks, kernel, zones
from boardwright.framework.moves import Move, Part

from . import capital, cards, scoring
from .catalog import CONFIG, TRAVEL, hero, travel

State = dict[str, Any]
TRAVEL_PHASE = "travel"
DAY = "day"


def from_watchman(state: State) -> list[int]:
    """Clockwise from the watchman (digest 4)."""
    count = kernel.seats(state)
    return [(state["watchman"] + i) % count for i in range(count)]


# --- the week start (digest 4.1) and the travel phase (4.2) ---


def begin_travel(state: State, log: Any) -> None:
    log.emit("week_begins", week=state["week"], watchman_seat=state["watchman"])
    if state["week"] > 1:
        for seat in range(kernel.seats(state)):
            week_start(state, seat, log)
    for seat in range(kernel.seats(state)):
        state["travel_drawn"][seat] = 0
        state["travel_quota"][seat] = CONFIG["travel_cards_per_week"] + capital.policy_active(state, seat, 1)
        state["spy"][seat] = spy_uses(state, seat)
    ask_split(state, 0, log)


def spy_uses(state: State, seat: int) -> int:
    uses = CONFIG["spy_uses_espionage"] if capital.policy_active(state, seat, 5) else 0
    if capital.tier(state, seat) >= capital.CAPITAL["citadel_tier"]:
        uses += CONFIG["spy_uses_citadel"]
    return int(uses)


def week_start(state: State, seat: int, log: Any) -> None:
    state["contribution"][seat] = None
    natives = capital.natives_owned(state, seat)
    if natives:
        cards.gain_chests(state, seat, natives)
        native = set(capital.RACES[state["race"][seat]]["natives"])
        producing = [c for c in capital.domain_cards(state, seat) if travel(c).get("resource") in native]
        log.emit("native_chests", seat=seat, count=natives, at=producing)
    towns = [card for card in capital.domain_cards(state, seat) if travel(card)["kind"] == "town"]
    if towns:
        cards.draw_creatures(state, seat, len(towns) * int(TRAVEL["town"]["recruits"]))
        log.emit("town_recruits", seat=seat, count=len(towns), at=towns)
    for card in cards.heroes(state, seat):
        learning = hero(card)["class"] == 9 and card in state["policies"][seat]
        if learning or (
            capital.built(state, seat, "unique") and capital.RACES[state["race"][seat]]["unique"] == "valhalla"
        ):
            cards.add_courage(state, card, 1)
    tavern(state, seat)


def tavern(state: State, seat: int) -> None:
    """Reveal as many heroes as the limit; keep at most the limit (digest 4.1 c)."""
    limit = capital.hero_limit(state, seat)
    cards.draw_heroes(state, seat, limit)
    held = cards.heroes(state, seat)
    if len(held) <= limit:
        return
    choices = [{"type": "keep_heroes", "heroes": list(kept)} for kept in itertools.combinations(held, limit)]
    kernel.ask(state, seat, "keep_heroes", choices)


def answer_keep_heroes(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    seat = decision["seat"]
    for card in list(cards.heroes(state, seat)):
        if card not in choice["heroes"]:
            cards.discard(state, seat, card)
    log.emit("tavern", seat=seat, count=len(choice["heroes"]))


def ask_split(state: State, pile: int, log: Any) -> None:
    """The watchman's right (digest 4.2): cut the face-down deck into 1 to ``piles`` piles
    (the scenario option, at most 3), each of at least one card, one decision per pile
    whose choices are its size. Taking every card left makes it the last pile; the last
    pile the option allows takes the rest without asking. Every split the digest allows
    is one sequence of answers."""
    left = zones.count(state, "travel_deck")
    if left == 0:
        split_done(state, pile, log)
        return
    if pile >= state["piles"] - 1:
        cut(state, pile, left)
        split_done(state, pile + 1, log)
        return
    sizes = [{"type": "pile", "pile": pile, "size": size} for size in range(1, left + 1)]
    kernel.ask(state, state["watchman"], "split", sizes, auto=True)


def cut(state: State, pile: int, size: int) -> None:
    """The top `size` cards of the deck, face down, as pile `pile`, in the order they lay."""
    deck = zones.items(state, "travel_deck")
    for _ in range(size):
        zones.move(state, "travel_deck", f"pile:{pile}", deck[-1], 0, observed=True)


def answer_split(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    pile = choice["pile"]
    left = zones.count(state, "travel_deck")
    cut(state, pile, choice["size"])
    if choice["size"] == left:
        split_done(state, pile + 1, log)
    else:
        ask_split(state, pile + 1, log)


def split_done(state: State, count: int, log: Any) -> None:
    if count:
        log.emit("split", seat=state["watchman"], piles=count, at=list(range(count)))


def piles(state: State) -> list[int]:
    return [p for p in range(CONFIG["max_piles"]) if zones.count(state, f"pile:{p}")]


def pile_choices(state: State, seat: int) -> list[int]:
    """The piles that still have cards, or the deck (-1) once every pile is empty."""
    return piles(state) or [-1]


def _draw(state: State, action: dict[str, Any], log: Any) -> None:
    pile = action["pile"]
    draw_travel(state, kernel.active(state), "travel_deck" if pile < 0 else f"pile:{pile}", log)


def _draws(state: State, seat: int) -> list[dict[str, Any]]:
    """The draws as the pile part's values make them, listed straight away: the travel
    phase is a good part of every playout."""
    return [{"type": "draw_travel", "pile": pile} for pile in pile_choices(state, seat)]


DRAW_TRAVEL = Move(
    "draw_travel",
    parts={"pile": Part("target", values=pile_choices, kind=int)},
    generate=_draws,
    effect=_draw,
)


def draw_travel(state: State, seat: int, source: str, log: Any) -> None:
    """One face-down card: the top of a pile, or of the deck with its discard reshuffled in
    when everything is empty; a trap is paid at once (digest 4.2, DECISION 21)."""
    state["travel_drawn"][seat] += 1
    drawn = cards.draw_from(state, source, f"travel:{seat}", 1, "travel_discard", "travel_buried")
    if not drawn:
        log.emit("travel_lost", seat=seat)
        return
    card = drawn[0]
    pile = -1 if source == "travel_deck" else int(source.split(":")[1])
    log.emit("travel_drawn", seat=seat, at=[pile] if zones.count(state, source) else [])
    log.emit("travel_seen", seat=seat, card=card_text(card), to=[seat], at=[card])
    if travel(card)["kind"] == "trap":
        spring_trap(state, seat, card, log)


def card_text(card: str) -> dict[str, Any]:
    return {"key": f"travel_{card.split(':')[1]}"}


def spring_trap(state: State, seat: int, card: str, log: Any) -> None:
    zones.move(state, f"travel:{seat}", "travel_discard", card)
    penalty = travel(card)["penalty"]
    if penalty == "chest" and cards.return_chest(state, seat):
        lost: str = "chest"
    else:
        zone = f"travel:{seat}" if penalty == "travel" else f"creatures:{seat}"
        held = zones.items(state, zone)
        if held:
            cards.discard(state, seat, kernel.rng_choice(state, held), zone)
        lost = "travel" if penalty == "travel" else "creature"
    log.emit("trap", seat=seat, card=card_text(card), lost={"key": f"lost_{lost}"})


def drawn_all(state: State, seat: int) -> bool:
    return bool(state["travel_drawn"][seat] >= state["travel_quota"][seat])


def travel_done(state: State) -> bool:
    return all(drawn_all(state, seat) for seat in range(kernel.seats(state)))


def end_travel(state: State, log: Any) -> None:
    """The piles go back on the deck as they lie, unshuffled (digest 4.2)."""
    for pile in reversed(range(CONFIG["max_piles"])):
        for card in list(zones.items(state, f"pile:{pile}")):
            zones.move(state, f"pile:{pile}", "travel_deck", card, observed=True)


# --- days (digest 4.3) ---


def day_of_week(state: State) -> int:
    """Today's day of the week, 1 to ``days_per_week``; 0 in the travel phase. The kernel
    counts the days: the game begins in round 1 with the first week's travel phase, each
    day phase begins a round of its own, and every week has its ``days_per_week`` days."""
    if kernel.phase(state) != DAY:
        return 0
    return (kernel.round_number(state) - 2) % int(CONFIG["days_per_week"]) + 1


def dawn(state: State, log: Any) -> None:
    log.emit("day_begins", week=state["week"], day=day_of_week(state))
    for seat in range(kernel.seats(state)):
        count = capital.creatures_at_dawn(state, seat)
        cards.draw_creatures(state, seat, count)


def begin_turn(state: State, log: Any) -> None:
    seat = kernel.active(state)
    state["fresh"][seat] = None
    state["captures"] = 0
    state["initiated"] = 0
    state["retreated"] = []


def next_after_day(state: State) -> str:
    return DAY if day_of_week(state) < CONFIG["days_per_week"] else TRAVEL_PHASE


def end_day(state: State, log: Any) -> None:
    if day_of_week(state) < CONFIG["days_per_week"]:
        return
    week_end(state, log)


def week_end(state: State, log: Any) -> None:
    """Digest 4.4: hands' travel cards back into the deck, standing armies leave, Charm,
    this week's effects end, the watchman passes clockwise; after the last week, the end."""
    players = kernel.seats(state)
    for seat in range(players):
        for card in list(cards.travel_hand(state, seat)):
            zones.move(state, f"travel:{seat}", "travel_deck", card)
        charm = capital.policy_active(state, seat, 6) * CONFIG["charm_vp"]
        if charm:
            state["vp"][seat] += charm
            log.emit("charm", seat=seat, vp=charm)
        state["ritual"][seat] = 0
        state["well"][seat] = False
        state["cart_discount"][seat] = 0
        state["war_blocked"][seat] = False
    decks.shuffle(state, "travel_deck")
    for card in list(zones.items(state, "table")):
        zones.move(state, "table", "travel_discard", card)
        state["hired"].pop(card, None)
        for neutral in state["standing"].pop(card, []):
            zones.move(state, "standing", "neutral_discard", neutral)
    state["peace"] = []
    if state["week"] >= state["weeks"]:
        scoring.finish(state, log)
        return
    state["week"] += 1
    state["watchman"] = (state["watchman"] + 1) % players


def day_order(state: State) -> list[int]:
    return from_watchman(state)
