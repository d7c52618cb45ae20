"""An action's numbers are read in ASCII digits 0-9 only, in both editions.

``str.isdigit`` and ``int`` take the digits of other scripts, fullwidth and
superscript digits, signs and underscores; an action's text takes none of
them, and refuses them with an ``ActionParseError`` that says so.
"""

from __future__ import annotations

import functools
import random
import re

import attrs
import pytest

import serenissima as ser
from serenissima.engine.core import State, is_number, read_number, read_number_or_name
from serenissima.engine.errors import ActionParseError, IllegalActionError, OptionError

EDITIONS = ("classic", "modern")


def _digits(*points: int) -> dict[int, int]:
    """A translation of the ASCII digits 0 to 9 to the characters at ``points``."""
    return str.maketrans("0123456789", "".join(map(chr, points)))


NUMERALS = {
    "arabic-indic": _digits(*range(0x0660, 0x066A)),
    "fullwidth": _digits(*range(0xFF10, 0xFF1A)),
    "superscript": _digits(0x2070, 0xB9, 0xB2, 0xB3, *range(0x2074, 0x207A)),
    "devanagari": _digits(*range(0x0966, 0x0970)),
}
"""Numerals that ``str.isdigit`` takes for digits (and ``int`` reads, but superscripts)."""

NUMBER = re.compile(r"(?<![a-z_])[0-9]+")
"""A number in an action's text (the digit of a name such as ``hourglass1`` is none)."""


@functools.cache
def _numbered(name: str) -> tuple[tuple[State, str], ...]:
    """For each kind of action (chance outcomes too) whose text holds a number: a state and text.

    The kinds are found by playing random games from a new game, so every
    text is that of a legal action in its state.
    """
    rules = ser.load_ruleset(name)
    rng = random.Random(1)
    found: dict[str, tuple[State, str]] = {}
    for players in (2, 3, 4):
        state = rules.new_game(players)
        while not rules.is_over(state):
            if state.to_act == ser.CHANCE:
                outcomes = [str(a) for a, _ in rules.chance_outcomes(state)]
                legal = [a for a, _ in rules.chance_outcomes(state)]
            else:
                legal = list(rules.legal_actions(state))
                outcomes = [str(a) for a in legal]
            for text in outcomes:
                if NUMBER.search(text):
                    found.setdefault(text.split()[0], (state, text))
            state = rules.apply(state, rng.choice(legal))
    return tuple(found[head] for head in sorted(found))


def _parsed(rules: ser.Ruleset, state: State, text: str) -> ser.Action:
    """The action ``text`` spells, checked to be one of the state's actions or outcomes."""
    action = rules.parse_action(state, text)
    if state.to_act == ser.CHANCE:
        assert action in [a for a, _ in rules.chance_outcomes(state)]
    else:
        assert rules.is_legal(state, action)
    assert str(action) == text
    return action


def test_every_kind_of_action_with_a_number_is_found() -> None:
    classic = {text.split()[0] for _, text in _numbered("classic")}
    modern = {text.split()[0] for _, text in _numbered("modern")}
    assert {"bid", "crew", "sailor", "cargo", "move", "sell", "attack", "roll"} <= classic
    assert {"first", "crew", "sailor", "cube", "attack", "galley", "claim", "buy"} <= modern


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("numeral", sorted(NUMERALS))
def test_a_number_in_another_numeral_is_refused(name: str, numeral: str) -> None:
    rules = ser.load_ruleset(name)
    for state, text in _numbered(name):
        _parsed(rules, state, text)  # the ASCII text is read
        foreign = text.translate(NUMERALS[numeral])
        with pytest.raises(ActionParseError, match="written in ASCII digits 0-9") as info:
            rules.parse_action(state, foreign)
        assert info.value.text == foreign


def _spoiled(number: str) -> tuple[str, ...]:
    """``number`` with a sign, an underscore (which ``int`` reads) or a decimal point."""
    split = f"{number[0]}_{number[1:]}" if len(number) > 1 else f"{number}_0"
    return (f"+{number}", f"-{number}", split, f"{number}.0")


@pytest.mark.parametrize("name", EDITIONS)
def test_a_sign_or_separator_in_a_number_is_refused(name: str) -> None:
    rules = ser.load_ruleset(name)
    for state, text in _numbered(name):
        _parsed(rules, state, text)
        for match in NUMBER.finditer(text):
            for bad in _spoiled(match.group()):
                spoiled = text[: match.start()] + bad + text[match.end() :]
                with pytest.raises(ActionParseError, match="written in ASCII digits 0-9"):
                    rules.parse_action(state, spoiled)


def test_a_new_classic_game_reads_its_crew_in_ascii_digits_only() -> None:
    rules = ser.load_ruleset("classic")
    state = rules.new_game(2)
    text = next(str(a) for a in rules.legal_actions(state) if str(a).startswith("crew "))
    _, first, second = text.split()
    _parsed(rules, state, text)
    for numeral in NUMERALS.values():
        with pytest.raises(ActionParseError, match="sailors as a whole number written in ASCII"):
            rules.parse_action(state, f"crew {first.translate(numeral)} {second}")
    for bad in ("crew 1_0 5", "crew +5 5", "crew 5 \uff15"):
        with pytest.raises(ActionParseError, match="written in ASCII digits 0-9"):
            rules.parse_action(state, bad)


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        (
            "classic",
            "bid \u0661\u0660\u0660",
            "expected ducats as a whole number written in ASCII digits 0-9, got '\u0661",
        ),
        (
            "classic",
            "sailor ¹>venice",
            "expected a port, or a galley as a whole number written in ASCII digits 0-9, got '¹'",
        ),
        ("modern", "crew \uff16", "crew needs a number written in ASCII digits 0-9, got '\uff16'"),
        ("modern", "attack +12", "attack needs a port or a number written in ASCII digits"),
        ("modern", "sailor genoa>³", "sailor needs a port or a number written in ASCII digits"),
        ("modern", "cube wood 1_0>6", "cube needs a number written in ASCII digits 0-9"),
    ],
)
def test_the_reason_says_numbers_are_written_in_ascii_digits(
    name: str, text: str, reason: str
) -> None:
    rules = ser.load_ruleset(name)
    with pytest.raises(ActionParseError) as info:
        rules.parse_action(rules.new_game(3), text)
    assert info.value.text == text
    assert reason in info.value.reason


@pytest.mark.parametrize("name", EDITIONS)
def test_a_port_is_still_read_where_a_galley_may_stand(name: str) -> None:
    rules = ser.load_ruleset(name)
    text = "sailor venice>3"
    assert str(rules.parse_action(rules.new_game(3), text)) == text


def test_the_helpers_take_ascii_digits_only() -> None:
    assert is_number("0")
    assert is_number("0123456789")
    for word in (
        "",
        "\u0661\u0660\u0660",
        "\uff11\uff10\uff10",
        "¹",
        "+100",
        "-1",
        "1_00",
        " 1",
        "1.0",
        "\u0663",
    ):
        assert not is_number(word)
        with pytest.raises(ActionParseError, match="written in ASCII digits 0-9"):
            read_number(f"bid {word}", word, "expected ducats as a whole number")
    assert read_number("bid 007", "007", "bids") == 7
    for word in ("venice", "ionian_sea", "12", "_1"):
        assert read_number_or_name("x", word, "a port or a number") == word
    for word in ("\uff11\uff12", "+12", "-1", "1_2", "12a", "ven\u0661ce", "²"):
        with pytest.raises(ActionParseError):
            read_number_or_name("x", word, "a port or a number")


@pytest.mark.parametrize("name", EDITIONS)
def test_a_transfer_built_with_a_superscript_galley_is_illegal_not_a_crash(name: str) -> None:
    rules = ser.load_ruleset(name)
    state, text = next((s, t) for s, t in _numbered(name) if t.startswith("sailor "))
    legal = rules.parse_action(state, text)
    assert is_number(legal.source) or is_number(legal.target)
    for end in ("source", "target"):  # int("¹") fails: the rules must not call it
        with pytest.raises(IllegalActionError):
            rules.apply(state, attrs.evolve(legal, **{end: "¹"}))


@pytest.mark.parametrize(
    ("option", "value", "written"),
    [
        ("money_unit", "\uff11\uff10\uff10", "100"),
        ("money_unit", "\u0661\u0660\u0660", "100"),
        ("money_unit", "+100", "100"),
        ("money_unit", "1_00", "100"),
        ("sailor_pool", "¹⁷⁶", "176"),
        ("sailor_pool", "\u0967\u096e\u0966", "180"),
    ],
)
def test_an_option_number_not_in_ascii_digits_is_refused(
    option: str, value: str, written: str
) -> None:
    rules = ser.load_ruleset("classic")
    with pytest.raises(OptionError, match=option):
        rules.new_game(2, options={option: value})
    with pytest.raises(OptionError, match=option):
        ser.Game(rules, players=2, seed=1, options={option: value})
    rules.new_game(2, options={option: written})
    assert ser.Game(rules, players=2, seed=1, options={option: written}).options[option] == written
