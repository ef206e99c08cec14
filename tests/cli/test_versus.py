"""`boardwright versus GAME A B`: A in every seat in turn against B, its share of the wins with
the 95% interval, and which is stronger beyond chance."""

from __future__ import annotations

import json

from boardwright.cli.main import main
from boardwright.framework.tally import wilson_interval


def _json(capsys, *args):
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_each_seating_is_the_series_simulate_plays_with_that_seed(capsys):
    """A in seat 1 with seed 100, in seat 2 with seed 101: the same games as simulate's."""
    result = _json(capsys, "versus", "connect_four", "greedy", "random", "--games", "6")
    assert [seat["seat"] for seat in result["seats"]] == [1, 2] and result["games"] == 12
    for seat, bots in ((0, "greedy,random"), (1, "random,greedy")):
        run = _json(
            capsys, "simulate", "connect_four", "--bots", bots, "--games", "6", "--seed", str(100 + seat), "--no-rotate"
        )
        assert result["seats"][seat]["wins"] == run["wins"][str(seat)]
        assert result["seats"][seat]["draws"] == run["draws"]
    wins = sum(seat["wins"] for seat in result["seats"])
    assert result["wins"] == wins and result["ci95"] == list(wilson_interval(wins, 12))
    assert result["verdict"] == ("stronger" if result["ci95"][0] > 0.5 else "not told apart")


def test_the_verdict_says_which_bot_is_stronger_and_when_it_cannot_tell(capsys):
    assert main(["versus", "connect_four", "mcts:easy", "random", "--games", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "mcts:easy against random in connect_four: 10 games, mcts:easy in each seat in turn"
    assert out[1].startswith("  mcts:easy in seat 1: ") and out[2].startswith("  mcts:easy in seat 2: ")
    assert out[-1] == "mcts:easy is stronger than random beyond chance (95%)"
    assert main(["versus", "connect_four", "random", "mcts:easy", "--games", "5"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "random is weaker than mcts:easy beyond chance (95%)"
    tied = _json(capsys, "versus", "connect_four", "random", "random", "--games", "2")
    assert tied["verdict"] == "not told apart"


def test_more_players_put_b_in_every_other_seat(capsys):
    result = _json(capsys, "versus", "reliquium", "greedy", "random", "--players", "3", "--short", "--games", "1")
    assert [seat["games"] for seat in result["seats"]] == [1, 1, 1]
    assert result["fair"] == 1 / 3 and result["players"] == 3


def test_bad_input_is_one_line(capsys):
    for args, said in [
        (["nobot", "random"], "unknown bot 'nobot'"),
        (["mcts:legendary", "random"], "bot mcts has no level 'legendary'"),
        (["greedy", "random", "--games", "0"], "--games must be at least 1"),
        (["greedy", "random", "--players", "5"], "connect_four is for 2 players, not 5"),
        (["greedy", "random", "--option", "columns=99"], "option columns: 99 is above 12"),
    ]:
        assert main(["versus", "connect_four", *args]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and said in err[0], err
