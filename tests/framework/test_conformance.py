"""One conformance suite for every registered game (house style, point 7).

Parametrised over each installed game, each of its player counts and each scenario;
the checks themselves live in `boardwright.framework.conformance`, so third-party game
packages run exactly the same ones.
"""

from __future__ import annotations

import pytest

from boardwright.framework import Engine, Game, GameSpec, PluginHost, conformance, kernel, zones


def _cases():
    host = PluginHost()
    cases = []
    for game_id, game in host.games().items():
        engine = host.engine(game_id)
        seen = set()
        for players in game.spec.players:
            cases.append((game_id, players, None))
            seen.add((players, None))
        for scenario in engine.scenarios.values():
            for players in scenario.players or game.spec.players[:1]:
                if (players, scenario.id) not in seen:
                    cases.append((game_id, players, scenario.id))
                    seen.add((players, scenario.id))
    return cases


CASES = _cases()
IDS = [f"{g}-{p}p" + (f"-{s}" if s else "") for g, p, s in CASES]


@pytest.mark.parametrize(
    "check", conformance.CHECKS, ids=[c.__name__.removeprefix("check_") for c in conformance.CHECKS]
)
@pytest.mark.parametrize(("game_id", "players", "scenario"), CASES, ids=IDS)
def test_game_conforms(host, game_id, players, scenario, check):
    check(host.engine(game_id), players, scenario)


class _Passing(Game):
    """Two seats pass, twelve times in all: the smallest whole game, for the checks to judge."""

    spec = GameSpec(id="passing", version="1", title_en="Passing", title_ru="Пас", players=(2,))
    messages = {"en": {"turn": "turn"}, "ru": {"turn": "ход"}}

    def setup(self, state, setup):
        state["turns"] = 0

    def legal_actions(self, state):
        return [{"type": "pass"}]

    def apply(self, state, action, log):
        log.emit("turn")
        state["turns"] += 1
        if state["turns"] == 12:
            kernel.finish(state, [])


def test_the_checks_catch_a_leaking_view():
    """The suite must fail a game that shows a seat another seat's hand."""

    class Leaky(_Passing):
        def setup(self, state, setup):
            zones.add_zone(state, "hand0", zones.OWNER, owner=0, items=["a", "b", "c"])
            zones.add_zone(state, "hand1", zones.OWNER, owner=1, items=["d", "e", "f"])
            super().setup(state, setup)

        def view(self, state, seat):
            view = super().view(state, seat)
            view["peek"] = state["zones"]["hand1"]["items"][0]  # the leak
            return view

    with pytest.raises(AssertionError, match="view shows what it may not see"):
        conformance.check_views(Engine(Leaky()), 2)


def test_the_checks_catch_rules_that_break_in_a_bots_sampled_state():
    """A sample of what a seat does not know must be a world the rules can play on."""

    class Fragile(_Passing):
        def setup(self, state, setup):
            zones.add_zone(state, "hand1", zones.OWNER, owner=1, items=["d", "e", "f"])
            super().setup(state, setup)

        def apply(self, state, action, log):
            if state["turns"] == 7:  # assumes the true hand: a sample holds other cards
                state["zones"]["hand1"]["items"].remove("d")
            super().apply(state, action, log)

        def determinize(self, view, seat, seed):
            state = kernel.clone(view)
            hand = state["zones"]["hand1"]
            if zones.is_redacted(hand):
                state["zones"]["hand1"] = zones.fill(hand, seat, ["x", "y", "z"])
            return state

    with pytest.raises(ValueError, match="not in list"):
        conformance.check_views(Engine(Fragile()), 2)


@pytest.mark.parametrize("game_id", sorted(PluginHost().games()))
def test_no_game_reaches_into_the_kernels_state(host, game_id):
    conformance.check_kernel_access(host.games()[game_id])


def test_the_kernel_access_check_finds_a_subscript(tmp_path, monkeypatch):
    package = tmp_path / "peeking_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text(
        "from boardwright.framework import Game\n"
        "class Peeking(Game):\n"
        "    def active(self, state):\n"
        "        k = state['k']\n"
        "        return k['active']\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    from peeking_game.rules import Peeking

    with pytest.raises(AssertionError, match=r"rules.py:4"):
        conformance.check_kernel_access(Peeking())


@pytest.mark.parametrize("game_id", sorted(PluginHost().games()))
def test_short_game_exists_and_ends(host, game_id):
    conformance.check_short_game(host.engine(game_id))


def test_the_short_game_check_catches_a_bad_option_or_scenario(host):
    game = type(host.games()["connect_four"])()  # a fresh game: the shared one keeps its values
    game.short_options = {"columns": 99}
    with pytest.raises(AssertionError, match="short_options"):
        conformance.check_short_game(Engine(game))
    game.short_options = {}
    game.short_scenario = "no_such_scenario"
    with pytest.raises(AssertionError, match="not a scenario"):
        conformance.check_short_game(Engine(game))


def test_the_checks_catch_a_board_text_without_russian():
    class HalfTranslated(_Passing):
        def board(self, state, seat):
            tip = {"en": "a hex"}  # the Russian is missing
            return {"items": [{"shape": "hex", "center": [0, 0], "radius": 5, "tip": tip}]}

    with pytest.raises(AssertionError, match=r"items 0 .* tip: a text needs en and ru"):
        conformance.check_board_and_text(Engine(HalfTranslated()), 2)


def test_the_checks_catch_boards_at_once_that_differ_from_the_boards_one_by_one():
    class Hurried(_Passing):
        def board(self, state, seat):
            label = {"en": f"seat {seat}", "ru": f"место {seat}"}  # drawn for the seat
            return {"items": [{"shape": "hex", "center": [0, 0], "radius": 5, "label": label}]}

        def boards(self, state, seats):
            return [self.board(state, seats[0])] * len(seats)  # the first seat's, for all

    with pytest.raises(AssertionError, match=r"boards\(\) differs from board\(\) seat by seat"):
        conformance.check_board_and_text(Engine(Hurried()), 2)


def test_the_checks_carry_ints_beyond_64_bits_as_saves_and_the_lan_do(host, monkeypatch):
    """Connect Four's widest board keeps 132-bit bitboards: its states, views and boards pass
    the checks, packed as the kernel and the wire pack them."""
    from boardwright.framework import conformance, kernel

    engine = host.engine("connect_four")
    monkeypatch.setattr(engine.game, "simulation_options", {"columns": 12, "rows": 10, "connect": 6})
    state = engine.new_game(2, dict(engine.game.simulation_options), seed=2)
    for move in range(40):
        engine.apply_unchecked(state, {"type": "drop", "column": 10 + move % 2})
        if kernel.is_over(state):
            break
    assert max(map(int.bit_length, state["bits"])) > 64, "a disc above bit 64"
    conformance.check_views(engine)
    conformance.check_playouts_and_replay(engine)
    conformance.check_board_and_text(engine)


class _Counting(_Passing):
    """The passing game with a heuristic: the turns played so far, in [0, 1]."""

    def heuristic(self, state, seat):
        return state["turns"] / 12


def test_the_checks_pass_a_true_heuristic_after_and_catch_a_false_one():
    class Truthful(_Counting):
        def heuristic_after(self, state, seat, actions):
            if state["turns"] == 11:
                return [None]  # the last pass ends the game: the bot must apply it
            return [(state["turns"] + 1) / 12]

    conformance.check_heuristic_after(Engine(Truthful()), 2)

    class Stale(_Counting):
        def heuristic_after(self, state, seat, actions):
            return [None if state["turns"] == 11 else self.heuristic(state, seat)]  # before the pass

    with pytest.raises(AssertionError, match=r"heuristic_after told 0.0 for seat 0; the heuristic is 0.08"):
        conformance.check_heuristic_after(Engine(Stale()), 2)


def test_the_checks_catch_a_heuristic_after_for_an_action_that_ends_the_game():
    class Hasty(_Counting):
        def heuristic_after(self, state, seat, actions):
            return [(state["turns"] + 1) / 12]

    with pytest.raises(AssertionError, match="which ends the game"):
        conformance.check_heuristic_after(Engine(Hasty()), 2)


def test_the_checks_catch_a_heuristic_after_that_changes_the_state_or_the_count():
    class Meddling(_Counting):
        def heuristic_after(self, state, seat, actions):
            state["turns"] += 0.0  # an int made a float: the state is not what it was
            return None

    with pytest.raises(AssertionError, match="heuristic_after changed the state"):
        conformance.check_heuristic_after(Engine(Meddling()), 2)

    class Short(_Counting):
        def heuristic_after(self, state, seat, actions):
            return []

    with pytest.raises(AssertionError, match="gave 0 values for 1 actions"):
        conformance.check_heuristic_after(Engine(Short()), 2)


def test_the_check_of_heuristic_after_wants_a_value_told():
    class Silent(_Counting):
        def heuristic_after(self, state, seat, actions):
            return None

    with pytest.raises(AssertionError, match="told no value"):
        conformance.check_heuristic_after(Engine(Silent()), 2)
