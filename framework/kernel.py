"""The kernel's part of every game state, kept under ``state["k"]``.

Everything here works on plain dicts so that a state stays msgpack data. Games call
these helpers instead of editing ``state["k"]`` by hand.
"""

from __future__ import annotations

import hashlib
import pickle
from typing import Any

import msgpack

State = dict[str, Any]
Action = dict[str, Any]

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def new_kernel_state(players: int, seed: int, teams: list[list[int]] | None) -> dict[str, Any]:
    return {
        "seats": players,
        "teams": teams,
        "active": 0,
        "round": 1,
        "phase": "",
        "rng": seed & _MASK64,
        "pending": [],
        "over": False,
        "outcome": None,
        "ply": 0,
        "round_cap": 0,
    }


# --- seeded randomness (splitmix64; its whole state is one int in the game state) ---


def _next64(k: dict[str, Any]) -> int:
    s = (k["rng"] + _GOLDEN) & _MASK64
    k["rng"] = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """A well-mixed seed for game ``index`` of a series started from ``seed``."""
    k = {"rng": (seed * 0x100000001B3 + index) & _MASK64}
    return _next64(k) >> 1


def rng_int(state: State, low: int, high: int) -> int:
    """A uniform int in ``[low, high]`` (both ends included)."""
    return low + ((_next64(state["k"]) * (high - low + 1)) >> 64)


def rng_below(state: State, n: int) -> int:
    return (_next64(state["k"]) * n) >> 64


def rng_choice(state: State, items: list[Any]) -> Any:
    return items[(_next64(state["k"]) * len(items)) >> 64]


def rng_shuffle(state: State, items: list[Any]) -> None:
    """Fisher-Yates in place."""
    k = state["k"]
    for i in range(len(items) - 1, 0, -1):
        j = (_next64(k) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]


def rng_roll(state: State, dice: int, sides: int = 6) -> list[int]:
    k = state["k"]
    return [1 + ((_next64(k) * sides) >> 64) for _ in range(dice)]


# --- seats, turns, phases ---


def seats(state: State) -> int:
    return int(state["k"]["seats"])


def active(state: State) -> int:
    return int(state["k"]["active"])


def set_active(state: State, seat: int) -> None:
    state["k"]["active"] = seat


def to_move(state: State) -> int:
    """The seat whose choice the game waits for: a pending decision's seat, else the active seat."""
    k = state["k"]
    pending = k["pending"]
    if pending:
        return int(pending[-1]["seat"])
    return int(k["active"])


def phase(state: State) -> str:
    return str(state["k"]["phase"])


def set_phase(state: State, name: str) -> None:
    state["k"]["phase"] = name


def round_number(state: State) -> int:
    return int(state["k"]["round"])


def teams(state: State) -> list[list[int]] | None:
    return state["k"]["teams"]


def team_of(state: State, seat: int) -> list[int]:
    for team in state["k"]["teams"] or ():
        if seat in team:
            return list(team)
    return [seat]


def next_round(state: State, game: Any = None) -> bool:
    """Start the next round. Returns False, and ends the game, when the round cap is reached.

    ``game`` (the game object) decides who leads when the cap ends the game, through its
    ``cap_winners(state)``; without it the cap ends the game as a draw.
    """
    k = state["k"]
    cap = k["round_cap"]
    if cap and k["round"] >= cap:
        winners = list(game.cap_winners(state)) if game is not None else []
        finish(state, winners=winners, reason="round cap", capped=True)
        return False
    k["round"] += 1
    return True


# --- pending decisions ---


def ask(state: State, seat: int, kind: str, choices: list[Action], **data: Any) -> None:
    """Ask ``seat`` a further choice; the game resumes in ``resume_<kind>``."""
    if not choices:
        raise ValueError(f"decision {kind!r} offered no choices")
    decision = {"seat": seat, "kind": kind, "choices": choices}
    if data:
        decision["data"] = data
    state["k"]["pending"].append(decision)


def pending(state: State) -> dict[str, Any] | None:
    stack = state["k"]["pending"]
    return stack[-1] if stack else None


# --- the end ---


def finish(
    state: State,
    winners: list[int],
    reason: str = "",
    scores: list[Any] | None = None,
    capped: bool = False,
) -> None:
    k = state["k"]
    k["over"] = True
    k["pending"] = []
    k["outcome"] = {
        "winners": sorted(winners),
        "draw": not winners,
        "reason": reason,
        "scores": scores,
        "capped": capped,
    }


def is_over(state: State) -> bool:
    return bool(state["k"]["over"])


def outcome(state: State) -> dict[str, Any] | None:
    return state["k"]["outcome"]


# --- whole-state helpers ---


def pack(state: State) -> bytes:
    return msgpack.packb(state, use_bin_type=True)


def unpack(data: bytes) -> State:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def state_hash(state: State) -> str:
    """A stable fingerprint of the whole state (128-bit blake2b of its msgpack form)."""
    return hashlib.blake2b(pack(state), digest_size=16).hexdigest()


def clone(state: State) -> State:
    """A deep copy for search and undo: a pickle round trip, about 5x cheaper than
    ``copy.deepcopy`` on a typical state (see benchmarks/README.md)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
