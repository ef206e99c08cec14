"""Legends of Signum on a LAN table on 127.0.0.1: two scripted seats play its short game
through the host to the end, and no frame a seat receives names a card that lies hidden
from it at that moment in the other seat's hand, face-down tactics or deck. (A seat knows
its own deck list, not its order; the opponent's list it never sees.)

Every frame is recorded as the peer reads it, before any delta is applied. The hidden cards
of each moment come from replaying the host's record: at ply p, the items in those zones
that this seat's view neither shows nor knows. A card item names one copy ("fire_flask@1.2"),
so an item seen once stays named in the log; the check is about what was never shown.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgpack

import boardwright.net.peer as peer_module
from boardwright.framework import PluginHost, kernel
from boardwright.net.host import OPEN, Table
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer, play_with_bot

from .frame_scan import assert_frames_hide_secrets

LOCAL = "127.0.0.1"
HOST = PluginHost()
SECRET_ZONES = ("hand", "tactics", "deck")


def _choose(rng: random.Random) -> Any:
    """A scripted seat: mostly what moves the game on, sometimes anything legal."""

    def choose(update: dict[str, Any]) -> Any:
        legal = update["legal"]
        playing = [a for a in legal if a["type"] in ("summon", "cast", "set_tactic", "equip", "build", "activate")]
        return rng.choice(playing if playing and rng.random() < 0.6 else legal)

    return choose


def test_two_scripted_seats_play_signum_to_the_end_and_never_see_the_other_hand(monkeypatch):
    engine = HOST.engine("signum")
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
        match = LiveGame(engine, players=2, options=options, seed=7)
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
            outcomes = await asyncio.gather(
                *(play_with_bot(peer, _choose(random.Random(seat))) for seat, peer in enumerate(peers))
            )
            return outcomes, table.match
        finally:
            for peer in peers:
                await peer.close()
            await table.close()

    outcomes, match = asyncio.run(asyncio.wait_for(scenario(), timeout=120))
    assert outcomes[0] == outcomes[1] == match.outcome() is not None
    assert kernel.is_over(match.state)
    played = {action["type"] for action in match.record.actions}
    assert {"place_hero", "mulligan", "build", "activate", "end_turn"} <= played
    assert played & {"summon", "cast", "set_tactic", "equip"}, "cards were played from the hands"
    assert_frames_hide_secrets(engine, options, 7, match, frames, SECRET_ZONES)
