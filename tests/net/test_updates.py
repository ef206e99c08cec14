"""The host's updates: a seat's new document merged with its last one, and the delta that
turns what the peer holds into exactly what the host fingerprinted."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from boardwright.framework import Engine, Game, kernel
from boardwright.net.delta import diff_at, fingerprint, patch
from boardwright.net.live import LiveGame
from boardwright.net.peer import Peer
from boardwright.net.protocol import FROM_HOST, decode
from boardwright.net.updates import CHECK_EVERY, Packs, Seen, Snapshot, merge

LOCAL = "127.0.0.1"
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from(["a", "b", "c"]))
trees = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(["k", "l", "m", "n"]), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(trees, trees)
def test_the_merge_turns_the_old_into_what_packs_as_the_new(old, new):
    ops: list[list] = []
    merged = merge(old, new, ["view"], ops)
    assert merged == new  # by value (1 and True alike: the old one's is kept, and sent)
    document = patch({"view": old}, ops)
    assert fingerprint(document) == fingerprint({"view": merged})


@settings(max_examples=200, deadline=None)
@given(st.lists(trees, min_size=2, max_size=6))
def test_deltas_patched_in_turn_reach_each_document_and_leave_the_earlier_ones_as_they_were(documents):
    """A peer patches every delta onto the copy the last one made (the patch walks on from
    the containers of the operation before); the copies it made earlier, which a window may
    still be drawing, never change."""
    held = {"view": documents[0]}
    kept = []
    for new in documents[1:]:
        ops: list[list] = []
        merged = merge(held["view"], new, ["view"], ops)
        before = fingerprint(held)
        patched = patch(held, ops)
        assert fingerprint(held) == before
        assert fingerprint(patched) == fingerprint({"view": merged})
        # a connection a broadcast behind gets `diff_at`'s delta: the new document by value (a
        # list equal by value but not by type, [True, 1] for [1, True], is left as it was:
        # the fingerprint sees it and the peer asks for the whole document)
        assert patch(held, diff_at(held["view"], new, ["view"])) == {"view": new}
        kept.append((held, before))
        held = patched
    assert all(fingerprint(document) == digest for document, digest in kept)


def test_a_map_that_lost_most_of_its_keys_is_sent_whole():
    """A piece's tip that turns from a unit's figures into one line: one operation, not five
    removals and two additions, from the merge and from `diff_at` alike."""
    figures = {"unit": "u", "seat": 1, "class": "c", "wounds": 0, "shields": 2}
    line = {"key": "unit_used", "tip": "t"}
    old = {"pieces": [{"at": "f6", "tip": figures}]}
    new = {"pieces": [{"at": "f6", "tip": line}]}
    ops: list[list] = []
    merge(old, new, ["board"], ops)
    assert ops == [[0, ["board", "pieces", 0, "tip"], line]]
    assert diff_at(old, new, ["board"]) == ops
    kept = {"unit": "u", "seat": 1, "class": "c", "wounds": 1}  # one key of five gone: the change alone
    assert diff_at({"tip": figures}, {"tip": kept}, []) == [[1, ["tip", "shields"]], [0, ["tip", "wounds"], 1]]


def test_a_part_equal_by_value_keeps_the_old_one_and_the_peer_gets_that():
    old = {"k": [True], "l": 0}
    ops: list[list] = []
    merged = merge(old, {"k": [1], "l": 1}, ["view"], ops)
    assert merged["k"] is old["k"] and ops == [[0, ["view", "l"], 1]]
    assert fingerprint(patch({"view": old}, ops)) == fingerprint({"view": merged})


def test_the_merge_keeps_the_parts_that_did_not_change():
    old = {"cells": [{"at": [0, 0]}, {"at": [1, 0]}], "status": {"seat": 0}}
    new = {"cells": [{"at": [0, 0]}, {"at": [1, 0], "fill": "red"}], "status": {"seat": 0}}
    ops: list[list] = []
    merged = merge(old, new, ["board"], ops)
    assert merged["status"] is old["status"] and merged["cells"][0] is old["cells"][0]
    assert ops == [[0, ["board", "cells", 1, "fill"], "red"]]


def test_a_few_changes_deep_in_one_large_item_of_a_short_list_send_only_those_changes():
    """A board's elements: three items, one a whole map. Six pieces moving on the map are six
    small operations, not the whole list (it was sent whole past four operations: 50 KB a
    Reliquium update); the peer's patched copy is the new one."""
    pieces = [{"at": f"r{i}", "label": "A"} for i in range(40)]
    old = {"elements": [{"type": "map", "pieces": pieces, "regions": list(range(300))}, {"track": 1}, {"cards": []}]}
    moved = [dict(piece, at=f"s{i}") if i < 6 else piece for i, piece in enumerate(pieces)]
    new = {"elements": [{"type": "map", "pieces": moved, "regions": list(range(300))}, {"track": 1}, {"cards": []}]}
    ops: list[list] = []
    merged = merge(old, new, ["board"], ops)
    assert len(ops) == 6 and all(op[1][:5] == ["board", "elements", 0, "pieces", op[1][4]] for op in ops)
    assert merged["elements"][0]["regions"] is old["elements"][0]["regions"]
    assert fingerprint(patch({"board": old}, ops)) == fingerprint({"board": new})
    # a connection a broadcast behind gets its delta from diff_at: the same rule
    behind = diff_at(old, new, ["board"])
    assert len(behind) == 6 and fingerprint(patch({"board": old}, behind)) == fingerprint({"board": new})


def test_an_item_inserted_at_the_front_of_a_long_list_sends_it_whole():
    old = [{"id": i} for i in range(20)]
    new = [{"id": -1}, *old]  # every item shifted one place
    ops: list[list] = []
    merge({"l": old}, {"l": new}, ["view"], ops)
    assert ops == [[0, ["view", "l"], new]]
    assert diff_at({"l": old}, {"l": new}, ["view"]) == [[0, ["view", "l"], new]]


def test_seats_that_joined_apart_share_one_merge_and_every_peer_stays_whole(host):
    """Two seats and a spectator of Connect Four see the same document: whatever snapshot
    each was first sent, a broadcast merges it once, and each peer's patched copy checks
    against the chained hashes and the periodic whole fingerprint (no resync) for a whole
    game, and is the host's document."""
    engine = host.engine("connect_four")
    game = LiveGame(engine, 2, {}, seed=4)  # a whole game: more than 16 updates to each
    packs = Packs()
    seens = [Seen(0), Seen(1), Seen(None)]
    peers = [Peer(LOCAL, 0) for _ in range(3)]  # their apply path only: no connection
    rng = random.Random(3)
    checks = [0, 0, 0]

    def deliver(snapshot, index):
        message = decode(snapshot.frame(seens[index])[4:], FROM_HOST, check_shape=False)
        checks[index] += "check" in message
        assert peers[index]._whole(message)  # the chained hash, and every 16th the whole's
        assert fingerprint(peers[index].document) == fingerprint(snapshot.document(seens[index].seat))

    for index in range(3):  # each joins with a snapshot of its own
        deliver(Snapshot(game, [], True, packs), index)
    merges = []
    for _ in range(200):
        if game.is_over():
            break
        game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
        packs.turn()
        snapshot = Snapshot(game, [], True, packs)
        for index in range(3):
            deliver(snapshot, index)
        merges.append(len(snapshot.merges))
    assert game.is_over()
    assert min(checks) >= (len(merges) // CHECK_EVERY)
    assert set(merges[1:]) == {2}  # from the second broadcast on: the view's and the board's, once


def test_a_board_the_same_for_all_is_built_once_an_update_and_one_per_seat_otherwise(host, monkeypatch):
    """Connect Four draws one picture for everyone (its `boards` builds it once): a broadcast
    to two seats and a spectator builds it once; a game that keeps the default `boards`
    draws each seat's own, three times."""

    class EachOwn(type(host.engine("connect_four").game)):  # Connect Four without its `boards`
        def boards(self, state, seats):
            return Game.boards(self, state, seats)

    for engine, builds in ((host.engine("connect_four"), 1), (Engine(EachOwn()), 3)):
        game = LiveGame(engine, 2, {}, seed=4)
        calls: list[int | None] = []
        drawn = engine.game.board
        monkeypatch.setattr(
            engine.game, "board", lambda state, seat, d=drawn, c=calls: c.append(seat) or d(state, seat)
        )
        seens = [Seen(0), Seen(1), Seen(None)]
        snapshot = Snapshot(game, [], True, Packs())
        snapshot.prepare([seen.seat for seen in seens])  # as the host's broadcast does
        documents = [decode(snapshot.frame(seen)[4:], FROM_HOST, check_shape=False) for seen in seens]
        assert len(calls) == builds, type(engine.game).__name__
        colours = engine.game.seat_colours(game.state)  # the engine puts the seats' colours in every board
        expected = [{**drawn(game.state, s.seat), "seat_colours": colours} for s in seens]
        assert [d["board"] for d in documents] == expected


def test_a_broadcast_builds_each_seats_view_once_where_the_boards_are_drawn_from_views(host, monkeypatch):
    """Book of War draws a seat's board from its view (`Game.shown`): a broadcast to four seats
    and a spectator builds five views, not one for the view sent and one more for the board."""
    engine = host.engine("book_of_war")
    game = LiveGame(engine, 4, {}, seed=4)
    rng = random.Random(4)
    for _ in range(12):
        game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
    calls: list[int | None] = []
    viewed = engine.game.view
    monkeypatch.setattr(engine.game, "view", lambda state, seat, v=viewed, c=calls: c.append(seat) or v(state, seat))
    seens = [Seen(seat) for seat in (0, 1, 2, 3, None)]
    snapshot = Snapshot(game, [], True, Packs())
    snapshot.prepare([seen.seat for seen in seens])
    documents = [decode(snapshot.frame(seen)[4:], FROM_HOST, check_shape=False) for seen in seens]
    assert sorted(calls, key=str) == [0, 1, 2, 3, None]
    for document, seen in zip(documents, seens, strict=True):
        assert document["board"] == engine.board(game.state, seen.seat)


def test_the_first_table_of_a_process_moves_the_startup_objects_out_of_the_collectors_way():
    # a process of its own: the suite's process may have started a table already
    script = textwrap.dedent(
        """
        import asyncio, gc
        from boardwright.framework import PluginHost
        from boardwright.net.host import OPEN, Table

        async def main():
            before = gc.get_freeze_count()
            table = Table.new(PluginHost().engine("connect_four"), 2, {}, None, [OPEN, OPEN], {})
            await table.start("127.0.0.1", 0)
            print(before, gc.get_freeze_count())
            await table.close()

        asyncio.run(main())
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    before, after = map(int, done.stdout.split())
    assert before == 0 and after > 10_000  # the plugins, the games' data, the engine


def test_a_copy_gone_wrong_is_found_by_the_next_whole_fingerprint(host):
    """The chained hash proves every delta arrived in order; a copy that went wrong all the
    same (here: changed by hand) fails the whole document's fingerprint within 16 deltas."""
    engine = host.engine("connect_four")
    game = LiveGame(engine, 2, {"columns": 12, "rows": 10, "connect": 6}, seed=4)
    packs, seen, peer = Packs(), Seen(0), Peer(LOCAL, 0)
    rng = random.Random(5)
    assert peer._whole(decode(Snapshot(game, [], True, packs).frame(seen)[4:], FROM_HOST, check_shape=False))
    peer.document = {**peer.document, "view": {**peer.document["view"], "connect": 5}}  # no delta sets it
    results = []
    for _ in range(CHECK_EVERY):
        game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
        packs.turn()
        message = decode(Snapshot(game, [], True, packs).frame(seen)[4:], FROM_HOST, check_shape=False)
        results.append(("check" in message, peer._whole(message)))
        if not results[-1][1]:
            break
    assert results[-1] == (True, False)  # accepted until the whole fingerprint came
    assert all(applied for _check, applied in results[:-1])


def test_a_frame_put_together_from_packed_values_is_the_frame_of_the_whole_map():
    from boardwright.net.protocol import encode, encode_packed, pack

    small = {"t": "update", "ply": 3, "view": {"k": {"ply": 3}, "cells": [1, 2.5, None, True]}, "hash": "ab"}
    wide = {"t": "update", **{f"field{n}": [n, "x" * n] for n in range(20)}}  # over 15 keys: a map16
    big = {"t": "update", "board": {"items": ["y" * 5000] * 4}}
    for message in (small, wide, big):
        assert encode_packed([(key, pack(value)) for key, value in message.items()]) == encode(message)


def test_a_delta_the_peer_cannot_read_makes_it_ask_for_the_whole(host):
    """A delta comes as its packed bytes (the hash is of those very bytes, nothing re-packed):
    one that is not bytes (protocol 3 sent a list), is damaged, or is no list of operations
    is refused, never half applied; the peer's copy stays as it was."""
    from boardwright.framework.kernel import pack
    from boardwright.net.delta import chain

    engine = host.engine("connect_four")
    game = LiveGame(engine, 2, {}, seed=4)
    packs, seen, peer = Packs(), Seen(0), Peer(LOCAL, 0)
    assert peer._whole(decode(Snapshot(game, [], True, packs).frame(seen)[4:], FROM_HOST, check_shape=False))
    held, last = peer.document, peer._hash
    game.commit(game.trial(game.legal_actions()[0], seat=game.to_move()))
    packs.turn()
    good = decode(Snapshot(game, [], True, packs).frame(seen)[4:], FROM_HOST, check_shape=False)
    assert type(good["delta"]) is bytes
    ops = [[0, ["view", "k", "ply"], 1]]
    for delta in (ops, b"\xc1", pack({"not": "a list"}), pack([[0, ["view", "nowhere", "deep"], 1]])):
        message = {**good, "delta": delta, "hash": chain(last, delta if type(delta) is bytes else pack(delta))}
        assert not peer._whole(message)
        assert peer.document is held and peer._hash == last
    assert peer._whole(dict(good)) and peer.document is not held


def test_a_peer_that_asked_is_sent_each_moves_moment_and_others_are_not(host):
    """With `moments`, the update after each action carries the mover and what turns the
    seat's document into its view and board after the action's own effect (the flow's steps
    undone): the peer's copy is what the engine gives for that moment. A peer that did not
    ask, and an update more than one action on, carry none."""
    engine = host.engine("heroes_cards")
    game = LiveGame(engine, 2, {}, seed=2)
    packs = Packs()
    asked, plain = Seen(0, moments=True), Seen(0)
    peers = [Peer(LOCAL, 0), Peer(LOCAL, 0)]
    rng = random.Random(5)
    differed = 0
    for seen, peer in zip((asked, plain), peers, strict=True):
        assert peer._whole(decode(Snapshot(game, [], True, packs).frame(seen)[4:], FROM_HOST, check_shape=False))
    for _ in range(40):
        before = game.state
        action = rng.choice(game.legal_actions())
        mover = game.to_move()
        game.commit(game.trial(action, seat=mover))
        packs.turn()
        snapshot = Snapshot(game, [], True, packs)
        messages = [decode(snapshot.frame(seen)[4:], FROM_HOST, check_shape=False) for seen in (asked, plain)]
        for peer, message in zip(peers, messages, strict=True):
            assert peer._whole(message)
        assert "moment" not in messages[1], "a peer that did not ask is sent no moment"
        moment = messages[0]["moment"]
        alone = kernel.clone(before)
        engine.apply_alone(alone, game.record.actions[-1])
        assert moment["mover"] == mover
        assert moment["board"] == engine.board(alone, 0)
        differed += moment["board"] != messages[0]["board"]
    assert differed, "in forty Heroes actions the flow ran steps of its own at least once"
    game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
    game.commit(game.trial(rng.choice(game.legal_actions()), seat=game.to_move()))
    packs.turn()
    late = decode(Snapshot(game, [], True, packs).frame(asked)[4:], FROM_HOST, check_shape=False)
    assert "moment" not in late, "two actions on: the moment of the last is not the seat's"
