"""Legends of Signum: the game object, a thin front over the rule modules."""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, zones
from boardwright.framework.events import text
from boardwright.framework.flow import Flow, Phase
from boardwright.framework.spec import titled

from . import actions, activation, board, combat, decks, economy, hidden, play, spells, tactics, turn
from .cards import CONFIG, FACTIONS, MESSAGES, hero_faction, item_card, name_of
from .heuristic import HEURISTIC, evaluate, evaluate_after
from .units import units

State = dict[str, Any]
Action = dict[str, Any]


class Signum(Game):
    spec = GameSpec(
        id="signum",
        version="0.2.0",  # 0.2.0: the state keeps where a destroyed hero fell (its finished board marks it)
        **titled(MESSAGES, "game_title"),
        players=(2,),
        options=(
            Option("deck_a", "vallor_starter", **titled(MESSAGES, "option_deck_a")),
            Option("deck_b", "empire_starter", **titled(MESSAGES, "option_deck_b")),
            Option("rounds", int(CONFIG["round_limit"]), minimum=1, maximum=99, **titled(MESSAGES, "option_rounds")),
        ),
        factions=tuple(FACTIONS),
        **titled(MESSAGES, "game_summary", "summary"),
    )
    messages = MESSAGES
    # two rounds: the prolonged game decides (§8); about 25 actions, so a bot series stays quick
    short_options: ClassVar[dict[str, Any]] = {"rounds": 2}
    heuristic_table: ClassVar[dict[str, Any] | None] = HEURISTIC
    action_parts: ClassVar[dict[str, dict[str, str]]] = {
        "activate": {"source": "unit"},
        "move": {"source": "unit", "point": "to"},
        "run": {"source": "unit", "point": "to"},
        "attack": {"source": "unit", "target": "target"},
        "shoot": {"source": "unit", "target": "target"},
        "heal": {"source": "unit", "target": "target"},
        "hold": {"source": "unit"},
        "done": {"source": "unit"},
        "summon": {"source": "card", "point": "to"},
        "terrain": {"point": "to"},
        "place_hero": {"point": "to"},
        "cast": {"source": "card", "target": "target", "point": "to"},
        "reposition": {"source": "unit", "point": "to"},
    }

    def flow(self) -> Flow:
        return Flow(
            start=turn.FIRST,
            phases=(
                Phase(turn.FIRST, order=turn.roll_winner, cycle=False, next=turn.PLACE),
                Phase(turn.PLACE, order=turn.turn_order, cycle=False, next=turn.MULLIGAN),
                Phase(turn.MULLIGAN, order=turn.turn_order, cycle=False, next=turn.TURN),
                Phase(
                    turn.TURN,
                    order=turn.turn_order,
                    cycle=False,
                    begin=turn.begin_round,
                    turn_begin=turn.start_phase,
                    moves_per_turn=None,
                    next=turn.TURN,
                ),
            ),
            steps={
                "tactic_check": tactics.step_tactic_check,
                "resolve_card": play.step_resolve_card,
                "reposition": spells.step_reposition,
                "melee": activation.step_melee,
                "lose_tokens": combat.step_lose_tokens,
                "shot": activation.step_shot,
                "end_phase": turn.step_end_phase,
                "hand_limit": turn.step_hand_limit,
                "finish_turn": turn.step_finish_turn,
            },
            decisions={
                "reveal": tactics.answer_reveal,
                "reposition": spells.answer_reposition,
                "marshal": activation.answer_marshal,
                "discard": turn.answer_discard,
                "put_back": economy.put_back,
                "pay_with": economy.close_for_payment,
                "lose_token": combat.answer_lose_token,
                "purge": spells.answer_purge,
            },
        )

    def setup(self, state: State, setup: Setup) -> None:
        turn.setup(state, setup)

    def legal_actions(self, state: State) -> list[Action]:
        return actions.legal(state)

    def open_actions(self, state: State) -> list[Action]:
        return actions.open_actions(state)

    def check_action(self, state: State, action: Action) -> str | None:
        return actions.check_point(state, action)

    def explain_illegal(self, state: State, action: Action) -> str | None:
        return actions.explain(state, action)

    def apply(self, state: State, action: Action, log: Any) -> None:
        actions.apply(state, action, log)

    def view(self, state: State, seat: int | None) -> State:
        view = super().view(state, seat)
        hidden.redact_lists(view, seat)
        return view

    def deal_hidden(self, state: State, seat: int, seed: int) -> None:
        hidden.deal_hidden(state, seat, seed)

    def cap_winners(self, state: State) -> list[int]:
        return turn.cap_winners(state)

    def scores(self, state: State) -> list[float]:
        return [float(p) for p in state["prosperity"]]

    def faction(self, state: State, seat: int) -> str | None:
        return hero_faction(state["heroes"][seat])

    def in_play(self, state: State, seat: int) -> list[str]:
        """The seat's hero and the cards it played: on the table, in its tactics row or in its
        graveyard (a card in hand or in the deck at the end never was in play)."""
        played = [
            item_card(item) for name in ("play", "tactics", "grave") for item in zones.items(state, f"{name}:{seat}")
        ]
        return [state["heroes"][seat], *played]

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        return str(name_of(state["heroes"][seat])["ru" if lang == "ru" else "en"])

    def heuristic(self, state: State, seat: int, weights: dict[str, Any] | None = None) -> float:
        """heuristic.py's `evaluate`; `weights`: a table of the same numbers (the `learned` bot's)."""
        return evaluate(state, seat, HEURISTIC if weights is None else weights)

    def heuristic_after(
        self, state: State, seat: int, actions: list[Action], weights: dict[str, Any] | None = None
    ) -> list[float | None] | None:
        return evaluate_after(state, seat, actions, HEURISTIC if weights is None else weights)

    def deck_pool(self, options: dict[str, Any]) -> dict[str, Any] | None:
        found = decks.pool()
        for card in found["cards"]:
            card["face"] = board.card_face(card["id"])
        return found

    def check_deck(self, deck: dict[str, Any], lang: str = "en") -> list[str]:
        return [text(problem, self.messages, lang) for problem in decks.problems(decks.as_signum(deck))]

    def save_deck(self, name: str, deck: dict[str, Any]) -> str:
        return str(decks.save(name, decks.as_signum(deck)))

    def card_face(self, item: Any) -> dict[str, Any] | None:
        return board.card_face(item)

    def seat_colours(self, state: State) -> list[str | None]:
        return list(board.COLOURS)

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return board.board(state, seat)

    def boards(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return board.boards(state, seats)

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        return text(describe(state, action), self.messages, lang)


def describe(state: State, action: Action) -> dict[str, Any]:
    """A move's label as a message key: names of cards, creatures and buildings, never ids."""
    params: dict[str, Any] = {}
    everyone = units(state)
    for key in ("unit", "target"):
        value = action.get(key)
        if isinstance(value, str) and value in everyone:
            params[key] = name_of(everyone[value]["card"])
    if isinstance(action.get("target"), str) and action["target"].startswith("b"):
        for city in state["city"]:
            for b in city:
                if b["id"] == action["target"]:
                    params["target"] = name_of(b["type"])
    if action.get("target") is None:
        params.setdefault("target", "-")
    if isinstance(action.get("target"), str) and "@" in action["target"]:
        params["target"] = name_of(action["target"].split("@")[0])
    for key in ("card", "replace"):
        if isinstance(action.get(key), str):
            params[key] = name_of(action[key].split("@")[0])
    if "building" in action:
        kind = action["building"]
        for city in state["city"]:
            for b in city:
                if b["id"] == kind:
                    kind = b["type"]
        params["building"] = name_of(kind)
    if "buildings" in action:
        names = [name_of(b["type"]) for city in state["city"] for b in city if b["id"] in action["buildings"]]
        params["buildings"] = {lang: ", ".join(n[lang] for n in names) or "-" for lang in ("en", "ru")}
    if "to" in action:
        params["x"], params["y"] = round(action["to"][0], 1), round(action["to"][1], 1)
    if "cards" in action:
        params["count"] = len(action["cards"])
    params.setdefault("target", "-")
    kind = action["type"]
    if kind == "equip" and "replace" in action:
        kind = "equip_replace"
    if kind == "terrain" and action.get("angle"):
        kind, params["angle"] = "terrain_turned", round(float(action["angle"]))
    if kind == "cast" and "to" in action:
        kind = "cast_at"
    if kind == "cast" and params["target"] == "-":
        kind = "cast_plain"
    if kind == "purge_spell" and action.get("card") is None:
        kind = "purge_nothing"
    return {"key": f"action_{kind}", **params}
