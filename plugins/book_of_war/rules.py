"""Book of War rules (digest: shared/rules/book_of_war.md).

State (plain data):

- ``side_of[seat]``: the side (2 players: the seat; 4 players: the team, seat % 2);
  a side owns a colour, VP, castles, a general card and a unit deck.
- ``units``: ``{unit id: {"type", "side", "owner", "hex", "up", "wounds", "shields", "ready"}}``;
  a unit's id is its card's id (``"red_cavalry"``): each colour has one card per type.
  ``ready`` says on which line the card lies (True: rear line, False: front line).
- ``occ``: ``{hex: unit id}``; ``castles``: ``{hex: side or None}``.
- ``vp``, ``on_top``, ``general`` (ready per side), ``library`` (per seat, creature -> slot state).
- Cards in hands and decks live in zones (``hand:N``, ``lands:N``, ``units:S``, ``landdeck``,
  ``discard``, ``planned``, ``draft:N``, ``scout:N``) so views hide them; ``known[seat]``
  lists ``[zone, card]`` pairs a seat saw go into a hidden zone (the draft, scouting).
- ``queue``: the effects of the action being resolved; a step that needs a choice asks
  with ``kernel.ask`` and the resume continues the queue.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, Setup, decks, kernel, zones
from boardwright.framework.scenarios import package_scenarios

from . import drawing
from .catalog import ACTION_WORDS, BOARD, CONFIG, CREATURES, FACTIONS, MESSAGES, UNITS, army_limit

State = dict[str, Any]
Action = dict[str, Any]

PASS: Action = {"type": "pass"}
END_PLANNING: Action = {"type": "end_planning"}
STOP: Action = {"type": "stop"}
DEFER: Action = {"type": "defer"}

_RULE_KEYS = (
    "start_castles",
    "start_units",
    "hire_location",
    "outer_castles_controllable",
    "creatures_per_round",
    "summon_costs",
)

SCENARIO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "start_castles": {"enum": ["land", "inner"]},
        "start_units": {"enum": ["all", "one"]},
        "hire_location": {"enum": ["castle", "protorp"]},
        "outer_castles_controllable": {"type": "boolean"},
        "creatures_per_round": {"type": "integer", "minimum": 1, "maximum": 3},
        "summon_costs": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "boolean"}],
                "minItems": 2,
                "maxItems": 2,
            },
        },
    },
}


def _up_to(items: list[str], most: int, ordered: bool) -> list[list[str]]:
    """Every choice of 1..`most` different items (in every order when order matters)."""
    pick = itertools.permutations if ordered else itertools.combinations
    return [list(chosen) for size in range(1, most + 1) for chosen in pick(items, size)]


def _name(table: dict[str, Any], key: str) -> dict[str, str]:
    return {"en": table[key]["name_en"], "ru": table[key]["name_ru"]}


def _land_name(land: str) -> dict[str, str]:
    return {"en": CONFIG["land_names_en"][land], "ru": CONFIG["land_names_ru"][land]}


def _unit_text(state: State, uid: str) -> dict[str, str]:
    colour, unit_type = uid.split("_", 1)
    info = UNITS[unit_type]
    return {
        "en": f"{info['name_en']} ({CONFIG['colour_names_en'][colour]})",
        "ru": f"{info['name_ru']} ({CONFIG['colour_names_ru'][colour]})",
    }


def _reason(why: str) -> dict[str, str]:
    return {lang: MESSAGES[lang].get("why_" + why, why) for lang in ("en", "ru")}


class BookOfWar(Game):
    spec = GameSpec(
        id="book_of_war",
        version="1.1.0",
        title_en="Book of War",
        title_ru="Книга войны",
        players=(2, 4),
        teams={4: [[0, 2], [1, 3]]},
        options=(
            Option(
                "target_vp",
                CONFIG["target_vp"],
                minimum=10,
                maximum=500,
                title_en="Victory points to end the game",
                title_ru="Очки победы для конца игры",
            ),
            Option(
                "first_side",
                "random",
                choices=("random", "1", "2"),
                title_en="Who goes first: a coin flip, player (team) 1 or 2",
                title_ru="Кто ходит первым: жребий, игрок (команда) 1 или 2",
            ),
            Option(
                "bans",
                False,
                title_en="Each player bans a faction first (2 players)",
                title_ru="Каждый игрок сначала запрещает фракцию (2 игрока)",
            ),
        ),
        summary_en="Alternate single actions with units, land cards and the general; hold castles and reach 100 VP.",
        summary_ru="Поочерёдные действия отрядами, картами земель и полководцем; держите замки и наберите 100 ПО.",
        factions=tuple(FACTIONS),
    )
    messages = MESSAGES
    short_options: ClassVar[dict[str, Any]] = {"target_vp": 25}  # a quarter of the usual 100 VP
    scenario_schema = SCENARIO_SCHEMA

    def scenarios(self) -> list[Any]:
        return package_scenarios(self, __package__)

    def check_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        per_round = data.get("creatures_per_round", CONFIG["rules"]["creatures_per_round"])
        costs = data.get("summon_costs", CONFIG["rules"]["summon_costs"])
        if len(costs) < per_round:
            return [("summon_costs", f"needs a cost for each of the {per_round} creatures a round")]
        return []

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _n(state: State) -> int:
        return int(state["k"]["seats"])

    @staticmethod
    def _seats_of(state: State, side: int) -> list[int]:
        return [s for s, sd in enumerate(state["side_of"]) if sd == side]

    @classmethod
    def _team(cls, state: State, seat: int | None) -> list[int]:
        """The seats that share what `seat` knows: itself and, with 4 players, its team-mate."""
        if seat is None:
            return []
        return cls._seats_of(state, state["side_of"][seat])

    def _first_side(self, state: State) -> int:
        vp = state["vp"]
        if vp[0] != vp[1]:
            return 0 if vp[0] < vp[1] else 1
        return int(state["on_top"])

    def _gain(self, state: State, side: int, amount: int, log: Any, why: str) -> None:
        if amount <= 0:
            return
        vp = state["vp"]
        vp[side] += amount
        if vp[side] == vp[1 - side]:
            state["on_top"] = side
        log.emit("vp", seat=self._seats_of(state, side)[0], amount=amount, total=vp[side], why=_reason(why))

    def _hand_limit(self, state: State) -> list[int]:
        return CONFIG["hand_limit"][str(self._n(state))]

    def _clockwise_from(self, state: State, seat: int) -> list[int]:
        n = self._n(state)
        return [(seat + i) % n for i in range(n)]

    def _phase_order(self, state: State) -> list[int]:
        """Seats in turn order for the current phase: from the first side's first seat."""
        first = self._first_side(state)
        return self._clockwise_from(state, self._seats_of(state, first)[0])

    @staticmethod
    def _land_cards(state: State, seat: int) -> list[str]:
        return state["zones"][f"lands:{seat}"]["items"]

    def _card_of_land(self, state: State, seat: int, land: str) -> str:
        """A land card of `land` from the seat's hand (cards of one land are alike)."""
        return next(card for card in self._land_cards(state, seat) if card[0] == land)

    def _hand_lands(self, state: State, seat: int) -> list[str]:
        seen: list[str] = []
        for card in self._land_cards(state, seat):
            if card[0] not in seen:
                seen.append(card[0])
        return sorted(seen)

    def _controllable(self, state: State, castle: str) -> bool:
        return bool(state["rules"]["outer_castles_controllable"]) or BOARD.castle_kind[castle] != "outer"

    def _start_lands(self, state: State, seat: int) -> list[str]:
        return state["start_lands"][seat]

    # ------------------------------------------------------------------ setup

    def setup(self, state: State, setup: Setup) -> None:
        n = setup.players
        rules = {key: CONFIG["rules"][key] for key in _RULE_KEYS}
        if setup.scenario is not None:
            rules.update({k: v for k, v in setup.scenario.data.items() if k in rules})
        rules["target_vp"] = setup.options["target_vp"]
        state["rules"] = rules
        state["side_of"] = [seat % 2 for seat in range(n)]
        state["faction"] = [None] * n
        state["banned"] = []
        state["colour"] = [None, None]
        state["vp"] = [0, 0]
        # a coin flip, or the loser of the previous game of a series (see next_in_series)
        first = (
            kernel.rng_int(state, 0, 1)
            if setup.options["first_side"] == "random"
            else int(setup.options["first_side"]) - 1
        )
        state["on_top"] = first
        state["castles"] = {c: None for c in BOARD.castles}
        state["units"] = {}
        state["occ"] = {}
        state["general"] = [True, True]
        state["library"] = [{} for _ in range(n)]
        state["summons"] = [0] * n
        state["passed"] = [False] * n
        state["queue"] = []
        state["planning"] = None
        state["start_lands"] = [[] for _ in range(n)]
        state["start_castles"] = [[] for _ in range(n)]
        state["hire_order"] = []
        # cards a seat saw go into another seat's hand (the draft): {seat: [card ids]}
        state["known"] = [[] for _ in range(n)]
        state["hire_defer"] = None
        state["zones"] = {}
        for seat in range(n):
            # team-mates show each other their cards [D-39]
            mates = self._team(state, seat)
            zones.add_zone(state, f"hand:{seat}", zones.OWNER, seat, shared=mates)
            zones.add_zone(state, f"lands:{seat}", zones.OWNER, seat, shared=mates)
            zones.add_zone(state, f"draft:{seat}", zones.OWNER, seat, shared=mates)
            zones.add_zone(state, f"scout:{seat}", zones.OWNER, seat, shared=mates)
        for side in (0, 1):
            zones.add_zone(state, f"units:{side}", zones.HIDDEN)
        zones.add_zone(state, "landdeck", zones.HIDDEN)
        zones.add_zone(state, "discard", zones.PUBLIC)
        zones.add_zone(state, "planned", zones.PUBLIC)
        order = self._clockwise_from(state, self._seats_of(state, first)[0])
        bans = 2 if setup.options["bans"] and n == 2 else 0
        state["setup"] = {
            "step": "ban",
            "order": order,
            "bans": bans,
            "draft": 0,
            "kept": [[] for _ in range(n)],
            "split": [],
        }
        setup.log.emit("first_player", seat=order[0])
        self._continue_setup(state, setup.log)

    def _ask_phase(self, state: State, phase: str, seat: int) -> None:
        kernel.set_phase(state, phase)
        kernel.set_active(state, seat)

    def _continue_setup(self, state: State, log: Any) -> None:
        s = state["setup"]
        order = s["order"]
        n = self._n(state)
        while True:
            step = s["step"]
            if step == "ban":
                if len(state["banned"]) < s["bans"]:
                    return self._ask_phase(state, "ban", order[len(state["banned"])])
                s["step"] = "pick"
            elif step == "pick":
                picked = sum(1 for f in state["faction"] if f)
                if picked < n:
                    return self._ask_phase(state, "pick", order[picked])
                s["step"] = "colour"
            elif step == "colour":
                if state["colour"][0] is None:
                    return self._ask_phase(state, "colour", order[0])
                s["step"] = "castle"
            elif step == "castle":
                seat = self._castle_chooser(state)
                if seat is not None:
                    return self._ask_phase(state, "castle", seat)
                s["step"] = "start_unit"
            elif step == "start_unit":
                seat = self._start_unit_chooser(state)
                if seat is not None:
                    return self._ask_phase(state, "start_unit", seat)
                self._deal(state, log)
                s["step"] = "start_land"
            elif step == "start_land":
                waiting = [seat for seat in order if not self._land_cards(state, seat)]
                for seat in list(waiting):
                    lands = self._start_lands(state, seat)
                    if len(lands) == 1:
                        self._take_start_land(state, seat, lands[0], log)
                        waiting.remove(seat)
                if waiting:
                    return self._ask_phase(state, "start_land", waiting[0])
                decks.shuffle(state, "landdeck")
                s["step"] = "draft"
                self._draft_draw(state, log)
            elif step == "draft":
                return None
            elif step == "split":
                if s["split"]:
                    return self._ask_phase(state, "split", s["split"][0])
                s["step"] = "done"
            else:
                self._begin_offensive(state, log)
                return None

    def _castle_chooser(self, state: State) -> int | None:
        """The next seat that still has castles to take; non-choices are made here."""
        rules = state["rules"]
        n = self._n(state)
        for seat in state["setup"]["order"]:
            faction = state["faction"][seat]
            land = FACTIONS[faction]["start_land"]
            have = state["start_castles"][seat]
            if land:
                if have:
                    continue
                castles = BOARD.land_castles[land]  # [outer, inner]
                if rules["start_castles"] == "inner":
                    chosen = [castles[1]]
                elif n == 4:
                    chosen = [castles[0]]
                else:
                    chosen = list(castles)
                for castle in chosen:
                    self._take_castle(state, seat, castle)
                continue
            want = 1 if n == 4 or rules["start_castles"] == "inner" else 2
            if n == 4 and not have:
                used = {FACTIONS[f]["start_land"] for f in state["faction"] if f}
                free_land = next(x for x in BOARD.lands if x not in used)
                self._take_castle(
                    state, seat, BOARD.land_castles[free_land][1 if rules["start_castles"] == "inner" else 0]
                )
                continue
            if len(have) < want:
                return seat
        return None

    def _take_castle(self, state: State, seat: int, castle: str) -> None:
        state["castles"][castle] = state["side_of"][seat]
        state["start_castles"][seat].append(castle)
        land = BOARD.land[castle]
        if land not in state["start_lands"][seat]:
            state["start_lands"][seat].append(land)

    def _horde_castle_options(self, state: State, seat: int) -> list[str]:
        side = state["side_of"][seat]
        forbidden = {FACTIONS[state["faction"][o]]["start_land"] for o in self._seats_of(state, 1 - side)}
        have = state["start_castles"][seat]
        inner_only = state["rules"]["start_castles"] == "inner"
        out = []
        for castle in BOARD.castles:
            if state["castles"][castle] is not None or BOARD.land[castle] in forbidden:
                continue
            if inner_only and BOARD.castle_kind[castle] != "inner":
                continue
            if any(BOARD.land[c] == BOARD.land[castle] for c in have):
                continue
            out.append(castle)
        return out

    def _start_unit_chooser(self, state: State) -> int | None:
        """The next seat to place its starting unit(s): it picks the unit for its first castle."""
        for seat in state["setup"]["order"]:
            if not any(u["owner"] == seat for u in state["units"].values()):
                return seat
        return None

    def _place_unit(self, state: State, seat: int, unit_type: str, hex_id: str, ready: bool) -> str:
        side = state["side_of"][seat]
        uid = f"{state['colour'][side]}_{unit_type}"
        state["units"][uid] = {
            "type": unit_type,
            "side": side,
            "owner": seat,
            "hex": hex_id,
            "up": False,
            "wounds": 0,
            "shields": 0,
            "ready": ready,
        }
        state["occ"][hex_id] = uid
        return uid

    def _deal(self, state: State, log: Any) -> None:
        """Unit decks shuffled, hands drawn, the land cards put into one deck."""
        for side in (0, 1):
            colour = state["colour"][side]
            cards = [f"{colour}_{t}" for t in UNITS if f"{colour}_{t}" not in state["units"]]
            state["zones"][f"units:{side}"]["items"] = cards
            decks.shuffle(state, f"units:{side}")
        for seat in state["setup"]["order"]:
            self._draw_units(state, seat, log)
        state["zones"]["landdeck"]["items"] = [
            f"{land}{i}" for land, count in CONFIG["land_cards"].items() for i in range(count)
        ]

    def _draw_units(self, state: State, seat: int, log: Any) -> None:
        hand = state["zones"][f"hand:{seat}"]
        want = self._hand_limit(state)[0] - len(hand["items"])
        if want > 0:
            side = state["side_of"][seat]
            got = decks.draw(state, f"units:{side}", f"hand:{seat}", want)
            if got:
                log.emit("draw_units", seat=seat, count=len(got))
                log.emit(
                    "draw_units_secret",
                    seat=seat,
                    to=self._team(state, seat),
                    cards=[_name(UNITS, c.split("_", 1)[1]) for c in got],
                )

    def _draw_lands(self, state: State, seat: int, log: Any) -> None:
        want = self._hand_limit(state)[1] - len(self._land_cards(state, seat))
        if want > 0:
            got = decks.draw(state, "landdeck", f"lands:{seat}", want, discard_id="discard", reshuffle=False)
            for card in got:
                self._forget(state, card, f"lands:{seat}")
            if got:
                log.emit("draw_lands", seat=seat, count=len(got))
                log.emit(
                    "draw_lands_secret", seat=seat, to=self._team(state, seat), lands=[_land_name(c[0]) for c in got]
                )

    def _take_start_land(self, state: State, seat: int, land: str, log: Any) -> None:
        card = next(c for c in state["zones"]["landdeck"]["items"] if c[0] == land)
        zones.move(state, "landdeck", f"lands:{seat}", card)
        zones.reveal(state, f"lands:{seat}", card)
        log.emit("start_land", seat=seat, land=_land_name(land))

    def _drafter(self, state: State, side: int) -> int:
        return self._seats_of(state, side)[0]

    def _draft_draw(self, state: State, log: Any) -> None:
        s = state["setup"]
        if s["draft"] >= 2:
            s["step"] = "split"
            s["split"] = [self._drafter(state, side) for side in (0, 1)] if self._n(state) == 4 else []
            s["split"].sort(key=lambda seat: s["order"].index(seat))
            if not s["split"]:  # with 2 players nobody splits: the drafted cards are plain hand cards
                s["kept"] = [[] for _ in s["kept"]]
            self._continue_setup(state, log)
            return
        side = state["side_of"][s["order"][0]] if s["draft"] == 0 else 1 - state["side_of"][s["order"][0]]
        seat = self._drafter(state, side)
        got = decks.draw(
            state, "landdeck", f"draft:{seat}", CONFIG["draft_draw"], discard_id="discard", reshuffle=False
        )
        log.emit("draft_draw", seat=seat, count=len(got))
        log.emit("draft_draw_secret", seat=seat, to=self._team(state, seat), lands=[_land_name(c[0]) for c in got])
        self._ask_phase(state, "draft_keep", seat)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, state: State) -> list[Action]:
        phase = state["k"]["phase"]
        seat = state["k"]["active"]
        if phase == "offensive":
            return self._offensive_actions(state, seat)
        if phase == "hire":
            return self._hire_actions(state, seat)
        if phase == "lead":
            return [{"type": "lead", "seat": m} for m in self._seats_of(state, state["side_of"][seat])]
        if phase == "ban":
            return [{"type": "ban", "faction": f} for f in FACTIONS if f not in state["banned"]]
        if phase == "pick":
            return [
                {"type": "pick", "faction": f}
                for f in FACTIONS
                if f not in state["banned"] and f not in state["faction"]
            ]
        if phase == "colour":
            return [{"type": "colour", "colour": c} for c in CONFIG["colours"]]
        if phase == "castle":
            return [{"type": "castle", "castle": c} for c in self._horde_castle_options(state, seat)]
        if phase == "start_unit":
            castle = state["start_castles"][seat][0]
            return [
                {"type": "start_unit", "unit_type": t, "castle": castle}
                for t in FACTIONS[state["faction"][seat]]["units"]
            ]
        if phase == "start_land":
            return [{"type": "start_land", "land": x} for x in self._start_lands(state, seat)]
        if phase in ("draft_keep", "draft_receive"):
            return [
                {"type": phase, "land": x} for x in sorted({c[0] for c in state["zones"][f"draft:{seat}"]["items"]})
            ]
        if phase == "split":
            return [{"type": "split", "land": x} for x in sorted({c[0] for c in state["setup"]["kept"][seat]})]
        return []

    # --- offensive phase

    def _offensive_actions(self, state: State, seat: int) -> list[Action]:
        planning = state["planning"]
        out: list[Action] = []
        units = state["units"]
        side = state["side_of"][seat]
        general = state["general"][side]
        lands = self._hand_lands(state, seat)
        for uid in sorted(units):
            unit = units[uid]
            if unit["owner"] != seat or not unit["ready"]:
                continue
            here = BOARD.land[unit["hex"]]
            if planning is not None and here != planning["land"]:
                continue
            out.extend(self._unit_actions(state, uid, unit, lands, general and planning is None, here in lands))
        out.extend(self._summon_actions(state, seat, planning))
        out.append(END_PLANNING if planning is not None else PASS)
        return out

    def _unit_actions(
        self, state: State, uid: str, unit: dict[str, Any], lands: list[str], general: bool, has_own_land: bool
    ) -> list[Action]:
        out: list[Action] = []
        here = unit["hex"]
        land = BOARD.land[here]
        for dest in self._manoeuvre_dests(state, unit):
            out.append({"type": "manoeuvre", "unit": uid, "to": dest})
        swift = unit["up"] and UNITS[unit["type"]].get("swift", False)
        occ = state["occ"]
        for card_land in lands:
            steps = BOARD.march_any[here] if swift else BOARD.march[here][CONFIG["land_terrain"][card_land]]
            seen: set[str] = set()
            for first, onward in steps:
                if first in occ:
                    continue
                for dest in onward:
                    if dest in seen or (dest in occ and dest != here):
                        continue
                    seen.add(dest)
                    out.append({"type": "march", "unit": uid, "land": card_land, "via": first, "to": dest})
        if has_own_land and general:
            side = unit["side"]
            for castle, owner in state["castles"].items():
                if owner == side and castle not in occ and BOARD.land[castle] != land:
                    out.append({"type": "expedition", "unit": uid, "land": land, "to": castle})
        improved_free = unit["up"]
        for targets in self._ability_targets(state, uid, unit, improved_free):
            out.append({"type": "ability", "unit": uid, "improved": improved_free, "land": None, "targets": targets})
        if has_own_land:
            if not unit["up"]:
                for targets in self._ability_targets(state, uid, unit, True):
                    out.append({"type": "ability", "unit": uid, "improved": True, "land": land, "targets": targets})
                if general:
                    out.append({"type": "level_up", "unit": uid, "land": land})
            else:
                if state["zones"]["landdeck"]["items"] or state["zones"]["discard"]["items"]:
                    out.append({"type": "scouting", "unit": uid, "land": land})
                if general:
                    out.append({"type": "planning", "unit": uid, "land": land})
        return out

    def _manoeuvre_dests(self, state: State, unit: dict[str, Any]) -> list[str]:
        occ = state["occ"]
        here = unit["hex"]
        dests = [n for n in BOARD.neighbours[here] if n not in occ]
        if unit["up"] and UNITS[unit["type"]].get("swift", False):
            more = []
            for step in dests:
                for n in BOARD.neighbours[step]:
                    if n not in occ and n != here and n not in dests and n not in more:
                        more.append(n)
            dests = dests + more
        return dests

    def _enemies(self, state: State, side: int, hexes: list[str]) -> list[str]:
        occ = state["occ"]
        units = state["units"]
        return [occ[h] for h in hexes if h in occ and units[occ[h]]["side"] != side]

    def _friends(self, state: State, side: int, hexes: list[str]) -> list[str]:
        occ = state["occ"]
        units = state["units"]
        return [occ[h] for h in hexes if h in occ and units[occ[h]]["side"] == side]

    def _ability_targets(self, state: State, uid: str, unit: dict[str, Any], improved: bool) -> list[list[Any]]:
        """Every legal target choice of the unit's basic or improved ability."""
        info = UNITS[unit["type"]]
        kind = info["ability"]
        here = unit["hex"]
        side = unit["side"]
        units = state["units"]
        rng = info["improved_range"] if improved else info["range"]
        mode = info["improved"] if improved else "basic"
        reach = BOARD.near(here, 1, rng)
        if kind == "attack":
            if info.get("line"):
                line = BOARD.line[here]
                reach = [h for h in reach if h in line]
            foes = sorted(self._enemies(state, side, reach))
            if mode == "multi":
                return _up_to(foes, info["improved_targets"], ordered=True)
            return [[f] for f in foes]
        if kind == "stun":
            foes = sorted(f for f in self._enemies(state, side, reach) if units[f]["shields"] == 0)
            if mode == "multi":
                return _up_to(foes, info["improved_targets"], ordered=False)
            return [[f] for f in foes]
        if kind == "defence":
            if mode == "all":
                return [[]]
            return [[uid]] + [[f] for f in sorted(self._friends(state, side, reach))]
        if kind == "heal":
            wounded = sorted(f for f in self._friends(state, side, reach) if units[f]["wounds"] > 0)
            if mode == "all":
                return [[]] if wounded else []
            return [[f] for f in wounded]
        if kind == "haste":
            return [[f] for f in sorted(self._friends(state, side, reach)) if units[f]["ready"]]
        if kind == "move":
            occ = state["occ"]
            movable = sorted(
                f
                for f in self._friends(state, side, reach)
                if any(n not in occ for n in BOARD.neighbours[units[f]["hex"]])
            )
            if mode == "multi":
                return _up_to(movable, info["improved_targets"], ordered=True)
            return [[f] for f in movable]
        if kind == "siege":
            castles = state["castles"]
            return [[h] for h in reach if h in castles and castles[h] is not None and castles[h] != side]
        return []

    # --- creatures

    def _summon_actions(self, state: State, seat: int, planning: dict[str, Any] | None) -> list[Action]:
        rules = state["rules"]
        count = state["summons"][seat]
        if count >= rules["creatures_per_round"]:
            return []
        if planning is not None and planning["creature"]:
            return []
        cards_needed, needs_general = rules["summon_costs"][count]
        side = state["side_of"][seat]
        if needs_general and (planning is not None or not state["general"][side]):
            return []
        lands: list[str | None] = [None]
        if cards_needed:
            lands = list(self._hand_lands(state, seat))
            if not lands:
                return []
        out: list[Action] = []
        for creature, slot in sorted(state["library"][seat].items()):
            if slot != "in_hand":
                continue
            found = self._creature_targets(state, seat, creature)
            options: list[list[str] | None]
            if planning is not None:
                options = [t for t in found if self._target_land(state, t) == planning["land"]]
            else:
                options = [*found, None]
            for land in lands:
                for targets in options:
                    out.append({"type": "summon", "creature": creature, "land": land, "targets": targets})
        return out

    def _target_land(self, state: State, targets: list[str]) -> str | None:
        lands = set()
        for t in targets:
            if t in state["units"]:
                lands.add(BOARD.land[state["units"][t]["hex"]])
            elif t in BOARD.coord:
                lands.add(BOARD.land[t])
            else:
                lands.add(t)
        return lands.pop() if len(lands) == 1 else None

    def _near_friend(self, state: State, side: int, hex_id: str, rng: int) -> bool:
        return bool(self._friends(state, side, BOARD.near(hex_id, 1, rng)))

    def _creature_targets(self, state: State, seat: int, creature: str) -> list[list[str]]:
        info = CREATURES[creature]
        effect = info["effect"]
        side = state["side_of"][seat]
        units = state["units"]
        occ = state["occ"]
        friends = sorted(u for u, d in units.items() if d["side"] == side)
        foes = sorted(u for u, d in units.items() if d["side"] != side)
        if effect in ("swiftness",):
            return [[u] for u in friends if any(n not in occ for n in BOARD.neighbours[units[u]["hex"]])]
        if effect == "fire":
            return [
                [u]
                for u in friends
                if UNITS[units[u]["type"]]["class"] == "melee"
                and self._enemies(state, side, BOARD.neighbours[units[u]["hex"]])
            ]
        if effect in ("verdict", "web", "poison"):
            return [[e] for e in foes if self._near_friend(state, side, units[e]["hex"], info["near_range"])]
        if effect == "fluidity":
            return [[u] for u in friends if not units[u]["ready"]]
        if effect in ("forest_path", "resurrection"):
            if effect == "forest_path" and not any(
                h not in occ and BOARD.terrain[h] == info["terrain"] for h in BOARD.cells
            ):
                return []
            out: list[list[str]] = []
            for land in BOARD.lands:
                group = [u for u in friends if BOARD.land[units[u]["hex"]] == land]
                for size in range(1, info["targets"] + 1):
                    out.extend(list(c) for c in itertools.combinations(group, size))
            return out
        if effect == "knighting":
            return [[u] for u in friends if not units[u]["up"]]
        if effect == "reconstruction":
            out = []
            for castle, owner in state["castles"].items():
                if owner == side or not self._controllable(state, castle):
                    continue
                if castle in occ and units[occ[castle]]["side"] != side:
                    continue
                if (castle in occ) or self._friends(state, side, BOARD.neighbours[castle]):
                    out.append([castle])
            return out
        if effect == "iron_ranks":
            return [[u] for u in friends]
        if effect == "earthquake":
            return [
                [u]
                for u in friends
                if any(units[e]["shields"] == 0 for e in self._enemies(state, side, BOARD.neighbours[units[u]["hex"]]))
            ]
        if effect == "bombardment":
            return [[c] for c, owner in state["castles"].items() if owner is not None and owner != side]
        if effect == "shadows":
            return [[u] for u in friends if any(h not in occ for h in BOARD.near(units[u]["hex"], 1, info["range"]))]
        if effect == "pestilence":
            mine = {BOARD.land[d["hex"]] for d in units.values() if d["owner"] == seat}
            return [
                [land]
                for land in BOARD.lands
                if land in mine and any(BOARD.land[units[e]["hex"]] == land for e in foes)
            ]
        return []

    # --- supply phase: hiring

    def _hire_hexes(self, state: State, seat: int) -> list[str]:
        side = state["side_of"][seat]
        occ = state["occ"]
        if state["rules"]["hire_location"] == "protorp":
            out: list[str] = []
            lands = sorted({str(BOARD.land[c]) for c, owner in state["castles"].items() if owner == side})
            for land in lands:
                free = [h for h in BOARD.land_hexes[land] if h not in occ]
                if not free:
                    continue
                ring = [h for h in free if h in BOARD.ring1]
                if ring:
                    out.extend(ring)
                else:
                    best = min(BOARD.distance[BOARD.protorp][h] for h in free)
                    out.extend(h for h in free if BOARD.distance[BOARD.protorp][h] == best)
            if out:
                return out
        else:
            out = [c for c, owner in state["castles"].items() if owner == side and c not in occ]
            if out:
                return out
            out = [h for h in BOARD.edge if h not in occ and BOARD.land[h] in self._start_lands(state, seat)]
            if out:
                return out
        return [h for h in BOARD.edge if h not in occ]

    def _army(self, state: State, side: int) -> int:
        return sum(1 for u in state["units"].values() if u["side"] == side)

    def _owned(self, state: State, seat: int) -> int:
        return sum(1 for u in state["units"].values() if u["owner"] == seat)

    def _hirers(self, state: State, side: int) -> list[int]:
        """Seats of `side` that may hire now (4 players: the counts stay within 1)."""
        if self._army(state, side) >= army_limit(state["vp"][side]):
            return []
        seats = self._seats_of(state, side)
        out = []
        for seat in seats:
            if not state["zones"][f"hand:{seat}"]["items"]:
                continue
            mine = self._owned(state, seat) + 1
            if all(abs(mine - self._owned(state, other)) <= 1 for other in seats if other != seat):
                out.append(seat)
        return out

    def _hire_actions(self, state: State, seat: int) -> list[Action]:
        hirers = self._hirers(state, state["side_of"][seat])
        hexes = self._hire_hexes(state, seat)
        out: list[Action] = [
            {"type": "hire", "card": card, "hex": h}
            for card in sorted(state["zones"][f"hand:{seat}"]["items"])
            for h in hexes
        ]
        if state["hire_defer"] is None and any(other != seat for other in hirers):
            out.append(DEFER)
        return out

    # ------------------------------------------------------------------ apply

    def apply(self, state: State, action: Action, log: Any) -> None:
        getattr(self, "_do_" + action["type"])(state, kernel.active(state), action, log)

    # --- setup actions

    def _do_ban(self, state: State, seat: int, action: Action, log: Any) -> None:
        state["banned"].append(action["faction"])
        log.emit("ban", seat=seat, faction=_name(FACTIONS, action["faction"]))
        self._continue_setup(state, log)

    def _do_pick(self, state: State, seat: int, action: Action, log: Any) -> None:
        faction = action["faction"]
        state["faction"][seat] = faction
        state["library"][seat] = {c: "locked" for c in FACTIONS[faction]["creatures"]}
        log.emit("pick", seat=seat, faction=_name(FACTIONS, faction))
        self._continue_setup(state, log)

    def _do_colour(self, state: State, seat: int, action: Action, log: Any) -> None:
        colour = action["colour"]
        side = state["side_of"][seat]
        other = next(c for c in CONFIG["colours"] if c != colour)
        state["colour"][side] = colour
        state["colour"][1 - side] = other
        log.emit(
            "colour",
            seat=seat,
            colour={"en": CONFIG["colour_names_en"][colour], "ru": CONFIG["colour_names_ru"][colour]},
        )
        self._continue_setup(state, log)

    def _do_castle(self, state: State, seat: int, action: Action, log: Any) -> None:
        self._take_castle(state, seat, action["castle"])
        log.emit("castle_taken", seat=seat, castle=action["castle"])
        self._continue_setup(state, log)

    def _do_start_unit(self, state: State, seat: int, action: Action, log: Any) -> None:
        castles = state["start_castles"][seat]
        chosen = [action["unit_type"]]
        if self._n(state) == 2 and state["rules"]["start_units"] == "all":
            chosen += [t for t in FACTIONS[state["faction"][seat]]["units"] if t != action["unit_type"]]
        for unit_type, castle in zip(chosen, castles, strict=False):
            self._place_unit(state, seat, unit_type, castle, ready=True)
            log.emit("start_unit", seat=seat, unit=_name(UNITS, unit_type), hex=castle)
        self._continue_setup(state, log)

    def _do_start_land(self, state: State, seat: int, action: Action, log: Any) -> None:
        self._take_start_land(state, seat, action["land"], log)
        self._continue_setup(state, log)

    def _do_draft_keep(self, state: State, seat: int, action: Action, log: Any) -> None:
        s = state["setup"]
        zone = f"draft:{seat}"
        keep = next(c for c in state["zones"][zone]["items"] if c[0] == action["land"])
        zones.move(state, zone, f"lands:{seat}", keep)
        s["kept"][seat].append(keep)
        side = state["side_of"][seat]
        receiver = self._drafter(state, 1 - side)
        for card in list(state["zones"][zone]["items"]):
            zones.move(state, zone, f"draft:{receiver}", card)
        log.emit("draft_keep", seat=seat, to=self._team(state, seat), land=_land_name(keep[0]))
        log.emit("draft_pass", seat=seat, to=None, other_seat=receiver)
        log.emit(
            "draft_passed_secret",
            seat=seat,
            to=sorted({*self._team(state, seat), *self._team(state, receiver)}),
            lands=[_land_name(c[0]) for c in state["zones"][f"draft:{receiver}"]["items"]],
        )
        self._ask_phase(state, "draft_receive", receiver)

    def _do_draft_receive(self, state: State, seat: int, action: Action, log: Any) -> None:
        s = state["setup"]
        zone = f"draft:{seat}"
        keep = next(c for c in state["zones"][zone]["items"] if c[0] == action["land"])
        zones.move(state, zone, f"lands:{seat}", keep)
        s["kept"][seat].append(keep)
        passer = self._drafter(state, 1 - state["side_of"][seat])
        state["known"][passer].append([f"lands:{seat}", keep])
        for card in list(state["zones"][zone]["items"]):
            zones.move(state, zone, "discard", card)
            log.emit("draft_discard", seat=seat, land=_land_name(card[0]))
        s["draft"] += 1
        self._draft_draw(state, log)

    def _do_split(self, state: State, seat: int, action: Action, log: Any) -> None:
        s = state["setup"]
        mate = next(m for m in self._seats_of(state, state["side_of"][seat]) if m != seat)
        card = next(c for c in s["kept"][seat] if c[0] == action["land"])
        zones.move(state, f"lands:{seat}", f"lands:{mate}", card)
        self._forget(state, card, f"lands:{mate}")
        state["known"][seat].append([f"lands:{mate}", card])
        s["kept"][seat] = []
        s["split"].pop(0)
        log.emit("split", seat=seat, other_seat=mate, to=[seat, mate], land=_land_name(card[0]))
        self._continue_setup(state, log)

    # --- offensive phase bookkeeping

    def _begin_offensive(self, state: State, log: Any) -> None:
        kernel.set_phase(state, "offensive")
        n = self._n(state)
        state["passed"] = [False] * n
        state["summons"] = [0] * n
        order = self._phase_order(state)
        if n == 4:
            # the first team chooses which of its players acts first
            self._ask_phase(state, "lead", order[0])
            return
        kernel.set_active(state, order[0])
        log.emit("round", number=kernel.round_number(state), seat=order[0])

    def _do_lead(self, state: State, seat: int, action: Action, log: Any) -> None:
        kernel.set_phase(state, "offensive")
        kernel.set_active(state, action["seat"])
        log.emit("round", number=kernel.round_number(state), seat=action["seat"])

    def _next_turn(self, state: State, log: Any) -> None:
        seat = kernel.active(state)
        n = self._n(state)
        passed = state["passed"]
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not passed[nxt]:
                kernel.set_active(state, nxt)
                return
        self._supply(state, log)

    def _do_pass(self, state: State, seat: int, action: Action, log: Any) -> None:
        state["passed"][seat] = True
        log.emit("pass", seat=seat)
        self._next_turn(state, log)

    @staticmethod
    def _forget(state: State, card: str, new_zone: str | None = None) -> None:
        """A land card left a hand: what seats knew about it follows it or is dropped."""
        for known in state["known"]:
            for entry in list(known):
                if entry[1] == card:
                    if new_zone is None:
                        known.remove(entry)
                    else:
                        entry[0] = new_zone

    def _spend_land(self, state: State, seat: int, land: str, log: Any) -> None:
        card = self._card_of_land(state, seat, land)
        zones.move(state, f"lands:{seat}", "discard", card)
        self._forget(state, card)
        self._gain(state, state["side_of"][seat], CONFIG["vp_land_card"], log, "land")

    def _spend_general(self, state: State, seat: int, log: Any) -> None:
        side = state["side_of"][seat]
        state["general"][side] = False
        self._gain(state, side, CONFIG["vp_general"], log, "general")

    def _exhaust(self, state: State, uid: str) -> None:
        state["units"][uid]["ready"] = False

    def _relocate(self, state: State, uid: str, dest: str) -> None:
        unit = state["units"][uid]
        occ = state["occ"]
        if occ.get(unit["hex"]) == uid:
            del occ[unit["hex"]]
        unit["hex"] = dest
        occ[dest] = uid

    def _capture(self, state: State, side: int, hex_id: str, log: Any) -> None:
        castles = state["castles"]
        if hex_id in castles and castles[hex_id] != side and self._controllable(state, hex_id):
            castles[hex_id] = side
            log.emit("capture", seat=self._seats_of(state, side)[0], castle=hex_id)

    def _finish_action(self, state: State, log: Any) -> None:
        state["queue"].append({"op": "end"})
        self._run(state, log)

    def _do_manoeuvre(self, state: State, seat: int, action: Action, log: Any) -> None:
        uid = action["unit"]
        self._exhaust(state, uid)
        self._relocate(state, uid, action["to"])
        log.emit("manoeuvre", seat=seat, unit=_unit_text(state, uid), hex=action["to"])
        self._capture(state, state["units"][uid]["side"], action["to"], log)
        self._finish_action(state, log)

    def _do_march(self, state: State, seat: int, action: Action, log: Any) -> None:
        uid = action["unit"]
        self._exhaust(state, uid)
        self._relocate(state, uid, action["to"])
        log.emit(
            "march",
            seat=seat,
            unit=_unit_text(state, uid),
            via=action["via"],
            hex=action["to"],
            land=_land_name(action["land"]),
        )
        self._spend_land(state, seat, action["land"], log)
        self._capture(state, state["units"][uid]["side"], action["to"], log)
        self._finish_action(state, log)

    def _do_expedition(self, state: State, seat: int, action: Action, log: Any) -> None:
        uid = action["unit"]
        self._exhaust(state, uid)
        self._relocate(state, uid, action["to"])
        log.emit("expedition", seat=seat, unit=_unit_text(state, uid), hex=action["to"])
        self._spend_land(state, seat, action["land"], log)
        self._spend_general(state, seat, log)
        self._finish_action(state, log)

    def _do_level_up(self, state: State, seat: int, action: Action, log: Any) -> None:
        uid = action["unit"]
        unit = state["units"][uid]
        self._exhaust(state, uid)
        unit["up"] = True
        unit["wounds"] = 0
        log.emit("level_up", seat=seat, unit=_unit_text(state, uid))
        self._spend_land(state, seat, action["land"], log)
        self._spend_general(state, seat, log)
        self._finish_action(state, log)

    def _do_scouting(self, state: State, seat: int, action: Action, log: Any) -> None:
        uid = action["unit"]
        self._exhaust(state, uid)
        card = self._card_of_land(state, seat, action["land"])
        zones.move(state, f"lands:{seat}", f"scout:{seat}", card)
        self._forget(state, card)
        log.emit("scouting", seat=seat, unit=_unit_text(state, uid))
        self._gain(state, state["side_of"][seat], CONFIG["vp_land_card"], log, "land")
        state["queue"].append({"op": "scout", "seat": seat, "card": card})
        self._finish_action(state, log)

    def _do_planning(self, state: State, seat: int, action: Action, log: Any) -> None:
        card = self._card_of_land(state, seat, action["land"])
        # the planning card lies played until the planning ends, then goes to the discard pile
        zones.move(state, f"lands:{seat}", "planned", card)
        self._forget(state, card)
        state["general"][state["side_of"][seat]] = False
        land = action["land"]  # the land the planner stands in (the card must be of it)
        state["planning"] = {"seat": seat, "unit": action["unit"], "land": land, "creature": False}
        log.emit("planning", seat=seat, unit=_unit_text(state, action["unit"]), land=_land_name(land))

    def _do_end_planning(self, state: State, seat: int, action: Action, log: Any) -> None:
        planning = state["planning"]
        state["planning"] = None
        for card in list(state["zones"]["planned"]["items"]):
            zones.move(state, "planned", "discard", card)
        self._exhaust(state, planning["unit"])
        side = state["side_of"][seat]
        self._gain(state, side, CONFIG["vp_land_card"] + CONFIG["vp_general"], log, "planning")
        log.emit("end_planning", seat=seat)
        self._finish_action(state, log)

    def _do_ability(self, state: State, seat: int, action: Action, log: Any) -> None:
        uid = action["unit"]
        self._exhaust(state, uid)
        if action["land"] is not None:
            self._spend_land(state, seat, action["land"], log)
        log.emit("ability", seat=seat, unit=_unit_text(state, uid), improved=action["improved"])
        state["queue"][:0] = self._ability_ops(state, seat, uid, action["improved"], action["targets"], log)
        self._finish_action(state, log)

    def _do_summon(self, state: State, seat: int, action: Action, log: Any) -> None:
        creature = action["creature"]
        side = state["side_of"][seat]
        count = state["summons"][seat]
        _, needs_general = state["rules"]["summon_costs"][count]
        state["summons"][seat] = count + 1
        state["library"][seat][creature] = "front"
        if state["planning"] is not None:
            state["planning"]["creature"] = True
        if action["land"] is not None:
            self._spend_land(state, seat, action["land"], log)
        if needs_general:
            self._spend_general(state, seat, log)
        log.emit("summon", seat=seat, creature=_name(CREATURES, creature), effect=action["targets"] is not None)
        if action["targets"] is not None:
            state["queue"][:0] = self._creature_ops(state, seat, side, creature, action["targets"], log)
        self._finish_action(state, log)

    # --- resolving effects

    def _run(self, state: State, log: Any) -> None:
        queue = state["queue"]
        pending = state["k"]["pending"]
        while queue and not pending:
            op = queue.pop(0)
            getattr(self, "_op_" + op["op"])(state, op, log)

    def _op_end(self, state: State, op: dict[str, Any], log: Any) -> None:
        if state["planning"] is None and state["k"]["phase"] == "offensive":
            self._next_turn(state, log)

    def _ability_ops(
        self, state: State, seat: int, uid: str, improved: bool, targets: list[Any], log: Any
    ) -> list[dict[str, Any]]:
        unit = state["units"][uid]
        info = UNITS[unit["type"]]
        kind = info["ability"]
        mode = info["improved"] if improved else "basic"
        side = unit["side"]
        units = state["units"]
        ops: list[dict[str, Any]] = []
        if kind == "attack":
            for t in targets:
                at = units[t]["hex"]
                ops.append({"op": "attack", "unit": t, "side": side, "at": at, "venom": mode == "venom"})
                if mode == "double":
                    ops.append({"op": "attack", "unit": t, "side": side, "at": at, "venom": False})
                if mode == "splash":
                    ops.append(self._attack_each(state, seat, side, self._enemies(state, side, BOARD.neighbours[at])))
        elif kind == "defence":
            chosen = [uid, *self._friends(state, side, BOARD.neighbours[unit["hex"]])] if mode == "all" else targets
            for t in chosen:
                units[t]["shields"] += 1
                log.emit("shield", unit=_unit_text(state, t), shields=units[t]["shields"])
        elif kind == "heal":
            chosen = targets
            if mode == "all":
                chosen = [
                    f
                    for f in self._friends(state, side, BOARD.near(unit["hex"], 1, info["improved_range"]))
                    if units[f]["wounds"] > 0
                ]
            for t in chosen:
                units[t]["wounds"] -= 1
                log.emit("heal", unit=_unit_text(state, t))
        elif kind == "stun":
            for t in targets:
                units[t]["ready"] = False
                log.emit("stun", unit=_unit_text(state, t))
        elif kind == "haste":
            units[targets[0]]["ready"] = False
            ops.append({"op": "haste", "unit": targets[0], "seat": seat, "moved": False, "acted": False})
        elif kind == "move":
            for t in targets:
                ops.append({"op": "move", "unit": t, "seat": seat})
        elif kind == "siege":
            castle = targets[0]
            friends = [f for f in self._friends(state, side, BOARD.neighbours[castle]) if f != uid]
            gained = CONFIG["vp_siege_base"] + len(friends) + (CONFIG["vp_siege_improved"] if mode == "bonus" else 0)
            self._gain(state, side, gained, log, "siege")
            occupant = state["occ"].get(castle)
            if occupant is None or units[occupant]["side"] == side:
                state["castles"][castle] = None
                log.emit("neutral", castle=castle)
        return ops

    def _op_attack(self, state: State, op: dict[str, Any], log: Any) -> None:
        uid = op["unit"]
        unit = state["units"][uid]
        if unit["hex"] != op["at"]:
            return  # it fled from an earlier attack of the same action
        if op["venom"]:
            unit["shields"] = 0
        if unit["shields"] > 0:
            unit["shields"] -= 1
            log.emit("shield_absorbs", unit=_unit_text(state, uid))
            return
        unit["wounds"] += 1
        log.emit("wound", unit=_unit_text(state, uid), wounds=unit["wounds"])
        if unit["wounds"] >= CONFIG["flee_wounds"][UNITS[unit["type"]]["class"]]:
            self._flee(state, uid, op["side"], log)

    def _flee(self, state: State, uid: str, by_side: int, log: Any) -> None:
        unit = state["units"][uid]
        self._gain(state, by_side, CONFIG["vp_flee_upgraded"] if unit["up"] else CONFIG["vp_flee"], log, "flee")
        options = self._flee_hexes(state, unit)
        unit["wounds"] = 0
        unit["up"] = False
        if len(options) == 1:
            self._relocate(state, uid, options[0])
            log.emit("flee", unit=_unit_text(state, uid), hex=options[0])
        elif options:
            kernel.ask(state, unit["owner"], "flee", [{"type": "place", "hex": h} for h in options], unit=uid)

    def _flee_hexes(self, state: State, unit: dict[str, Any]) -> list[str]:
        occ = state["occ"]
        here = unit["hex"]
        dist = BOARD.distance[here]
        castles = [c for c, owner in state["castles"].items() if owner == unit["side"] and c not in occ and c != here]
        if not castles:
            castles = [h for h in BOARD.edge if h not in occ and BOARD.land[h] == BOARD.land[here]]
            if castles:
                return castles
            castles = [h for h in BOARD.edge if h not in occ]
        if not castles:
            return []
        best = min(dist[c] for c in castles)
        return [c for c in castles if dist[c] == best]

    def _place_and_go_on(self, state: State, decision: dict[str, Any], choice: Action, log: Any, event: str) -> None:
        """A unit lands on the chosen hex (fleeing or moved by an ability), then the queue runs on."""
        uid = decision["data"]["unit"]
        self._relocate(state, uid, choice["hex"])
        log.emit(event, unit=_unit_text(state, uid), hex=choice["hex"])
        self._run(state, log)

    def resume_flee(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        self._place_and_go_on(state, decision, choice, log, "flee")

    def _op_haste(self, state: State, op: dict[str, Any], log: Any) -> None:
        uid = op["unit"]
        unit = state["units"][uid]
        choices: list[Action] = []
        if not op["moved"]:
            choices.extend({"type": "haste_move", "to": h} for h in self._manoeuvre_dests(state, unit))
        if not op["acted"]:
            improved = unit["up"]
            choices.extend(
                {"type": "haste_ability", "improved": improved, "targets": t}
                for t in self._ability_targets(state, uid, unit, improved)
            )
        if choices:
            choices.append(STOP)
            kernel.ask(state, op["seat"], "haste", choices, op=op)

    def resume_haste(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        op = dict(decision["data"]["op"])
        uid = op["unit"]
        if choice["type"] == "haste_move":
            self._relocate(state, uid, choice["to"])
            log.emit("manoeuvre", seat=op["seat"], unit=_unit_text(state, uid), hex=choice["to"])
            self._capture(state, state["units"][uid]["side"], choice["to"], log)
            op["moved"] = True
            state["queue"].insert(0, op)
        elif choice["type"] == "haste_ability":
            op["acted"] = True
            log.emit("ability", seat=op["seat"], unit=_unit_text(state, uid), improved=choice["improved"])
            state["queue"][:0] = [
                *self._ability_ops(state, op["seat"], uid, choice["improved"], choice["targets"], log),
                op,
            ]
        self._run(state, log)

    def _op_move(self, state: State, op: dict[str, Any], log: Any) -> None:
        unit = state["units"][op["unit"]]
        occ = state["occ"]
        dests = [h for h in BOARD.neighbours[unit["hex"]] if h not in occ]
        if dests:
            kernel.ask(state, op["seat"], "move", [{"type": "place", "hex": h} for h in dests], unit=op["unit"])

    def resume_move(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        self._place_and_go_on(state, decision, choice, log, "moved")

    def _op_scout(self, state: State, op: dict[str, Any], log: Any) -> None:
        seat = op["seat"]
        zone = f"scout:{seat}"
        got = decks.draw(state, "landdeck", zone, CONFIG["scout_draw"], discard_id="discard", reshuffle=False)
        zones.move(state, zone, "discard", op["card"])
        for card in got:
            self._forget(state, card)
        log.emit("scout_draw", seat=seat, count=len(got))
        lands = sorted({c[0] for c in got})
        if len(got) < 2 or len(lands) == 1:
            keep = got[0] if got else None
            self._scout_finish(state, seat, keep, log)
            return
        kernel.ask(state, seat, "scout", [{"type": "scout_keep", "land": x} for x in lands])

    def _scout_finish(self, state: State, seat: int, keep: str | None, log: Any) -> None:
        zone = f"scout:{seat}"
        if keep is not None:
            zones.move(state, zone, f"lands:{seat}", keep)
            log.emit("scout_keep", seat=seat, to=self._team(state, seat), land=_land_name(keep[0]))
        for card in list(state["zones"][zone]["items"]):
            zones.move(state, zone, "landdeck", card)
            # the scout alone knows the card now on top of the deck
            state["known"][seat].append(["landdeck", card])

    def resume_scout(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        seat = decision["seat"]
        keep = next(c for c in state["zones"][f"scout:{seat}"]["items"] if c[0] == choice["land"])
        self._scout_finish(state, seat, keep, log)
        self._run(state, log)

    # --- creatures

    def _creature_ops(
        self, state: State, seat: int, side: int, creature: str, targets: list[str], log: Any
    ) -> list[dict[str, Any]]:
        info = CREATURES[creature]
        effect = info["effect"]
        units = state["units"]
        ops: list[dict[str, Any]] = []
        if effect == "swiftness":
            ops.append({"op": "swift", "unit": targets[0], "seat": seat, "left": info["moves"]})
        elif effect in ("fire", "earthquake"):
            near = self._enemies(state, side, BOARD.neighbours[units[targets[0]]["hex"]])
            if effect == "fire":
                ops.append(self._attack_each(state, seat, side, near))
            for e in sorted(near):
                if effect == "earthquake" and units[e]["shields"] == 0:
                    units[e]["ready"] = False
                    log.emit("stun", unit=_unit_text(state, e))
        elif effect == "verdict":
            target = units[targets[0]]
            target["shields"] = 0
            self._flee(state, targets[0], side, log)
        elif effect == "web":
            units[targets[0]]["ready"] = False
            log.emit("stun", unit=_unit_text(state, targets[0]))
        elif effect == "fluidity":
            units[targets[0]]["ready"] = True
            log.emit("refreshed", unit=_unit_text(state, targets[0]))
        elif effect == "forest_path":
            ops.extend({"op": "forest", "unit": t, "seat": seat, "terrain": info["terrain"]} for t in targets)
        elif effect == "resurrection":
            for t in targets:
                units[t]["wounds"] = 0
                units[t]["shields"] += info["shields"]
                log.emit("shield", unit=_unit_text(state, t), shields=units[t]["shields"])
        elif effect == "knighting":
            units[targets[0]]["up"] = True
            units[targets[0]]["wounds"] = 0
            log.emit("level_up", seat=seat, unit=_unit_text(state, targets[0]))
        elif effect == "reconstruction":
            state["castles"][targets[0]] = side
            log.emit("capture", seat=seat, castle=targets[0])
        elif effect == "iron_ranks":
            hex_id = units[targets[0]]["hex"]
            for t in [targets[0], *self._friends(state, side, BOARD.neighbours[hex_id])]:
                units[t]["shields"] += info["shields"]
                log.emit("shield", unit=_unit_text(state, t), shields=units[t]["shields"])
        elif effect == "bombardment":
            castle = targets[0]
            occupant = state["occ"].get(castle)
            if occupant is not None and units[occupant]["side"] != side:
                ops.append({"op": "attack", "unit": occupant, "side": side, "at": castle, "venom": False})
            ops.append({"op": "bombard", "castle": castle, "side": side, "vp": info["vp_base"]})
        elif effect == "poison":
            ops.append(
                {"op": "attack", "unit": targets[0], "side": side, "at": units[targets[0]]["hex"], "venom": True}
            )
        elif effect == "shadows":
            ops.append({"op": "shadows", "unit": targets[0], "seat": seat, "range": info["range"]})
        elif effect == "pestilence":
            land = targets[0]
            foes = [u for u, d in units.items() if d["side"] != side and BOARD.land[d["hex"]] == land]
            ops.append(self._attack_each(state, seat, side, foes))
        return ops

    @staticmethod
    def _attack_each(state: State, seat: int, side: int, foes: list[str]) -> dict[str, Any]:
        """One attack on each of `foes`, in the order the acting seat chooses."""
        units = state["units"]
        return {"op": "attack_each", "seat": seat, "side": side, "left": [[u, units[u]["hex"]] for u in sorted(foes)]}

    def _op_attack_each(self, state: State, op: dict[str, Any], log: Any) -> None:
        units = state["units"]
        left = [entry for entry in op["left"] if units[entry[0]]["hex"] == entry[1]]
        if len(left) == 1:
            state["queue"].insert(
                0, {"op": "attack", "unit": left[0][0], "side": op["side"], "at": left[0][1], "venom": False}
            )
        elif left:
            choices = [{"type": "attack_next", "unit": uid} for uid, _ in left]
            kernel.ask(state, op["seat"], "attack_order", choices, op={**op, "left": left})

    def resume_attack_order(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        op = decision["data"]["op"]
        first = next(entry for entry in op["left"] if entry[0] == choice["unit"])
        rest = [entry for entry in op["left"] if entry is not first]
        state["queue"][:0] = [
            {"op": "attack", "unit": first[0], "side": op["side"], "at": first[1], "venom": False},
            {**op, "left": rest},
        ]
        self._run(state, log)

    def _op_bombard(self, state: State, op: dict[str, Any], log: Any) -> None:
        castle = op["castle"]
        side = op["side"]
        self._gain(state, side, op["vp"] + len(self._friends(state, side, BOARD.neighbours[castle])), log, "siege")
        occupant = state["occ"].get(castle)
        if (
            state["castles"][castle] is not None
            and state["castles"][castle] != side
            and (occupant is None or state["units"][occupant]["side"] == side)
        ):
            state["castles"][castle] = None
            log.emit("neutral", castle=castle)

    def _op_swift(self, state: State, op: dict[str, Any], log: Any) -> None:
        unit = state["units"][op["unit"]]
        dests = [h for h in BOARD.neighbours[unit["hex"]] if h not in state["occ"]]
        if op["left"] > 0 and dests:
            kernel.ask(state, op["seat"], "swift", [*({"type": "place", "hex": h} for h in dests), STOP], op=op)

    def resume_swift(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        op = dict(decision["data"]["op"])
        if choice["type"] == "place":
            uid = op["unit"]
            self._relocate(state, uid, choice["hex"])
            log.emit("manoeuvre", seat=op["seat"], unit=_unit_text(state, uid), hex=choice["hex"])
            self._capture(state, state["units"][uid]["side"], choice["hex"], log)
            op["left"] -= 1
            state["queue"].insert(0, op)
        self._run(state, log)

    def _op_forest(self, state: State, op: dict[str, Any], log: Any) -> None:
        terrain = op["terrain"]
        dests = [h for h in BOARD.cells if BOARD.terrain[h] == terrain and h not in state["occ"]]
        if dests:
            kernel.ask(state, op["seat"], "forest", [{"type": "place", "hex": h} for h in dests], unit=op["unit"])

    resume_forest = resume_move

    def _op_shadows(self, state: State, op: dict[str, Any], log: Any) -> None:
        unit = state["units"][op["unit"]]
        dests = [h for h in BOARD.near(unit["hex"], 1, op["range"]) if h not in state["occ"]]
        if dests:
            kernel.ask(state, op["seat"], "shadows", [{"type": "place", "hex": h} for h in dests], unit=op["unit"])

    def resume_shadows(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        uid = decision["data"]["unit"]
        self._relocate(state, uid, choice["hex"])
        log.emit("moved", unit=_unit_text(state, uid), hex=choice["hex"])
        self._capture(state, state["units"][uid]["side"], choice["hex"], log)
        self._run(state, log)

    # --- supply and rest phases

    def _supply(self, state: State, log: Any) -> None:
        kernel.set_phase(state, "supply")
        first = self._first_side(state)
        for side in (first, 1 - first):
            held = sum(1 for owner in state["castles"].values() if owner == side)
            self._gain(state, side, held * CONFIG["vp_castle"], log, "castles")
        vp = state["vp"]
        if max(vp) >= state["rules"]["target_vp"]:
            winners = [] if vp[0] == vp[1] else self._seats_of(state, 0 if vp[0] > vp[1] else 1)
            log.emit("game_over", score_a=vp[0], score_b=vp[1])
            kernel.finish(state, winners=winners, reason="target reached", scores=self.scores(state))
            return
        state["hire_order"] = [first, 1 - first]
        state["hire_defer"] = None
        self._next_hire(state, log)

    def _next_hire(self, state: State, log: Any) -> None:
        order = state["hire_order"]
        while order:
            side = order[0]
            hirers = self._hirers(state, side)
            if hirers:
                kernel.set_phase(state, "hire")
                kernel.set_active(state, state["hire_defer"] if state["hire_defer"] in hirers else hirers[0])
                return
            order.pop(0)
            state["hire_defer"] = None
        self._rest(state, log)

    def _do_defer(self, state: State, seat: int, action: Action, log: Any) -> None:
        mate = next(m for m in self._hirers(state, state["side_of"][seat]) if m != seat)
        state["hire_defer"] = mate
        log.emit("defer", seat=seat, other_seat=mate)
        kernel.set_active(state, mate)

    def _do_hire(self, state: State, seat: int, action: Action, log: Any) -> None:
        state["hire_defer"] = None
        hirer = seat
        card = action["card"]
        state["zones"][f"hand:{hirer}"]["items"].remove(card)
        unit_type = card.split("_", 1)[1]
        self._place_unit(state, hirer, unit_type, action["hex"], ready=False)
        side = state["side_of"][hirer]
        army = self._army(state, side)
        log.emit("hire", seat=hirer, unit=_name(UNITS, unit_type), hex=action["hex"], army=army)
        if army in CONFIG["creature_flags"]:
            for member in self._seats_of(state, side):
                for creature, slot in state["library"][member].items():
                    if slot == "locked" and CREATURES[creature]["flag"] == army:
                        state["library"][member][creature] = "in_hand"
                        log.emit("creature_gained", seat=member, creature=_name(CREATURES, creature))
        self._next_hire(state, log)

    def _rest(self, state: State, log: Any) -> None:
        kernel.set_phase(state, "rest")
        for unit in state["units"].values():
            unit["ready"] = True
            unit["shields"] = 0
        state["general"] = [True, True]
        order = self._phase_order(state)
        for seat in order:
            self._draw_units(state, seat, log)
        for seat in order:
            self._draw_lands(state, seat, log)
        for library in state["library"]:
            for creature, slot in library.items():
                if slot == "front":
                    library[creature] = "spent"
            if "in_hand" not in library.values():
                for creature, slot in library.items():
                    if slot == "spent":
                        library[creature] = "in_hand"
        if kernel.next_round(state, self):
            self._begin_offensive(state, log)

    # ------------------------------------------------------------------ results

    def scores(self, state: State) -> list[float]:
        return [float(state["vp"][side]) for side in state["side_of"]]

    def faction(self, state: State, seat: int) -> str | None:
        return state["faction"][seat]

    def next_in_series(self, state: State, options: dict[str, Any]) -> dict[str, Any] | None:
        """The loser of a game goes first in the next one (digest 9.1); after a draw, a coin flip."""
        winners = (kernel.outcome(state) or {}).get("winners") or []
        if not winners:
            return {**options, "first_side": "random"}
        loser = 1 - state["side_of"][winners[0]]
        return {**options, "first_side": str(loser + 1)}

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        faction = state["faction"][seat]
        if faction is None:
            return super().seat_name(state, seat, lang)
        return str(FACTIONS[faction]["name_" + ("ru" if lang == "ru" else "en")])

    def heuristic(self, state: State, seat: int) -> float:
        side = state["side_of"][seat]
        vp = state["vp"]
        castles = sum(1 if owner == side else -1 for owner in state["castles"].values() if owner is not None)
        units = state["units"]
        army = sum((2 if u["up"] else 1) * (1 if u["side"] == side else -1) for u in units.values())
        score = (vp[side] - vp[1 - side]) + 3 * castles + 2 * army
        return math.tanh(score / 40)

    def explain_illegal(self, state: State, action: Action) -> str | None:
        """Why a unit action is refused, for the common cases a player runs into."""
        seat = kernel.active(state)
        side = state["side_of"][seat] if "side_of" in state else 0
        uid = action.get("unit")
        unit = state["units"].get(uid) if isinstance(uid, str) else None
        if uid is not None:
            if unit is None or unit["owner"] != seat:
                return "not your unit"
            if not unit["ready"]:
                return "this unit has already acted this round"
        land = action.get("land")
        if isinstance(land, str) and not any(
            c[0] == land for c in state["zones"].get(f"lands:{seat}", {}).get("items", ())
        ):
            return f"no {land} land card in hand"
        if action.get("type") in ("expedition", "level_up", "planning") and not state["general"][side]:
            return "the general was used this round"
        if action.get("type") == "summon" and state["summons"][seat] >= state["rules"]["creatures_per_round"]:
            return "no more creatures this round"
        return None

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return drawing.describe(self, state, seat)

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        ru = lang == "ru"
        words = ACTION_WORDS["ru" if ru else "en"]
        kind = action["type"]
        parts = [words.get(kind, kind)]
        unit = action.get("unit")
        if unit is not None:
            parts.append(UNITS[unit.split("_", 1)[1]]["name_ru" if ru else "name_en"])
        if kind == "summon":
            parts.append(CREATURES[action["creature"]]["name_ru" if ru else "name_en"])
        if action.get("land"):
            parts.append("[" + _land_name(action["land"])["ru" if ru else "en"] + "]")
        for key in ("via", "to", "hex", "castle", "faction", "colour", "unit_type", "card", "seat"):
            if action.get(key) is not None:
                parts.append(str(action[key]))
        targets = action.get("targets")
        if targets:
            parts.append("→ " + ", ".join(targets))
        elif kind == "summon" and targets is None:
            parts.append(words["no_effect"])
        if action.get("improved"):
            parts.append(words["improved"])
        return " ".join(parts)

    # ------------------------------------------------------------------ views

    def view(self, state: State, seat: int | None) -> State:
        view = super().view(state, seat)
        k = view["k"]
        team = self._team(state, seat)
        k["pending"] = [
            d if d["seat"] in team or d["kind"] != "scout" else {"seat": d["seat"], "kind": d["kind"]}
            for d in state["k"]["pending"]
        ]
        known = [entry for s in team for entry in state["known"][s]]
        n = self._n(state)
        view["known"] = [[list(e) for e in state["known"][s]] if s in team else [] for s in range(n)]
        for zone_id, z in view["zones"].items():
            if "count" in z and (zone_id.startswith("lands:") or zone_id == "landdeck"):
                z["known"] = [card for where, card in known if where == zone_id and card not in z["revealed"]]
        setup = dict(state["setup"])
        # everyone sees how many drafted cards a drafter still holds; which ones only its
        # team knows, except a card this team passed and saw kept ("?" for the others)
        known_cards = {card for _where, card in known}
        setup["kept"] = [
            list(kept) if s in team else [card if card in known_cards else "?" for card in kept]
            for s, kept in enumerate(setup["kept"])
        ]
        view["setup"] = setup
        return view

    def determinize(self, view: State, seat: int, seed: int) -> State:
        """Deal every card `seat` cannot see at random, consistently with what it sees."""
        state = kernel.clone(view)
        state["k"]["rng"] = seed
        all_zones = state["zones"]
        hidden = [zid for zid, z in all_zones.items() if "count" in z]
        land_pool = [f"{land}{i}" for land, count in CONFIG["land_cards"].items() for i in range(count)]
        unit_pools = [
            [f"{state['colour'][side]}_{t}" for t in UNITS] if state["colour"][side] else [] for side in (0, 1)
        ]
        seen: set[str] = set(state["units"])
        for z in all_zones.values():
            seen.update(z.get("items", ()))
            seen.update(z.get("revealed", ()))
            seen.update(z.get("known", ()))
        unseen_lands = [c for c in land_pool if c not in seen]
        unseen_units = [[c for c in pool if c not in seen] for pool in unit_pools]
        kernel.rng_shuffle(state, unseen_lands)
        for pool in unseen_units:
            kernel.rng_shuffle(state, pool)
        for zid in hidden:
            z = all_zones[zid]
            count = z.pop("count")
            items = list(z["revealed"]) + list(z.pop("known", ()))
            need = count - len(items)
            if zid.startswith("units:") or zid.startswith("hand:"):
                side = int(zid.split(":")[1]) if zid.startswith("units:") else state["side_of"][int(zid.split(":")[1])]
                pool = unseen_units[side]
            else:
                pool = unseen_lands
            items = [pool.pop() for _ in range(need)] + items
            z["items"] = items
        for drafter, kept in enumerate(state["setup"]["kept"]):
            if "?" in kept:
                hand = all_zones[f"lands:{drafter}"]
                spare = [c for c in hand["items"] if c not in hand["revealed"] and c not in kept]
                state["setup"]["kept"][drafter] = [spare.pop() if card == "?" else card for card in kept]
        for decision in state["k"]["pending"]:
            if "choices" not in decision and decision["kind"] == "scout":
                owner = decision["seat"]
                lands = sorted({c[0] for c in all_zones[f"scout:{owner}"]["items"]})
                decision["choices"] = [{"type": "scout_keep", "land": x} for x in lands]
        return state
