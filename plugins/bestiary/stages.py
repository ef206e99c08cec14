"""Protorp's land stages (digest §4.3): four stages a period; in turn a player chooses a land
card still face up, then every player, from the chooser on, acts with its creatures in that
land until it passes."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Move, Part

from .creatures import State, board_of
from .seats import living_order
from .text import land_text

Action = dict[str, Any]
Log = Any


def stage_number(state: State) -> int:
    """The stage running now, or about to start when no land is chosen (1..4)."""
    played = state["lands_open"].count(False)
    return played if state["land"] else played + 1


def chooser(state: State) -> int:
    living = living_order(state)
    return living[(stage_number(state) - 1) % len(living)]


def chooser_order(state: State) -> list[int]:
    """The land phase's order: the stage's chooser alone."""
    return [chooser(state)]


def stage_order(state: State) -> list[int]:
    """Every living seat, from the stage's chooser on."""
    living = living_order(state)
    start = living.index(chooser(state))
    return living[start:] + living[:start]


def _lands(state: State, seat: int) -> list[str]:
    return list(board_of(state).lands)


def why_not_land(state: State, seat: int, action: Action) -> str | None:
    lands = board_of(state).lands
    land = action["land"]
    if land not in lands:
        return f"no land {land!r}"
    if not state["lands_open"][lands.index(land)]:
        return f"land {land} was played in this period"
    return None


def choose_land(state: State, action: Action, log: Log) -> None:
    lands = board_of(state).lands
    state["lands_open"][lands.index(action["land"])] = False
    state["land"] = action["land"]
    log.emit("land", seat=kernel.active(state), land=land_text(action["land"]), stage=stage_number(state))


LAND = Move("land", parts={"land": Part("", values=_lands, kind=str)}, refuse=why_not_land, effect=choose_land)


def end_stage(state: State, log: Log) -> None:
    state["land"] = ""


def after_stage(state: State) -> str:
    """Another stage while a land card is face up; then capture and hiring."""
    return "land" if any(state["lands_open"]) else "hire"
