"""Castles and the domain track (digest 2.5, 5.5, 6.3 step 7, 7).

State per faction: ``track[faction]`` (True: a castle token lies on that division) and
``action_token[faction]`` (the division the action token stands on; -1 once the faction has
no castle on the map, and so no division to act from: it is out of the peace phase).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Move, Part

from . import text
from .actions import Refusal, Why, region_of
from .pacts import CONSENT_CHOICES
from .units import acting, seat
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]
Carry = Callable[[State, int, Action, Any], None]
Consent = Callable[[State, int, Action], int]


def leftmost_free(track: list[bool]) -> int:
    for division, covered in enumerate(track):
        if not covered:
            return division
    return -1


def next_free(track: list[bool], after: int) -> int:
    """The nearest free division right of `after` (-1: none)."""
    for division in range(after + 1, len(track)):
        if not track[division]:
            return division
    return -1


def castles_on_map(state: State, faction: int) -> int:
    """Free divisions = castles on the map (digest 2.5)."""
    return int(state["track"][faction].count(False))


def end_peace_turn(state: State, faction: int, log: Any) -> None:
    """The action token moves to the next free division; past the last one it goes back to the
    first free division and the faction is done for this peace phase (digest 4.1)."""
    if kernel.is_over(state):
        return
    if state["refused"]:
        state["refused"] = []
    track = state["track"][faction]
    following = next_free(track, state["action_token"][faction])
    if following < 0:
        state["action_token"][faction] = leftmost_free(track)
        log.emit("done", seat=seat(state, faction))
        kernel.pass_turn(state)
    else:
        state["action_token"][faction] = following
        kernel.end_turn(state)


# --- the peace actions: the moves the action token allows (digest 4.1, 5) ---


def _on_track(state: State, faction: int, kind: str) -> bool:
    """Is `kind` one of the two actions of the segment the faction's action token stands on?"""
    return kind in WORLD.segment_actions[WORLD.segment_of[state["action_token"][faction]]]


class Consented:
    """A peace action's effect: under Allies an action that uses an ally's region first asks
    its ``consent`` (`consent`: the ally's seat, or -1; peace.answer_consent carries it out
    then); `carry` does the action, and the turn ends after it unless the action ends it
    itself (a summon asks its ability)."""

    def __init__(self, carry: Carry, ends_turn: bool, consent: Consent | None) -> None:
        self.carry = carry
        self.ends_turn = ends_turn
        self.consent = consent

    def __call__(self, state: State, action: Action, log: Any) -> None:
        faction = acting(state)
        ally = -1 if self.consent is None else self.consent(state, faction, action)
        if ally >= 0:
            log.emit("consent_asked", seat=seat(state, faction), ally_seat=ally)
            kernel.ask(state, ally, "consent", CONSENT_CHOICES, action=action, faction=faction)
            return
        self.carried(state, faction, action, log)

    def carried(self, state: State, faction: int, action: Action, log: Any) -> None:
        self.carry(state, faction, action, log)
        if self.ends_turn:
            end_peace_turn(state, faction, log)


def peace_move(
    kind: str,
    parts: Mapping[str, Part],
    why: Why,
    carry: Carry,
    generate: Callable[[State, int, list[Action]], None] | None = None,
    candidates: Callable[[State, int], list[Action]] | None = None,
    ends_turn: bool = True,
    consent: Consent | None = None,
) -> Move:
    """The move of a peace action: one of the two actions of the segment the action token
    stands on (digest 4.1), refused by `why` (over the acting faction), and not offered again
    this turn once the ally refused its consent. `generate` appends the legal actions for a
    faction where speed needs a hand-written list; `candidates` lists the actions `why` is
    asked about; `consent` names the ally whose consent an action needs (pacts.py)."""

    def refuse(state: State, by: int, action: Action) -> str | None:
        faction = state["faction_of"][by]
        if not _on_track(state, faction, kind):
            segment = WORLD.segment_of[state["action_token"][faction]]
            terrain = WORLD.segment_terrain[segment]
            return f"{kind} is not an action of the {terrain} segment where your action token stands"
        try:
            reason = why(state, faction, action)
        except Refusal as refusal:
            return str(refusal)
        if reason is None and action in state["refused"]:
            return "your ally refused this action"
        return reason

    def offered(source: Callable[[State, int], list[Action]]) -> Callable[[State, int], list[Action]]:
        def listed(state: State, by: int) -> list[Action]:
            faction = state["faction_of"][by]
            if not _on_track(state, faction, kind):
                return []
            out = source(state, faction)
            refused = state["refused"]
            return [action for action in out if action not in refused] if refused else out

        return listed

    return Move(
        kind,
        effect=Consented(carry, ends_turn, consent),
        parts=parts,
        refuse=refuse,
        candidates=offered(candidates) if candidates is not None else None,
        generate=offered(_appended(generate)) if generate is not None else None,
    )


def _appended(generate: Callable[[State, int, list[Action]], None]) -> Callable[[State, int], list[Action]]:
    def listed(state: State, faction: int) -> list[Action]:
        out: list[Action] = []
        generate(state, faction, out)
        return out

    return listed


# --- building ---


def buildable(state: State, faction: int, region: int) -> bool:
    """Your unit there, no castle there, a land, and a castle of its terrain on your track."""
    if state["occupant"][region] != faction or state["castle"][region] >= 0 or WORLD.is_water[region]:
        return False
    segment = WORLD.segment_of_terrain[WORLD.terrain[region]]
    return bool(state["track"][faction][WORLD.segment_start[segment]])


def builds(state: State, faction: int, out: list[Action]) -> None:
    """`why_not_build` for every region, in one pass over the faction's units."""
    w = WORLD
    castle, track, division = state["castle"], state["track"][faction], w.castle_division
    for region, occupant in enumerate(state["occupant"]):
        if occupant == faction and castle[region] < 0 and division[region] >= 0 and track[division[region]]:
            out.append({"type": "build", "region": w.region_ids[region]})


def why_not_build(state: State, faction: int, action: Action) -> str | None:
    region = region_of(action, "region")
    if WORLD.is_water[region]:
        return "no castle can be built on water"
    if state["castle"][region] >= 0:
        return "that land already holds a castle"
    if state["occupant"][region] != faction:
        return "you need a unit of yours in that land"
    if not buildable(state, faction, region):
        return f"no {WORLD.terrain[region]} castle left on your track"
    return None


def _held(state: State, faction: int) -> list[Action]:
    """A build in every region the faction's units stand in, for `why_not_build` to judge."""
    ids = WORLD.region_ids
    return [{"type": "build", "region": ids[r]} for r, occupant in enumerate(state["occupant"]) if occupant == faction]


def build(state: State, faction: int, region: int, log: Any) -> None:
    """Take the rightmost castle token of the land's segment; the winning castle ends the game."""
    segment = WORLD.segment_of_terrain[WORLD.terrain[region]]
    track = state["track"][faction]
    division = WORLD.segment_start[segment] + WORLD.segments[segment]["divisions"] - 1
    while not track[division]:
        division -= 1
    track[division] = False
    state["castle"][region] = faction
    castles = castles_on_map(state, faction)
    at = text.region_ids(region)
    log.emit("build", seat=seat(state, faction), region=text.REGION_NAMES[region], castles=castles, at=at)
    if castles >= state["rules"]["castles_to_win"]:
        log.emit("win", seat=seat(state, faction), castles=castles, at=at)
        kernel.finish(state, winners=[seat(state, faction)], reason="castles built")


def _built(state: State, faction: int, action: Action, log: Any) -> None:
    build(state, faction, WORLD.region_index[action["region"]], log)


BUILD = peace_move(
    "build", {"region": Part("target", kind=str)}, why_not_build, _built, generate=builds, candidates=_held
)


# --- destroying ---


def destroy_castle(state: State, region: int, log: Any) -> None:
    """The castle goes back to the leftmost free division of its segment (digest 6.3 step 7, D15);
    a faction left without castles is out of the peace phases (D3)."""
    owner = state["castle"][region]
    state["castle"][region] = -1
    segment = WORLD.segment_of_terrain[WORLD.terrain[region]]
    track = state["track"][owner]
    division = WORLD.segment_start[segment]
    while track[division]:
        division += 1
    track[division] = True
    log.emit(
        "castle_destroyed", other_seat=seat(state, owner), region=text.REGION_NAMES[region], at=text.region_ids(region)
    )

    if state["action_token"][owner] == division:
        state["action_token"][owner] = next_free(track, division)
    if state["action_token"][owner] < 0 or all(track):
        _eliminate(state, owner, log)


def _eliminate(state: State, faction: int, log: Any) -> None:
    state["action_token"][faction] = -1
    log.emit("eliminated", seat=seat(state, faction))
    alive = [other for other, division in enumerate(state["action_token"]) if division >= 0]
    if state["rules"]["last_faction_standing_wins"] and len(alive) == 1:
        winner = seat(state, alive[0])
        log.emit("last_standing", seat=winner)
        kernel.finish(state, winners=[winner], reason="last faction standing")
