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

LOCAL = "127.0.0.1"
HOST = PluginHost()
SECRET_ZONES = ("hand", "tactics", "deck")


def _hidden_from(engine: Any, state: dict[str, Any], seat: int) -> set[str]:
    """The items in the other seats' secret zones (hand, face-down tactics, deck) that `seat`'s
    view neither shows nor knows."""
    view = engine.view(state, seat)["zones"]
    hidden: set[str] = set()
    for owner in range(kernel.seats(state)):
        for name in SECRET_ZONES:
            if owner == seat:
                continue
            zone_id = f"{name}:{owner}"
            known = {item for _index, item in view[zone_id].get("known", [])} | set(view[zone_id].get("items", []))
            hidden.update(item for item in state["zones"][zone_id]["items"] if item not in known)
    return hidden


def _names(frame: Any) -> set[str]:
    """Every string a frame holds, keys and values, at any depth."""
    if isinstance(frame, dict):
        return {n for key, value in frame.items() for n in _names(key) | _names(value)}
    if isinstance(frame, list | tuple):
        return {n for value in frame for n in _names(value)}
    return {frame} if isinstance(frame, str) else set()


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
    # replay the host's record: the hidden items of each seat after every ply
    state = engine.new_game(2, options, 7)
    hidden = {seat: {-1: _hidden_from(engine, state, seat)} for seat in (0, 1)}
    for ply, action in enumerate(match.record.actions):
        engine.apply_unchecked(state, action)
        for seat in (0, 1):
            hidden[seat][ply] = _hidden_from(engine, state, seat)
    assert kernel.state_hash(state) == kernel.state_hash(match.state)
    checked = 0
    shown_own = 0
    for seat in (0, 1):
        assert frames[seat], f"seat {seat} received no frame"
        for frame in frames[seat]:
            if frame.get("t") != "update":
                continue
            ply = frame["ply"] - 1
            leaked = _names(frame) & hidden[seat][ply]
            assert not leaked, f"seat {seat} was sent {sorted(leaked)} at ply {frame['ply']}"
            # the same frame names cards of this seat's own hand that the other may not see
            shown_own += bool(_names(frame) & hidden[1 - seat][ply])
            checked += 1
    assert checked >= len(match.record.actions)
    assert shown_own, "no frame named a card of the seat's own hidden hand: the check would be empty"
