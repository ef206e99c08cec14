"""Summoning creatures and their twelve special abilities (digest 5.6 and 11c).

After a summon the player is asked an ``ability`` decision: one of the ability's legal uses, or
``skip``. Grove Paths (Arborus) and Cavalry Raid (Caballus) move several units one at a time, so
they ask again until the player stops or the maximum is reached.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

State = dict[str, Any]
Action = dict[str, Any]

MELEE, RANGED = 0, 1


class Abilities:
    def summon(self, state: State, f: int, action: Action, log: Any) -> bool:
        """Place the creature; True when the turn is over, False when its ability is asked."""
        w = self.w
        _, c = w.creature_ref[action["creature"]]
        j = w.junction_index[action["junction"]]
        state["creatures"][j] = [f, c]
        state["creature_at"][f][c] = j
        log.emit("summon", seat=state["seat_of"][f], creature=self._cname[f][c], junction=action["junction"])
        choices = self.ability_choices(state, f, c, j, {})
        if not choices:
            return True
        kernel.ask(state, state["seat_of"][f], "ability", [*choices, self._skip], f=f, c=c, j=j)
        return False

    def _enemy(self, state: State, f: int, g: int) -> bool:
        return bool(g >= 0 and g != f and not state["neutral"][g] and not state["allies"][f][g])

    def ability_choices(self, state: State, f: int, c: int, j: int, data: dict[str, Any]) -> list[Action]:
        w = self.w
        kind = w.creatures[f][c]["ability"]
        presence = w.junction_regions[j]
        ids = w.region_ids
        out: list[Action] = []
        own, units, tokens = state["own"], state["units"], state["tokens"]
        if kind == "melee_order":
            self.melee_orders(state, f, out, presence)
        elif kind == "ranged_order":
            self.ranged_orders(state, f, out, presence)
            out = [a for a in out if self.controls(state, f, w.region_index[a["to"]])]
        elif kind == "recruit":
            self._acts_recruit(state, f, out, presence)
        elif kind == "build":
            out = [{"type": "build", "region": ids[r]} for r in presence if self.buildable(state, f, r)]
        elif kind in ("remove_melee", "remove_ranged"):
            want = MELEE if kind == "remove_melee" else RANGED
            for b in w.presence_borders[j]:
                tok = tokens[b]
                if tok is not None and tok[1] == want and self._enemy(state, f, tok[0]):
                    out.append({"type": "remove_token", "border": w.border_ids[b]})
        elif kind == "banish_creature":
            for k in w.near_junctions[j]:
                other = state["creatures"][k]
                if other is not None and self._enemy(state, f, other[0]):
                    out.append({"type": "banish", "junction": w.junction_ids[k]})
        elif kind == "blood_price":
            movers = self.movers(state, f)
            mine = [(r, k) for r in presence if own[r] in movers for k in range(3) if units[r][k]]
            theirs = [(r, k) for r in presence if self._enemy(state, f, own[r]) for k in range(3) if units[r][k]]
            for r, k in mine:
                for r2, k2 in theirs:
                    out.append(
                        {
                            "type": "blood_price",
                            "region": ids[r],
                            "unit": w.classes[k],
                            "enemy_region": ids[r2],
                            "enemy_unit": w.classes[k2],
                        }
                    )
        elif kind == "push_enemy":
            for r in presence:
                g = own[r]
                if not self._enemy(state, f, g):
                    continue
                for d in w.adjacent[r]:
                    if self.march_legal(state, g, d) and self.count(state, d) < w.limit:
                        for k in range(3):
                            if units[r][k]:
                                out.append({"type": "push", "region": ids[r], "unit": w.classes[k], "to": ids[d]})
        elif kind == "gather":
            movers = self.movers(state, f)
            dest = data.get("dest", -1)
            if dest < 0:
                for r in presence:
                    if self.count(state, r) >= w.limit:
                        continue
                    if any(own[o] in movers and self.march_legal(state, own[o], r) for o in w.adjacent[r]):
                        out.append({"type": "gather_to", "region": ids[r]})
            elif data.get("moved", 0) < w.creatures[f][c]["max_units"] and self.count(state, dest) < w.limit:
                for o in w.adjacent[dest]:
                    if own[o] in movers and self.march_legal(state, own[o], dest):
                        for k in range(3):
                            if units[o][k]:
                                out.append({"type": "gather", "from": ids[o], "unit": w.classes[k]})
        elif kind == "raid":
            most = w.creatures[f][c]["max_units"]
            if data.get("moved", 0) < most:
                first = data.get("moved", 0) == 0 and most > 1
                self._raid_choices(state, f, presence, data.get("arrived", []), first, out)
        elif kind == "call":
            movers = self.movers(state, f)
            for r in range(len(own)):
                g = own[r]
                if g not in movers:
                    continue
                for d in presence:
                    if d != r and self.march_legal(state, g, d) and self.count(state, d) < w.limit:
                        for k in range(3):
                            if units[r][k]:
                                out.append({"type": "call", "from": ids[r], "unit": w.classes[k], "to": ids[d]})
        refused = data.get("refused")
        if refused:
            out = [a for a in out if a not in refused]
        return out

    def _raid_choices(
        self, state: State, f: int, presence: list[int], arrived: list[list[int]], first: bool, out: list[Action]
    ) -> None:
        """Cavalry Raid moves. The troop limit holds after the whole ability (digest 5.6), so the first
        unit may ride into a full presence region of yours; the second move must then lead a unit out."""
        w = self.w
        ids = w.region_ids
        units = state["units"]
        movers = self.movers(state, f)
        overfull = [r for r in presence if self.count(state, r) > w.limit]
        for r in overfull or presence:
            g = state["own"][r]
            if g not in movers:
                continue
            for k in range(3):
                # a unit that already raided may not raid again
                fresh = units[r][k] - sum(1 for a in arrived if a[0] == r and a[1] == k)
                if fresh <= 0:
                    continue
                for d in w.adjacent[r]:
                    if not self.march_legal(state, g, d):
                        continue
                    if self._raid_room(state, f, g, d, presence, first):
                        out.append({"type": "raid", "from": ids[r], "unit": w.classes[k], "to": ids[d]})
                    for e in w.adjacent[d]:
                        if (
                            e != r
                            and self.march_legal(state, g, e)
                            and self._raid_room(state, f, g, e, presence, first)
                        ):
                            out.append(
                                {"type": "raid", "from": ids[r], "unit": w.classes[k], "via": ids[d], "to": ids[e]}
                            )

    def _raid_room(self, state: State, f: int, g: int, d: int, presence: list[int], first: bool) -> bool:
        n = self.count(state, d)
        return n < self.w.limit or (first and g == f and n == self.w.limit and d in presence)

    def overfull(self, state: State, j: int) -> bool:
        return any(self.count(state, r) > self.w.limit for r in self.w.junction_regions[j])

    def movers(self, state: State, f: int) -> list[int]:
        """Factions whose units f's abilities may move: f, and its allies under Союзники (digest 8.4)."""
        if not state["rules"]["allies"]:
            return [f]
        return [f] + [g for g, allied in enumerate(state["allies"][f]) if allied]

    def resume_ability(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        data = decision["data"]
        if choice["type"] in ("gather", "raid", "call", "blood_price"):
            g = state["own"][self.w.region_index[choice.get("from") or choice["region"]]]
            if g != data["f"]:
                log.emit("consent_asked", seat=state["seat_of"][data["f"]], ally_seat=state["seat_of"][g])
                choices = [{"type": "consent", "allow": True}, {"type": "consent", "allow": False}]
                kernel.ask(state, state["seat_of"][g], "ability_consent", choices, ability=data, choice=choice)
                return
        self._ability_step(state, data, choice, log)

    def resume_ability_consent(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        data, wanted = decision["data"]["ability"], decision["data"]["choice"]
        if choice["allow"]:
            log.emit("consent_given", seat=decision["seat"])
            self._ability_step(state, data, wanted, log)
            return
        log.emit("consent_refused", seat=decision["seat"])
        data = {**data, "refused": [*data.get("refused", []), wanted]}
        self._ask_again(state, data, log)

    def _ask_again(self, state: State, data: dict[str, Any], log: Any) -> None:
        f = data["f"]
        choices = self.ability_choices(state, f, data["c"], data["j"], data)
        if choices and not state["k"]["over"]:
            # after a raid into a full region, stopping would break the troop limit
            stop = [] if self.overfull(state, data["j"]) else [self._skip]
            kernel.ask(state, state["seat_of"][f], "ability", [*choices, *stop], **data)
            return
        self._end_turn(state, f, log)

    def _ability_step(self, state: State, data: dict[str, Any], choice: Action, log: Any) -> None:
        w = self.w
        f, c = data["f"], data["c"]
        seat = state["seat_of"][f]
        kind = choice["type"]
        ri = w.region_index
        again = False
        if kind == "skip":
            log.emit("ability_skipped", seat=seat, creature=self._cname[f][c])
        elif kind == "melee":
            self.place_order(state, f, MELEE, ri[choice["from"]], ri[choice["to"]], log)
        elif kind == "ranged":
            self.place_order(state, f, RANGED, ri[choice["from"]], ri[choice["to"]], log)
        elif kind == "recruit":
            self.recruit(state, f, ri[choice["region"]], w.class_index[choice["unit"]], log)
        elif kind == "build":
            self.build(state, f, ri[choice["region"]], log)
        elif kind == "remove_token":
            b = w.border_index[choice["border"]]
            tok = state["tokens"][b]
            state["tokens"][b] = None
            at = state["melee_at" if tok[1] == MELEE else "ranged_at"][tok[0]]
            at[at.index(b)] = -1
            log.emit(
                "token_removed",
                seat=seat,
                other_seat=state["seat_of"][tok[0]],
                value=tok[2],
                region=self._rname[tok[3]],
            )
        elif kind == "banish":
            k = w.junction_index[choice["junction"]]
            g, gc = state["creatures"][k]
            state["creatures"][k] = None
            state["creature_at"][g][gc] = -1
            log.emit("banish", seat=seat, other_seat=state["seat_of"][g], creature=self._cname[g][gc])
        elif kind == "blood_price":
            r, k = ri[choice["region"]], w.class_index[choice["unit"]]
            r2, k2 = ri[choice["enemy_region"]], w.class_index[choice["enemy_unit"]]
            g = state["own"][r2]
            self.remove_units(state, state["own"][r], r, [int(k == 0), int(k == 1), int(k == 2)])
            self.remove_units(state, g, r2, [int(k2 == 0), int(k2 == 1), int(k2 == 2)])
            log.emit(
                "blood_price",
                seat=seat,
                unit=self.class_text(k),
                region=self._rname[r],
                other_seat=state["seat_of"][g],
                other_unit=self.class_text(k2),
                other_region=self._rname[r2],
            )
        elif kind == "push":
            r, k, d = ri[choice["region"]], w.class_index[choice["unit"]], ri[choice["to"]]
            g = state["own"][r]
            self.move_units(state, g, r, d, [int(k == 0), int(k == 1), int(k == 2)])
            log.emit(
                "push",
                seat=seat,
                other_seat=state["seat_of"][g],
                unit=self.class_text(k),
                origin=self._rname[r],
                region=self._rname[d],
            )
        elif kind == "gather_to":
            data = {**data, "dest": ri[choice["region"]], "moved": 0}
            again = True
        elif kind == "gather":
            o, k = ri[choice["from"]], w.class_index[choice["unit"]]
            self.move_units(state, state["own"][o], o, data["dest"], [int(k == 0), int(k == 1), int(k == 2)])
            log.emit(
                "ability_move",
                seat=seat,
                unit=self.class_text(k),
                origin=self._rname[o],
                region=self._rname[data["dest"]],
            )
            data = {**data, "moved": data["moved"] + 1}
            again = True
        elif kind == "raid":
            r, k, d = ri[choice["from"]], w.class_index[choice["unit"]], ri[choice["to"]]
            self.move_units(state, state["own"][r], r, d, [int(k == 0), int(k == 1), int(k == 2)])
            log.emit("ability_move", seat=seat, unit=self.class_text(k), origin=self._rname[r], region=self._rname[d])
            data = {**data, "moved": data.get("moved", 0) + 1, "arrived": [*data.get("arrived", []), [d, k]]}
            again = True
        elif kind == "call":
            r, k, d = ri[choice["from"]], w.class_index[choice["unit"]], ri[choice["to"]]
            self.move_units(state, state["own"][r], r, d, [int(k == 0), int(k == 1), int(k == 2)])
            log.emit("ability_move", seat=seat, unit=self.class_text(k), origin=self._rname[r], region=self._rname[d])
        if again:
            self._ask_again(state, data, log)
            return
        self._end_turn(state, f, log)
