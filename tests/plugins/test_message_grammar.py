"""Every game's messages read as sentences in both languages: a verb agrees with the seat that
is its subject, a seat's name is never put where Russian needs another case, a number is
never set before a noun that cannot agree with it, and a log never reads one name twice
where it meant a player and a faction."""

from __future__ import annotations

import random
import re

import pytest

from boardwright.framework import PluginHost
from boardwright.framework.match import Match

HOST = PluginHost()
GAMES = sorted(HOST.games())
SEAT = r"\{(?:\w+_)?seats?\}"
# words after which Russian declines the name that follows (у Красных, с Альянсом, Замок игрока)
GOVERNING = r"(?<![\w-])(у|с|со|за|от|между|к|ко|для|цвета|игроку|Замок|Столица|Герой|Удача)\s+" + SEAT
# a seat with a past-tense verb or a short participle after it: its gender is not known
PAST = SEAT + r"\s+(\w+л[аои]?|\w+ан[аоы]?|\w+ен[аоы]?)(?![\w-])"
# a number put before a noun that must agree with it, in a message with no plural forms
COUNTED = {
    "en": r"(?<!of )\{(\w+)\} (hits|wounds|chests|cards|units|castles|creatures|swords)\b",
    "ru": r"\{(\w+)\} (карт[ауы]?|ран[уы]?|замк(ов|а)|меч(а|ей)|сундук(ов|а)|отряд(ов|а))(?![\w-])",
}
PLURAL_FORMS = re.compile(r"_(one|few|many|other)$")


def catalog(game_id: str, lang: str) -> dict[str, str]:
    messages = HOST.engine(game_id).game.messages
    return {key: text for key, text in (messages.get(lang) or {}).items() if isinstance(text, str)}


def seat_names(game_id: str, lang: str) -> list[str]:
    engine = HOST.engine(game_id)
    names = []
    for players in engine.spec.players:
        state = engine.new_game(players, {}, 1)
        names += [engine.game.seat_name(state, seat, lang) for seat in range(players)]
    return sorted(set(names))


def plural(name: str) -> bool:
    """A Russian seat name in the plural: "Красные", "Орки" (its last word ends so)."""
    return bool(re.search(r"(ые|ие|ки|ны|ры)$", name.split()[-1]))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_name_and_the_verbs_after_it_agree_in_number(game_id: str) -> None:
    names = seat_names(game_id, "ru")
    numbers = {plural(name) for name in names}
    assert len(numbers) == 1, f"{game_id}: seat names of both numbers, no verb can agree with all: {names}"
    singular_verb = re.compile(r"^\{seat\}\s+\w+(ет|ит|ёт|ает|ует)(?![\w-])")
    plural_verb = re.compile(r"^\{seat\}\s+\w+(ют|ят|ут|ат)(?![\w-])")
    wrong = plural_verb if numbers == {False} else singular_verb
    bad = [f"{key} = {text}" for key, text in catalog(game_id, "ru").items() if wrong.search(text)]
    assert not bad, f"{game_id}: {names}: {bad}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_name_stands_where_russian_keeps_it_in_the_nominative(game_id: str) -> None:
    bad = [
        f"{key} = {text}"
        for key, text in catalog(game_id, "ru").items()
        if re.search(GOVERNING, text) or re.search(PAST, text)
    ]
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_number_before_a_noun_has_plural_forms(game_id: str, lang: str) -> None:
    texts = catalog(game_id, lang)
    bad = []
    for key, text in texts.items():
        base = PLURAL_FORMS.sub("", key)
        forms = key != base or any(f"{base}_{form}" in texts for form in ("one", "few", "many"))
        if re.search(COUNTED[lang], text) and not forms:
            bad.append(f"{key} = {text}")
    assert not bad, bad


def played(game_id: str, seed: int, plies: int) -> Match:
    match = Match(HOST.engine(game_id), seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        legal = match.legal_actions()
        if match.is_over() or not legal:
            break
        match.apply(legal[rng.randrange(len(legal))])
    return match


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_book_of_war_names_a_chosen_faction_once(lang: str) -> None:
    """The seat takes its faction's name once it has chosen: the log does not say "Legion of
    Chaos plays the Legion of Chaos", nor "берёт армию цвета красные"."""
    match = played("book_of_war", 3, 12)
    lines = match.log_lines(None, lang)
    factions = match.seat_names(lang)
    chosen = [line for line in lines if any(line.count(name) > 1 for name in factions)]
    assert not chosen, chosen
    assert any(name in line for line in lines for name in factions), "the walk reached the faction choice"
    assert not any("цвета" in line for line in lines), lines


def test_connect_four_reads_red_drop_in_the_plural_in_russian() -> None:
    lines = played("connect_four", 2, 60).log_lines(None, "ru")
    assert any(line.startswith("Красные бросают фишку") for line in lines), lines
    assert lines[-1].endswith("побеждают") or lines[-1].startswith("Поле заполнено"), lines[-1]


def test_signum_income_leaves_out_no_cards_drawn() -> None:
    for lang in ("en", "ru"):
        lines = played("signum", 1, 400).log_lines(None, lang)
        assert not any(re.search(r"(draws|drawn:|взято карт:) 0\b", line) for line in lines), lang


def test_bestiary_says_when_a_castle_will_fall_in_the_future_tense() -> None:
    """The castle track tells what is still to come: "при 10 замок падёт", not "пал"."""
    from boardwright.framework.events import render

    messages = HOST.engine("bestiary").game.messages
    event = {"key": "castle_track_line", "params": {"damage": 2, "durability": 10}}
    assert render(event, messages, "ru") == "Урон 2 из 10: при 10 замок падёт"
    assert render(event, messages, "en") == "Damage 2 of 10: at 10 the castle falls"
