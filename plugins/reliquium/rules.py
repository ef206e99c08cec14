"""Reliquium rules: set-up, the peace phase and the game's face to the kernel.

State (plain data, indices from `world.World`):

* ``own[r]`` faction whose units stand in region r (-1: none); ``units[r]`` = [warriors, defenders, mages];
* ``castle[r]`` faction whose castle stands in r (-1: none); a neutral faction's castles are neutral;
* ``tokens[b]`` order token on border b: [faction, kind (0 melee, 1 ranged), value, target region,
  assigned warriors, defenders, mages, militia] or None;
* ``creatures[j]`` [faction, class] on junction j or None;
* per faction f: ``track[f]`` (True = castle token on that division), ``marker[f]`` (action token division,
  -1 when the faction has no free division), ``done[f]``, ``reserve[f]``, ``melee_at[f][v]`` /
  ``ranged_at[f][v]`` (border of the token of value index v, -1 in supply), ``creature_at[f][c]``
  (junction, -1 in supply), ``militia[f]``;
* ``stage``: "peace", "support" or "attack"; ``battle``: the battle being resolved.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, ClassVar

from boardwright.framework import Game, GameSpec, Option, OptionError, Scenario, Setup, kernel
from boardwright.framework.scenarios import package_scenarios

from .abilities import Abilities
from .board import BoardDescription, describe
from .war import War
from .world import World, load_toml

State = dict[str, Any]
Action = dict[str, Any]

WORLD = World()
PEACE, SUPPORT, ATTACK = "peace", "support", "attack"
MELEE, RANGED = 0, 1


def _scenario_schema(world: World) -> dict[str, Any]:
    unit = {"enum": world.classes}
    units = {"anyOf": [unit, {"type": "array", "items": unit, "minItems": 1}]}
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "castles_to_win": {"type": "integer", "minimum": 1, "maximum": 9},
            "start": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    f: {"type": "object", "minProperties": 1, "additionalProperties": units} for f in world.faction_ids
                },
            },
        },
    }


class Reliquium(War, Abilities, BoardDescription, Game):
    spec = GameSpec(
        id="reliquium",
        version="1.1.0",
        title_en="Reliquium",
        title_ru="Реликвиум",
        players=(2, 3, 4),
        options=(
            Option("single_march", False, title_en="Single march", title_ru="Одиночный марш"),
            Option("militia", False, title_en="Militia", title_ru="Ополчение"),
            Option("allies", False, title_en="Allies", title_ru="Союзники"),
            Option(
                "factions",
                "lot",
                title_en="Factions: lot, initiative, or a comma list of faction ids",
                title_ru="Фракции: жребий (lot), по инициативе (initiative) или список через запятую",
            ),
            Option(
                "last_faction_standing_wins",
                True,
                title_en="The last faction with castles wins",
                title_ru="Побеждает последняя фракция с замками",
            ),
        ),
        summary_en="Build all nine castles of your faction: march, attack, support and summon legendary creatures.",
        summary_ru="Постройте все девять замков своей фракции: марш, атака, поддержка и вызов легендарных существ.",
        factions=tuple(WORLD.faction_ids),
        default_scenario="standard",
    )
    messages = load_toml("messages.toml")
    # bot games always end: the rulebook has no round limit (digest D26), so `simulate` caps it
    simulation_options: ClassVar[dict[str, Any]] = {"round_cap": load_toml("game.toml")["simulation_round_cap"]}
    short_scenario: ClassVar[str | None] = "seven_castles"
    scenario_schema = _scenario_schema(WORLD)

    def __init__(self) -> None:
        self.w = WORLD
        w = self.w
        self._rname = [{"en": r["en"], "ru": r["ru"]} for r in w.regions]
        self._fname = [{"en": f["en"], "ru": f["ru"]} for f in w.factions]
        self._cname = [[{"en": c["en"], "ru": c["ru"]} for c in cards] for cards in w.creatures]
        self._pass = {"type": "pass"}
        self._support_done = {"type": "support_done"}
        self._skip = {"type": "skip"}

    # --- scenarios ---

    def scenarios(self) -> list[Scenario]:
        return package_scenarios(self, __package__)

    def check_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        w = self.w
        problems = []
        taken: dict[str, str] = {}
        for fid, lands in data.get("start", {}).items():
            kinds = [0] * len(w.segments)
            for region, units in lands.items():
                where = f"start.{fid}.{region}"
                r = w.region_index.get(region)
                if r is None:
                    problems.append((where, f"unknown region {region!r}"))
                    continue
                if w.is_water[r]:
                    problems.append((where, "a start land cannot be water (no castle on water)"))
                    continue
                if region in taken:
                    problems.append((where, f"already a start land of {taken[region]}"))
                taken[region] = fid
                kinds[w.seg_of_terrain[w.terrain[r]]] += 1
                count = 1 if isinstance(units, str) else len(units)
                if count > w.limit:
                    problems.append((where, f"{count} units is above the troop limit of {w.limit}"))
            units_needed = [0] * len(w.classes)
            for units in lands.values():
                for unit in [units] if isinstance(units, str) else units:
                    units_needed[w.class_index[unit]] += 1
            faction = w.factions[w.faction_index[fid]]
            for c, cls in enumerate(w.classes):
                if units_needed[c] > faction["units"][c]:
                    problems.append(
                        (f"start.{fid}", f"{units_needed[c]} {cls}s, but the faction has {faction['units'][c]}")
                    )
            for s, seg in enumerate(w.segments):
                if kinds[s] > seg["divisions"]:
                    problems.append((f"start.{fid}", f"more {seg['terrain']} castles than the faction owns"))
        return problems

    # --- set-up ---

    def setup(self, state: State, setup: Setup) -> None:
        w = self.w
        opts = setup.options
        data = setup.scenario.data if setup.scenario else {}
        nf = len(w.faction_ids)
        picked = self._pick_factions(state, setup.players, str(opts["factions"]))
        seat_of = [-1] * nf
        for seat, f in enumerate(picked):
            seat_of[f] = seat
        state["rules"] = {
            "single_march": bool(opts["single_march"]),
            "militia": bool(opts["militia"]),
            "allies": bool(opts["allies"]),
            "to_win": int(data.get("castles_to_win", w.castles_to_win)),
            "last_standing": bool(opts["last_faction_standing_wins"]),
        }
        state["seat_of"] = seat_of
        state["faction_of"] = picked
        state["neutral"] = [s < 0 for s in seat_of]
        n = len(w.region_ids)
        state["own"] = [-1] * n
        state["units"] = [[0, 0, 0] for _ in range(n)]
        state["castle"] = [-1] * n
        state["tokens"] = [None] * len(w.borders)
        state["creatures"] = [None] * len(w.junction_ids)
        state["track"] = []
        state["marker"] = []
        state["reserve"] = []
        starts = self._start_lands(data)
        for f in range(nf):
            on_map = [0] * len(w.segments)
            reserve = list(w.factions[f]["units"])
            for r, classes in starts[f]:
                if seat_of[f] >= 0:
                    state["castle"][r] = f
                    on_map[w.seg_of_terrain[w.terrain[r]]] += 1
                    for cls in classes:
                        c = w.class_index[cls]
                        state["units"][r][c] += 1
                        reserve[c] -= 1
                    state["own"][r] = f
            track = []
            for s, seg in enumerate(w.segments):
                covered = seg["divisions"] - on_map[s]
                track.extend([i < covered for i in range(seg["divisions"])])
            state["track"].append(track)
            state["marker"].append(self._leftmost_free(track) if seat_of[f] >= 0 else -1)
            state["reserve"].append(reserve)
        # neutral factions: castles on their start lands and every land bordering one (digest 8.1)
        for f in range(nf):
            if seat_of[f] >= 0:
                continue
            zone = []
            for r, _ in starts[f]:
                zone.append(r)
                zone.extend(w.lands_bordering(r))
            for r in zone:
                if state["castle"][r] < 0 and not w.is_water[r]:
                    state["castle"][r] = f
        state["melee_at"] = [[-1] * len(w.melee_values) for _ in range(nf)]
        state["ranged_at"] = [[-1] * len(w.ranged_values) for _ in range(nf)]
        state["creature_at"] = [[-1] * len(w.classes) for _ in range(nf)]
        state["militia"] = [False] * nf
        state["allies"] = [[False] * nf for _ in range(nf)]
        state["done"] = [seat_of[f] < 0 for f in range(nf)]
        state["stage"] = PEACE
        state["battle"] = None
        state["ability"] = None
        state["turn"] = {"refused": []}
        setup.log.emit("setup", factions=[self._fname[f] for f in picked])
        self._start_peace(state, setup.log)

    def _pick_factions(self, state: State, players: int, mode: str) -> list[int]:
        w = self.w
        nf = len(w.faction_ids)
        if mode == "lot":
            order = list(range(nf))
            kernel.rng_shuffle(state, order)
            return sorted(order[:players])
        if mode == "initiative":
            return list(range(players))
        names = [p.strip() for p in mode.split(",") if p.strip()]
        bad = [p for p in names if p not in w.faction_index]
        if bad or len(names) != players or len(set(names)) != players:
            raise OptionError(
                f"option factions: expected lot, initiative or {players} distinct factions of "
                f"{', '.join(w.faction_ids)}, got {mode!r}"
            )
        return sorted(w.faction_index[p] for p in names)

    def _start_lands(self, data: dict[str, Any]) -> list[list[tuple[int, list[str]]]]:
        w = self.w
        start = data.get("start") or load_toml("scenarios/standard.toml")["data"]["start"]
        out: list[list[tuple[int, list[str]]]] = []
        for fid in w.faction_ids:
            lands = start.get(fid)
            if lands is None:
                lands = {w.region_ids[r]: [] for r in range(len(w.region_ids)) if w.start_of[r] == fid}
            out.append([(w.region_index[r], [u] if isinstance(u, str) else list(u)) for r, u in lands.items()])
        return out

    # --- small queries ---

    def faction(self, state: State, seat: int) -> str | None:
        return self.w.faction_ids[state["faction_of"][seat]]

    def seat_name(self, state: State, seat: int, lang: str = "en") -> str:
        return str(self._fname[state["faction_of"][seat]][lang if lang == "ru" else "en"])

    def acting(self, state: State) -> int:
        """The faction whose turn it is."""
        return int(state["faction_of"][state["k"]["active"]])

    @staticmethod
    def _leftmost_free(track: list[bool]) -> int:
        for i, covered in enumerate(track):
            if not covered:
                return i
        return -1

    def castles_on_map(self, state: State, f: int) -> int:
        return state["track"][f].count(False)

    def controls(self, state: State, f: int, r: int) -> bool:
        return bool(state["own"][r] == f or (state["castle"][r] == f and not state["neutral"][f]))

    def allied(self, state: State, f: int, g: int) -> bool:
        return bool(state["allies"][f][g])

    def controlled(self, state: State, f: int) -> list[bool]:
        """controls(state, f, r) for every region r, computed in one pass."""
        if state["neutral"][f]:
            return [o == f for o in state["own"]]
        return [o == f or c == f for o, c in zip(state["own"], state["castle"], strict=True)]

    def is_enemy_region(self, state: State, f: int, r: int) -> bool:
        """Another player's units or another player's castle (a neutral castle alone is nobody's)."""
        o = state["own"][r]
        if o >= 0 and o != f:
            return True
        c = state["castle"][r]
        return bool(c >= 0 and c != f and not state["neutral"][c])

    def march_legal(self, state: State, f: int, r: int) -> bool:
        """No castle of another player and no unit of another player (digest 5.0)."""
        o = state["own"][r]
        if o >= 0 and o != f:
            return False
        c = state["castle"][r]
        return bool(c < 0 or c == f or state["neutral"][c])

    def count(self, state: State, r: int) -> int:
        u = state["units"][r]
        return int(u[0] + u[1] + u[2])

    def has_melee_on(self, state: State, r: int) -> bool:
        tokens = state["tokens"]
        for b in self.w.region_borders[r]:
            tok = tokens[b]
            if tok is not None and tok[1] == MELEE:
                return True
        return False

    def lowest(self, at: list[int]) -> int:
        for v, b in enumerate(at):
            if b < 0:
                return v
        return -1

    def other_side(self, b: int, r: int) -> int:
        a, c = self.w.borders[b]
        return c if a == r else a

    # --- legal actions ---

    def legal_actions(self, state: State) -> list[Action]:
        f = self.acting(state)
        if state["stage"] == SUPPORT:
            return self._support_actions(state, f)
        return self._peace_actions(state, f)

    def _peace_actions(self, state: State, f: int) -> list[Action]:
        w = self.w
        seg = w.seg_of[state["marker"][f]]
        kinds = w.seg_actions[seg]
        out: list[Action] = []
        for kind in kinds:
            getattr(self, "_acts_" + kind)(state, f, out)
        refused = state["turn"]["refused"]
        if refused:
            out = [a for a in out if a not in refused]
        out.append(self._pass)
        return out

    def march_moves(self, state: State, f: int, out: list[Action]) -> None:
        w = self.w
        own, units, ids = state["own"], state["units"], w.region_ids
        limit = w.limit
        single = state["rules"]["single_march"]
        for r in range(len(own)):
            if own[r] != f:
                continue
            subsets = w.subsets(units[r])
            for d in w.adjacent[r]:
                if not self.march_legal(state, f, d):
                    continue
                room = limit - self.count(state, d)
                for size, vec in subsets:
                    if size > room:
                        break
                    out.append({"type": "march", "from": ids[r], "to": ids[d], "units": vec})
            if not single:
                continue
            for c in range(3):
                if not units[r][c]:
                    continue
                vec = [0, 0, 0]
                vec[c] = 1
                for via in w.adjacent[r]:
                    if not self.march_legal(state, f, via):
                        continue
                    for d in w.adjacent[via]:
                        if d != r and self.count(state, d) >= limit:
                            continue
                        if self.march_legal(state, f, d):
                            out.append({"type": "march", "from": ids[r], "via": ids[via], "to": ids[d], "units": vec})

    _acts_march = march_moves

    def melee_orders(self, state: State, f: int, out: list[Action], presence: list[int] | None = None) -> None:
        w = self.w
        v = self.lowest(state["melee_at"][f])
        if v < 0:
            return
        value = w.melee_values[v]
        tokens, ids = state["tokens"], w.region_ids
        for x, mine in enumerate(self.controlled(state, f)):
            if not mine:
                continue
            for y in w.adjacent[x]:
                if tokens[w.border_between[x][y]] is not None or not self.is_enemy_region(state, f, y):
                    continue
                if presence is not None and x not in presence and y not in presence:
                    continue
                out.append({"type": "melee", "from": ids[x], "to": ids[y], "value": value})

    def _acts_melee(self, state: State, f: int, out: list[Action]) -> None:
        self.melee_orders(state, f, out)

    def _acts_recruit(self, state: State, f: int, out: list[Action], presence: list[int] | None = None) -> None:
        w = self.w
        reserve = state["reserve"][f]
        if not any(reserve):
            return
        castle = state["castle"]
        for r in range(len(castle)) if presence is None else presence:
            if castle[r] != f or self.count(state, r) >= w.limit:
                continue
            for c in range(3):
                if reserve[c]:
                    out.append({"type": "recruit", "region": w.region_ids[r], "unit": w.classes[c]})

    def ranged_orders(self, state: State, f: int, out: list[Action], presence: list[int] | None = None) -> None:
        w = self.w
        v = self.lowest(state["ranged_at"][f])
        if v < 0:
            return
        value = w.ranged_values[v]
        tokens, ids = state["tokens"], w.region_ids
        allies = state["rules"]["allies"]
        ctrl = self.controlled(state, f)
        for x, mine in enumerate(ctrl):
            if not mine:
                continue
            for y in w.adjacent[x]:
                if not ctrl[y] and not allies:
                    continue
                if tokens[w.border_between[x][y]] is not None or not self.has_melee_on(state, y):
                    continue
                if presence is not None and x not in presence and y not in presence:
                    continue
                if ctrl[y] or self._ally_controls(state, f, y):
                    out.append({"type": "ranged", "from": ids[x], "to": ids[y], "value": value})

    def _acts_ranged(self, state: State, f: int, out: list[Action]) -> None:
        self.ranged_orders(state, f, out)

    def buildable(self, state: State, f: int, r: int) -> bool:
        w = self.w
        if state["own"][r] != f or state["castle"][r] >= 0 or w.is_water[r]:
            return False
        s = w.seg_of_terrain[w.terrain[r]]
        return bool(state["track"][f][w.seg_start[s]])

    def _acts_build(self, state: State, f: int, out: list[Action]) -> None:
        ids = self.w.region_ids
        for r in range(len(ids)):
            if self.buildable(state, f, r):
                out.append({"type": "build", "region": ids[r]})

    def _acts_summon(self, state: State, f: int, out: list[Action]) -> None:
        w = self.w
        at = state["creature_at"][f]
        free = [c for c in range(3) if at[c] < 0]
        if not free:
            return
        creatures = state["creatures"]
        allies = state["rules"]["allies"]
        ctrl = self.controlled(state, f)
        for j, (r1, r2, r3) in enumerate(w.junction_regions):
            if creatures[j] is not None:
                continue
            ok = ctrl[r1] or ctrl[r2] or ctrl[r3]
            regions = (r1, r2, r3)
            if not ok and allies:
                ok = any(self._ally_controls(state, f, r) for r in regions)
            if ok:
                for c in free:
                    out.append({"type": "summon", "creature": w.creatures[f][c]["id"], "junction": w.junction_ids[j]})

    def _ally_controls(self, state: State, f: int, r: int) -> int:
        """The ally of f that controls r (and needs to consent), or 0 when none; returns seat+1."""
        for g, allied in enumerate(state["allies"][f]):
            if allied and self.controls(state, g, r):
                return int(state["seat_of"][g]) + 1
        return 0

    # --- applying peace actions ---

    def apply(self, state: State, action: Action, log: Any) -> None:
        f = self.acting(state)
        kind = action["type"]
        if state["stage"] == SUPPORT:
            self.apply_support(state, f, action, log)
            return
        if kind == "pass":
            log.emit("pass", seat=state["seat_of"][f])
            self._end_turn(state, f, log)
            return
        ally_seat = self._needs_consent(state, f, action)
        if ally_seat:
            log.emit("consent_asked", seat=state["seat_of"][f], ally_seat=ally_seat - 1)
            choices = [{"type": "consent", "allow": True}, {"type": "consent", "allow": False}]
            kernel.ask(state, ally_seat - 1, "consent", choices, action=action, faction=f)
            return
        if self._do_peace_action(state, f, action, log):
            self._end_turn(state, f, log)

    def _needs_consent(self, state: State, f: int, action: Action) -> int:
        if not state["rules"]["allies"]:
            return 0
        w = self.w
        if action["type"] == "ranged":
            y = w.region_index[action["to"]]
            if not self.controls(state, f, y):
                return self._ally_controls(state, f, y)
        elif action["type"] == "summon":
            regions = w.junction_regions[w.junction_index[action["junction"]]]
            if not any(self.controls(state, f, r) for r in regions):
                for r in regions:
                    seat = self._ally_controls(state, f, r)
                    if seat:
                        return seat
        return 0

    def resume_consent(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        data = decision["data"]
        f, action = data["faction"], data["action"]
        log.emit("consent_given" if choice["allow"] else "consent_refused", seat=decision["seat"])
        if not choice["allow"]:
            state["turn"]["refused"].append(action)
            return
        if self._do_peace_action(state, f, action, log):
            self._end_turn(state, f, log)

    def free_actions(self, state: State, seat: int) -> list[Action]:
        """Pacts are proposed and ended at any moment (digest 8.4), by any seat still in play;
        one proposal waits for its answer before the next is made."""
        if not state["rules"]["allies"]:
            return []
        f = state["faction_of"][seat]
        if state["marker"][f] < 0 or any(d["kind"] == "alliance" for d in state["k"]["pending"]):
            return []
        out: list[Action] = []
        for g, fid in enumerate(self.w.faction_ids):
            if g == f or state["neutral"][g] or state["marker"][g] < 0:
                continue
            kind = "end_alliance" if state["allies"][f][g] else "propose_alliance"
            out.append({"type": kind, "faction": fid, "by": seat})
        return out

    def apply_free(self, state: State, action: Action, log: Any) -> None:
        self._diplomacy(state, state["faction_of"][action["by"]], action, log)

    def _diplomacy(self, state: State, f: int, action: Action, log: Any) -> None:
        g = self.w.faction_index[action["faction"]]
        if action["type"] == "end_alliance":
            state["allies"][f][g] = state["allies"][g][f] = False
            log.emit("alliance_ended", seat=state["seat_of"][f], other_seat=state["seat_of"][g])
            return
        log.emit("alliance_proposed", seat=state["seat_of"][f], other_seat=state["seat_of"][g])
        choices = [{"type": "alliance", "accept": True}, {"type": "alliance", "accept": False}]
        kernel.ask(state, state["seat_of"][g], "alliance", choices, proposer=f, partner=g)

    def resume_alliance(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        f, g = decision["data"]["proposer"], decision["data"]["partner"]
        if choice["accept"]:
            state["allies"][f][g] = state["allies"][g][f] = True
            log.emit("alliance_formed", seat=state["seat_of"][f], other_seat=state["seat_of"][g])
        else:
            log.emit("alliance_declined", seat=state["seat_of"][g], other_seat=state["seat_of"][f])

    def _do_peace_action(self, state: State, f: int, action: Action, log: Any) -> bool:
        """Carry out a peace action; False when it waits for a further decision."""
        w = self.w
        kind = action["type"]
        seat = state["seat_of"][f]
        ri = w.region_index
        if kind == "march":
            src, dst = ri[action["from"]], ri[action["to"]]
            vec = action["units"]
            self.move_units(state, f, src, dst, vec)
            via = action.get("via")
            log.emit(
                "march",
                seat=seat,
                units=self.unit_text(vec),
                origin=self._rname[src],
                via=self._rname[ri[via]] if via else "",
                region=self._rname[dst],
            )
        elif kind == "melee":
            self.place_order(state, f, MELEE, ri[action["from"]], ri[action["to"]], log)
        elif kind == "ranged":
            self.place_order(state, f, RANGED, ri[action["from"]], ri[action["to"]], log)
        elif kind == "recruit":
            self.recruit(state, f, ri[action["region"]], w.class_index[action["unit"]], log)
        elif kind == "build":
            self.build(state, f, ri[action["region"]], log)
        elif kind == "summon":
            return self.summon(state, f, action, log)
        return True

    def place_order(self, state: State, f: int, kind: int, x: int, y: int, log: Any) -> None:
        w = self.w
        at = state["melee_at" if kind == MELEE else "ranged_at"][f]
        v = self.lowest(at)
        b = w.border_between[x][y]
        value = (w.melee_values if kind == MELEE else w.ranged_values)[v]
        state["tokens"][b] = [f, kind, value, y, 0, 0, 0, 0]
        at[v] = b
        log.emit(
            "melee_order" if kind == MELEE else "ranged_order",
            seat=state["seat_of"][f],
            value=value,
            origin=self._rname[x],
            region=self._rname[y],
        )

    def recruit(self, state: State, f: int, r: int, c: int, log: Any) -> None:
        state["reserve"][f][c] -= 1
        state["units"][r][c] += 1
        state["own"][r] = f
        log.emit("recruit", seat=state["seat_of"][f], unit=self.class_text(c), region=self._rname[r])

    def build(self, state: State, f: int, r: int, log: Any) -> None:
        w = self.w
        s = w.seg_of_terrain[w.terrain[r]]
        track = state["track"][f]
        i = w.seg_start[s] + w.segments[s]["divisions"] - 1
        while not track[i]:
            i -= 1
        track[i] = False
        state["castle"][r] = f
        castles = self.castles_on_map(state, f)
        log.emit("build", seat=state["seat_of"][f], region=self._rname[r], castles=castles)
        if castles >= state["rules"]["to_win"]:
            log.emit("win", seat=state["seat_of"][f], castles=castles)
            kernel.finish(state, winners=[state["seat_of"][f]], reason="castles built")

    def unit_text(self, vec: list[int]) -> dict[str, str]:
        en, ru = [], []
        names_en = ("warrior", "defender", "mage")
        names_ru = ("воин", "защитник", "маг")
        for c in range(3):
            if vec[c]:
                en.append(f"{vec[c]} {names_en[c]}{'s' if vec[c] > 1 else ''}")
                ru.append(f"{names_ru[c]} ×{vec[c]}")
        return {"en": ", ".join(en) or "no units", "ru": ", ".join(ru) or "никого"}

    def class_text(self, c: int) -> dict[str, str]:
        return {"en": ("warrior", "defender", "mage")[c], "ru": ("воин", "защитник", "маг")[c]}

    # --- units moving and leaving ---

    def _fix_assignments(self, state: State, f: int, r: int) -> None:
        """Drop support assignments of f's units that are no longer in their supporting region r."""
        tokens = state["tokens"]
        units = state["units"][r]
        mine = []
        for b in state["ranged_at"][f]:
            if b >= 0 and tokens[b][3] != r and r in self.w.borders[b]:
                mine.append(tokens[b])
        if not mine:
            return
        for c in range(3):
            assigned = sum(t[4 + c] for t in mine)
            for t in mine:
                if assigned <= units[c]:
                    break
                drop = min(t[4 + c], assigned - units[c])
                t[4 + c] -= drop
                assigned -= drop

    def move_units(self, state: State, f: int, src: int, dst: int, vec: list[int]) -> None:
        us, ud = state["units"][src], state["units"][dst]
        for c in range(3):
            us[c] -= vec[c]
            ud[c] += vec[c]
        if ud[0] + ud[1] + ud[2]:
            state["own"][dst] = f
        if not us[0] + us[1] + us[2]:
            state["own"][src] = -1
        if state["stage"] != PEACE:
            self._fix_assignments(state, f, src)

    def remove_units(self, state: State, f: int, r: int, vec: list[int]) -> None:
        u = state["units"][r]
        reserve = state["reserve"][f]
        for c in range(3):
            u[c] -= vec[c]
            reserve[c] += vec[c]
        if not u[0] + u[1] + u[2]:
            state["own"][r] = -1
        if state["stage"] != PEACE:
            self._fix_assignments(state, f, r)

    # --- turns ---

    def _end_turn(self, state: State, f: int, log: Any) -> None:
        if state["k"]["over"]:
            return
        turn = state["turn"]
        if turn["refused"]:
            turn["refused"] = []
        track = state["track"][f]
        m = state["marker"][f]
        nxt = -1
        for i in range(m + 1, len(track)):
            if not track[i]:
                nxt = i
                break
        if nxt < 0:
            state["marker"][f] = self._leftmost_free(track)
            state["done"][f] = True
            log.emit("done", seat=state["seat_of"][f])
        else:
            state["marker"][f] = nxt
        done = state["done"]
        n = len(done)
        for i in range(1, n + 1):
            g = (f + i) % n
            if not done[g]:
                kernel.set_active(state, state["seat_of"][g])
                return
        self.start_war(state, log)

    def _start_peace(self, state: State, log: Any) -> None:
        state["stage"] = PEACE
        kernel.set_phase(state, PEACE)
        done = state["done"]
        for f in range(len(done)):
            done[f] = state["neutral"][f] or state["marker"][f] < 0
        log.emit("round", round=kernel.round_number(state))
        for f in range(len(done)):
            if not done[f]:
                kernel.set_active(state, state["seat_of"][f])
                return
        log.emit("stalemate")
        kernel.finish(state, winners=self.cap_winners(state), reason="no faction can act")

    # --- why an action is refused ---

    def explain_illegal(self, state: State, action: Action) -> str | None:
        """The rule an illegal peace or support action breaks (digest section 5)."""
        w = self.w
        if state["k"]["pending"]:
            return None
        f = self.acting(state)
        if state["stage"] == SUPPORT:
            return self._why_support(state, f, action)
        kind = action.get("type")
        segment = w.seg_of[state["marker"][f]]
        if kind in ("march", "melee", "recruit", "ranged", "build", "summon") and kind not in w.seg_actions[segment]:
            return f"{kind} is not an action of the {w.seg_terrain[segment]} segment where your action token stands"
        why = getattr(self, "_why_" + str(kind), None)
        if why is None:
            return None
        try:
            return why(state, f, action)  # type: ignore[no-any-return]
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return f"{kind}: malformed action"

    def _region(self, action: Action, key: str) -> int:
        region = self.w.region_index.get(action.get(key))  # type: ignore[arg-type]
        if region is None:
            raise ValueError(key)
        return region

    def _why_march(self, state: State, f: int, action: Action) -> str | None:
        w = self.w
        src, dst = self._region(action, "from"), self._region(action, "to")
        vec = action["units"]
        if state["own"][src] != f:
            return "no units of yours in the origin region"
        if sum(vec) < 1:
            return "a march moves at least one unit"
        if any(vec[c] > state["units"][src][c] or vec[c] < 0 for c in range(3)):
            return "you do not have these units in the origin region"
        path = [src, dst]
        if "via" in action:
            if not state["rules"]["single_march"]:
                return "two-step marches need the optional rule Single march"
            if sum(vec) != 1:
                return "only a single unit may march two steps (Single march)"
            path = [src, self._region(action, "via"), dst]
        for a, b in pairwise(path):
            if b not in w.adjacent[a]:
                return f"{w.region_ids[b]} is not adjacent to {w.region_ids[a]}"
            if not self.march_legal(state, f, b):
                return f"{w.region_ids[b]} holds another player's units or castle"
        if dst != src and self.count(state, dst) + sum(vec) > w.limit:
            return f"troop limit: at most {w.limit} units in a region"
        return None

    def _why_melee(self, state: State, f: int, action: Action) -> str | None:
        w = self.w
        x, y = self._region(action, "from"), self._region(action, "to")
        v = self.lowest(state["melee_at"][f])
        if v < 0:
            return "all your melee tokens are on the map"
        if action.get("value", w.melee_values[v]) != w.melee_values[v]:
            return f"you must use your lowest melee token in supply ({w.melee_values[v]})"
        if not self.controls(state, f, x):
            return "the attack region must be yours (castle or unit)"
        if y not in w.adjacent[x]:
            return "the defence region is not adjacent to the attack region"
        if not self.is_enemy_region(state, f, y):
            return "the defence region holds no other player's units or castle"
        if state["tokens"][w.border_between[x][y]] is not None:
            return "that border already holds a token"
        return None

    def _why_ranged(self, state: State, f: int, action: Action) -> str | None:
        w = self.w
        x, y = self._region(action, "from"), self._region(action, "to")
        v = self.lowest(state["ranged_at"][f])
        if v < 0:
            return "all your ranged tokens are on the map"
        if action.get("value", w.ranged_values[v]) != w.ranged_values[v]:
            return f"you must use your lowest ranged token in supply ({w.ranged_values[v]})"
        if not self.controls(state, f, x):
            return "the supporting region must be yours"
        if y not in w.adjacent[x]:
            return "the supported region is not adjacent to the supporting region"
        if not self.controls(state, f, y) and not (state["rules"]["allies"] and self._ally_controls(state, f, y)):
            return "the supported region must be yours (or an ally's)"
        if not self.has_melee_on(state, y):
            return "the supported region has no melee token on its borders"
        if state["tokens"][w.border_between[x][y]] is not None:
            return "that border already holds a token"
        if action in state["turn"]["refused"]:
            return "your ally refused this order"
        return None

    def _why_recruit(self, state: State, f: int, action: Action) -> str | None:
        w = self.w
        r = self._region(action, "region")
        c = w.class_index[action["unit"]]
        if state["castle"][r] != f:
            return "you can only recruit in a region with your castle"
        if not state["reserve"][f][c]:
            return f"no {action['unit']} left in your reserve"
        if self.count(state, r) >= w.limit:
            return f"troop limit: at most {w.limit} units in a region"
        return None

    def _why_build(self, state: State, f: int, action: Action) -> str | None:
        w = self.w
        r = self._region(action, "region")
        if w.is_water[r]:
            return "no castle can be built on water"
        if state["castle"][r] >= 0:
            return "that land already holds a castle"
        if state["own"][r] != f:
            return "you need a unit of yours in that land"
        return f"no {w.terrain[r]} castle left on your track"

    def _why_summon(self, state: State, f: int, action: Action) -> str | None:
        w = self.w
        j = w.junction_index.get(action.get("junction"))  # type: ignore[arg-type]
        if j is None:
            return "creatures go on junctions where three regions meet, never on the board edge"
        ref = w.creature_ref.get(action.get("creature"))  # type: ignore[arg-type]
        if ref is None or ref[0] != f:
            return "that creature is not yours"
        if state["creature_at"][f][ref[1]] >= 0:
            return "that creature is already on the map"
        if state["creatures"][j] is not None:
            return "that junction already holds a creature"
        return "none of the three presence regions is yours"

    def _why_support(self, state: State, f: int, action: Action) -> str | None:
        w = self.w
        if action.get("type") != "assign":
            return "in the support stage you assign units to your ranged tokens or finish"
        b = w.border_index.get(action.get("border"))  # type: ignore[arg-type]
        tok = state["tokens"][b] if b is not None else None
        if tok is None or tok[0] != f or tok[1] != RANGED:
            return "there is no ranged token of yours on that border"
        if tok[4] + tok[5] + tok[6] + tok[7] >= tok[2]:
            return f"that token carries at most {tok[2]} units (its arrows)"
        return "that unit is not free in the supporting region (a unit supports one region only)"

    def _why_pass(self, state: State, f: int, action: Action) -> str | None:
        return None

    # --- results and bots ---

    def scores(self, state: State) -> list[float]:
        return [float(self.castles_on_map(state, f)) for f in state["faction_of"]]

    def cap_winners(self, state: State) -> list[int]:
        """Most castles on the map; ties go to the earlier initiative (digest D26)."""
        best, winner = -1, -1
        for seat, f in enumerate(state["faction_of"]):
            castles = self.castles_on_map(state, f)
            if castles > best:
                best, winner = castles, seat
        return [winner] if winner >= 0 else []

    def heuristic(self, state: State, seat: int) -> float:
        """Castles (most), units on the map, and own castles under a melee token, against the best rival."""
        values = [self._value(state, f) for f in state["faction_of"]]
        mine = values[seat]
        rival = max((v for s, v in enumerate(values) if s != seat), default=0.0)
        return max(-1.0, min(1.0, (mine - rival) / 10.0))

    def _value(self, state: State, f: int) -> float:
        castles = self.castles_on_map(state, f)
        to_win = state["rules"]["to_win"]
        if castles >= to_win:
            return 100.0
        units = sum(self.count(state, r) for r in range(len(state["own"])) if state["own"][r] == f)
        threatened = 0
        for tok in state["tokens"]:
            if tok is not None and tok[1] == MELEE and tok[0] != f and state["castle"][tok[3]] == f:
                threatened += 1
        return castles + 0.25 * units - 0.5 * threatened

    def determinize(self, view: State, seat: int, seed: int) -> State:
        state = kernel.clone(view)
        state["k"]["rng"] = seed
        return state

    def view(self, state: State, seat: int | None) -> State:
        """Everything in Reliquium is public (digest 12); only the rng is withheld."""
        view = dict(state)
        k = dict(state["k"])
        k["rng"] = None
        view["k"] = k
        return view

    def describe_action(self, state: State, action: Action, lang: str = "en") -> str:
        return describe(self, state, action, lang)
