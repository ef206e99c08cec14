"""The Heroes card game on a LAN table on 127.0.0.1: two scripted seats play its short game
through the host to the end, and no frame a seat receives names a card that lies hidden in
the other seat's hand (creatures, heroes, travel cards, the school) at that moment.

Every frame is recorded as the peer reads it, before any delta is applied. The hidden cards
of each moment come from replaying the host's record: at ply p, the cards in the other
seat's own zones that this seat's view neither shows nor knows.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgpack
import pytest

import boardwright.net.peer as peer_module
from boardwright.framework import PluginHost, kernel
from boardwright.net.host import OPEN, Table
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer, play_with_bot

from .frame_scan import assert_frames_hide_secrets

LOCAL = "127.0.0.1"
HOST = PluginHost()
HAND_ZONES = ("creatures", "heroes", "travel", "school")


@pytest.mark.parametrize("seed", [5, 11])
def test_two_scripted_seats_play_heroes_to_the_end_and_never_see_the_other_hand(monkeypatch, seed):
    engine = HOST.engine("heroes_cards")
    options = dict(engine.game.short_options)
    frames: dict[int, list[dict[str, Any]]] = {}
    readers: dict[int, int] = {}
    original = peer_module.read_message

    async def recording(reader: Any, *args: Any, **kwargs: Any) -> Any:
        message = await original(reader, *args, **kwargs)
        if message is not None and id(reader) in readers:
            # a copy as it arrived: the peer pops the delta when it applies it
            frames[readers[id(reader)]].append(msgpack.unpackb(msgpack.packb(message), strict_map_key=False))
        return message

    monkeypatch.setattr(peer_module, "read_message", recording)

    async def scenario() -> tuple[Any, Any]:
        match = LiveGame(engine, players=2, options=options, seed=seed)
        table = Table(engine, match, [OPEN, OPEN], HOST.bots())
        port = await table.start(LOCAL)
        peers = [Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Boris")]
        try:
            for seat, peer in enumerate(peers):
                frames[seat] = []
                await peer.connect()
                assert peer.seat == seat
                assert peer._reader is not None
                readers[id(peer._reader)] = seat
            choosers = [random.Random(seat) for seat in (0, 1)]
            outcomes = await asyncio.gather(
                *(play_with_bot(peer, lambda u, r=choosers[s]: r.choice(u["legal"])) for s, peer in enumerate(peers))
            )
            return outcomes, table.match
        finally:
            for peer in peers:
                await peer.close()
            await table.close()

    outcomes, match = asyncio.run(asyncio.wait_for(scenario(), timeout=120))
    assert outcomes[0] == outcomes[1] == match.outcome() is not None
    assert kernel.is_over(match.state)
    assert_frames_hide_secrets(engine, options, seed, match, frames, HAND_ZONES)
