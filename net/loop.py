"""The event loop LAN tables run on, and what a table asks of its process: uvloop's when it is installed (`pip install
boardwright[fast]`), else asyncio's own. uvloop halves the time a frame spends between two
processes on the loopback (benchmarks/RESULTS.md); the protocol and its bytes are the same
on either loop. `BOARDWRIGHT_LOOP=asyncio` keeps asyncio's loop.
"""

from __future__ import annotations

import asyncio
import gc
import os
import resource
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
            return uvloop.new_event_loop
    return asyncio.new_event_loop


def loop_name(loop: asyncio.AbstractEventLoop) -> str:
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"


def run(coroutine: Coroutine[Any, Any, T], kind: str | None = None) -> T:
    """`asyncio.run` on the loop `loop_factory(kind)` makes."""
    with asyncio.Runner(loop_factory=loop_factory(kind)) as runner:
        return runner.run(coroutine)


_FROZEN = [False]


def freeze_startup_objects() -> None:
    """Once a process: what it holds when its first table starts (modules, the games' data,
    the engine) goes to the collector's permanent generation. Each full collection then
    scans what the table made since, not the tens of thousands of objects that live as
    long as the process: a Book of War host's full collections took 10-13 ms each, several
    times a game, and 0.5 ms after this (benchmarks/RESULTS.md)."""
    if not _FROZEN[0]:
        _FROZEN[0] = True
        gc.freeze()


def descriptors_left() -> int:
    """File descriptors this process may still open (its soft limit less those open)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        used = len(os.listdir("/proc/self/fd"))
    except OSError:
        used = 64
    return max(0, soft - used) if soft != resource.RLIM_INFINITY else 1 << 16
