"""Save and replay files, and the live Match: atomic writes, clear errors, undo."""

from __future__ import annotations

import msgpack
import pytest

from boardwright.framework import FileFormatError, IllegalAction, kernel, replay
from boardwright.framework.match import Match


@pytest.fixture
def engine(host):
    return host.engine("connect_four")


def _play(match, columns):
    for column in columns:
        match.apply({"type": "drop", "column": column})


def test_save_and_load_round_trip(engine, tmp_path):
    match = Match(engine, seed=9)
    _play(match, [3, 3, 4, 4])
    path = tmp_path / "game.bwr"
    match.save(path)
    loaded = Match.load(engine, path)
    assert loaded.state == match.state
    assert loaded.record.hashes == match.record.hashes
    assert [p.name for p in tmp_path.iterdir()] == ["game.bwr"], "no temporary file may be left behind"


def test_a_finished_game_replays_and_verifies(engine, tmp_path):
    match = Match(engine, seed=1)
    _play(match, [0, 1, 0, 1, 0, 1, 0])
    assert match.outcome()["winners"] == [0]
    match.save(tmp_path / "g.bwr")
    result = replay.replay(engine, replay.load(tmp_path / "g.bwr"), verify=True)
    assert result.checked == 8
    assert kernel.outcome(result.state)["winners"] == [0]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (b"", "empty"),
        (b"\x93\x01", "damaged or truncated"),
        (msgpack.packb({"hello": 1}), "not a Boardwright save"),
        (msgpack.packb({"format": "boardwright", "format_version": 99}), "newer than this Boardwright reads"),
        (msgpack.packb({"format": "boardwright", "format_version": 1, "game": "connect_four"}), "missing or damaged"),
    ],
)
def test_bad_files_give_one_clear_error(tmp_path, payload, message):
    path = tmp_path / "bad.bwr"
    path.write_bytes(payload)
    with pytest.raises(FileFormatError, match=message):
        replay.load(path)


def test_a_truncated_save_is_refused(engine, tmp_path):
    match = Match(engine, seed=2)
    _play(match, [1, 2, 3])
    path = tmp_path / "g.bwr"
    match.save(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(FileFormatError, match="damaged or truncated"):
        Match.load(engine, path)


def test_a_tampered_save_is_refused_whole(engine, tmp_path):
    match = Match(engine, seed=2)
    _play(match, [1, 2, 3])
    record = match.record
    record.actions[1] = {"type": "drop", "column": 5}
    path = tmp_path / "g.bwr"
    replay.save(path, record)
    with pytest.raises(FileFormatError, match="after action 2 differs"):
        Match.load(engine, path)
    record.actions[1] = {"type": "drop", "column": 99}
    replay.save(path, record)
    with pytest.raises(FileFormatError, match="action 2 does not apply"):
        Match.load(engine, path)


def test_a_failed_write_leaves_the_old_file(engine, tmp_path, monkeypatch):
    match = Match(engine)
    path = tmp_path / "g.bwr"
    match.save(path)
    before = path.read_bytes()
    _play(match, [0])

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken_replace)
    with pytest.raises(OSError):
        match.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.bwr"]


def test_undo_restores_the_state_and_the_log(engine):
    match = Match(engine, seed=4)
    start = kernel.state_hash(match.state)
    _play(match, [2, 5])
    assert len(match.log_lines(None)) == 2
    assert match.undo() == 1
    assert match.log_lines(None, "ru") == ["Красные бросают фишку в столбец 3"]
    assert match.undo(5) == 1
    assert kernel.state_hash(match.state) == start
    assert match.undo() == 0
    _play(match, [6, 1])
    assert match.undo_to_seat(0) == 2


def test_an_illegal_action_leaves_the_match_unchanged(engine):
    match = Match(engine)
    _play(match, [0] * 6)
    before = kernel.state_hash(match.state)
    with pytest.raises(IllegalAction, match="column 1 is full"):
        match.apply({"type": "drop", "column": 0})
    with pytest.raises(IllegalAction, match="no column 10 "):
        match.apply({"type": "drop", "column": 9})
    assert kernel.state_hash(match.state) == before
    assert len(match.record.actions) == 6


def test_a_match_shows_any_ply_of_its_timeline(host):
    """The replay timeline: the state, board and readable log after any number of actions."""
    engine = host.engine("connect_four")
    match = Match(engine, 2, {}, 5)
    for column in (3, 3, 4, 2, 5):
        match.apply({"type": "drop", "column": column})
    assert match.plies == 5
    fresh = engine.new_game(2, {}, 5)
    assert kernel.state_hash(match.state_at(0)) == kernel.state_hash(fresh)
    for ply in range(1, 6):
        assert kernel.state_hash(match.state_at(ply)) == match.record.hashes[ply - 1]
    assert [match.mover_at(p) for p in range(5)] == [0, 1, 0, 1, 0]
    lines = [len(match.log_lines_at(p, None)) for p in range(6)]
    assert lines == sorted(lines) and lines[-1] == len(match.log_lines(None)) and lines[0] < lines[-1]
    assert match.board_at(2, None) == engine.board(match.state_at(2), None)
    with pytest.raises(IndexError):
        match.state_at(6)
    match.undo(2)
    assert match.plies == 3 and len(match.log_lines_at(3, None)) == lines[3]


class _Bids:
    """Two seats take turns adding 1 to a counter; at any moment either may "shout" (a free
    action), which asks the other seat to answer before play goes on. 6 turns end it."""

    @staticmethod
    def game():
        from boardwright.framework import Game, GameSpec

        class Bids(Game):
            spec = GameSpec(id="bids", version="1", title_en="Bids", title_ru="Ставки", players=(2,))
            messages = {"en": {"shout": "{seat} shouts"}, "ru": {"shout": "{seat} кричит"}}

            def setup(self, state, setup):
                state["count"] = 0
                state["shouts"] = [0, 0]
                kernel.set_active(state, 0)

            def legal_actions(self, state):
                return [{"type": "add"}]

            def apply(self, state, action, log):
                state["count"] += 1
                if state["count"] == 6:
                    kernel.finish(state, winners=[0 if state["shouts"][0] >= state["shouts"][1] else 1])
                else:
                    kernel.set_active(state, 1 - kernel.active(state))

            def free_actions(self, state, seat):
                if state["k"]["pending"]:
                    return []
                return [{"type": "shout", "by": seat}]

            def apply_free(self, state, action, log):
                seat = action["by"]
                state["shouts"][seat] += 1
                log.emit("shout", seat=seat)
                kernel.ask(state, 1 - seat, "answer", [{"type": "answer"}])

            def resume_answer(self, state, decision, choice, log):
                return None

        return Bids()


def test_free_actions_at_any_moment_replay_and_undo(tmp_path):
    """A free action is taken by a seat that is not to move, recorded with its seat, replayed
    from the file, undone, and refused when sent for another seat."""
    from boardwright.framework import Engine, NotYourTurn

    engine = Engine(_Bids.game())
    match = Match(engine, 2, {}, 1)
    match.apply({"type": "add"}, 0)  # seat 1 is to move now
    assert match.to_move() == 1
    shout = {"type": "shout", "by": 0}
    assert match.free_actions(0) == [shout] and match.free_actions(1) == [{"type": "shout", "by": 1}]
    before = kernel.state_hash(match.state)
    with pytest.raises(NotYourTurn, match="cannot act for seat 1"):
        match.apply(shout, 1)
    with pytest.raises(IllegalAction, match="names its seat"):
        match.apply({"type": "shout", "by": 7})
    assert kernel.state_hash(match.state) == before
    match.apply(shout, 0)  # out of turn: seat 0 shouts while seat 1 is to move
    assert match.to_move() == 1 and match.state["k"]["pending"][0]["kind"] == "answer"
    assert match.free_actions(0) == []  # the game closes free actions while an answer waits
    match.apply({"type": "answer"}, 1)
    match.apply({"type": "add"}, 1)
    assert [match.mover_at(p) for p in range(4)] == [0, 0, 1, 1]
    path = tmp_path / "bids.bwr"
    match.save(path)
    again = Match.load(engine, path)
    assert kernel.state_hash(again.state) == kernel.state_hash(match.state)
    assert again.record.actions[1] == shout
    assert match.undo_to_seat(0) == 3 and match.state["shouts"] == [0, 0]


def test_undo_is_blocked_across_dice_and_shown_cards():
    """Match.undo_blocked: going back across a roll, or across a card a seat has seen since,
    is refused for that seat; an action that shows nothing new leaves undo open."""
    from boardwright.framework import Engine, Game, GameSpec, decks, zones

    class Draw(Game):
        spec = GameSpec(id="draw", version="1", title_en="Draw", title_ru="Тяни", players=(2,))

        def setup(self, state, setup):
            zones.add_zone(state, "deck", zones.HIDDEN, items=["a", "b", "c", "d"])
            for seat in (0, 1):
                zones.add_zone(state, f"hand{seat}", zones.OWNER, owner=seat)
            state["rolls"] = []
            kernel.set_active(state, 0)

        def legal_actions(self, state):
            return [{"type": "wait"}, {"type": "draw"}, {"type": "roll"}]

        def apply(self, state, action, log):
            seat = kernel.active(state)
            if action["type"] == "draw":
                decks.draw(state, "deck", f"hand{seat}", 1)
            elif action["type"] == "roll":
                state["rolls"].append(kernel.rng_int(state, 1, 6))
            kernel.set_active(state, 1 - seat)

    match = Match(Engine(Draw()), 2, {}, 3)
    match.apply({"type": "wait"})  # ply 0, seat 0
    match.apply({"type": "wait"})  # ply 1, seat 1
    assert match.undo_blocked(0, [0]) is None
    match.apply({"type": "draw"})  # ply 2: seat 0 sees a card; seat 1 sees nothing
    assert match.undo_blocked(0, [0]) == "revealed"
    assert match.undo_blocked(0, [1]) is None
    match.apply({"type": "roll"})  # ply 3: seat 1 rolls
    assert match.undo_blocked(3, [0, 1]) == "random" and match.undo_blocked(4, [0, 1]) is None
    match.undo(2)
    assert match.undo_blocked(0, [0, 1]) is None  # what was taken back no longer counts


def test_a_match_records_the_legal_action_never_the_received_object(engine, tmp_path):
    """In Python True == 1 == 1.0; such an action used to be stored and break the game for good."""
    match = Match(engine)
    before = kernel.state_hash(match.state)
    for twin in (True, 1.0):
        with pytest.raises(IllegalAction, match="column must be a whole number"):
            match.apply({"type": "drop", "column": twin})
    assert kernel.state_hash(match.state) == before and match.record.actions == []
    received = {"type": "drop", "column": 1}
    applied = match.apply(received)
    assert applied is not received and match.record.actions[0] is applied
    match.save(tmp_path / "game.bwr")
    assert Match.load(engine, tmp_path / "game.bwr").record.actions == [{"type": "drop", "column": 1}]


@pytest.mark.parametrize("fault", ["raises", "unsavable"])
def test_a_fault_in_the_game_leaves_the_match_as_it_was(engine, monkeypatch, fault):
    """A game that fails in the middle of an action (after logging part of it), or leaves
    something in its state that cannot be saved, gives one clear error; the state, the log
    and the record are as they were before the action."""
    from boardwright.framework import BoardwrightError

    match = Match(engine, seed=3)
    _play(match, [3, 4])
    before = (kernel.state_hash(match.state), len(match.log.events), list(match.record.hashes))
    real_apply = engine._apply  # the game's rules as the engine calls them: its moves' effects

    def faulty(state, action, log):
        real_apply(state, action, log)
        if fault == "raises":
            raise KeyError("a rules bug")
        state["columns"][0].append({1, 2})  # a set: not plain data

    monkeypatch.setattr(engine, "_apply", faulty)
    with pytest.raises(BoardwrightError) as raised:
        match.apply({"type": "drop", "column": 5})
    assert raised.value.code == "internal" and "as it was before" in raised.value.message
    assert (kernel.state_hash(match.state), len(match.log.events), list(match.record.hashes)) == before
    monkeypatch.undo()
    match.apply({"type": "drop", "column": 5})  # the game goes on from where it was
    assert len(match.record.actions) == 3
