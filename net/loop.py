"""The event loop LAN tables run on: uvloop's when it is installed (`pip install
boardwright[fast]`), else asyncio's own. uvloop halves the time a frame spends between two
processes on the loopback (benchmarks/RESULTS.md); the protocol and its bytes are the same
on either loop. `BOARDWRIGHT_LOOP=asyncio` keeps asyncio's loop.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory(kind: str | None = None) -> Callable[[], asyncio.AbstractEventLoop]:
    """What makes a new event loop: `kind` "uvloop", "asyncio" or None (uvloop when it is
    installed, unless BOARDWRIGHT_LOOP says asyncio)."""
    kind = kind or os.environ.get("BOARDWRIGHT_LOOP") or "auto"
    if kind != "asyncio":
        try:
            import uvloop
        except ImportError:
            if kind == "uvloop":
                raise
        else:
            return uvloop.new_event_loop  # type: ignore[no-any-return]
    return asyncio.new_event_loop


def loop_name(loop: asyncio.AbstractEventLoop) -> str:
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"


def run(coroutine: Coroutine[Any, Any, T], kind: str | None = None) -> T:
    """`asyncio.run` on the loop `loop_factory(kind)` makes."""
    with asyncio.Runner(loop_factory=loop_factory(kind)) as runner:
        return runner.run(coroutine)
