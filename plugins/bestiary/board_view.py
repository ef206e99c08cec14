"""The board description for clients (client/README.md vocabulary): hexes with terrain,
castles, towers and their control areas, creatures with life and effects, obstacle and web
markers, the time disc with each side's cooldown chips, castle tracks or VP tracks."""

from __future__ import annotations

from typing import Any

from boardwright.framework import hexgrid, kernel

SIZE = 60.0
MARGIN = 90.0


_OFFSETS: dict[str, tuple[float, float, float, float]] = {}


def _frame(board: Any) -> tuple[float, float, float, float]:
    """(dx, dy, width, height): the shift that puts the board's hexes inside a tight canvas."""
    if board.id not in _OFFSETS:
        pointy = board.layout == "pointy"
        pts = [hexgrid.to_pixel(c, SIZE, pointy) for c in board.coords]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        dx, dy = MARGIN - min(xs), MARGIN - min(ys)
        _OFFSETS[board.id] = (dx, dy, max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN)
    return _OFFSETS[board.id]


def _pixel(board: Any, h: int) -> tuple[float, float]:
    x, y = hexgrid.to_pixel(board.coords[h], SIZE, board.layout == "pointy")
    dx, dy, _, _ = _frame(board)
    return x + dx, y + dy


def _effects_text(c: dict[str, Any], effects: dict[str, Any]) -> str:
    tally: dict[str, int] = {}
    for m in c["mk"]:
        tally[m[0]] = tally.get(m[0], 0) + 1
    return " ".join(effects[e]["short"] + (f"×{n}" if n > 1 else "") for e, n in sorted(tally.items()))


def describe(game: Any, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    from .rules import CONFIG, CREATURES, EFFECTS

    board = game._board(state)
    colours = CONFIG["colours"]
    side_colour = colours["sides"]
    items: list[dict[str, Any]] = []
    pointy = board.layout == "pointy"
    for h, key in enumerate(board.keys):
        terrain = "protorp" if board.void[h] else board.terrain[h]
        tip = f"{key} {terrain}" + (f" ({board.land[h]})" if board.land[h] else "")
        item = {
            "id": key,
            "shape": "hex",
            "center": list(_pixel(board, h)),
            "radius": SIZE * 0.97,
            "pointy": pointy,
            "fill": colours["terrain"][terrain],
            "stroke": "#303030",
            "layer": "board",
            "tip": tip,
        }
        castle = board.castle_at.get(h)
        if castle is not None:
            owner = state["cown"][castle]
            item["stroke"] = side_colour[owner] if owner >= 0 else "#ffffff"
            item["width"] = 4
            names = board.castle_names[castle]
            item["tip"] = f"{tip}; {names['en']}" + (f", {game.seat_name(state, owner)}" if owner >= 0 else "")
        items.append(item)
        if castle is not None:
            # the castle's name under its centre, small, so a creature standing there stays readable
            x, y = _pixel(board, h)
            items.append(
                {
                    "shape": "text",
                    "at": [x, y + SIZE * 0.68],
                    "text": {"en": names["en"], "ru": names["ru"]},
                    "size": SIZE * 0.2,
                    "fill": "#ffffff",
                    "layer": "marker",
                }
            )
    if board.lands:
        items += _land_borders(board)
    for tower in board.towers:
        sums = game.tower_sums(state, tower["area"])
        for h in tower["area"]:
            x, y = _pixel(board, h)
            items.append(
                {
                    "shape": "hex",
                    "center": [x, y],
                    "radius": SIZE * 0.8,
                    "pointy": pointy,
                    "stroke": "#fff3b0",
                    "width": 3,
                    "layer": "board",
                    "tip": f"{tower['id']} control area",
                }
            )
        if tower.get("hex") is not None:
            tx, ty = _pixel(board, tower["hex"])
            ty -= SIZE * 0.62  # above the creature that may stand there
        else:
            dx, dy, _, _ = _frame(board)
            tx, ty = dx + tower["draw"][0] * SIZE, dy + tower["draw"][1] * SIZE
        items.append(
            {
                "shape": "rect",
                "rect": [tx - 12, ty - 12, 24, 24],
                "fill": "#4a4a4a",
                "stroke": "#ffffff",
                "label": "T",
                "layer": "marker",
                "tip": f"{tower['id']}: siege " + " : ".join(map(str, sums)),
            }
        )
    for h, m in enumerate(state["bm"]):
        if m is not None:
            x, y = _pixel(board, h)
            items.append(
                {
                    "shape": "circle",
                    "center": [x, y + SIZE * 0.45],
                    "radius": 10,
                    "fill": side_colour[game._seat_sides(state, m[1])[0]],
                    "label": "#" if m[0] == "OBSTACLE" else "W",
                    "layer": "marker",
                    "tip": EFFECTS[m[0]]["name_en"],
                }
            )
    for _ci, c in enumerate(state["cr"]):
        if c["hex"] < 0:
            continue
        d = CREATURES[c["id"]]
        life = d["life"]
        x, y = _pixel(board, c["hex"])
        pips = "●" * (life - c["dmg"]) + "○" * c["dmg"]
        status = []
        if game.inactive(state, c):
            status.append("INACTION")
        net = game.haste_net(state, c)
        if net > 0:
            status.append("net HASTE")
        elif net < 0:
            status.append("net SLOW")
        items.append(
            {
                "id": board.keys[c["hex"]],
                "shape": "circle",
                "center": [x, y],
                "radius": SIZE * 0.55,
                "fill": side_colour[c["seat"]],
                "stroke": "#ffffff",
                "layer": "piece",
                "label": f"{d['name_en'][:4]} {life - c['dmg']}",
                "tip": {
                    "en": f"{d['name_en']} {pips} {_effects_text(c, EFFECTS)} {' '.join(status)}".strip(),
                    "ru": f"{d['name_ru']} {pips} {_effects_text(c, EFFECTS)}".strip(),
                },
                "highlight": state["stage"] == "play" and c["seat"] == state["actor"],
            }
        )
    panels = _panels(game, state, board, CONFIG, CREATURES, EFFECTS)
    return {
        "kind": "hex",
        "size": [round(_frame(board)[2]), round(_frame(board)[3])],
        "background": "#20242c",
        "items": items,
        "panels": panels,
        "status": _status(game, state),
    }


def _land_borders(board: Any) -> list[dict[str, Any]]:
    """Thick lines on the edges between hexes of different lands, and a label per land."""
    out: list[dict[str, Any]] = []
    pointy = board.layout == "pointy"
    for a in range(len(board.keys)):
        for b in board.nbr[a]:
            if a < b and board.land[a] != board.land[b] and board.land[a] and board.land[b]:
                bx, by = _pixel(board, b)
                ax, ay = _pixel(board, a)
                corners = [(ax + x, ay + y) for x, y in hexgrid.corners((0, 0), SIZE, pointy)]
                corners.sort(key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
                out.append(
                    {
                        "shape": "line",
                        "points": [list(corners[0]), list(corners[1])],
                        "width": 5,
                        "stroke": "#f5f5f5",
                        "layer": "marker",
                    }
                )
    for land in board.lands:
        hexes = [h for h in range(len(board.keys)) if board.land[h] == land]
        x = sum(_pixel(board, h)[0] for h in hexes) / len(hexes)
        y = sum(_pixel(board, h)[1] for h in hexes) / len(hexes)
        out.append({"shape": "text", "at": [x, y], "text": land, "size": 40, "layer": "marker"})
    return out


def _ability_text(d: dict[str, Any]) -> str:
    a = d["attack"]
    parts = [f"A: {a['name_en']} ({a['area']})"]
    for i, s in enumerate(d["support"]):
        cd = s.get("cooldown", "X") if not s.get("cd_x") or "cooldown" not in s else f"X/{s['cooldown']}"
        parts.append(f"S{i + 1}: {s['name_en']} ({s['area']}, cd {cd})")
    return "; ".join(parts)


def _panels(
    game: Any,
    state: dict[str, Any],
    board: Any,
    config: dict[str, Any],
    creatures: dict[str, Any],
    effects: dict[str, Any],
) -> list[dict[str, Any]]:
    panels = []
    p = state["period"]
    colours = config["colours"]["sides"]
    if board.id == "protorp":
        marks = [{"at": v, "label": str(s + 1), "fill": colours[s]} for s, v in enumerate(state["vp"])]
        lines = [
            f"{game.seat_name(state, s)}: {v} VP, army {len(state['tab'][s])}/{game.army_limit(v)}"
            + ("" if state["alive"][s] else " (out)")
            for s, v in enumerate(state["vp"])
        ]
        lines.append(
            "lands: "
            + " ".join(land + ("" if up else "·") for land, up in zip(board.lands, state["lands"], strict=True))
        )
        panels.append(
            {
                "title": {"en": "War track", "ru": "Шкала войны"},
                "lines": lines,
                "track": {"length": state["cfg"]["vp_goal"], "marks": marks},
            }
        )
    else:
        for side in range(state["nsides"]):
            seat = game._seat_sides(state, side)[0]
            panels.append(
                {
                    "title": {
                        "en": f"Castle track: {game.seat_name(state, seat)}",
                        "ru": f"Шкала замка: {game.seat_name(state, seat, 'ru')}",
                    },
                    "track": {
                        "length": state["cfg"]["durability"],
                        "marks": [{"at": state["dmg"][side], "label": "✖", "fill": colours[seat]}],
                    },
                }
            )
    # the time disc: each chip lies in sector ready_at - P (0 = the pointer sector, due)
    disc_lines = [f"period {p}"]
    for side in range(state["nsides"]):
        sectors: dict[int, list[str]] = {}
        for c in state["cr"]:
            if c["side"] != side:
                continue
            for s, ready in enumerate(c["cd"]):
                if ready:
                    sectors.setdefault(max(0, ready - p), []).append(creatures[c["id"]]["support"][s]["name_en"])
        seat = game._seat_sides(state, side)[0]
        text = "; ".join(f"{k or '♪'}: {', '.join(v)}" for k, v in sorted(sectors.items())) or "-"
        disc_lines.append(f"{game.seat_name(state, seat)}: {text}")
    marks = [{"at": p % 6, "label": "♪", "fill": "#ffffff"}]
    panels.append(
        {
            "title": {"en": "Time disc", "ru": "Сигил времени"},
            "lines": disc_lines,
            "track": {"length": 6, "marks": marks},
        }
    )
    for seat, tab in enumerate(state["tab"]):
        cards = []
        for ci in tab:
            c = state["cr"][ci]
            d = creatures[c["id"]]
            chips = ["A:" + ("used" if c["atk"] else "ready")] + [
                f"S{s + 1}:" + (str(max(0, r - p)) if r else "ready") for s, r in enumerate(c["cd"])
            ]
            where = board.keys[c["hex"]] if c["hex"] >= 0 else "waiting"
            cards.append(
                {
                    "id": f"cr{ci}",
                    "label": f"{d['name_en']} {d['life'] - c['dmg']}/{d['life']}",
                    "tip": f"{d['name_ru']} ({d['class']}); {where}; {' '.join(chips)}; {_effects_text(c, effects)}; {_ability_text(d)}",
                    "fill": colours[seat],
                }
            )
        panels.append(
            {
                "title": {
                    "en": f"Tableau: {game.seat_name(state, seat)}",
                    "ru": f"Планшет: {game.seat_name(state, seat, 'ru')}",
                },
                "cards": cards,
            }
        )
    if state["stage"] == "draft":
        panels.append(
            {
                "title": {"en": "Pool", "ru": "Пул"},
                "lines": [", ".join(creatures[c]["name_en"] for c in state["draft"]["pool"])],
            }
        )
    return panels


def _status(game: Any, state: dict[str, Any]) -> dict[str, str]:
    if kernel.is_over(state):
        return {"en": "Game over", "ru": "Игра окончена"}
    seat = kernel.to_move(state)
    stage = state["stage"]
    en = f"Period {state['period']} - {stage} - {game.seat_name(state, seat)}"
    ru = f"Период {state['period']} - {stage} - {game.seat_name(state, seat, 'ru')}"
    if state["land"]:
        en += f" - land {state['land']} (stage {state['stage_no']}/4)"
        ru += f" - земля {state['land']} (этап {state['stage_no']}/4)"
    return {"en": en, "ru": ru}
