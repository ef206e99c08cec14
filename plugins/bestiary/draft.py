"""Choosing castles and the creature draft (digest §3.2-3.6): castles first, then bans,
picks, beginner bundles and their cards, in seat order from the first player; at the end
each player's leftmost creature enters its castle.

``state["draft"]``: ``pool`` (creatures still to summon), ``banned``, ``turns`` (the kinds of
the draft turns still to come, one per action, the first one now) and ``bundles`` (each
seat's beginner bundle, -1: none)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Move, Part

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


# --- the moves: each is open on the draft turns of its kind


def due(state: State) -> str:
    """The kind of the draft turn now ("" once the draft is done)."""
    turns = state["draft"]["turns"]
    return str(turns[0]) if turns else ""


def _not_due(state: State, kind: str) -> str | None:
    now = due(state)
    if now != kind:
        return f"this draft turn is a {now}, not a {kind}" if now else "the draft is over"
    return None


def _pool_on(kind: str) -> Any:
    """The creatures a ban or a pick may name: the pool, on a turn of that kind (none on the
    others, so that the draft's other turns try no pool at all)."""

    def pool(state: State, seat: int) -> list[str]:
        return list(state["draft"]["pool"]) if due(state) == kind else []

    return pool


def _from_pool(kind: str) -> Any:
    """The bans or picks on offer, written out for speed (a search plays many drafts): one
    per creature of the pool, on a turn of that kind."""

    def offered(state: State, seat: int) -> list[Action]:
        return [{"type": kind, "creature": c} for c in state["draft"]["pool"]] if due(state) == kind else []

    return offered


def why_not_take_from_pool(state: State, seat: int, action: Action) -> str | None:
    """A ban or a pick: of a creature still in the pool, on a turn of its kind."""
    reason = _not_due(state, action["type"])
    if reason is None and action["creature"] not in state["draft"]["pool"]:
        reason = f"{action['creature']!r} is not in the pool"
    return reason


def ban(state: State, action: Action, log: Log) -> None:
    draft = state["draft"]
    draft["turns"].pop(0)
    draft["pool"].remove(action["creature"])
    draft["banned"].append(action["creature"])
    log.emit("ban", seat=kernel.active(state), creature=creature_name(action["creature"]), at=[action["creature"]])


def pick(state: State, action: Action, log: Log) -> None:
    draft = state["draft"]
    seat = kernel.active(state)
    draft["turns"].pop(0)
    draft["pool"].remove(action["creature"])
    new_creature(state, seat, action["creature"])
    log.emit("pick", seat=seat, creature=creature_name(action["creature"]), at=[action["creature"]])


def _bundle_numbers(state: State, seat: int) -> range:
    return range(1, len(BUNDLES) + 1 if due(state) == "bundle" else 1)


def why_not_bundle(state: State, seat: int, action: Action) -> str | None:
    """A beginner bundle none of whose creatures another seat's bundle holds or left the pool."""
    reason = _not_due(state, "bundle")
    if reason:
        return reason
    draft = state["draft"]
    number = action["bundle"]
    taken = {c for bundle in draft["bundles"] if bundle >= 0 for c in BUNDLES[bundle]}
    if not 1 <= number <= len(BUNDLES) or taken.intersection(BUNDLES[number - 1]):
        return f"bundle {number!r} is not free: no such bundle, or it shares a creature"
    if not all(c in draft["pool"] for c in BUNDLES[number - 1]):
        return f"bundle {number!r} is not free: no such bundle, or it shares a creature"
    return None


def bundle(state: State, action: Action, log: Log) -> None:
    draft = state["draft"]
    seat = kernel.active(state)
    draft["turns"].pop(0)
    draft["bundles"][seat] = action["bundle"] - 1
    for c in BUNDLES[action["bundle"] - 1]:
        draft["pool"].remove(c)
    log.emit("bundle", seat=seat, bundle=action["bundle"])


def _bundle_cards(state: State, seat: int) -> list[str]:
    """The seat's bundle, in its order (none before it has one)."""
    number = state["draft"]["bundles"][seat]
    return list(BUNDLES[number]) if number >= 0 and due(state) == "place" else []


def why_not_place(state: State, seat: int, action: Action) -> str | None:
    """The next card of the seat's bundle to lay out, in the order the seat chooses."""
    reason = _not_due(state, "place")
    if reason:
        return reason
    placed = {state["creatures"][index]["id"] for index in state["tableaus"][seat]}
    if action["creature"] not in _bundle_cards(state, seat) or action["creature"] in placed:
        return f"{action['creature']!r} is not a card of your bundle still to lay out"
    return None


def place_card(state: State, action: Action, log: Log) -> None:
    seat = kernel.active(state)
    state["draft"]["turns"].pop(0)
    new_creature(state, seat, action["creature"])
    log.emit("pick", seat=seat, creature=creature_name(action["creature"]), at=[action["creature"]])


BAN = Move(
    "ban",
    parts={"creature": Part("target", values=_pool_on("ban"), kind=str)},
    refuse=why_not_take_from_pool,
    generate=_from_pool("ban"),
    effect=ban,
)
PICK = Move(
    "pick",
    parts={"creature": Part("target", values=_pool_on("pick"), kind=str)},
    refuse=why_not_take_from_pool,
    generate=_from_pool("pick"),
    effect=pick,
)
BUNDLE = Move(
    "bundle", parts={"bundle": Part("", values=_bundle_numbers, kind=int)}, refuse=why_not_bundle, effect=bundle
)
PLACE = Move(
    "place",
    parts={"creature": Part("target", values=_bundle_cards, kind=str)},
    refuse=why_not_place,
    effect=place_card,
)


# --- the castles: each seat's own, two for a side, or the teammates' shares


def _castle_keys(state: State, seat: int) -> list[str]:
    """The castles a "castle" turn may name, in the order they are offered: Protorp's corner
    castles, else every castle."""
    board = board_of(state)
    if due(state) != "castle":
        return []
    if is_protorp(state):
        return [board.castle_keys[i] for i in board.start_castles]
    return list(board.castle_keys)


def _all_castles(state: State, seat: int) -> list[str]:
    return list(board_of(state).castle_keys) if due(state) == "split" else []


def _named_castle_problem(state: State, castle: str) -> str | None:
    ids = board_of(state).castle_keys
    if castle not in ids:
        return f"no castle {castle!r}"
    board = board_of(state)
    if is_protorp(state) and ids.index(castle) not in board.start_castles:
        return "start in one of the corner castles"
    if state["castle_owners"][ids.index(castle)] >= 0:
        return f"the {board.castle_names[ids.index(castle)]['en']} is taken"
    return None


def why_not_castle(state: State, seat: int, action: Action) -> str | None:
    """One castle of one's own (the duel's and Protorp's turn), or a teammate's share ("split")."""
    return _not_due(state, action["type"]) or _named_castle_problem(state, action["castle"])


def _castle_pairs(state: State, seat: int) -> list[Action]:
    """The side's two castles: in 2v2 this seat's and then its teammate's, in any order;
    else two of the four in the board's order."""
    ids = board_of(state).castle_keys
    if due(state) != "castles":
        return []
    if state["mode"] == "crossroads_teams":
        return [{"type": "castles", "castles": [a, b]} for a in ids for b in ids if a != b]
    return [{"type": "castles", "castles": pair} for pair in combos(ids, len(ids) // 2)]


def why_not_castles(state: State, seat: int, action: Action) -> str | None:
    reason = _not_due(state, "castles")
    if reason:
        return reason
    ids = board_of(state).castle_keys
    chosen = action["castles"]
    if len(chosen) != len(ids) // 2 or len(set(map(str, chosen))) != len(chosen):
        return f"choose {len(ids) // 2} different castles"
    unknown = [c for c in chosen if c not in ids]
    if unknown:
        return f"no castle {unknown[0]!r}"
    taken = [c for c in chosen if state["castle_owners"][ids.index(c)] >= 0]
    if taken:
        return f"the {board_of(state).castle_names[ids.index(taken[0])]['en']} is taken"
    if state["mode"] != "crossroads_teams" and [ids.index(c) for c in chosen] != sorted(ids.index(c) for c in chosen):
        return "name the castles in the board's order"
    return None


def take_castle(state: State, action: Action, log: Log) -> None:
    """One castle of one's own; in the duel the other castles are the opponent's."""
    board = board_of(state)
    owners = state["castle_owners"]
    seat = kernel.active(state)
    state["draft"]["turns"].pop(0)
    mine = board.castle_keys.index(action["castle"])
    owners[mine] = seat
    if state["mode"] == "duel":
        for other in range(len(owners)):
            if other != mine:
                owners[other] = opponent(state, seat)
    log.emit("castle", seat=seat, castle=board.castle_names[mine], at=[action["castle"]])


def take_castles(state: State, action: Action, log: Log) -> None:
    """Two castles: in 2v2 this seat's and its teammate's, else the side's two (the others
    are the opponent's)."""
    board = board_of(state)
    owners = state["castle_owners"]
    seat = kernel.active(state)
    state["draft"]["turns"].pop(0)
    first, second = (board.castle_keys.index(castle) for castle in action["castles"])
    if state["mode"] == "crossroads_teams":
        owners[first] = seat
        owners[second] = teammate(state, seat)
    else:
        for castle in range(len(owners)):
            owners[castle] = seat if castle in (first, second) else opponent(state, seat)
    for castle in (first, second):
        log.emit("castle", seat=seat, castle=board.castle_names[castle], at=[board.castle_keys[castle]])


def split_castles(state: State, action: Action, log: Log) -> None:
    """The second team shares out the two castles left: this seat's; its teammate gets the other."""
    board = board_of(state)
    owners = state["castle_owners"]
    names = board.castle_names
    seat = kernel.active(state)
    state["draft"]["turns"].pop(0)
    mine = board.castle_keys.index(action["castle"])
    other = next(i for i, owner in enumerate(owners) if owner < 0 and i != mine)
    owners[mine] = seat
    owners[other] = teammate(state, seat)
    log.emit("castle", seat=seat, castle=names[mine], at=[action["castle"]])
    log.emit("castle", seat=owners[other], castle=names[other], at=[board.castle_keys[other]])


CASTLE = Move(
    "castle",
    parts={"castle": Part("target", values=_castle_keys, kind=str)},
    refuse=why_not_castle,
    effect=take_castle,
)
CASTLES = Move(
    "castles",
    parts={"castles": Part("", kind=list)},
    candidates=_castle_pairs,
    refuse=why_not_castles,
    effect=take_castles,
)
SPLIT = Move(
    "split",
    parts={"castle": Part("target", values=_all_castles, kind=str)},
    refuse=why_not_castle,
    effect=split_castles,
)
CASTLE_MOVES = (CASTLE, CASTLES, SPLIT)
DRAFT_MOVES = (BAN, PICK, BUNDLE, PLACE)


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
