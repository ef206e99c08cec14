"""The bundled bot kinds: registered by name, legal in every game, blind to hidden state."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from boardwright.bots.mcts import Budget, MctsBot
from boardwright.framework import Engine, Game, GameSpec, OptionError, PluginHost, kernel
from boardwright.framework.bots import Turn
from boardwright.framework.flow import Flow, Phase
from boardwright.framework.simulation import Config, SeatBot, play_game, seat_bots

GAMES = sorted(PluginHost().games())
KINDS = ["random", "greedy", "learned", "mcts:easy"]


def test_bot_kinds_are_registered_with_titles_and_levels(host):
    kinds = host.bots()
    assert {"random", "greedy", "mcts"} <= set(kinds)
    assert kinds["mcts"].levels == ("easy", "normal", "hard")
    for kind in kinds.values():
        assert kind.title_en and kind.title_ru


def test_seat_bots_parse_levels_and_refuse_unknown_ones(host):
    kinds = host.bots()
    assert seat_bots(["mcts:hard", "greedy"], 2, kinds) == [SeatBot("mcts", "hard"), SeatBot("greedy")]
    with pytest.raises(OptionError, match="no level 'expert'"):
        seat_bots(["mcts:expert"], 2, kinds)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_bot_plays_legal_actions_in_every_game(host, game_id, kind):
    engine = host.engine(game_id)
    players = engine.spec.players[-1]
    bots = seat_bots([kind], players, host.bots())
    # play_game raises on an illegal choice; a short cap keeps long games quick
    result, _ = play_game(engine, host.bots(), Config(game_id, players, bots, seed=3, max_actions=30), 0)
    assert result["actions"] == 30 or result["finished"]


class BlindTurn(Turn):
    """A turn whose true state is gone once the view is taken: reading it would fail."""

    def __init__(self, engine, state, seat, legal):
        super().__init__(engine, state, seat, legal)
        self.view()
        self._state = None


def _decision_points(engine, players, seed, count):
    """States from a seeded random game where the seat to move has a real choice."""
    state = engine.new_game(players, dict(engine.game.simulation_options), seed)
    rng_seed = seed
    found = []
    while not state["k"]["over"] and len(found) < count:
        legal = engine.legal_actions(state)
        if len(legal) > 1 and rng_seed % 3 == 0:
            found.append(kernel.clone(state))
        rng_seed += 1
        engine.apply_unchecked(state, legal[rng_seed % len(legal)])
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_search_bots_decide_from_the_view_alone(host, game_id):
    """Same view, same seed: same choice, whatever the hidden cards really are."""
    engine = host.engine(game_id)
    game = engine.game
    players = engine.spec.players[0]
    for state in _decision_points(engine, players, seed=11, count=3):
        seat = kernel.to_move(state)
        view = engine.view(state, seat)
        other = game.determinize(view, seat, 12345)  # another world this seat cannot tell apart
        for make in (
            lambda seat: host.bots()["greedy"].make(engine, seat, 5, "normal"),
            lambda seat: MctsBot(engine, seat, 5, Budget(iterations=60, seconds=1e9, rollout_depth=10)),
        ):
            choices = []
            for world in (state, other):
                turn = BlindTurn(engine, world, seat, engine.legal_actions(world))
                choices.append(make(seat).choose(turn))
            assert choices[0] == choices[1]
            assert choices[0] in engine.legal_actions(state)


def test_stopping_a_settled_search_changes_no_choice(host):
    """Stopping once the runner-up cannot catch up plays what the whole budget would have played."""
    saved = 0
    for game_id in GAMES:
        engine = host.engine(game_id)
        for state in _decision_points(engine, engine.spec.players[0], seed=4, count=4):
            seat = kernel.to_move(state)
            legal = engine.legal_actions(state)
            choices, iterations = [], []
            for settle in (True, False):
                bot = MctsBot(
                    engine, seat, 9, Budget(iterations=300, seconds=1e9, rollout_depth=5, stop_when_settled=settle)
                )
                choices.append(bot.choose(Turn(engine, state, seat, legal)))
                iterations.append(bot.iterations)
            assert choices[0] == choices[1], f"{game_id}: a settled search chose differently"
            assert iterations[0] <= iterations[1]
            saved += iterations[1] - iterations[0]
    assert saved > 0  # some search did stop early


def test_every_seating_puts_the_focus_bot_in_each_seat_once(host):
    from boardwright.framework.simulation import every_seating

    engine = host.engine("book_of_war")
    configs = every_seating(engine, SeatBot("mcts"), SeatBot("random"), games=3, seed=7, short=True)
    assert [c.bots for c in configs] == [
        [SeatBot("mcts"), SeatBot("random")],
        [SeatBot("random"), SeatBot("mcts")],
    ]
    assert [c.seed for c in configs] == [7, 8] and all(c.games == 3 for c in configs)
    assert all(c.options == {"target_vp": 25} and c.scenario is None for c in configs)
    standard = every_seating(host.engine("reliquium"), SeatBot("greedy"), SeatBot("random"), games=1)
    assert all(c.options == {} and c.scenario is None for c in standard)
    assert every_seating(host.engine("reliquium"), SeatBot("greedy"), SeatBot("random"), 1, short=True)[0].scenario == (
        "seven_castles"
    )
    # options given go over the short variant's (a longer variant for a level run)
    longer = every_seating(engine, SeatBot("mcts"), SeatBot("random"), 1, short=True, options={"target_vp": 40})
    assert all(c.options == {"target_vp": 40} for c in longer)
    signum = every_seating(host.engine("signum"), SeatBot("mcts"), SeatBot("random"), 1, options={"rounds": "4"})
    assert all(c.options == {"rounds": "4"} for c in signum)


class Nested(Game):
    """Seat 1's "bid" asks seat 2 to answer, then seat 1 to confirm on top of it: when seat 1
    (a bot) searches, seat 2's open decision lies under its own, with choices it never saw."""

    spec = GameSpec(id="nested", version="1.0.0", title_en="Nested", title_ru="Вложенная", players=(2,))
    messages = {"en": {"done": "done"}, "ru": {"done": "готово"}}

    def flow(self) -> Flow:
        return Flow(start="play", phases=(Phase("play"),))

    def setup(self, state: dict[str, Any], setup: Any) -> None:
        state["total"] = 0

    def legal_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"type": "bid", "amount": n} for n in (1, 2)]

    def apply(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        other = 1 - kernel.active(state)
        kernel.ask(state, other, "answer", [{"type": "answer", "amount": n} for n in (1, 3)])
        kernel.ask(state, kernel.active(state), "confirm", [{"type": "confirm", "sure": s} for s in (True, False)])

    def resume_confirm(self, state: dict[str, Any], decision: Any, choice: dict[str, Any], log: Any) -> None:
        return None

    def resume_answer(self, state: dict[str, Any], decision: Any, choice: dict[str, Any], log: Any) -> None:
        state["total"] += choice["amount"]
        if state["total"] >= 6:
            kernel.finish(state, winners=[decision["seat"]])

    def heuristic(self, state: dict[str, Any], seat: int) -> float:
        return 0.0


def test_a_search_that_meets_another_seats_unseen_decision_judges_the_position_there():
    engine = Engine(Nested())
    state = engine.new_game(2)
    engine.apply(state, {"type": "bid", "amount": 1})
    assert kernel.to_move(state) == 0 and len(kernel.pending_all(state)) == 2
    bot = MctsBot(engine, 0, 3, Budget(iterations=50, seconds=1e9, rollout_depth=5))
    action = bot.choose(Turn(engine, state, 0, engine.legal_actions(state)))
    assert action in engine.legal_actions(state)


def test_the_random_bot_is_uniform_and_repeats_its_choices_for_a_seed(host):
    """Each of n actions comes up about 1/n of the time, whatever n, and a seed replays its choices."""
    engine = host.engine("connect_four")
    state = engine.new_game(2)
    make = host.bots()["random"].make
    for count in (2, 3, 7, 10):
        legal = [{"type": "pick", "n": n} for n in range(count)]
        draws = 7000
        bot = make(engine, 0, 41 + count, "normal")
        tally = [0] * count
        for _ in range(draws):
            tally[bot.choose(Turn(engine, state, 0, legal))["n"]] += 1
        expected = draws / count
        chi_square = sum((seen - expected) ** 2 / expected for seen in tally)
        assert chi_square < 3 * count + 10, (count, tally)  # far beyond chance for a skewed generator
    first, again = make(engine, 0, 5, "normal"), make(engine, 0, 5, "normal")
    other = make(engine, 0, 6, "normal")
    legal = engine.legal_actions(state)
    picks = [[bot.choose(Turn(engine, state, 0, legal)) for _ in range(30)] for bot in (first, again, other)]
    assert picks[0] == picks[1] and picks[0] != picks[2]


def test_a_series_of_random_games_gives_the_same_results_in_one_or_two_workers(host):
    from boardwright.framework.simulation import run

    config = Config("connect_four", 2, [SeatBot("random")] * 2, games=6, seed=17)
    alone, pooled = run(host, config, 1), run(host, config, 2)
    assert [r["hash"] for r in alone["results"]] == [r["hash"] for r in pooled["results"]]
    assert len({r["hash"] for r in alone["results"]}) == 6


@pytest.mark.parametrize("workers", [1, 2])
def test_a_series_counted_without_its_results_sums_up_the_same(host, workers):
    """A long balance run keeps counts, not every game's result (`keep_results=False`): the
    summary is the same but for the list of results."""
    from boardwright.framework.simulation import run

    config = Config("reliquium", 3, [SeatBot("random")] * 3, games=8, seed=21)
    kept, counted = run(host, config, workers), run(host, config, workers, keep_results=False)
    assert len(kept["results"]) == 8 and counted["results"] == []
    timing = ("results", "seconds", "games_per_s", "actions_per_s", "play_seconds")
    assert {k: v for k, v in counted.items() if k not in timing} == {k: v for k, v in kept.items() if k not in timing}
    assert sum(counted["wins"].values()) + counted["draws"] + counted["unfinished"] >= 8
    assert counted["wins_by_faction"] and counted["mean_actions"] > 0


def test_games_are_handed_to_the_workers_a_few_at_a_time():
    """The pool gets a few tasks per worker ahead of the one waited on, never the whole run:
    a million-game run holds a handful of pending results, not a million."""
    from boardwright.framework.simulation import AHEAD, _ahead

    outstanding, most = set(), 0

    def submit(number, first, games):
        nonlocal most
        outstanding.add(first)
        most = max(most, len(outstanding))
        return first

    order = []
    for _number, handle in _ahead(((0, i, 1) for i in range(1000)), submit, 2):
        outstanding.discard(handle)
        order.append(handle)
    assert order == list(range(1000))
    assert most == 2 * AHEAD + 1


def test_short_games_go_to_the_workers_many_to_a_task_and_long_ones_alone():
    """A task costs a message each way: once games are timed, a task holds as many as take
    about TASK_SECONDS, so short games do not drown in messages; every game is played once,
    in order, whatever the sizes."""
    from boardwright.framework.simulation import MAX_TASK_GAMES, TASK_SECONDS, _Tasks

    configs = [Config("connect_four", 2, [SeatBot("random")] * 2, games=n) for n in (5000, 300)]
    tasks = _Tasks(configs)
    handed, sizes = [], []
    for number, first, games in tasks:
        handed += [(number, index) for index in range(first, first + games)]
        sizes.append(games)
        # the first 3 tasks take 1 ms a game, the rest a second
        tasks.timed([({}, None, 0.001 if len(sizes) <= 3 else 1.0)] * games)
    assert handed == [(0, i) for i in range(5000)] + [(1, i) for i in range(300)]
    assert (
        sizes[0] == 1
        and sizes[1] == round(TASK_SECONDS / 0.001) <= MAX_TASK_GAMES
        and sizes[4:] == [1] * (len(sizes) - 4)
    )


def test_a_game_that_fails_on_a_worker_leaves_every_game_before_it_counted(host, monkeypatch):
    """A worker's task holds many short games: when one fails, the games before it in the
    same task are still reported, in order, and the failure is the series' error."""
    from boardwright.framework import GameFailed, simulation

    real = simulation.Series.play

    def failing_at_150(series, index):
        if index == 150:
            raise GameFailed("game 151 of the series (series seed 3) stopped: made up")
        return real(series, index)

    monkeypatch.setattr(simulation.Series, "play", failing_at_150)  # the workers fork with it
    seen = []
    config = Config("connect_four", 2, [SeatBot("random")] * 2, games=1000, seed=3)
    with pytest.raises(GameFailed, match="game 151 of the series"):
        simulation.run(host, config, 2, on_game=lambda result, record: seen.append(result["index"]))
    assert seen == list(range(150))


def _marking_games(tmp_path, monkeypatch, failing: int | None):
    """Games of the series that each take two seconds and leave a file named after their
    index when they end (`failing`: that game fails at once). Two seconds: a game handed out
    after the failure could end only if stopping the workers took that long."""
    import time

    from boardwright.framework import GameFailed, simulation

    real = simulation.Series.play

    def slow(series, index):
        if index == failing:
            raise GameFailed(f"game {index + 1} of the series stopped: made up")
        time.sleep(2.0)
        (tmp_path / str(index)).touch()
        return real(series, index)

    monkeypatch.setattr(simulation.Series, "play", slow)  # the workers fork with it


def _ended(tmp_path) -> set[int]:
    return {int(path.name) for path in tmp_path.iterdir()}


def test_a_failed_game_stops_the_workers_without_playing_the_games_handed_out_ahead(host, monkeypatch, tmp_path):
    """The pool hands tasks out ahead of the one waited on; once a game fails, the run ends
    at once: the workers are stopped, not left to play what they were given (with long bot
    games that was minutes after the failure)."""
    from boardwright.framework import GameFailed, simulation

    _marking_games(tmp_path, monkeypatch, failing=1)
    config = Config("connect_four", 2, [SeatBot("random")] * 2, games=40, seed=3)
    with pytest.raises(GameFailed, match="game 2 of the series"):
        simulation.run(host, config, 2)
    # game 0 is reported before the failure; game 2 went to the worker that failed and may
    # have ended beside game 0; nothing handed out after them was played to its end
    assert 0 in _ended(tmp_path) and _ended(tmp_path) <= {0, 2}


def test_an_interrupted_run_stops_its_workers(host, monkeypatch, tmp_path):
    """Ctrl-C while the parent waits (here: raised where it counts a game) stops the workers
    as a failed game does."""
    from boardwright.framework import simulation

    _marking_games(tmp_path, monkeypatch, failing=None)

    def interrupt(result, record):
        raise KeyboardInterrupt

    config = Config("connect_four", 2, [SeatBot("random")] * 2, games=40, seed=3)
    with pytest.raises(KeyboardInterrupt):
        simulation.run(host, config, 2, on_game=interrupt)
    assert 0 in _ended(tmp_path) and _ended(tmp_path) <= {0, 1}


def test_the_random_bots_pick_is_its_choice(host):
    """`pick` (the index a balance run asks for) names the action `choose` takes, draw by draw."""
    engine = host.engine("connect_four")
    state = engine.new_game(2)
    make = host.bots()["random"].make
    chooser, picker = make(engine, 1, 99, "normal"), make(engine, 1, 99, "normal")
    for count in (1, 2, 5, 7, 40):
        legal = [{"type": "pick", "n": n} for n in range(count)]
        for _ in range(50):
            assert legal[picker.pick(legal)] is chooser.choose(Turn(engine, state, 1, legal))


def test_a_balance_run_plays_the_same_games_with_pick_as_with_choose(host, monkeypatch):
    """Balance runs ask a bot with `pick` for an index; the same series played through `choose`
    alone (the bot's `pick` hidden) ends in the same states, game by game."""
    from dataclasses import replace

    from boardwright.framework.simulation import run

    config = Config("reliquium", 3, [SeatBot("random")] * 3, games=3, seed=4)
    picked = run(host, config)

    class ChooseOnly:
        def __init__(self, bot):
            self.choose = bot.choose

    kinds = host.bots()
    real = kinds["random"].make
    hidden = replace(kinds["random"], make=lambda *args: ChooseOnly(real(*args)))
    monkeypatch.setattr(host, "bots", lambda: {**kinds, "random": hidden})
    chosen = run(host, config)
    assert [r["hash"] for r in chosen["results"]] == [r["hash"] for r in picked["results"]]
    assert all(r["finished"] for r in picked["results"])


def test_a_table_asks_a_failing_bot_again_up_to_three_times_a_decision():
    from boardwright.framework.bots import BOT_ATTEMPTS, Attempts

    attempts = Attempts()
    assert [attempts.again(7) for _ in range(BOT_ATTEMPTS)] == [True, True, False] and attempts.failed == 3
    assert attempts.again(8) and attempts.failed == 1, "the next decision starts again"


def test_action_keys_are_equal_exactly_for_equal_actions():
    from boardwright.bots.evaluation import action_key

    actions = [
        {"type": "drop", "column": 3},
        {"type": "march", "from": "a", "to": "b", "units": [1, 0, 2]},
        {"type": "march", "from": "a", "to": "b", "units": [1, 2, 0]},
        {"type": "march", "from": "a", "via": "c", "to": "b", "units": [1, 0, 2]},
        {"type": "play", "targets": [["x", 1]]},
        {"type": "play", "targets": [{"x": 1}]},
        {"type": "play", "targets": {"x": [1]}},
    ]
    keys = [action_key(a) for a in actions]
    assert len(set(keys)) == len(actions)  # hashable, and different for different actions
    assert [action_key(copy.deepcopy(a)) for a in actions] == keys


class Dice(Game):
    """Each turn the seat rolls a die and takes 1 to the roll: what it may take is known only
    once the die has landed, so a search must not keep what it found after one roll for
    another. The first to 6 wins."""

    spec = GameSpec(id="dice", version="1.0.0", title_en="Dice", title_ru="Кости", players=(2,))
    messages = {"en": {"done": "done"}, "ru": {"done": "готово"}}

    def flow(self) -> Flow:
        return Flow(start="play", phases=(Phase("play"),))

    def setup(self, state: dict[str, Any], setup: Any) -> None:
        state["totals"] = [0, 0]

    def legal_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"type": "roll"}, {"type": "rest"}]

    def apply(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        if action["type"] == "roll":
            die = kernel.rng_int(state, 1, 3)
            kernel.ask(
                state, kernel.active(state), "take", [{"type": "take", "n": n} for n in range(1, die + 1)], die=die
            )

    def resume_take(self, state: dict[str, Any], decision: Any, choice: dict[str, Any], log: Any) -> None:
        if choice["n"] > decision["data"]["die"]:
            raise ValueError(f"took {choice['n']} on a roll of {decision['data']['die']}")
        seat = decision["seat"]
        state["totals"][seat] += choice["n"]
        if state["totals"][seat] >= 6:
            kernel.finish(state, winners=[seat])

    def heuristic(self, state: dict[str, Any], seat: int) -> float:
        return (state["totals"][seat] - state["totals"][1 - seat]) / 6


def test_a_search_asks_again_for_the_actions_after_a_roll():
    """The tree keeps each node's legal actions while every sample reaches the same position;
    after a roll the positions differ, and a kept list would offer a take the die did not allow."""
    engine = Engine(Dice())
    for seed in range(5):
        state = engine.new_game(2, seed=seed)
        bot = MctsBot(engine, 0, seed, Budget(iterations=300, seconds=1e9, rollout_depth=4, stop_when_settled=False))
        action = bot.choose(Turn(engine, state, 0, engine.legal_actions(state)))
        assert action in engine.legal_actions(state)
        assert bot.iterations == 300


def test_a_search_asks_the_game_once_for_each_node_it_reaches_by_the_same_actions(host, monkeypatch):
    """In an open game without dice every sample reaches the same position at a node: the
    search asks for its legal actions once (with no rollouts, the tree is all it asks about)."""
    engine = host.engine("connect_four")
    state = engine.new_game(2, seed=1)
    for column in (3, 3, 2):
        engine.apply(state, {"type": "drop", "column": column})
    bot = MctsBot(engine, 1, 7, Budget(iterations=400, seconds=1e9, rollout_depth=0, stop_when_settled=False))
    legal = engine.legal_actions(state)
    asked = []
    ask = engine.legal_actions
    monkeypatch.setattr(engine, "legal_actions", lambda s: asked.append(kernel.state_hash(s)) or ask(s))
    root = bot._search(Turn(engine, state, 1, legal), legal, deadline=1e18, budget=400)

    def count(node):
        return 1 + sum(count(child) for child in node.children.values())

    assert bot.iterations == 400
    assert len(asked) == len(set(asked))  # no position asked about twice
    assert len(asked) < count(root)  # the root's candidates and the leaves just added are not asked about
