"""Texts people read: a message in the plural form its count asks for, in each language."""

from __future__ import annotations

import pytest

from boardwright.framework import PluginHost
from boardwright.framework.events import plural_form, render

MESSAGES = {
    "en": {"drew": "{seat} draws {count} cards", "drew_one": "{seat} draws {count} card"},
    "ru": {
        "drew_one": "{seat} берёт {count} карту",
        "drew_few": "{seat} берёт {count} карты",
        "drew_many": "{seat} берёт {count} карт",
    },
}


@pytest.mark.parametrize(
    ("count", "english", "russian"),
    [
        (1, "A draws 1 card", "A берёт 1 карту"),
        (2, "A draws 2 cards", "A берёт 2 карты"),
        (5, "A draws 5 cards", "A берёт 5 карт"),
        (11, "A draws 11 cards", "A берёт 11 карт"),
        (21, "A draws 21 cards", "A берёт 21 карту"),
        (24, "A draws 24 cards", "A берёт 24 карты"),
        (0, "A draws 0 cards", "A берёт 0 карт"),
    ],
)
def test_a_message_takes_the_plural_form_of_its_count(count: int, english: str, russian: str) -> None:
    event = {"key": "drew", "params": {"seat": 0, "count": count}}
    assert render(event, MESSAGES, "en", ["A"]) == english
    assert render(event, MESSAGES, "ru", ["A"]) == russian


def test_a_language_without_the_message_reads_englishs_form() -> None:
    only_english = {"en": {"x_one": "one card", "x_other": "{count} cards"}, "ru": {}}
    assert render({"key": "x", "params": {"count": 1}}, only_english, "ru") == "one card"
    assert render({"key": "x", "params": {"count": 3}}, only_english, "ru") == "3 cards"
    assert plural_form(112, "ru") == "many" and plural_form(103, "ru") == "few" and plural_form(1, "en") == "one"


@pytest.mark.parametrize("game_id", sorted(PluginHost().games()))
def test_every_plural_form_of_a_game_has_its_language_s_forms(game_id: str) -> None:
    """A game that gives a message plural forms gives all its language's forms (beside the
    message itself, which serves where a form is missing)."""
    messages = PluginHost().games()[game_id].messages
    forms = {"en": ("one", "other"), "ru": ("one", "few", "many")}
    for lang, catalog in messages.items():
        for stem in catalog:
            given = [form for form in forms[lang] if f"{stem}_{form}" in catalog]
            if given:
                missing = [f"{stem}_{form}" for form in forms[lang] if form not in given]
                assert not missing, (lang, missing)


def test_a_number_that_is_zero_may_have_a_form_that_leaves_it_out() -> None:
    """ "gains 3 prosperity", not "gains 3 prosperity and draws 0"."""
    messages = {
        "en": {"income": "{seat} gains {amount}; cards drawn: {cards}", "income_no_cards": "{seat} gains {amount}"},
        "ru": {"income": "{seat} получает {amount}; взято карт: {cards}"},
    }
    drew = {"key": "income", "params": {"seat": 0, "amount": 3, "cards": 2}}
    none = {"key": "income", "params": {"seat": 0, "amount": 3, "cards": 0}}
    assert render(drew, messages, "en", ["A"]) == "A gains 3; cards drawn: 2"
    assert render(none, messages, "en", ["A"]) == "A gains 3"
    assert render(none, messages, "ru", ["A"]) == "A получает 3; взято карт: 0", "no zero form: the message itself"
    assert render({"key": "income", "params": {"seat": 0, "amount": 3, "cards": False}}, messages, "en", ["A"]) == (
        "A gains 3; cards drawn: False"
    ), "a flag is not a number"
