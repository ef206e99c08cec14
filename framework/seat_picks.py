"""What each seat picks before the game (an option's `per_seat` values): its faction, its
race. Players name theirs at the table; a seat left to chance (`lot`) is dealt one of the
values nobody named, with the game's seeded random numbers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import kernel
from .errors import OptionError
from .spec import LOT

State = dict[str, Any]


def deal(state: State, option: str, text: str, values: Sequence[str], players: int) -> list[str]:
    """Each seat's value, in seat order: the ones named in `text` ("castle,lot,orcs", or
    `lot` for every seat), all different, and the seats left to chance dealt the others in a
    seeded shuffle. A text that does not name one value or `lot` for every seat, or names a
    value twice, is refused with the option's name."""
    named = [LOT] * players if text.strip() == LOT else [part.strip() for part in text.split(",")]
    taken = [name for name in named if name != LOT]
    if len(named) != players or any(name not in values for name in taken) or len(set(taken)) != len(taken):
        raise OptionError(
            f"option {option}: expected {players} of {', '.join(values)} in seat order, each different, "
            f"or lot for a seat left to chance; got {text!r}"
        )
    pool = [value for value in values if value not in taken]
    if len(pool) < named.count(LOT):
        raise OptionError(f"option {option}: {players} seats, but only {len(values)} of {', '.join(values)}")
    kernel.rng_shuffle(state, pool)
    dealt = iter(pool)
    return [next(dealt) if name == LOT else name for name in named]
