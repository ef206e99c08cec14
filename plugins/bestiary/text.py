"""Action labels people read (menus, logs): creature, ability and target names rather than ids."""

from __future__ import annotations

from typing import Any

from .catalogue import CREATURES, EFFECTS
from .creatures import State, board_of, index_of

Action = dict[str, Any]

ACTION_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "ban": "Ban",
        "pick": "Pick",
        "place": "Place",
        "hire": "Hire",
        "move": "manoeuvre",
        "from": "from",
        "to": "to",
        "direction": "towards",
        "chips": "chips",
        "enters": "enters",
        "castle": "Castle",
        "castles": "Castles",
        "split": "I take castle",
        "land": "Land",
        "end": "End the turn",
        "pass": "Pass",
        "skip": "Skip",
        "hire_done": "Done hiring",
    },
    "ru": {
        "ban": "Запрет",
        "pick": "Выбор",
        "place": "Выставить",
        "hire": "Нанять",
        "move": "манёвр",
        "from": "из",
        "to": "на",
        "direction": "в сторону",
        "chips": "фишки",
        "enters": "входит в",
        "castle": "Замок",
        "castles": "Замки",
        "split": "Беру замок",
        "land": "Земля",
        "end": "Закончить ход",
        "pass": "Пас",
        "skip": "Пропустить",
        "hire_done": "Найм окончен",
    },
}


def describe(state: State, action: Action, lang: str = "en") -> str | None:
    """A label for an action, or None for an action this game does not name."""
    lang = "ru" if lang == "ru" else "en"
    words = ACTION_WORDS[lang]
    kind = action["type"]
    if kind in ("ban", "pick", "place", "hire") and "cr" in action:
        where = f" → {_castle_text(state, action['castle'], lang)}" if action.get("castle") else ""
        return f"{words[kind]}: {CREATURES[action['cr']][f'name_{lang}']}{where}"
    if kind in ("attack", "move", "use"):
        return _use_text(state, action, lang)
    if kind == "enter":
        creature = CREATURES[state["creatures"][index_of(action["c"])]["id"]]
        return f"{creature[f'name_{lang}']} {words['enters']} {_castle_text(state, action['castle'], lang)}"
    if kind == "castle":
        return f"{words['castle']}: {_castle_text(state, action['castle'], lang)}"
    if kind == "castles":
        return f"{words['castles']}: {', '.join(_castle_text(state, c, lang) for c in action['castles'])}"
    if kind == "split":
        return f"{words['split']}: {_castle_text(state, action['castle'], lang)}"
    if kind == "land":
        return f"{words['land']}: {action['land']}"
    if kind in words:
        return str(words[kind])
    return None


def _hex_text(state: State, key: str, lang: str) -> str:
    """A hex by what stands on it: a creature, a castle, or its key."""
    board = board_of(state)
    h = board.index.get(key)
    if h is None:
        return key
    occupant = state["occupant"][h]
    if occupant >= 0:
        return f"{CREATURES[state['creatures'][occupant]['id']][f'name_{lang}']} ({key})"
    if h in board.castle_at:
        return f"{board.castle_names[board.castle_at[h]][lang]} ({key})"
    return key


def _castle_text(state: State, castle_id: str, lang: str) -> str:
    board = board_of(state)
    if castle_id in board.castle_ids:
        return str(board.castle_names[board.castle_ids.index(castle_id)][lang])
    return _hex_text(state, castle_id, lang)


def _use_text(state: State, action: Action, lang: str) -> str:
    """ "<creature>: <ability> → <target> ..." with every detail the use names."""
    name = f"name_{lang}"
    words = ACTION_WORDS[lang]
    creature = CREATURES[state["creatures"][index_of(action["c"])]["id"]]
    if action["type"] == "attack":
        ability = creature["attack"][name]
    elif action["type"] == "move":
        ability = words["move"]
    else:
        ability = creature["support"][action["s"]][name]
    parts = [f"{creature[name]}: {ability}"]
    if "t" in action:
        parts.append(f"→ {_hex_text(state, action['t'], lang)}")
    if "ts" in action:
        parts.append("→ " + ", ".join(_hex_text(state, h, lang) for h in action["ts"]))
    if "g" in action:
        parts.append(f"{words['from']} {_hex_text(state, action['g'], lang)}")
    if "to" in action:
        parts.append(f"{words['to']} {action['to']}")
    if "dir" in action:
        board = board_of(state)
        here = state["creatures"][index_of(action["c"])]["hex"]
        ray = board.rays[here][action["dir"] % 6] if here >= 0 else []
        toward = _hex_text(state, board.keys[ray[0]], lang) if ray else str(action["dir"])
        parts.append(f"{words['direction']} {toward}")
    if "eff" in action:
        parts.append(f"({EFFECTS[action['eff']][name]})")
    if "chips" in action:
        parts.append(f"({words['chips']}: {', '.join(str(c + 1) for c in action['chips'])})")
    return " ".join(parts)
