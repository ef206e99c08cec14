"""What people read: seat names, card faces and move labels, as message keys of
data/messages.toml (en and ru); no text lives in the Python."""

from __future__ import annotations

from typing import Any

from boardwright.framework.events import text as render

from .catalog import CONFIG, MACHINES, RACES, kind, load_toml
from .catalog import creature as creature_data
from .catalog import hero as hero_data
from .catalog import neutral as neutral_data
from .catalog import travel as travel_data

MESSAGES: dict[str, dict[str, str]] = load_toml("messages.toml")
ART = CONFIG["card_art"]
RACE_COLOURS = {"castle": "#c9d6ea", "orcs": "#d9c39a", "necropolis": "#b9b4c9", "rampart": "#bfe0b5"}
KIND_COLOURS = {
    "treasure": "#f2d46b",
    "mine": "#9ccf8a",
    "reserve": "#c6a4e0",
    "town": "#8fb8e8",
    "garrison": "#f0a862",
    "trap": "#6b6b6b",
    "dungeon": "#e27d7d",
    "terrain": "#b38b5d",
    "diplomacy": "#c0c0c0",
    "other": "#a8e6df",
}


# the size marks on travel-card backs, smallest first (digest 2); players read them as words
SIZES = ["XS", "S", "M", "L", "XL", "XXL", "High"]


def size_text(back: str) -> dict[str, Any]:
    """A travel card's back size as the word players read ("Medium"), not its mark ("M")."""
    return {"key": f"size_{back}"}


def sizes_text(backs: list[str]) -> dict[str, Any]:
    """Backs in size order, each size once with how many show it: "Medium ×2, High"."""
    order = sorted(set(backs), key=lambda back: SIZES.index(back) if back in SIZES else len(SIZES))
    words: list[dict[str, Any]] = []
    for back in order:
        count = backs.count(back)
        words.append(size_text(back) if count == 1 else {"key": "size_times", "size": size_text(back), "count": count})
    return {"key": "sizes", "sizes": words} if words else {"key": "sizes_none"}


def seat_name(state: dict[str, Any], seat: int, lang: str) -> str:
    return render({"key": f"race_{state['race'][seat]}"}, MESSAGES, lang)


def name_of(card: str) -> dict[str, Any]:
    """The name of any card as a message key."""
    card_kind = kind(card)
    if card_kind == "creature":
        return {"key": f"creature_{card.split(':')[1]}"}
    if card_kind == "hero":
        return {"key": f"hero_{card.split(':')[2]}"}
    if card_kind in ("travel", "neutral"):
        return {"key": f"{card_kind}_{card.split(':')[1]}"}
    if card_kind == "school":
        return {"key": f"school_{card.split(':')[1]}"}
    return {"key": "chest"}


def _flags(data: dict[str, Any]) -> list[dict[str, Any]]:
    words = [{"key": f"troop_{data['type']}"}]
    words += [{"key": f"flag_{flag}"} for flag in ("mage", "large", "immune") if data.get(flag)]
    return words


def card_face(card: Any) -> dict[str, Any] | None:
    if not isinstance(card, str) or ":" not in card:
        return None
    card_kind = kind(card)
    face: dict[str, Any] = {"title": name_of(card)}
    if card_kind == "creature":
        data = creature_data(card)
        mark = data["marks"][int(card.split(":")[2])]
        face.update(
            stats=[["★", data["level"]], ["⚔", data["min"]], ["✦", mark]],
            keywords=_flags(data),
            colour=RACE_COLOURS.get(data["race"], "#dddddd"),
            art=ART[data["type"]],
            text={"key": "strike_mark", "mark": mark} if mark else {"key": "blank_card"},
        )
    elif card_kind == "hero":
        data = hero_data(card)
        face.update(
            keywords=_flags(data),
            colour="#e8d9a8",
            art=ART["hero"],
            text={"key": f"class_{data['class']}", "skill": data["skill"]},
        )
    elif card_kind == "travel":
        data = travel_data(card)
        face.update(
            keywords=[{"key": f"kind_{data['kind']}"}, {"key": "card_size", "size": size_text(data["back"])}],
            colour=KIND_COLOURS[data["kind"]],
            text={"key": f"effect_{data['kind']}"},
            art=ART["travel"][data["kind"]],
        )
        if "guard" in data:
            face["stats"] = [["⚔", data["guard"]]]
        elif "strength" in data:
            face["stats"] = [["⚔", data["strength"][0] + data["strength"][1]]]
    elif card_kind == "neutral":
        data = neutral_data(card)
        face.update(
            stats=[["★", data["level"]], ["⚔", data["strength"]]],
            keywords=_flags(data),
            colour="#d8cfc0",
            art=ART[data["type"]],
        )
    elif card_kind == "chest":
        face.update(colour="#e0b040", art=ART["chest"], text={"key": "chest_text"})
    else:
        face.update(colour="#7a6aa8", art=ART["school"], text={"key": "school_text"})
    return face


def _names(cards: list[str], lang: str) -> str:
    return ", ".join(render(name_of(card), MESSAGES, lang) for card in cards)


def _picked(card: Any, lang: str) -> Any:
    """A card named in an action: one card, a person's pick (a list of one), or still open."""
    if isinstance(card, str):
        return name_of(card)
    return _names(card, lang) if isinstance(card, list) else "…"


def describe(state: dict[str, Any], action: dict[str, Any], lang: str = "en") -> str:
    return render(action_text(state, action, lang), MESSAGES, lang)


def building(state: dict[str, Any], plot: str) -> dict[str, Any]:
    from boardwright.framework import kernel

    from .capital import building_text

    return building_text(state, kernel.active(state), plot)


def action_text(state: dict[str, Any], action: dict[str, Any], lang: str) -> dict[str, Any]:
    kind_ = action["type"]
    if kind_ == "draw_travel":
        return (
            {"key": "action_draw_deck"}
            if action["pile"] < 0
            else {"key": "action_draw_pile", "pile": action["pile"] + 1}
        )
    if kind_ == "pile":
        return pile_text(state, action)
    if kind_ in ("build", "upgrade"):
        cards = action["cards"] if isinstance(action["cards"], list) else []
        return {"key": f"action_{kind_}", "building": building(state, action["plot"]), "cards": _names(cards, lang)}
    if kind_ == "visit":
        if action["target"] >= 0:
            return {"key": "action_visit_target", "card": name_of(action["card"]), "target_seat": action["target"]}
        return {"key": "action_visit", "card": _picked(action["card"], lang)}
    if kind_ == "attack":
        return {"key": "action_attack", "card": _picked(action["card"], lang)}
    if kind_ == "spy":
        return {"key": f"action_spy_{action['what']}", "target_seat": max(0, action["target"])}
    if kind_ == "policy":
        paid = action["cards"] if isinstance(action["cards"], list) else []
        return {"key": "action_policy", "hero": name_of(action["hero"]), "cards": _names(paid, lang)}
    if kind_ in ("declare", "capture"):
        return {"key": f"action_{kind_}", "target_seat": action["target"]}
    if kind_ == "keep_heroes":
        return {"key": "action_keep", "heroes": _names(action["heroes"], lang)}
    if kind_ == "army":
        units = [
            f"{len(unit)}× " + _names(unit[:1], lang) if len(unit) > 1 else _names(unit, lang)
            for unit in action["units"]
        ]
        hero = _names([action["hero"]], lang) if action["hero"] else render({"key": "no_hero"}, MESSAGES, lang)
        return {"key": "action_army", "units": " | ".join(units) or "—", "hero": hero}
    if kind_ == "spell":
        return (
            {"key": "action_spell", "spell": {"key": f"spell_{action['spell']}"}}
            if action["spell"]
            else {"key": "action_no_spell"}
        )
    if kind_ == "treasure":
        if action["hero"] is None:
            return {"key": "action_treasure_gold", "amount": action["amount"]}
        return {"key": "action_treasure_courage", "amount": action["amount"], "hero": name_of(action["hero"])}
    if kind_ in ("hero_policy", "hero_courage"):
        return {"key": f"action_{kind_}", "hero": name_of(action["hero"])}
    if kind_ == "give_up":
        given = action["cards"] if isinstance(action["cards"], list) else []
        return {"key": "action_give_up", "cards": _names(given, lang)}
    if kind_ == "line_up":
        first = action["cards"] if isinstance(action["cards"], list) else []
        return {"key": "action_line_up", "cards": _names(first, lang)}
    if kind_ == "place":
        return place_text(state, action)
    if kind_ in ("spell_target", "cover"):
        return {"key": f"action_{kind_}", "card": name_of(action["card"])}
    if kind_ == "elemental":
        before = action["before"]
        return (
            {"key": "action_elemental_before", "card": name_of(before)} if before else {"key": "action_elemental_last"}
        )
    if kind_ == "machine":
        return {"key": "action_machine", "machine": {"key": f"machine_{action['machine']}"}}
    if kind_ == "force_peace":
        return {"key": f"action_force_peace_{'yes' if action['pay'] else 'no'}", "price": action["price"]}
    if kind_ in ("bribe", "mercenary", "intercept", "peace"):
        flag = action.get("pay", action.get("fight", action.get("accept")))
        return {"key": f"action_{kind_}_{'yes' if flag else 'no'}"}
    return {"key": f"action_{kind_}"}


def pile_text(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """One pile of the watchman's split (week.py): its size; all the cards left make it the
    last pile; before the last pile the option allows, what that one will take."""
    from boardwright.framework import zones

    left = zones.count(state, "travel_deck")
    pile, size = action["pile"], action["size"]
    if size >= left:
        return {"key": "action_pile_last", "pile": pile + 1, "size": size}
    if pile + 2 >= state["piles"]:
        return {"key": "action_pile_rest", "pile": pile + 1, "size": size, "next": pile + 2, "rest": left - size}
    return {"key": "action_pile", "pile": pile + 1, "size": size}


def place_text(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """A card into the battle line: the hero's slot, a new slot, or a column (deployment.py)."""
    slot = action["slot"]
    if slot < 0:
        return {"key": "action_place_hero", "card": name_of(action["card"])}
    battle = state.get("battle")
    owner = int(action["card"].split(":")[0])
    sides = [side for side in battle["sides"] if side["seat"] == owner] if battle else []
    mine = sides[0]["units"] if sides else []
    key = "action_place_column" if slot < len(mine) else "action_place_new"
    return {"key": key, "card": name_of(action["card"]), "slot": slot + 1}


def race_names() -> list[str]:
    return list(RACES)


def machine_names() -> list[str]:
    return list(MACHINES)
