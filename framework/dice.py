"""Dice: plain dice and dice with custom faces, rolled with the state's seeded generator."""

from __future__ import annotations

from typing import Any

from . import kernel


def roll(state: dict[str, Any], count: int, sides: int = 6) -> list[int]:
    return kernel.rng_roll(state, count, sides)


def roll_faces(state: dict[str, Any], faces: list[Any], count: int = 1) -> list[Any]:
    """Roll `count` dice whose faces are `faces` (e.g. ["hit", "hit", "blank", ...])."""
    return [kernel.rng_choice(state, faces) for _ in range(count)]


def count_at_least(rolled: list[int], target: int) -> int:
    return sum(1 for value in rolled if value >= target)
