"""LAN tables on 127.0.0.1: the host is the authority and sends each seat only its own view.

Every wait has a timeout and every loop a bound; all servers and peers are closed.
"""

from __future__ import annotations

import asyncio
import random
import struct

import msgpack
import pytest

from boardwright.framework import Engine, Game, GameSpec, kernel, zones
from boardwright.net.host import OPEN, Table
from boardwright.net.journal import read_journal
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer, Refused, play_with_bot
from boardwright.net.protocol import MAX_FRAME

LOCAL = "127.0.0.1"


class SecretHands(Game):
    """Each seat holds a hidden hand and plays one card a turn, face up, until hands are empty."""

    spec = GameSpec(id="secret_hands", version="1", title_en="Secret hands", title_ru="Тайные руки", players=(2,))
    messages = {
        "en": {"draw": "{seat} draws {card}", "play": "{seat} plays {card}"},
        "ru": {"draw": "{seat} берёт {card}", "play": "{seat} играет {card}"},
    }

    def setup(self, state, setup):
        deck = [f"c{i}" for i in range(8)]
        kernel.rng_shuffle(state, deck)
        zones.add_zone(state, "hand0", zones.OWNER, owner=0, items=deck[:4])
        zones.add_zone(state, "hand1", zones.OWNER, owner=1, items=deck[4:])
        zones.add_zone(state, "table", zones.PUBLIC)
        for seat in (0, 1):
            for card in zones.items(state, f"hand{seat}"):
                setup.log.emit("draw", seat=seat, card=card, to=[seat])

    def legal_actions(self, state):
        seat = kernel.active(state)
        return [{"type": "play", "card": c} for c in zones.items(state, f"hand{seat}")]

    def apply(self, state, action, log):
        seat = kernel.active(state)
        zones.move(state, f"hand{seat}", "table", action["card"])
        log.emit("play", seat=seat, card=action["card"])
        if not zones.items(state, "hand1"):
            kernel.finish(state, winners=[0 if zones.items(state, "table")[-1] > "c3" else 1])
        else:
            kernel.set_active(state, 1 - seat)

    def board(self, state, seat):
        return {
            "kind": "cards",
            "items": [{"shape": "text", "at": [0, 0], "text": c} for c in zones.items(state, "table")],
        }


def _table(seat_kinds, journal=None, seed=3, **settings):
    engine = Engine(SecretHands())
    match = LiveGame(engine, seed=seed)
    return Table(engine, match, seat_kinds, {"random": _random_kind()}, journal=journal, **settings)


def _started(update):
    return update["started"]


def _random_kind():
    from boardwright.bots.random_bot import make_random
    from boardwright.framework import BotKind

    return BotKind("random", "Random", "Случайный", make_random)


def _first_choice(update):
    return update["legal"][0]


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, timeout=60))


def test_two_peers_play_a_whole_game_and_never_see_the_other_hand():
    async def scenario():
        table = _table([OPEN, OPEN])
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            assert (alice.seat, bob.seat) == (0, 1)
            outcomes = await asyncio.gather(play_with_bot(alice, _first_choice), play_with_bot(bob, _first_choice))
            assert outcomes[0] == outcomes[1] == table.match.outcome()
            assert len(table.match.record.actions) == 8
            # Alice's updates held her own hand's cards and never Bob's hand
            bob_cards = set(table.match.log.events[i]["params"]["card"] for i in range(4, 8))
            for update in [alice.update]:
                assert update["view"]["zones"]["hand1"] == {"vis": "owner", "owner": 1, "count": 0, "known": []}
            drawn_by_alice = [e["params"]["card"] for e in alice.events if e["key"] == "draw"]
            assert len(drawn_by_alice) == 4 and not set(drawn_by_alice) & bob_cards
            assert all(e["to"] in (None, [0]) for e in alice.events)
        finally:
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())


def test_the_peer_that_acted_is_sent_its_update_after_everyone_else(monkeypatch):
    """The others learn a move first: the seat that sent it knows it already."""
    from boardwright.net import link

    async def scenario():
        table = _table([OPEN, OPEN])
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice", ping_every=0), Peer(LOCAL, port, "Bob", ping_every=0)
        watcher = Peer(LOCAL, port, "Carol", spectate=True, ping_every=0)
        sent: list[str] = []
        send = link.Link.send

        def recorded(self, frame):
            names = [c.name for c in table._connections() if c.link is self]
            sent.extend(names)
            return send(self, frame)

        try:
            for peer in (alice, bob, watcher):
                await peer.connect()
            first = await alice.wait_for(lambda u: u["started"] and u["to_move"] == 0)
            await asyncio.wait_for(bob.wait_for(lambda u: u["started"]), 10)
            monkeypatch.setattr(link.Link, "send", recorded)
            await alice.act(first["legal"][0])
            await alice.wait_for(lambda u: u["ply"] == 1)
            assert sent == ["Bob", "Carol", "Alice"]
            del sent[:]
            second = await bob.wait_for(lambda u: u["ply"] == 1 and u["to_move"] == 1)
            await bob.act(second["legal"][0])
            await bob.wait_for(lambda u: u["ply"] == 2)
            assert sent == ["Alice", "Carol", "Bob"]
        finally:
            for peer in (alice, bob, watcher):
                await peer.close()
            await table.close()

    run(scenario())


def _failing_kind(fails_per_decision):
    """A bot that fails `fails_per_decision` times in a row, then plays the first legal
    action (None: it always fails), as a search would on a sampled world the game did
    not expect."""
    from boardwright.framework import BotKind

    def make(engine, seat, seed, level="normal"):
        calls = [0]

        class Failing:
            def choose(self, turn):
                calls[0] += 1
                if fails_per_decision is None or calls[0] % (fails_per_decision + 1):
                    raise ValueError("a sampled world the game did not expect")
                return turn.legal[0]

        return Failing()

    return BotKind("failing", "Failing", "Сбойный", make)


@pytest.mark.parametrize("fails", [None, 2])
def test_a_bot_that_fails_is_asked_again_then_plays_a_random_move_and_the_table_is_told(fails, caplog):
    """A table never waits for ever on its own bot: one that fails on a decision is asked
    again, and after three failures plays a random legal action, which everybody's log
    shows; one that decides at the second or third asking plays its own choice, unannounced."""

    async def scenario():
        engine = Engine(SecretHands())
        table = Table(engine, LiveGame(engine, seed=3), [OPEN, "failing"], {"failing": _failing_kind(fails)})
        port = await table.start(LOCAL)
        alice = Peer(LOCAL, port, "Alice")
        try:
            await alice.connect()
            outcome = await play_with_bot(alice, _first_choice, timeout=20)
            for _ in range(100):  # the line about the last move follows the update that ends the game
                if fails is not None or len([line for line in alice.chat if line.get("key")]) == 4:
                    break
                await asyncio.sleep(0.02)
            bot_moves = [a for i, a in enumerate(table.match.record.actions) if i % 2 == 1]
            return outcome, alice.chat, bot_moves
        finally:
            await alice.close()
            await table.close()

    outcome, chat, bot_moves = run(scenario())
    assert outcome is not None and len(bot_moves) == 4, "the game was played to its end"
    notices = [line for line in chat if line.get("key") == "bot_fallback"]
    failures = [r.getMessage() for r in caplog.records if "the bot of seat 2 failed" in r.getMessage()]
    if fails is None:
        assert len(notices) == 4 and len(failures) == 12  # three tries for each of its four moves
        assert all(line["seat"] == 1 and line["name"] == "" and line["error"] == "ValueError" for line in notices)
        assert "seat 2 could not decide (ValueError) and played a random legal move" in notices[0]["text"]
        assert [line["ply"] for line in notices] == [1, 3, 5, 7]
    else:
        assert notices == [] and len(failures) == 8  # two failures, then its own choice, each move
        assert "(2 of 3)" in failures[1]


def test_a_view_sent_mid_game_holds_only_the_own_hand():
    async def scenario():
        table = _table([OPEN, "random"])
        port = await table.start(LOCAL)
        peer = Peer(LOCAL, port, "Alice")
        try:
            welcome = await peer.connect()
            assert welcome["seat"] == 0 and welcome["game"] == "secret_hands"
            update = await peer.wait_for(lambda u: u["started"] and u["to_move"] == 0)
            mine = update["view"]["zones"]["hand0"]["items"]
            assert len(mine) == 4
            theirs = update["view"]["zones"]["hand1"]
            assert "items" not in theirs and theirs["count"] == 4
            assert update["view"]["k"]["rng"] is None
            assert [a["card"] for a in update["legal"]] == mine
        finally:
            await peer.close()
            await table.close()

    run(scenario())


def test_illegal_and_out_of_turn_intents_are_refused_with_a_reason():
    async def scenario():
        table = _table([OPEN, OPEN])
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            before = kernel.state_hash(table.match.state)
            await bob.act({"type": "play", "card": "c0"})  # not Bob's turn
            await alice.act({"type": "play", "card": "nonsense"})
            await alice.act({"type": "steal"})
            for _ in range(100):
                if len(alice.errors) >= 2 and bob.errors:
                    break
                await asyncio.sleep(0.01)
            assert bob.errors[0]["code"] == "not-your-turn"
            assert {e["code"] for e in alice.errors} == {"illegal-action"}
            assert kernel.state_hash(table.match.state) == before
        finally:
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())


@pytest.mark.parametrize(
    "payload",
    [
        struct.pack(">I", MAX_FRAME + 1),  # a frame claiming to be too large
        struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1",  # not msgpack
        struct.pack(">I", 3) + msgpack.packb([1, 2]),  # not a map
        (lambda b: struct.pack(">I", len(b)) + b)(msgpack.packb({"t": "explode"})),  # unknown type
        b"\x00\x00",  # a truncated header, then the connection closes
    ],
)
def test_a_hostile_frame_closes_that_peer_only(payload):
    async def scenario():
        table = _table([OPEN, OPEN], ready_step=False)
        port = await table.start(LOCAL)
        alice = Peer(LOCAL, port, "Alice")
        try:
            await alice.connect()
            await alice.wait_for(_started)
            reader, writer = await asyncio.open_connection(LOCAL, port)
            writer.write(payload)
            await writer.drain()
            if payload == b"\x00\x00":
                writer.close()
            rest = await asyncio.wait_for(reader.read(), timeout=10)  # the host answers an error, then closes
            assert rest == b"" or b"protocol" in rest
            writer.close()
            # the table goes on: Alice still plays
            await alice.act(alice.update["legal"][0])
            update = await alice.wait_for(lambda u: u["ply"] == 1)
            assert update["to_move"] == 1
        finally:
            await alice.close()
            await table.close()

    run(scenario())


def test_a_dropped_peer_rejoins_its_seat_with_its_token():
    async def scenario():
        table = _table([OPEN, OPEN])
        port = await table.start(LOCAL)
        alice, bob = Peer(LOCAL, port, "Alice"), Peer(LOCAL, port, "Bob")
        try:
            await alice.connect()
            await bob.connect()
            await alice.wait_for(lambda u: u["started"] and u["legal"])
            await alice.act(alice.update["legal"][0])
            await bob.wait_for(lambda u: u["ply"] == 1)
            seat, token = bob.seat, bob.token
            await bob.close()
            stranger = Peer(LOCAL, port, "Eve")
            with pytest.raises(Refused, match="no free seat"):
                await stranger.connect()
            thief = Peer(LOCAL, port, "Eve", seat=seat, token="0" * 32)
            with pytest.raises(Refused, match="do not match"):
                await thief.connect()
            bob = Peer(LOCAL, port, "Bob", seat=seat, token=token)
            await bob.connect()
            assert bob.seat == 1
            update = await bob.wait_for(lambda u: u["ply"] == 1)
            assert update["ply"] == 1 and update["to_move"] == 1 and update["legal"]
            assert len(update["view"]["zones"]["hand1"]["items"]) == 4
        finally:
            await alice.close()
            await bob.close()
            await table.close()

    run(scenario())


def test_the_table_survives_a_host_restart_from_its_journal(tmp_path):
    journal = tmp_path / "table.bwr"

    async def first_host():
        table = _table([OPEN, "random"], journal=journal)
        port = await table.start(LOCAL)
        alice = Peer(LOCAL, port, "Alice")
        try:
            await alice.connect()
            for turn in range(2):
                update = await alice.wait_for(lambda u, t=turn: u["ply"] == 2 * t and u["legal"])
                await alice.act(random.Random(1).choice(update["legal"]))
            await alice.wait_for(lambda u: u["ply"] == 4)
            return alice.seat, alice.token, kernel.state_hash(table.match.state), len(table.match.record.actions)
        finally:
            await alice.close()
            await table.close()

    seat, token, state_hash, plies = run(first_host())
    assert plies == 4

    async def second_host():
        engine = Engine(SecretHands())
        table = Table.resume(engine, journal, {"random": _random_kind()})
        assert kernel.state_hash(table.match.state) == state_hash
        port = await table.start(LOCAL)
        alice = Peer(LOCAL, port, "Alice", seat=seat, token=token)
        try:
            await alice.connect()
            outcome = await play_with_bot(alice, _first_choice)
            assert outcome == table.match.outcome()
            assert len(table.match.record.actions) == 8
        finally:
            await alice.close()
            await table.close()

    run(second_host())


def test_a_wrong_game_or_protocol_is_refused():
    async def scenario():
        table = _table([OPEN, OPEN])
        port = await table.start(LOCAL)
        try:
            with pytest.raises(Refused, match="plays secret_hands"):
                await Peer(LOCAL, port, "A", game="chess").connect()
            reader, writer = await asyncio.open_connection(LOCAL, port)
            body = msgpack.packb({"t": "join", "protocol": 99})
            writer.write(struct.pack(">I", len(body)) + body)
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(), timeout=10)
            assert b"protocol" in answer
            writer.close()
        finally:
            await table.close()

    run(scenario())


def test_the_names_people_join_with_are_kept_cleaned_and_shown_to_every_seat(tmp_path):
    journal = tmp_path / "names.bwr"

    async def scenario():
        table = _table([OPEN, OPEN], journal=journal)
        port = await table.start(LOCAL)
        anna = Peer(LOCAL, port, "  Anna   Karenina ")
        boris = Peer(LOCAL, port, "Bo\x1b[2Jris\n" + "x" * 80)  # a terminal's escape, a line break, too long
        watcher = Peer(LOCAL, port, "Vera", spectate=True)
        try:
            welcomes = [await peer.connect() for peer in (anna, boris, watcher)]
            seen = [
                await peer.wait_for(lambda u: len([s for s in u["seats"] if s["connected"]]) == 2)
                for peer in (anna, boris, watcher)
            ]
            return [w["name"] for w in welcomes], [[s["name"] for s in u["seats"]] for u in seen]
        finally:
            for peer in (anna, boris, watcher):
                await peer.close()
            await table.close()

    welcomed, shown = run(scenario())
    boris = "Bo [2Jris " + "x" * 30
    assert welcomed == ["Anna Karenina", boris, "Vera"]
    assert shown == [["Anna Karenina", boris]] * 3  # every seat and the spectator see both names
    assert [s["name"] for s in read_journal(journal).seats] == ["Anna Karenina", boris]  # kept for a restart
