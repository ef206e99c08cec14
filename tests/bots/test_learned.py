"""The `learned` bot (bots/learned.py) and `boardwright learn`, which refits its weights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardwright.bots import learned, tuning
from boardwright.cli.main import main
from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.game import Game
from boardwright.framework.simulation import SeatBot

GAMES = ["connect_four", "reliquium", "bestiary", "book_of_war", "heroes_cards", "signum"]


def _run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def weights_at(monkeypatch):
    """Point every game's learned weights at a file of the test's (read afresh)."""

    def point(path: Path, short: Path | None = None) -> None:
        """`path` for the standard game's weights, `short` (default: none) for the short variant's."""
        monkeypatch.setattr(
            learned, "weights_file", lambda game, is_short=False: (short or path.parent / "none") if is_short else path
        )
        learned.forget_weights()

    yield point
    learned.forget_weights()


def test_it_is_a_bot_kind_wherever_bots_are_named(host):
    kinds = host.bots()
    assert kinds["learned"].title_en == "Learned" and kinds["learned"].title_ru == "Обученный"
    assert SeatBot.parse("learned", kinds, "open") == SeatBot("learned")


@pytest.mark.parametrize("game_id", GAMES)
def test_it_plays_whole_short_games_in_every_seat(capsys, game_id):
    code, out, err = _run(capsys, "simulate", game_id, "--bots", "learned", "--games", "2", "--short", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["bots"] == ["learned"] * summary["players"]
    assert all(result["finished"] for result in summary["results"])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_ships_weights_that_fit_its_table(host, game_id):
    game = host.engine(game_id).game
    assert learned.weights_file(game).is_file()
    weights = learned.load_weights(game)
    assert weights is not None and set(weights) <= set(tuning.weights(game.heuristic_table))
    if game.short_options or game.short_scenario:  # a short variant: its own weights
        assert learned.weights_file(game, short=True).is_file()
        short = learned.load_weights(game, short=True)
        assert short is not None and set(short) <= set(tuning.weights(game.heuristic_table))


def test_it_passes_its_weights_to_the_heuristic_and_never_touches_the_games_table(host, tmp_path, weights_at):
    engine = host.engine("connect_four")
    table = engine.game.heuristic_table
    own = dict(table)
    path = tmp_path / "learned.json"
    path.write_text(json.dumps({"game": "connect_four", "weights": {"own_three": 3, "lead_scale": 20}}))
    weights_at(path)
    seen = []
    heuristic = engine.game.heuristic

    def spied(state, seat, weights=None):
        seen.append((weights, dict(table)))  # what the bot passed, and the game's table meanwhile
        return heuristic(state, seat, weights)

    engine.game.heuristic = spied  # type: ignore[method-assign]
    try:
        state = engine.new_game(2, {}, 1)
        bot = learned.make_learned(engine, 0, 5)
        bot.choose(Turn(engine, state, 0, engine.legal_actions(state)))
    finally:
        del engine.game.heuristic
    assert seen
    assert all(weights == {**own, "own_three": 3.0, "lead_scale": 20.0} and mine == own for weights, mine in seen)
    assert table == own


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_heuristic_takes_weights_and_with_its_own_table_says_what_it_says_without(host, game_id):
    from boardwright.bots.evaluation import takes_weights

    engine = host.engine(game_id)
    game = engine.game
    assert takes_weights(game)
    tells = type(game).heuristic_after is not Game.heuristic_after
    table = dict(game.heuristic_table)
    kinds = host.bots()
    players = engine.spec.players[0]
    state = engine.new_game(players, {}, 3)
    bots = [kinds["random"].make(engine, seat, 9, "normal") for seat in range(players)]
    for _ in range(120):
        if kernel.is_over(state):
            break
        legal = engine.legal_actions(state)
        for seat in range(players):
            assert game.heuristic(state, seat, weights=table) == game.heuristic(state, seat)
            if tells:
                told = game.heuristic_after(state, seat, legal, weights=table)
                assert told == game.heuristic_after(state, seat, legal)
        seat = kernel.to_move(state)
        engine.apply(state, bots[seat].choose(Turn(engine, state, seat, legal)))


def test_a_game_whose_heuristic_takes_no_weights_is_played_as_greedy(host, tmp_path, weights_at, monkeypatch):
    from boardwright.bots import evaluation

    path = tmp_path / "learned.json"
    path.write_text(json.dumps({"game": "connect_four", "weights": {"own_three": 3}}))
    weights_at(path)
    monkeypatch.setattr(evaluation, "takes_weights", lambda game: False)
    assert learned.make_learned(host.engine("connect_four"), 0, 1).weights is None


def test_the_short_level_plays_the_short_variants_weights_else_the_standard_games(host, tmp_path, weights_at):
    game = host.engine("connect_four").game
    standard, short = tmp_path / "learned.json", tmp_path / "learned-short.json"
    standard.write_text(json.dumps({"game": "connect_four", "weights": {"own_three": 3}}))
    weights_at(standard)
    assert learned.load_weights(game, short=True) == {"own_three": 3.0}  # no short variant's file
    short.write_text(json.dumps({"game": "connect_four", "weights": {"own_three": 5}}))
    weights_at(standard, short)
    assert learned.load_weights(game) == {"own_three": 3.0}
    assert learned.load_weights(game, short=True) == {"own_three": 5.0}
    engine = host.engine("connect_four")
    assert learned.make_learned(engine, 0, 1, "short").weights["own_three"] == 5.0
    assert learned.make_learned(engine, 0, 1, "normal").weights["own_three"] == 3.0
    assert host.bots()["learned"].levels == ("normal", "short")


def _drops(engine, columns):
    state = engine.new_game(2, {}, 1)
    for column in columns:
        engine.apply(state, {"type": "drop", "column": column})
    return state


def test_it_blocks_a_win_in_one_where_greedy_would_not_and_takes_its_own(host):
    engine = host.engine("connect_four")
    kinds = host.bots()

    def choices(kind, state):
        legal = engine.legal_actions(state)
        return {
            kinds[kind].make(engine, 0, seed, "normal").choose(Turn(engine, state, 0, legal))["column"]
            for seed in range(8)
        }

    # the rival (seat 1) has three in column 6, seat 0 two and a gap on the bottom row
    threatened = _drops(engine, [0, 6, 1, 6, 5, 6])
    assert choices("greedy", threatened) != {6}
    assert choices("learned", threatened) == {6}
    # seat 0 can win at once (column 2 fills its bottom row's 0, 1, 3): it does, every time
    assert choices("learned", _drops(engine, [0, 6, 1, 6, 3, 6])) == {2}


def test_connect_fours_heuristic_counts_the_holes_that_would_make_a_four(host):
    engine = host.engine("connect_four")
    game = engine.game
    table = {**game.heuristic_table, "own_three": 0, "rival_three": 0, "lead_scale": 10}
    state = _drops(engine, [0, 6, 1, 6, 2])  # seat 0: three on the bottom row, one hole (column 3) makes four
    assert game.heuristic(state, 0, weights={**table, "own_threat": 1, "rival_threat": 0}) == pytest.approx(0.1)
    assert game.heuristic(state, 1, weights={**table, "own_threat": 0, "rival_threat": 2}) == pytest.approx(-0.2)
    assert game.heuristic(state, 0, weights={**table, "own_threat": 0, "rival_threat": 0}) == 0.0


def test_without_weights_it_plays_as_greedy(host, tmp_path, weights_at):
    weights_at(tmp_path / "none.json")
    engine = host.engine("reliquium")
    kinds = host.bots()
    state = engine.new_game(2, {}, 7)
    bots = [kinds["learned"].make(engine, seat, 11, "normal") for seat in range(2)]
    twins = [kinds["greedy"].make(engine, seat, 11, "normal") for seat in range(2)]
    for _ in range(60):
        if kernel.is_over(state):
            break
        seat = kernel.active(state)
        legal = engine.legal_actions(state)
        action = bots[seat].choose(Turn(engine, state, seat, legal))
        assert action == twins[seat].choose(Turn(engine, state, seat, legal))
        engine.apply(state, action)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("{", "not a JSON file of learned weights"),
        ('{"game": "reliquium", "weights": {"own_three": 1}}', "game: 'reliquium', not 'connect_four'"),
        ('{"game": "connect_four", "weights": {"four": 1}}', "weights.four: no such number in the table"),
        ('{"game": "connect_four", "weights": {"own_three": "1"}}', "weights.own_three: a finite number, not '1'"),
        ('{"game": "connect_four", "weights": {}}', "weights: an object of the table's numbers is needed"),
    ],
)
def test_a_damaged_weights_file_is_one_line_naming_it(capsys, tmp_path, weights_at, data, said):
    path = tmp_path / "learned.json"
    path.write_text(data)
    weights_at(path)
    code, _out, err = _run(capsys, "simulate", "connect_four", "--bots", "learned", "--games", "1")
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    assert str(path) in err and said in err


def test_learn_refits_from_a_few_games_and_writes_weights_the_bot_reads(capsys, tmp_path, weights_at):
    out_file = tmp_path / "fitted.json"
    code, out, err = _run(
        capsys, "learn", "connect_four", "--games", "6", "--rounds", "2", "--seed", "3", "--out", str(out_file)
    )
    assert code == 0, err
    assert f"written: {out_file}" in out and "log loss, other games:" in out
    data = json.loads(out_file.read_text())
    assert data["fitted_on"]["games"] == 6 and data["fitted_on"]["bots"] == ["greedy", "greedy"]
    weights_at(out_file)
    from boardwright.framework import PluginHost

    game = PluginHost().engine("connect_four").game
    assert learned.load_weights(game) == learned.check_weights(game, data, "here")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["learn", "no_such_game"], "no_such_game"),
        (["learn", "connect_four", "--games", "1"], "--games must be at least 2"),
        (["learn", "connect_four", "--every", "0"], "--every and --rounds must be at least 1"),
        (["learn", "connect_four", "--bots", "genius"], "unknown bot 'genius'"),
        (["learn", "connect_four", "--out", "/no/such/folder/w.json"], "no folder /no/such/folder"),
        (["learn", "connect_four", "--games", "x"], "invalid int value: 'x'"),
    ],
)
def test_bad_learn_input_is_one_line_and_writes_nothing(capsys, tmp_path, args, said):
    code, _out, err = _run(capsys, *args)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert said in err
