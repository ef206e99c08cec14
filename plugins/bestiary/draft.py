"""Choosing castles and the creature draft (digest §3.2-3.6): castles first, then bans,
picks, beginner bundles and their cards, in seat order from the first player; at the end
each player's leftmost creature enters its castle.

``state["draft"]``: ``pool`` (creatures still to summon), ``banned``, ``turns`` (the kinds of
the draft turns still to come, one per action, the first one now) and ``bundles`` (each
seat's beginner bundle, -1: none)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .boards import combos
from .catalogue import BUNDLES, CONFIG, PROTORP, creature_name
from .creatures import State, board_of, is_protorp, new_creature, own_castles, place, waiting
from .seats import opponent, seat_order, teammate
from .text import castle_text

Action = dict[str, Any]
Log = Any
CASTLE_KINDS = ("castle", "castles", "split")


def draft_turns(mode: str, settings: dict[str, Any], players: int, pool: int) -> list[str]:
    """The kinds of the set-up turns, in order; each seat takes them in turn from the first player."""
    creatures = settings["creatures"]
    kind = settings["draft"]
    bans = CONFIG["bans_per_player"]
    picks = ["pick"] * (creatures * players)
    if mode == "crossroads_teams":
        # the first team takes two castles; the second team shares out the other two
        return ["castles", "split"] + ["ban"] * (CONFIG["teams_ban_rounds"] * players) + picks
    if mode.startswith("protorp"):
        turns = ["castle"] * players
        reserve = PROTORP["ban_reserve_per_player"] * players
        if kind in ("advanced", "combined"):
            for _ in range(bans):
                if pool - players < reserve:
                    break
                pool -= players
                turns += ["ban"] * players
        return turns + picks
    turns = ["castle" if mode == "duel" else "castles"]
    if kind == "beginner" and creatures == len(BUNDLES[0]):
        return turns + ["bundle"] * players + ["place"] * (creatures * players)
    if kind == "advanced":
        return turns + ["ban"] * (bans * players) + picks
    if kind == "combined":
        for _ in range(bans):
            turns += ["ban"] * players + ["pick"] * players
        return turns + ["pick"] * ((creatures - bans) * players)
    return turns + picks


def castle_choosers(state: State) -> list[int]:
    """The seats that choose castles, one turn each (the castle phase's order)."""
    leading = 0
    for kind in state["draft"]["turns"]:
        if kind not in CASTLE_KINDS:
            break
        leading += 1
    return seat_order(state)[:leading]


def is_done(state: State) -> bool:
    return not state["draft"]["turns"]


# --- the legal actions


def draft_actions(state: State) -> list[Action]:
    draft = state["draft"]
    kind = draft["turns"][0]
    if kind in ("ban", "pick"):
        return [{"type": kind, "creature": c} for c in draft["pool"]]
    if kind in CASTLE_KINDS:
        return _castle_actions(state, kind)
    if kind == "bundle":
        taken = {c for bundle in draft["bundles"] if bundle >= 0 for c in BUNDLES[bundle]}
        return [
            {"type": "bundle", "bundle": number + 1}
            for number, bundle in enumerate(BUNDLES)
            if not taken.intersection(bundle) and all(c in draft["pool"] for c in bundle)
        ]
    seat = kernel.active(state)
    placed = {state["creatures"][index]["id"] for index in state["tableaus"][seat]}
    return [{"type": "place", "creature": c} for c in BUNDLES[draft["bundles"][seat]] if c not in placed]


def _castle_actions(state: State, kind: str) -> list[Action]:
    board = board_of(state)
    ids = board.castle_keys
    free = [ids[i] for i, owner in enumerate(state["castle_owners"]) if owner < 0]
    if kind == "castle":
        if is_protorp(state):
            return [{"type": "castle", "castle": ids[i]} for i in board.start_castles if ids[i] in free]
        return [{"type": "castle", "castle": castle} for castle in ids]
    if kind == "split":
        return [{"type": "split", "castle": castle} for castle in free]
    half = len(ids) // 2
    if state["mode"] == "crossroads_teams":
        # ordered: this seat's castle, then its teammate's
        return [{"type": "castles", "castles": [a, b]} for a in ids for b in ids if a != b]
    return [{"type": "castles", "castles": pair} for pair in combos(ids, half)]


# --- carrying them out


def take_turn(state: State, action: Action, log: Log) -> None:
    """One draft action of the active seat."""
    draft = state["draft"]
    seat = kernel.active(state)
    kind = action["type"]
    draft["turns"].pop(0)
    if kind in CASTLE_KINDS:
        _take_castles(state, seat, action, log)
    elif kind == "ban":
        draft["pool"].remove(action["creature"])
        draft["banned"].append(action["creature"])
        log.emit("ban", seat=seat, creature=creature_name(action["creature"]), at=[action["creature"]])
    elif kind == "pick":
        draft["pool"].remove(action["creature"])
        new_creature(state, seat, action["creature"])
        log.emit("pick", seat=seat, creature=creature_name(action["creature"]), at=[action["creature"]])
    elif kind == "bundle":
        draft["bundles"][seat] = action["bundle"] - 1
        for c in BUNDLES[action["bundle"] - 1]:
            draft["pool"].remove(c)
        log.emit("bundle", seat=seat, bundle=action["bundle"])
    else:  # place: the next card of the seat's bundle, in the order the seat chooses
        new_creature(state, seat, action["creature"])
        log.emit("pick", seat=seat, creature=creature_name(action["creature"]), at=[action["creature"]])


def _take_castles(state: State, seat: int, action: Action, log: Log) -> None:
    board = board_of(state)
    owners = state["castle_owners"]
    names = board.castle_names
    kind = action["type"]
    if kind == "castle":
        mine = board.castle_keys.index(action["castle"])
        owners[mine] = seat
        if state["mode"] == "duel":
            for other in range(len(owners)):
                if other != mine:
                    owners[other] = opponent(state, seat)
        log.emit("castle", seat=seat, castle=names[mine], at=[action["castle"]])
    elif kind == "castles":
        first, second = (board.castle_keys.index(castle) for castle in action["castles"])
        if state["mode"] == "crossroads_teams":
            owners[first] = seat
            owners[second] = teammate(state, seat)
        else:
            for castle in range(len(owners)):
                owners[castle] = seat if castle in (first, second) else opponent(state, seat)
        for castle in (first, second):
            log.emit("castle", seat=seat, castle=names[castle], at=[board.castle_keys[castle]])
    else:  # split: this seat's castle; its teammate gets the other free one
        mine = board.castle_keys.index(action["castle"])
        other = next(i for i, owner in enumerate(owners) if owner < 0 and i != mine)
        owners[mine] = seat
        owners[other] = teammate(state, seat)
        log.emit("castle", seat=seat, castle=names[mine], at=[action["castle"]])
        log.emit("castle", seat=owners[other], castle=names[other], at=[board.castle_keys[other]])


def finish(state: State, log: Log) -> None:
    """The end of set-up: castles belong to sides, and each free own castle takes the seat's
    next waiting creature (the leftmost first)."""
    board = board_of(state)
    sides = [-1] * len(board.keys)
    if not is_protorp(state):
        for castle, h in enumerate(board.castles):
            owner = state["castle_owners"][castle]
            sides[h] = kernel.side_of(state, owner) if owner >= 0 else -1
    state["castle_sides"] = sides
    for seat in range(kernel.seats(state)):
        free = [h for h in own_castles(state, seat) if state["occupant"][h] < 0]
        for index, h in zip(waiting(state, seat), free, strict=False):
            place(state, index, h)
            name = creature_name(state["creatures"][index]["id"])
            creature_id = state["creatures"][index]["id"]
            where = castle_text(board, board.castle_at[h])
            log.emit("summon", seat=seat, creature=name, castle=where, at=[creature_id, board.keys[h]])


# --- why a draft action is refused


def refusal(state: State, action: Action) -> str | None:
    """A reason for a refused draft action of the kind now due; None when the kind is not due."""
    draft = state["draft"]
    kind = action["type"]
    if not draft["turns"] or kind != draft["turns"][0]:
        return None
    if kind in ("ban", "pick"):
        return f"{action.get('creature')!r} is not in the pool"
    if kind == "place":
        return f"{action.get('creature')!r} is not a card of your bundle still to lay out"
    if kind == "bundle":
        return f"bundle {action.get('bundle')!r} is not free: no such bundle, or it shares a creature"
    return _castle_refusal(state, action)


def _castle_refusal(state: State, action: Action) -> str:
    ids = board_of(state).castle_keys
    if action["type"] == "castles":
        chosen = action.get("castles")
        if type(chosen) is not list or len(chosen) != len(ids) // 2 or len(set(map(str, chosen))) != len(chosen):
            return f"choose {len(ids) // 2} different castles"
        unknown = [c for c in chosen if c not in ids]
        if unknown:
            return f"no castle {unknown[0]!r}"
        return "name the castles in the board's order"
    castle = action.get("castle")
    if castle not in ids:
        return f"no castle {castle!r}"
    board = board_of(state)
    if is_protorp(state) and ids.index(castle) not in board.start_castles:
        return "start in one of the corner castles"
    return f"the {board.castle_names[ids.index(castle)]['en']} is taken"
