"""Victory points and the end of the game (digest 8)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from . import capital, cards
from .catalog import travel

State = dict[str, Any]


def reserve_vp(state: State, seat: int) -> int:
    """Reserves score their printed VP at the end, only while still owned."""
    return sum(
        int(travel(card).get("vp", 0))
        for card in capital.domain_cards(state, seat)
        if travel(card)["kind"] == "reserve"
    )


def total(state: State, seat: int) -> int:
    return int(state["vp"][seat]) + reserve_vp(state, seat)


def ranking_key(state: State, seat: int) -> tuple[int, int, int, int]:
    """VP, then the tie-breakers: reserve VP, domain cards, chests in hand."""
    return (
        total(state, seat),
        reserve_vp(state, seat),
        len(capital.domain_cards(state, seat)),
        len(cards.chests(state, seat)),
    )


def winners(state: State) -> list[int]:
    seats = range(kernel.seats(state))
    best = max(ranking_key(state, seat) for seat in seats)
    return [seat for seat in seats if ranking_key(state, seat) == best]


def finish(state: State, log: Any) -> None:
    scores = [total(state, seat) for seat in range(kernel.seats(state))]
    if log.recording:  # a bot's search or playout builds no texts (framework/events.py)
        for seat, score in enumerate(scores):
            log.emit("final_score", seat=seat, vp=score, reserves=reserve_vp(state, seat))
    won = winners(state)
    log.emit("game_won", seats=won)
    kernel.finish(state, winners=won, reason=f"week {state['weeks']} is over", scores=[float(s) for s in scores])
