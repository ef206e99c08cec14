"""The `learned` bot (bots/learned.py) and `boardwright learn`, which refits its weights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardwright.bots import learned, tuning
from boardwright.cli.main import main
from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.simulation import SeatBot

GAMES = ["connect_four", "reliquium", "bestiary", "book_of_war", "heroes_cards", "signum"]


def _run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def weights_at(monkeypatch):
    """Point every game's learned weights at a file of the test's (read afresh)."""

    def point(path: Path) -> None:
        monkeypatch.setattr(learned, "weights_file", lambda game: path)
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


def test_it_judges_with_the_learned_weights_and_puts_the_games_back(host, tmp_path, weights_at):
    engine = host.engine("connect_four")
    table = engine.game.heuristic_table
    own = dict(table)
    path = tmp_path / "learned.json"
    path.write_text(json.dumps({"game": "connect_four", "weights": {"own_three": 3, "lead_scale": 20}}))
    weights_at(path)
    seen = []
    heuristic = engine.game.heuristic

    def spied(state, seat):
        seen.append(dict(table))
        return heuristic(state, seat)

    engine.game.heuristic = spied  # type: ignore[method-assign]
    try:
        state = engine.new_game(2, {}, 1)
        bot = learned.make_learned(engine, 0, 5)
        bot.choose(Turn(engine, state, 0, engine.legal_actions(state)))
    finally:
        del engine.game.heuristic
    assert seen and all(t == {**own, "own_three": 3.0, "lead_scale": 20.0} for t in seen)
    assert table == own


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
