"""The land draft (digest 3.2 step 12, 3.3, [D-5]): each side in turn draws three land
cards, keeps one and passes two; the other side keeps one of those and discards the other
face up. With four players each team's first-seated player drafts [D-23] and then splits
the two kept cards with the team-mate.

What each seat learns lives in the zones: the drafting side sees the two cards it passes
(`zones.move(show=...)`), and once the receiver discards one face up it knows the one kept.
Drafted cards wait in ``draft:N``; with four players the kept ones wait in ``kept:N`` until
the split.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones
from boardwright.framework.moves import Move, Part

from . import cards
from .catalog import BOARD, CONFIG
from .setup import team_game
from .text import land_name
from .war_track import first_side, from_first_player, seats_of

State = dict[str, Any]
Action = dict[str, Any]


def draft_zone(seat: int) -> str:
    return f"draft:{seat}"


def kept_zone(state: State, seat: int) -> str:
    """Where a drafter's kept card goes: the hand, or with teams the pile split later."""
    return f"kept:{seat}" if team_game(state) else cards.lands_zone(seat)


def drafting_side(state: State) -> int:
    """The first side drafts first, then the other (one draft round per side)."""
    return (first_side(state) + state["setup"]["drafts"]) % len(kernel.sides(state))


def drafter(state: State) -> int:
    return seats_of(state, drafting_side(state))[0]


def receiver(state: State) -> int:
    return seats_of(state, (drafting_side(state) + 1) % len(kernel.sides(state)))[0]


def drafter_only(state: State) -> list[int]:
    return [drafter(state)]


def receiver_only(state: State) -> list[int]:
    return [receiver(state)]


def draw(state: State, log: Any) -> None:
    """The drafter draws its cards (the draft_keep phase begins)."""
    seat = drafter(state)
    got = cards.draw_from_land_deck(state, draft_zone(seat), CONFIG["draft_draw"])
    log.emit("draft_draw", seat=seat, count=len(got))
    lands = [land_name(card[0]) for card in got]
    log.emit("draft_draw_secret", seat=seat, to=kernel.team_of(state, seat), lands=lands)


def lands(state: State, seat: int) -> list[str]:
    return BOARD.lands


def in_zone(zone: str, what: str) -> Any:
    """The predicate of a choice among the seat's own cards in `zone` (a seat's name for it)."""

    def why_not(state: State, seat: int, action: Action) -> str | None:
        land = action["land"]
        if any(card[0] == land for card in zones.items(state, zone.format(seat=seat))):
            return None
        return f"no {land} land card among the {what}"

    return why_not


def take(state: State, seat: int, land: str, show: list[int] | None = None) -> str:
    """Keep a drafted card of `land`; `show`: seats that know which one it was."""
    zone = draft_zone(seat)
    card = next(c for c in zones.items(state, zone) if c[0] == land)
    zones.move(state, zone, kept_zone(state, seat), card, show=show)
    return card


def apply_keep(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    kept = take(state, seat, action["land"])
    other = receiver(state)
    passing = kernel.team_of(state, seat)
    for card in list(zones.items(state, draft_zone(seat))):
        # the passed cards are face down, but the passing side saw them
        zones.move(state, draft_zone(seat), draft_zone(other), card, show=passing)
    log.emit("draft_keep", seat=seat, to=passing, land=land_name(kept[0]))
    log.emit("draft_pass", seat=seat, to=None, other_seat=other)
    lands = [land_name(card[0]) for card in zones.items(state, draft_zone(other))]
    log.emit("draft_passed_secret", seat=seat, to=sorted({*passing, *kernel.team_of(state, other)}), lands=lands)


def apply_receive(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    zone = draft_zone(seat)
    keep = next(c for c in zones.items(state, zone) if c[0] == action["land"])
    for card in [c for c in zones.items(state, zone) if c != keep]:
        cards.discard_land(state, zone, card)
        log.emit("draft_discard", seat=seat, land=land_name(card[0]))
    # the passing side saw both cards and the discarded one: it knows the kept one
    take(state, seat, action["land"], show=kernel.team_of(state, drafter(state)))
    state["setup"]["drafts"] += 1


def after_receive(state: State) -> str:
    return "draft_keep" if state["setup"]["drafts"] < len(kernel.sides(state)) else "split"


# --- the split (four players)


def splitters(state: State) -> list[int]:
    """Drafters holding kept cards, in set-up order (none in a duel)."""
    return [seat for seat in from_first_player(state) if zones.count(state, f"kept:{seat}")]


def apply_split(state: State, action: Action, log: Any) -> None:
    """A card of the chosen land goes to the team-mate, the rest to the drafter's hand."""
    seat = kernel.active(state)
    mate = next(m for m in kernel.team_of(state, seat) if m != seat)
    zone = f"kept:{seat}"
    card = next(c for c in zones.items(state, zone) if c[0] == action["land"])
    zones.move(state, zone, cards.lands_zone(mate), card)
    for rest in list(zones.items(state, zone)):
        zones.move(state, zone, cards.lands_zone(seat), rest)
    log.emit("split", seat=seat, other_seat=mate, to=[seat, mate], land=land_name(card[0]))


LAND = {"land": Part("", values=lands, kind=str)}
DRAFT_KEEP = Move("draft_keep", parts=LAND, refuse=in_zone("draft:{seat}", "cards drawn"), effect=apply_keep)
DRAFT_RECEIVE = Move("draft_receive", parts=LAND, refuse=in_zone("draft:{seat}", "cards passed"), effect=apply_receive)
SPLIT = Move("split", parts=LAND, refuse=in_zone("kept:{seat}", "cards kept"), effect=apply_split)
