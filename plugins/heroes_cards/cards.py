"""Cards in zones (digest 2): each seat's hand in four zones by kind (the backs differ, so
the count of each kind is public), decks, discards, the chest bank. Every hidden card lives
in a zone, so the kernel builds every view; nothing here keeps a copy of a hidden card."""

from __future__ import annotations

from typing import Any

from boardwright.framework import decks, zones

from .catalog import CONFIG, creature, kind

State = dict[str, Any]

HAND_KINDS = ("creatures", "heroes", "chests", "travel")
ZONE_OF_KIND = {"creature": "creatures", "hero": "heroes", "chest": "chests", "travel": "travel"}


def hand_zone(seat: int, card_kind: str) -> str:
    return f"{card_kind}:{seat}"


def zone_of(seat: int, card: str) -> str:
    """The hand zone of `seat` a card of this kind lies in."""
    return f"{ZONE_OF_KIND[kind(card)]}:{seat}"


def hand(state: State, seat: int) -> list[str]:
    return [card for k in HAND_KINDS for card in zones.items(state, f"{k}:{seat}")]


def creatures(state: State, seat: int) -> list[str]:
    return zones.items(state, f"creatures:{seat}")


def heroes(state: State, seat: int) -> list[str]:
    return zones.items(state, f"heroes:{seat}")


def chests(state: State, seat: int) -> list[str]:
    return zones.items(state, f"chests:{seat}")


def travel_hand(state: State, seat: int) -> list[str]:
    return zones.items(state, f"travel:{seat}")


def discard_zone(seat: int, card: str) -> str:
    """Where a paid or lost card goes (digest 5.1 A): creatures to the creature discard,
    heroes to the tavern discard, chests to the bank, travel cards to the travel discard."""
    card_kind = kind(card)
    if card_kind == "creature":
        return f"discard:{seat}"
    if card_kind == "hero":
        return f"tavern_discard:{seat}"
    if card_kind == "chest":
        return "bank"
    return "travel_discard"


def lose_hero(state: State, seat: int, card: str) -> None:
    """A hero leaving the hand loses its courage and its policy (digest 6.4 step 9, 5.2)."""
    state["courage"].pop(card, None)
    if card in state["policies"][seat]:
        state["policies"][seat].remove(card)


def discard(state: State, seat: int, card: str, source: str | None = None) -> None:
    """Discard a card face up from `source` (default: the hand zone of its kind)."""
    if kind(card) == "hero":
        lose_hero(state, seat, card)
    zones.move(state, source or zone_of(seat, card), discard_zone(seat, card), card)


def pay(state: State, seat: int, cards: list[str]) -> None:
    for card in cards:
        discard(state, seat, card)


def face_down_zone(seat: int, card: str) -> str:
    """Where a card given up face down lies (hidden; its count is public, as the backs
    differ by kind): beside the creature discard, the tavern discard, the travel discard."""
    card_kind = kind(card)
    if card_kind == "creature":
        return f"buried:{seat}"
    if card_kind == "hero":
        return f"tavern_buried:{seat}"
    return "travel_buried"


def discard_face_down(state: State, seat: int, card: str) -> None:
    """A card given up face down (Armageddon, Devastation, digest 6.7): nobody but its
    owner learns which; chests go to the bank, as all chests are alike."""
    if kind(card) == "chest":
        discard(state, seat, card)
        return
    if kind(card) == "hero":
        lose_hero(state, seat, card)
    zones.move(state, zone_of(seat, card), face_down_zone(seat, card), card)


def draw_from(state: State, deck: str, target: str, count: int, discard_id: str, buried: str) -> list[str]:
    """Draw from `deck`; when it runs out it is rebuilt from its discard and the cards
    given up face down beside it, shuffled together (digest 2, 6.7)."""
    drawn: list[str] = []
    for _ in range(count):
        if not zones.zone(state, deck)["items"] and zones.count(state, buried):
            for card in list(zones.items(state, buried)):
                zones.move(state, buried, deck, card)
            decks.refill(state, deck, discard_id)
            decks.shuffle(state, deck)
        got = decks.draw(state, deck, target, 1, discard_id=discard_id)
        if not got:
            break
        drawn.append(got[0])
    return drawn


def draw_creatures(state: State, seat: int, count: int) -> list[str]:
    """From the creature deck, its discard reshuffled in when it runs out (digest 2)."""
    return draw_from(state, f"deck:{seat}", f"creatures:{seat}", count, f"discard:{seat}", f"buried:{seat}")


def draw_heroes(state: State, seat: int, count: int) -> list[str]:
    """From the tavern deck, its discard reshuffled in when it runs out (digest 4.1 c)."""
    return draw_from(
        state, f"tavern:{seat}", f"heroes:{seat}", count, f"tavern_discard:{seat}", f"tavern_buried:{seat}"
    )


def reveal_top(state: State, seat: int, target: str) -> str | None:
    """The top creature card face up into a public zone (a strike, luck or save card)."""
    drawn = draw_from(state, f"deck:{seat}", target, 1, f"discard:{seat}", f"buried:{seat}")
    return drawn[0] if drawn else None


def gain_chests(state: State, seat: int, count: int) -> int:
    """Chests from the bank (unlimited: new chests are made when it is empty, digest 2).
    During a contribution the chests go to the capital's conqueror (digest 5.3)."""
    receiver = state["contribution"][seat]
    if receiver is not None and receiver >= 0:
        seat = receiver
    for _ in range(count):
        bank = zones.items(state, "bank")
        if bank:
            zones.move(state, "bank", f"chests:{seat}", bank[-1])
        else:
            zones.zone(state, f"chests:{seat}")["items"].append(f"chest:{state['chests_made']}")
            state["chests_made"] += 1
    return count


def return_chest(state: State, seat: int) -> bool:
    mine = chests(state, seat)
    if not mine:
        return False
    zones.move(state, f"chests:{seat}", "bank", mine[-1])
    return True


def _payment_key(card: str) -> tuple[int, int]:
    card_kind = kind(card)
    if card_kind == "travel":
        return (0, 0)
    if card_kind == "creature":
        return (1, creature(card)["level"])
    if card_kind == "chest":
        return (2, 0)
    return (3, 0)


def payment_order(state: State, seat: int) -> list[str]:
    """The hand in the order a bot pays with it: travel cards first, then the lowest
    creatures, then chests, heroes last; any cost takes the first cards of it."""
    return sorted(hand(state, seat), key=_payment_key)


def cheapest_payment(state: State, seat: int, cost: int) -> list[str] | None:
    """The cards a bot pays `cost` with; None when the hand is too small."""
    cards = payment_order(state, seat)
    return cards[:cost] if len(cards) >= cost else None


def max_courage() -> int:
    return int(CONFIG["max_courage"])


def add_courage(state: State, card: str, amount: int) -> None:
    state["courage"][card] = max(0, min(max_courage(), state["courage"].get(card, 0) + amount))
    show_hero(state, card)


def show_hero(state: State, card: str) -> None:
    """A hero the public info tablet names (its courage, its active policy, digest 2) is
    known to every seat where it lies in its owner's hand."""
    zone = f"heroes:{card.split(':', 1)[0]}"
    if card in zones.items(state, zone):
        zones.reveal(state, zone, card)


def cheapest_payment_from(pool: list[str], cost: int) -> list[str] | None:
    if len(pool) < cost:
        return None
    return sorted(pool, key=_payment_key)[:cost]
