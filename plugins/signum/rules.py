"""Legends of Signum: the game object, a thin front over the rule modules.

Each move is declared in its chapter's module, with the one predicate that makes its legal
actions and tells why another is refused: the set-up's (who goes first, the hero's place,
the mulligan) and the turn's stages in turn.py; building and the buildings' abilities in
economy.py; a creature's activation (activate, move, run, its action, hold, done) in
activation.py; the cards and terrain in play.py; what they share (who acted, points on the
field, one activation at a time) in acting.py. The activation stage lists its actions at
once with `turn.activation_actions`, held to the predicates by the conformance suite."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, zones
from boardwright.framework.events import place, text
from boardwright.framework.flow import Flow, Phase, Stage
from boardwright.framework.moves import action_parts
from boardwright.framework.spec import titled

from . import activation, board, combat, decks, economy, hidden, play, spells, tactics, turn
from .cards import CONFIG, FACTIONS, MESSAGES, hero_faction, item_card, name_of
from .heuristic import HEURISTIC, evaluate, evaluate_after
from .units import units

State = dict[str, Any]
Action = dict[str, Any]


class Signum(Game):
    spec = GameSpec(
        id="signum",
        version="0.4.0",  # 0.4.0: a Feint steps as far as its owner chooses (0.3.0: the turn's stage is the kernel's; 0.2.0: where a destroyed hero fell is kept)
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
    # the moves' parts (declared in the chapters' modules), and the creature a Reposition spell or a Feint moves, a decision's choice
    action_parts: ClassVar[dict[str, dict[str, str]]] = {
        **action_parts([*turn.ACTIVATION_MOVES, turn.PLACE_HERO]),
        "reposition": {"source": "unit", "point": "to"},
        "feint_step": {"source": "unit", "point": "to"},
    }

    def flow(self) -> Flow:
        return Flow(
            start=turn.FIRST,
            phases=(
                Phase(
                    turn.FIRST,
                    order=turn.roll_winner,
                    cycle=False,
                    moves=(turn.GO_FIRST, turn.GO_SECOND),
                    next=turn.PLACE,
                ),
                Phase(turn.PLACE, order=turn.turn_order, cycle=False, moves=(turn.PLACE_HERO,), next=turn.MULLIGAN),
                Phase(turn.MULLIGAN, order=turn.turn_order, cycle=False, moves=(turn.MULLIGAN_MOVE,), next=turn.TURN),
                Phase(
                    turn.TURN,
                    order=turn.turn_order,
                    cycle=False,
                    stages=(
                        Stage(turn.BUILDING, moves=turn.BUILDING_MOVES),
                        Stage(turn.ACTIVATION, moves=turn.ACTIVATION_MOVES, generate=turn.activation_actions),
                    ),
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
                "feint_step": tactics.answer_feint_step,
            },
        )

    def setup(self, state: State, setup: Setup) -> None:
        turn.setup(state, setup)

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


def _point_text(action: Action, everyone: dict[str, Any]) -> dict[str, str]:
    """Where a move goes, as a player reads it: how far a miniature goes ("4.5 cm"), or nothing
    for a place on the field, the point itself being lit there; its field coordinates in cm only
    for a person who asked to see coordinates."""
    x, y = float(action["to"][0]), float(action["to"][1])
    unit = action.get("unit")
    mover = everyone.get(unit) if isinstance(unit, str) else None
    if mover is None:
        name = {"en": "", "ru": ""}
    else:
        gone = f"{math.hypot(x - mover['at'][0], y - mover['at'][1]):.1f}"
        name = {lang: text({"key": "distance_cm", "cm": _decimal(gone, lang)}, MESSAGES, lang) for lang in ("en", "ru")}
    return place(name, f"({x:.1f}, {y:.1f})")


def _decimal(number: str, lang: str) -> str:
    """A decimal number as the language writes it: 4.5 in English, 4,5 in Russian."""
    return number.replace(".", ",") if lang == "ru" else number


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
        params["at"] = _point_text(action, everyone)
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
    if kind == "mulligan" and isinstance(action.get("cards"), list) and len(action["cards"]) == 1:
        kind, params["card"] = "mulligan_card", name_of(str(action["cards"][0]).split("@")[0])
    elif kind == "mulligan" and action.get("cards") == []:
        kind = "mulligan_none"
    if kind == "purge_spell" and action.get("card") is None:
        kind = "purge_nothing"
    return {"key": f"action_{kind}", **params}
