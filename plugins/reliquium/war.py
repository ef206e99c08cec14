"""The war phase: militia, the support stage, the battles in token order and the end of the round.

Battles run on their own; every choice a player owes inside one (casualties, flight, victory march,
re-assigning moved units) is a pending ``war`` decision, and a choice with one option is taken at once.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

State = dict[str, Any]
Action = dict[str, Any]

SUPPORT, ATTACK = "support", "attack"
MELEE, RANGED = 0, 1
MILITIA = "militia"


class War:
    # --- start of the war phase ---

    def start_war(self, state: State, log: Any) -> None:
        state["stage"] = SUPPORT
        kernel.set_phase(state, SUPPORT)
        log.emit("war")
        if state["rules"]["militia"]:
            self._militia_check(state, log)
        self._support_next(state, 0, log)

    def _militia_check(self, state: State, log: Any) -> None:
        """Militia for a player attacked by melee tokens of at least two other players (digest 8.3)."""
        nf = len(state["done"])
        attackers: list[set[int]] = [set() for _ in range(nf)]
        for tok in state["tokens"]:
            if tok is None or tok[1] != MELEE:
                continue
            for p in range(nf):
                if p != tok[0] and not state["neutral"][p] and self.controls(state, p, tok[3]):
                    attackers[p].add(tok[0])
        for p in range(nf):
            if len(attackers[p]) >= 2:
                state["militia"][p] = True
                log.emit("militia", seat=state["seat_of"][p])

    # --- support stage ---

    def support_source(self, b: int, tok: list[Any]) -> int:
        return int(self.other_side(b, tok[3]))

    def assigned_from(self, state: State, f: int, r: int, slot: int) -> int:
        tokens = state["tokens"]
        total = 0
        for b in state["ranged_at"][f]:
            if b >= 0 and tokens[b][3] != r and r in self.w.borders[b]:
                total += tokens[b][4 + slot]
        return total

    def _support_actions(self, state: State, f: int) -> list[Action]:
        out = self.assign_choices(state, f, None)
        out.append(self._support_done)
        return out

    def assign_choices(self, state: State, f: int, only: list[list[int]] | None) -> list[Action]:
        """Assignments of f's units to f's ranged tokens. `only`: moved units [region, w, d, m] after a battle."""
        w = self.w
        tokens, units = state["tokens"], state["units"]
        out: list[Action] = []
        for b in state["ranged_at"][f]:
            if b < 0:
                continue
            tok = tokens[b]
            if tok[4] + tok[5] + tok[6] + tok[7] >= tok[2]:
                continue
            src = self.support_source(b, tok)
            bid = w.border_ids[b]
            if only is None:
                if state["own"][src] == f:
                    for c in range(3):
                        if units[src][c] > self.assigned_from(state, f, src, c):
                            out.append({"type": "assign", "border": bid, "unit": w.classes[c]})
                if state["militia"][f] and state["castle"][src] == f and not self.assigned_from(state, f, src, 3):
                    out.append({"type": "assign", "border": bid, "unit": MILITIA})
            else:
                for entry in only:
                    if entry[0] != src:
                        continue
                    for c in range(3):
                        if entry[1 + c]:
                            out.append({"type": "assign", "border": bid, "unit": w.classes[c]})
        return out

    def apply_support(self, state: State, f: int, action: Action, log: Any) -> None:
        if action["type"] == "support_done":
            self._support_finish(state, f, log)
            self._support_next(state, f + 1, log)
            return
        self._assign(state, f, action, log)

    def _assign(self, state: State, f: int, action: Action, log: Any) -> None:
        w = self.w
        b = w.border_index[action["border"]]
        tok = state["tokens"][b]
        slot = 3 if action["unit"] == MILITIA else w.class_index[action["unit"]]
        tok[4 + slot] += 1
        src = self.support_source(b, tok)
        unit = {"en": "militia", "ru": "ополчение"} if slot == 3 else self.class_text(slot)
        log.emit("assign", seat=state["seat_of"][f], unit=unit, origin=self._rname[src], region=self._rname[tok[3]])

    def _support_finish(self, state: State, f: int, log: Any) -> None:
        """Remove f's ranged tokens that carry nobody."""
        tokens = state["tokens"]
        at = state["ranged_at"][f]
        for v, b in enumerate(at):
            if b >= 0:
                tok = tokens[b]
                if not tok[4] + tok[5] + tok[6] + tok[7]:
                    tokens[b] = None
                    at[v] = -1
                    log.emit("ranged_unused", seat=state["seat_of"][f], region=self._rname[tok[3]])

    def _support_next(self, state: State, start: int, log: Any) -> None:
        nf = len(state["done"])
        for g in range(start, nf):
            if not any(b >= 0 for b in state["ranged_at"][g]):
                continue
            if self.assign_choices(state, g, None):
                kernel.set_active(state, state["seat_of"][g])
                return
            self._support_finish(state, g, log)
        state["stage"] = ATTACK
        kernel.set_phase(state, ATTACK)
        self.run_war(state, log)

    # --- attack stage ---

    def _next_melee(self, state: State) -> tuple[int, int, int] | None:
        melee_at = state["melee_at"]
        for v in range(len(self.w.melee_values) - 1, -1, -1):
            for f in range(len(melee_at)):
                b = melee_at[f][v]
                if b >= 0:
                    return f, v, b
        return None

    def run_war(self, state: State, log: Any) -> None:
        while not state["k"]["over"]:
            battle = state["battle"]
            if battle is None:
                nxt = self._next_melee(state)
                if nxt is None:
                    self._end_round(state, log)
                    return
                self._start_battle(state, nxt[0], nxt[1], nxt[2], log)
                continue
            ask = self._battle_step(state, battle, log)
            if ask is None:
                continue
            seat, choices = ask
            if len(choices) == 1:
                self._battle_choice(state, battle, choices[0], log)
                continue
            kernel.ask(state, seat, "war", choices)
            return

    def resume_war(self, state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
        self._battle_choice(state, state["battle"], choice, log)
        self.run_war(state, log)

    def has_militia(self, state: State, f: int, r: int) -> bool:
        return bool(state["militia"][f] and state["castle"][r] == f)

    def strength(self, state: State, f: int, r: int, role: list[int], enemy: int) -> int:
        """Army strength of f in region r (digest 6.3 steps 1-3), without the token's swords."""
        return sum(self.strength_parts(state, f, r, role, enemy).values())

    def strength_parts(self, state: State, f: int, r: int, role: list[int], enemy: int) -> dict[str, int]:
        """The strength of f's army in r by source: units (base), support (base), auras, militia."""
        w = self.w
        parts = {"units": 0, "support": 0, "aura": 0, "militia": 0}
        if state["own"][r] == f:
            u = state["units"][r]
            for c in range(3):
                if u[c]:
                    parts["units"] += u[c] * role[c]
                    parts["aura"] += u[c] * self.aura(state, f, c, r)
        if self.has_militia(state, f, r):
            parts["militia"] += w.militia
        allies = state["allies"][f]
        tokens = state["tokens"]
        for b in w.region_borders[r]:
            tok = tokens[b]
            if tok is None or tok[1] != RANGED or tok[3] != r:
                continue
            owner = tok[0]
            if owner != f and (not allies[owner] or owner == enemy):
                continue
            src = self.support_source(b, tok)
            for c in range(3):
                if tok[4 + c]:
                    parts["support"] += tok[4 + c] * w.support[c]
                    parts["aura"] += tok[4 + c] * self.aura(state, owner, c, src)
            parts["militia"] += tok[7] * w.militia
        return parts

    def aura(self, state: State, f: int, c: int, r: int) -> int:
        j = state["creature_at"][f][c]
        if j >= 0 and r in self.w.junction_regions[j]:
            return int(self.w.aura)
        return 0

    def _remove_melee(self, state: State, f: int, v: int, b: int) -> None:
        state["tokens"][b] = None
        state["melee_at"][f][v] = -1

    def _start_battle(self, state: State, f: int, v: int, b: int, log: Any) -> None:
        w = self.w
        tok = state["tokens"][b]
        y = tok[3]
        x = self.other_side(b, y)
        seat = state["seat_of"][f]
        attackers = state["own"][x] == f
        if not attackers and not self.has_militia(state, f, x):
            log.emit("battle_skipped", seat=seat, value=tok[2], origin=self._rname[x], region=self._rname[y])
            self._remove_melee(state, f, v, b)
            return
        occupant = state["own"][y]
        keeper = state["castle"][y]
        defended_by_militia = keeper >= 0 and keeper != f and self.has_militia(state, keeper, y)
        if occupant == f or (occupant < 0 and not defended_by_militia and not attackers):
            log.emit("battle_skipped", seat=seat, value=tok[2], origin=self._rname[x], region=self._rname[y])
            self._remove_melee(state, f, v, b)
            return
        battle = {"f": f, "v": v, "b": b, "x": x, "y": y, "moved": [], "la": 0, "lb": 0}
        if occupant < 0 and not defended_by_militia:
            log.emit("no_defenders", seat=seat, region=self._rname[y])
            battle.update(d=-1, win="a", stage="advance")
            state["battle"] = battle
            return
        d = occupant if occupant >= 0 else keeper
        parts_a = self.strength_parts(state, f, x, w.attack, d)
        parts_a["swords"] = tok[2]
        parts_b = self.strength_parts(state, d, y, w.defence, f)
        sa, sb = sum(parts_a.values()), sum(parts_b.values())
        win, la, lb = self.battle_result(sa, sb)
        battle.update(d=d, win=win, sa=sa, sb=sb, la=la, lb=lb, stage="loss_a")
        state["battle"] = battle
        log.emit(
            "battle",
            seat=seat,
            other_seat=state["seat_of"][d],
            value=tok[2],
            origin=self._rname[x],
            region=self._rname[y],
            attack=sa,
            defence=sb,
            attack_parts=parts_a,
            defence_parts=parts_b,
        )
        result = {"a": "battle_won", "d": "battle_lost", "draw": "battle_draw"}[win]
        log.emit(result, seat=seat, other_seat=state["seat_of"][d], losses=la, other_losses=lb)

    def battle_result(self, sa: int, sb: int) -> tuple[str, int, int]:
        """Winner ("a", "d" or "draw") and losses of attacker and defender (digest 6.3 steps 4-5)."""
        w = self.w
        win = "a" if sa > sb else ("d" if sb > sa else "draw")
        la = sb // w.per_strength + (w.loser_extra if win == "d" else 0)
        lb = sa // w.per_strength + (w.loser_extra if win == "a" else 0)
        return win, la, lb

    def _battle_step(self, state: State, battle: dict[str, Any], log: Any) -> tuple[int, list[Action]] | None:
        stage = battle["stage"]
        f, d, x, y = battle["f"], battle["d"], battle["x"], battle["y"]
        if stage == "loss_a":
            battle["stage"] = "loss_b"
            return self._losses(state, f, x, battle["la"], log)
        if stage == "loss_b":
            battle["stage"] = "flee"
            return self._losses(state, d, y, battle["lb"], log)
        if stage == "flee":
            if battle["win"] == "a" and state["own"][y] == d:
                choices = self._flee_choices(state, d, y)
                if choices:
                    return state["seat_of"][d], choices
                left = list(state["units"][y])
                self.remove_units(state, d, y, left)
                log.emit("destroyed", seat=state["seat_of"][d], units=self.unit_text(left), region=self._rname[y])
            battle["stage"] = "advance"
            return None
        if stage == "advance":
            battle["stage"] = "reassign"
            if battle["win"] == "a" and state["own"][x] == f:
                room = self.w.limit - self.count(state, y)
                choices = [{"type": "advance", "units": [0, 0, 0]}]
                for size, vec in self.w.subsets(state["units"][x]):
                    if size > room:
                        break
                    choices.append({"type": "advance", "units": vec})
                return state["seat_of"][f], choices
            return None
        if stage == "reassign":
            moved = battle["moved"]
            while moved:
                owner = moved[0][0]
                entries = [e[1:] for e in moved if e[0] == owner]
                choices = self.assign_choices(state, owner, entries)
                if choices:
                    return state["seat_of"][owner], [*choices, self._skip]
                battle["moved"] = moved = [e for e in moved if e[0] != owner]
            battle["stage"] = "end"
            return None
        # end
        self._remove_melee(state, f, battle["v"], battle["b"])
        state["battle"] = None
        return None

    def _losses(self, state: State, f: int, r: int, n: int, log: Any) -> tuple[int, list[Action]] | None:
        if n <= 0 or state["own"][r] != f:
            return None
        u = state["units"][r]
        if n >= u[0] + u[1] + u[2]:
            vec = list(u)
            self.remove_units(state, f, r, vec)
            log.emit("losses", seat=state["seat_of"][f], units=self.unit_text(vec), region=self._rname[r])
            return None
        choices = [{"type": "casualties", "units": vec} for size, vec in self.w.subsets(u) if size == n]
        return state["seat_of"][f], choices

    def _flee_choices(self, state: State, g: int, y: int) -> list[Action]:
        w = self.w
        u = state["units"][y]
        out = []
        for d in w.adjacent[y]:
            if self.march_legal(state, g, d) and self.count(state, d) < w.limit:
                for c in range(3):
                    if u[c]:
                        out.append({"type": "flee", "unit": w.classes[c], "to": w.region_ids[d]})
        return out

    def _battle_choice(self, state: State, battle: dict[str, Any], choice: Action, log: Any) -> None:
        w = self.w
        kind = choice["type"]
        f, d, x, y = battle["f"], battle["d"], battle["x"], battle["y"]
        if kind == "casualties":
            # asked in stage loss_a (attacker) or loss_b (defender); the stage has already moved on
            who, where = (f, x) if battle["stage"] == "loss_b" else (d, y)
            self.remove_units(state, who, where, choice["units"])
            log.emit(
                "losses", seat=state["seat_of"][who], units=self.unit_text(choice["units"]), region=self._rname[where]
            )
        elif kind == "flee":
            c = w.class_index[choice["unit"]]
            dst = w.region_index[choice["to"]]
            vec = [0, 0, 0]
            vec[c] = 1
            self.move_units(state, d, y, dst, vec)
            self._note_moved(battle, d, dst, c)
            log.emit(
                "flee",
                seat=state["seat_of"][d],
                unit=self.class_text(c),
                origin=self._rname[y],
                region=self._rname[dst],
            )
        elif kind == "advance":
            vec = choice["units"]
            if not any(vec):
                log.emit("advance_declined", seat=state["seat_of"][f], region=self._rname[y])
                return
            self.move_units(state, f, x, y, vec)
            for c in range(3):
                for _ in range(vec[c]):
                    self._note_moved(battle, f, y, c)
            log.emit(
                "advance",
                seat=state["seat_of"][f],
                units=self.unit_text(vec),
                origin=self._rname[x],
                region=self._rname[y],
            )
            keeper = state["castle"][y]
            if keeper >= 0 and keeper != f and not state["neutral"][keeper]:
                self.destroy_castle(state, y, log)
        elif kind == "assign":
            owner = battle["moved"][0][0]
            self._assign(state, owner, choice, log)
            c = w.class_index[choice["unit"]]
            src = self.support_source(
                w.border_index[choice["border"]], state["tokens"][w.border_index[choice["border"]]]
            )
            for e in battle["moved"]:
                if e[0] == owner and e[1] == src and e[2 + c]:
                    e[2 + c] -= 1
                    break
            battle["moved"] = [e for e in battle["moved"] if e[2] + e[3] + e[4]]
        elif kind == "skip":
            owner = battle["moved"][0][0]
            battle["moved"] = [e for e in battle["moved"] if e[0] != owner]

    @staticmethod
    def _note_moved(battle: dict[str, Any], owner: int, region: int, c: int) -> None:
        for e in battle["moved"]:
            if e[0] == owner and e[1] == region:
                e[2 + c] += 1
                return
        entry = [owner, region, 0, 0, 0]
        entry[2 + c] = 1
        battle["moved"].append(entry)

    def destroy_castle(self, state: State, r: int, log: Any) -> None:
        """The castle goes back to the leftmost free division of its segment (digest 6.3 step 7, D15)."""
        w = self.w
        g = state["castle"][r]
        state["castle"][r] = -1
        s = w.seg_of_terrain[w.terrain[r]]
        track = state["track"][g]
        i = w.seg_start[s]
        while track[i]:
            i += 1
        track[i] = True
        log.emit("castle_destroyed", other_seat=state["seat_of"][g], region=self._rname[r])
        if state["marker"][g] == i:
            nxt = -1
            for k in range(i + 1, len(track)):
                if not track[k]:
                    nxt = k
                    break
            state["marker"][g] = nxt
        if state["marker"][g] < 0 or all(track):
            state["marker"][g] = -1
            state["done"][g] = True
            log.emit("eliminated", seat=state["seat_of"][g])
            alive = [f for f, m in enumerate(state["marker"]) if m >= 0]
            if state["rules"]["last_standing"] and len(alive) == 1:
                seat = state["seat_of"][alive[0]]
                log.emit("last_standing", seat=seat)
                kernel.finish(state, winners=[seat], reason="last faction standing")

    # --- end of the round ---

    def _end_round(self, state: State, log: Any) -> None:
        tokens = state["tokens"]
        for f, at in enumerate(state["ranged_at"]):
            for v, b in enumerate(at):
                if b >= 0:
                    tokens[b] = None
                    at[v] = -1
            creature_at = state["creature_at"][f]
            for c, j in enumerate(creature_at):
                if j >= 0:
                    state["creatures"][j] = None
                    creature_at[c] = -1
            state["militia"][f] = False
        log.emit("round_end", round=kernel.round_number(state))
        if not kernel.next_round(state, self):
            log.emit("capped")
            return
        self._start_peace(state, log)
