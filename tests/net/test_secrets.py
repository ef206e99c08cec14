"""Hidden cards cannot be computed or read: the attacker replays seeds, the scan reads bytes.

Everything on 127.0.0.1; every loop bounded in count and time.
"""

from __future__ import annotations

import asyncio
import random

import msgpack

from boardwright.framework import Engine, Game, GameSpec, kernel, zones
from boardwright.net import peer as peer_module
from boardwright.net.delta import chain, fingerprint, unpack_delta
from boardwright.net.host import OPEN, Table
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer

LOCAL = "127.0.0.1"
CANDIDATES = 4096  # seeds the attacker tries: 0 (the old default) and up


class BigHands(Game):
    """Forty cards shuffled, six to each seat's hidden hand; one card played a turn."""

    spec = GameSpec(id="big_hands", version="1", title_en="Big hands", title_ru="Большие руки", players=(2,))
    messages = {"en": {"play": "{seat} plays {card}"}, "ru": {"play": "{seat} играет {card}"}}

    def setup(self, state, setup):
        deck = [f"card{i:02d}" for i in range(40)]
        kernel.rng_shuffle(state, deck)
        zones.add_zone(state, "hand0", zones.OWNER, owner=0, items=deck[:6])
        zones.add_zone(state, "hand1", zones.OWNER, owner=1, items=deck[6:12])
        zones.add_zone(state, "deck", zones.HIDDEN, items=deck[12:])
        zones.add_zone(state, "table", zones.PUBLIC)

    def legal_actions(self, state):
        seat = kernel.active(state)
        return [{"type": "play", "card": c} for c in zones.items(state, f"hand{seat}")]

    def apply(self, state, action, log):
        seat = kernel.active(state)
        zones.move(state, f"hand{seat}", "table", action["card"])
        log.emit("play", seat=seat, card=action["card"])
        if not zones.items(state, "hand1"):
            kernel.finish(state, winners=[0])
        else:
            kernel.set_active(state, 1 - seat)

    def board(self, state, seat):
        return {
            "kind": "cards",
            "items": [{"shape": "text", "at": [0, 0], "text": c} for c in zones.items(state, "table")],
        }


def _attack(engine: Engine, view: dict) -> list[str] | None:
    """What a peer at seat 0 can compute: replay candidate seeds until one deals its own hand
    as its view shows it; that seed's deal is the opponent's hand."""
    mine = view["zones"]["hand0"]["items"]
    for seed in range(CANDIDATES):
        state = engine.new_game(2, {}, seed)
        if zones.items(state, "hand0") == mine:
            return zones.items(state, "hand1")
    return None


class _Recording(Peer):
    """A peer that notes, for every update it applied, whether its hash is a digest of what
    it was sent and nothing else: the whole view and board, or the last hash and the delta."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.hashes_from_what_was_sent: list[bool] = []

    def _whole(self, message):
        before, delta = self._hash, message.get("delta")
        applied = super()._whole(message)
        if applied:
            expected = (
                fingerprint({"view": message["view"], "board": message["board"]})
                if delta is None
                else chain(before, delta)
            )
            self.hashes_from_what_was_sent.append(message["hash"] == expected)
        return applied


def _host_and_attack(table: Table):
    async def scenario():
        port = await table.start(LOCAL)
        attacker = _Recording(LOCAL, port, "Eve")
        other = Peer(LOCAL, port, "Bob")
        try:
            await attacker.connect()
            await other.connect()
            update = await attacker.wait_for(lambda u: u["started"])
            assert attacker.hashes_from_what_was_sent and all(attacker.hashes_from_what_was_sent)
            assert attacker.resyncs == 0
            return update, list(zones.items(table.match.state, "hand1"))
        finally:
            await attacker.close()
            await other.close()
            await table.close()

    return asyncio.run(asyncio.wait_for(scenario(), 60))


def test_the_attack_works_against_a_guessable_seed_so_this_test_can_fail():
    engine = Engine(BigHands())
    update, hidden = _host_and_attack(Table(engine, LiveGame(engine, seed=1234), [OPEN, OPEN], {}))
    assert _attack(engine, update["view"]) == hidden


def test_a_hosted_table_seed_is_secret_and_the_attacker_finds_no_hand():
    engine = Engine(BigHands())
    seeds = set()
    for _ in range(3):
        table = Table.new(engine, 2, {}, None, [OPEN, OPEN], {})
        seeds.add(table.match.record.seed)
        update, hidden = _host_and_attack(table)
        assert _attack(engine, update["view"]) is None
        assert "items" not in update["view"]["zones"]["hand1"] and len(hidden) == 6
        # every update's hash was a digest of what the seat was sent (checked in _Recording)
        assert update["view"]["k"]["rng"] is None
    assert len(seeds) == 3 and 0 not in seeds and max(seeds) >= 2**31  # 64 random bits each


def _hidden_from(state: dict, seat: int) -> set[str]:
    """Items `seat` neither sees nor knows anywhere in `state`."""
    known, every = set(), set()
    for zone in state["zones"].values():
        every.update(zone["items"])
        known.update(zones.known_items(zone, seat))
    return {item for item in every - known if isinstance(item, str)}


def _leaves(value, out: set) -> set:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, bytes):  # a delta's operations, as packed
            stack.append(unpack_delta(item))
        else:
            out.add(item)
    return out


def test_no_frame_a_book_of_war_seat_receives_holds_a_card_hidden_from_it(host, monkeypatch):
    """Four peers play 120 random actions of Book of War; every frame each one reads is
    scanned for every card hidden from its seat at that ply, and for the seed's bytes."""
    engine = host.engine("book_of_war")
    tapped: list[tuple[object, bytes]] = []  # (the reader, a frame's message packed again)
    read = peer_module.read_message

    async def read_message(reader, allowed, *args, **kwargs):
        message = await read(reader, allowed, *args, **kwargs)
        if message is not None:
            tapped.append((reader, msgpack.packb(message, use_bin_type=True)))
        return message

    monkeypatch.setattr(peer_module, "read_message", read_message)

    async def scenario():
        table = Table.new(engine, 4, {}, None, [OPEN] * 4, {})
        port = await table.start(LOCAL)
        peers = [Peer(LOCAL, port, f"P{i}") for i in range(4)]
        rng = random.Random(5)
        try:
            for peer in peers:
                await peer.connect()
            for _ in range(120):
                if table.match.is_over():
                    break
                mover = peers[table.match.to_move()]
                update = await mover.wait_for(lambda u, p=table.match.plies: u["ply"] == p and u["legal"])
                await mover.act(rng.choice(update["legal"]))
                await peers[0].wait_for(lambda u, p=update["ply"]: u["ply"] == p + 1)
            for peer in peers:  # every peer has read every update
                await peer.wait_for(lambda u, p=table.match.plies: u["ply"] == p)
            return table.match.record, [peer._reader for peer in peers]
        finally:
            for peer in peers:
                await peer.close()
            await table.close()

    record, readers = asyncio.run(asyncio.wait_for(scenario(), 120))
    heard = {seat: [frame for reader, frame in tapped if reader is readers[seat]] for seat in range(4)}
    assert len(record.actions) >= 40
    # the positions, ply by ply, as the host had them
    replayed = LiveGame(engine, 4, record.options, record.seed, record.scenario)
    states = [replayed.state]
    for action in record.actions:
        replayed.commit(replayed.trial(action))
        states.append(replayed.state)
    static = _leaves({"board": engine.board(states[0], None)}, set())  # map labels and the like
    seed_bytes = msgpack.packb(record.seed)
    checked = 0
    for seat, frames in heard.items():
        assert len(frames) > len(record.actions) // 2
        for frame in frames:
            message = msgpack.unpackb(frame, raw=False)
            ply = message.get("ply")
            plies = range(len(states)) if ply is None else [ply]  # a welcome or chat: the start
            leaks = set()
            for at in plies:
                hidden = _hidden_from(states[at], seat) - static
                checked += len(hidden)
                leaks |= hidden & _leaves(message, set())
            assert not leaks, f"seat {seat} was sent {sorted(leaks)[:5]} at ply {ply}"
            assert seed_bytes not in frame
    assert checked > 1000  # cards were hidden from the seats while they played
