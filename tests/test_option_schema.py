"""The option schema: deriving it from an options class, reading options, checking options.toml.

Also the schemas of both editions: they match the classes their code reads, the shipped
``options.toml`` files pass them, every value they say the code understands plays, and
``new_game`` answers any user option with an ``OptionError``, never a raw exception.
"""

from __future__ import annotations

import importlib.resources
import re
import shutil
import typing
from collections.abc import Mapping
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import serenissima as ser
from serenissima.agents import RandomAgent, play_game
from serenissima.engine.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    OptionError,
    RulesetError,
)
from serenissima.engine.options import Numbers, OptionSchema, option_schema
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spec import OptionKind, OptionSpec
from serenissima_rulesets.classic.state import ClassicOptions
from serenissima_rulesets.modern.state import ModernOptions

EDITIONS = {"classic": ClassicOptions, "modern": ModernOptions}


@attrs.frozen
class Sample:
    mode: str = "fast"
    size: int = 3
    flag: bool = False
    pool: str = "none"
    ports: str | tuple[str, ...] = "random"


SCHEMA = option_schema(
    Sample,
    mode=("fast", "slow"),
    size=Numbers(1, 9),
    pool=("none", Numbers(low=0)),
    ports=("random",),
)


def spec(name: str, kind: str, default: object, values: tuple[str, ...] = ()) -> OptionSpec:
    return OptionSpec(name, OptionKind(kind), default, "X-1", "An option.", values)  # type: ignore[arg-type]


SPECS = (
    spec("mode", "choice", "fast", ("fast", "slow")),
    spec("size", "choice", "3", ("3", "5")),
    spec("flag", "bool", False),
    spec("pool", "choice", "none", ("none", "40")),
    spec("ports", "ports", "random", ("random",)),
)


def check_error(specs: tuple[OptionSpec, ...]) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        SCHEMA.check(specs, edition="sample", file="options.toml", ports=("alpha", "beta"))
    assert caught.value.file == "options.toml"
    return caught.value


def replaced(index: int, **changes: object) -> tuple[OptionSpec, ...]:
    return tuple(attrs.evolve(s, **changes) if i == index else s for i, s in enumerate(SPECS))


# --- Numbers ----------------------------------------------------------------------------------


@given(st.integers(-1000, 1000), st.integers(-50, 50), st.integers(0, 50))
def test_numbers_accept_exactly_the_whole_numbers_in_range(
    number: int, low: int, span: int
) -> None:
    numbers = Numbers(low, low + span)
    assert numbers.accepts(str(number)) == (low <= number <= low + span)


@pytest.mark.parametrize("text", ["", "ten", "1.0", "+5", " 5", "5 ", "1_000", "٣", "0x10"])
def test_numbers_refuse_what_is_not_plain_digits(text: str) -> None:
    assert not Numbers().accepts(text)


@pytest.mark.parametrize(
    ("numbers", "text"),
    [
        (Numbers(), "a whole number"),
        (Numbers(low=0), "a whole number of at least 0"),
        (Numbers(high=9), "a whole number of at most 9"),
        (Numbers(1, 9), "a whole number in 1..9"),
    ],
)
def test_numbers_say_what_they_accept(numbers: Numbers, text: str) -> None:
    assert str(numbers) == text


# --- deriving a schema ------------------------------------------------------------------------


def test_a_schema_follows_the_fields_of_the_class() -> None:
    assert SCHEMA.names == ("mode", "size", "flag", "pool", "ports")
    kinds = [(f.kind.value, f.python_type) for f in SCHEMA.fields]
    assert kinds == [
        ("choice", str),
        ("choice", int),
        ("bool", bool),
        ("choice", str),
        ("ports", str | tuple[str, ...]),
    ]
    assert SCHEMA.field("pool").describe() == "none or a whole number of at least 0"
    assert SCHEMA.field("ports").describe() == "one of random or a list of port ids"


@pytest.mark.parametrize(
    ("understood", "message"),
    [
        ({"colour": ("red",)}, "Sample has no field 'colour'"),
        ({"flag": ("yes",)}, "Sample.flag: a bool option takes no values (true or false)"),
        ({"mode": ()}, "Sample.mode: expected the values the code understands"),
        ({"mode": (Numbers(), Numbers())}, "Sample.mode: expected the values the code understands"),
        ({"size": ("3",)}, "Sample.size: an int option takes a Numbers and no strings"),
    ],
)
def test_a_bad_declaration_is_refused(understood: dict[str, object], message: str) -> None:
    full: dict[str, object] = {
        "mode": ("fast",),
        "size": Numbers(),
        "pool": ("none",),
        "ports": ("random",),
    }
    with pytest.raises(ArgumentValueError, match=re.escape(message)):
        option_schema(Sample, **{**full, **understood})  # type: ignore[arg-type]


def test_a_field_of_another_type_or_a_class_without_fields_is_refused() -> None:
    @attrs.frozen
    class Odd:
        ratio: float = 0.5

    with pytest.raises(ArgumentValueError, match=r"Odd.ratio: expected a field of type bool"):
        option_schema(Odd)
    with pytest.raises(ArgumentTypeError):
        option_schema(dict)  # type: ignore[arg-type]


# --- reading the options of a game ------------------------------------------------------------


def test_read_converts_numbers_and_keeps_the_defaults_of_the_class() -> None:
    read = SCHEMA.read({"size": "7", "flag": True, "pool": "40", "ports": ["alpha"]})
    assert read == Sample(mode="fast", size=7, flag=True, pool="40", ports=("alpha",))


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("mode", "medium"),
        ("mode", 3),
        ("size", "10"),
        ("size", 5),
        ("flag", "true"),
        ("pool", "-1"),
        ("ports", [1]),
        ("ports", "alpha"),
        ("colour", "red"),
    ],
)
def test_read_refuses_what_the_code_does_not_understand(name: str, value: object) -> None:
    with pytest.raises(OptionError) as caught:
        SCHEMA.read({name: value})
    assert caught.value.option == name


# --- checking options.toml --------------------------------------------------------------------


def test_the_declared_options_pass() -> None:
    SCHEMA.check(SPECS, edition="sample", file="options.toml")
    SCHEMA.check(replaced(4, default=("alpha",)), edition="sample", file="o", ports=("alpha",))


@pytest.mark.parametrize(
    ("specs", "key", "expected"),
    [
        (
            replaced(1, name="sizes"),
            "option[1].name",
            (
                "expected one of the options the sample engine reads: mode, size, flag, pool, "
                "ports; got 'sizes' (size not declared)"
            ),
        ),
        (
            SPECS[:2] + SPECS[3:],
            "option",
            "expected an [[option]] for each option the sample engine reads, got none for flag",
        ),
        (
            replaced(2, kind=OptionKind.CHOICE, values=("on",), default="on"),
            "option[2].kind",
            "expected 'bool' (the sample engine reads flag as true or false), got 'choice'",
        ),
        (
            replaced(1, kind=OptionKind.BOOL, values=(), default=True),
            "option[1].kind",
            (
                "expected 'choice' (the sample engine reads size as a whole number written as a "
                "string, such as '100'), got 'bool'"
            ),
        ),
        (
            replaced(0, values=("fast", "medium")),
            "option[0].values[1]",
            (
                "expected one of fast, slow (the values the sample engine understands for mode), "
                "got 'medium'"
            ),
        ),
        (
            replaced(1, values=("three",), default="three"),
            "option[1].values[0]",
            (
                "expected a whole number in 1..9 (the values the sample engine understands for "
                "size), got 'three'"
            ),
        ),
        (
            replaced(1, default="12"),
            "option[1].default",
            (
                "expected a whole number in 1..9 (the values the sample engine understands for "
                "size), got '12'"
            ),
        ),
        (
            replaced(4, default=("alpha", "gamma")),
            "option[4].default[1]",
            "expected a port of the board, got 'gamma'",
        ),
    ],
)
def test_each_mismatch_names_its_key(
    specs: tuple[OptionSpec, ...], key: str, expected: str
) -> None:
    error = check_error(specs)
    assert (error.key, error.expected) == (key, expected)


# --- the editions' schemas --------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_edition_schema_is_its_options_class(edition: str) -> None:
    schema = ser.load_ruleset(edition).engine.option_schema
    cls = EDITIONS[edition]
    assert isinstance(schema, OptionSchema)
    assert schema.options_type is cls
    hints = typing.get_type_hints(cls)
    assert [(f.name, f.python_type) for f in schema.fields] == [
        (a.name, hints[a.name]) for a in attrs.fields(cls)
    ]
    # the defaults of the class are values the code understands
    for field in schema.fields:
        default = getattr(cls(), field.name)
        if field.kind is not OptionKind.BOOL:
            assert field.understands(str(default)), (field.name, default)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_shipped_options_match_the_schema(edition: str) -> None:
    rules = ser.load_ruleset(edition)
    schema = rules.engine.option_schema
    assert [o.name for o in rules.options] == list(schema.names)
    for option in rules.options:
        assert option.kind is schema.field(option.name).kind
    # what the game reads is what options.toml declares, converted
    read = schema.read({o.name: o.default for o in rules.options})
    assert read == rules.new_game(players=2).options  # type: ignore[attr-defined]


def understood_values(field_name: str, rules: Ruleset) -> list[object]:
    field = rules.engine.option_schema.field(field_name)
    if field.kind is OptionKind.BOOL:
        return [True, False]
    values: list[object] = list(field.words)
    if field.numbers is not None:
        low = field.numbers.low or 0
        values += [str(low), str(low + 1), str(low + 50)]
    return values


CASES = [
    (edition, field.name, value)
    for edition in EDITIONS
    for field in ser.load_ruleset(edition).engine.option_schema.fields
    for value in understood_values(field.name, ser.load_ruleset(edition))
]


@pytest.mark.parametrize(("edition", "name", "value"), CASES)
def test_every_value_the_schema_promises_plays(edition: str, name: str, value: object) -> None:
    rules = ser.load_ruleset(edition)
    option = next(o for o in rules.options if o.name == name)
    widened = attrs.evolve(
        option, default=value, values=() if isinstance(value, bool) else (value,)
    )
    options = tuple(widened if o.name == name else o for o in rules.options)
    ports = [p.id for p in rules.board.ports]
    rules.engine.option_schema.check(options, edition=edition, file="options.toml", ports=ports)
    variant = Ruleset(rules.info, rules.board, options, rules.params, rules.engine)
    field = rules.engine.option_schema.field(name)
    for players in option.players or rules.info.players:
        result = play_game(variant, players, RandomAgent(seed=players), seed=players)
        assert getattr(result.state.options, name) == field.read(value)  # type: ignore[attr-defined]
        assert result.standings.final


def user_values(rules: Ruleset) -> st.SearchStrategy[object]:
    declared = [v for o in rules.options for v in o.values]
    ports = [p.id for p in rules.board.ports]
    scalar = st.one_of(
        st.sampled_from(declared),
        st.text(max_size=6),
        st.booleans(),
        st.integers(-5, 500),
        st.floats(allow_nan=False),
        st.none(),
        st.sampled_from(["true", "false", "0", "-1", "unlimited"]),
    )
    return st.one_of(
        scalar,
        st.lists(st.one_of(st.sampled_from(ports), st.text(max_size=4), st.integers()), max_size=4),
        st.dictionaries(st.text(max_size=3), scalar, max_size=2),
        st.tuples(st.sampled_from(ports), st.sampled_from(ports)),
    )


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_new_game_refuses_any_bad_user_option_with_an_option_error(
    edition: str, data: st.DataObject
) -> None:
    rules = ser.load_ruleset(edition)
    names = st.one_of(st.sampled_from([o.name for o in rules.options]), st.text(max_size=8))
    given_options: Mapping[object, object] = data.draw(
        st.dictionaries(names, user_values(rules), max_size=4), label="options"
    )
    players = data.draw(st.sampled_from(rules.info.players), label="players")
    try:
        state = rules.new_game(players, given_options)  # type: ignore[arg-type]
    except OptionError:
        return
    assert rules.legal_actions(state)


# --- options.toml and ruleset.toml of real folders --------------------------------------------

RULESETS = Path(str(importlib.resources.files("serenissima_rulesets")))


def folder_copy(tmp_path: Path, edition: str, file: str = "", old: str = "", new: str = "") -> Path:
    """A copy of an edition's TOML files, with ``old`` replaced by ``new`` once in ``file``."""
    folder = tmp_path / edition
    shutil.copytree(RULESETS / edition, folder, ignore=shutil.ignore_patterns("*.py", "__*"))
    if file:
        text = (folder / file).read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {file}"
        (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def load_error(folder: Path) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        ser.load_ruleset(folder)
    return caught.value


MONEY_UNIT = 'name = "money_unit"\nkind = "choice"\nvalues = ["100"]\ndefault = "100"\n'


@pytest.mark.parametrize(
    ("edition", "old", "new", "key", "expected"),
    [
        (
            "classic",
            MONEY_UNIT,
            MONEY_UNIT.replace('"100"', '"lots"'),
            "option[1].values[0]",
            (
                "expected a whole number of at least 1 (the values the classic engine understands "
                "for money_unit), got 'lots'"
            ),
        ),
        (
            "classic",
            MONEY_UNIT,
            MONEY_UNIT.replace('"100"', '"0"'),
            "option[1].values[0]",
            (
                "expected a whole number of at least 1 (the values the classic engine understands "
                "for money_unit), got '0'"
            ),
        ),
        (
            "classic",
            MONEY_UNIT,
            'name = "money_unit"\nkind = "bool"\ndefault = true\n',
            "option[1].kind",
            (
                "expected 'choice' (the classic engine reads money_unit as a whole number written "
                "as a string, such as '100'), got 'bool'"
            ),
        ),
        (
            "modern",
            'values = ["shared5", "separate"]',
            'values = ["shared5", "separate", "shared6"]',
            "option[0].values[2]",
            (
                "expected one of shared5, separate (the values the modern engine understands for "
                "galley_capacity), got 'shared6'"
            ),
        ),
        (
            "modern",
            'default = "random_per_type"',
            'default = ["genoa", "atlantis"]',
            "option[6].default[1]",
            "expected a port of the board, got 'atlantis'",
        ),
    ],
)
def test_an_options_file_the_code_cannot_read_does_not_load(
    tmp_path: Path, edition: str, old: str, new: str, key: str, expected: str
) -> None:
    error = load_error(folder_copy(tmp_path, edition, "options.toml", old, new))
    assert (error.file, error.key, error.expected) == ("options.toml", key, expected)


def test_an_option_the_code_reads_may_not_be_left_out(tmp_path: Path) -> None:
    folder = folder_copy(tmp_path, "classic")
    text = (folder / "options.toml").read_text(encoding="utf-8")
    start = text.index("[[option]]\n" + MONEY_UNIT)
    end = text.index("[[option]]", start + 1)
    (folder / "options.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    error = load_error(folder)
    assert (error.file, error.key, error.expected) == (
        "options.toml",
        "option",
        "expected an [[option]] for each option the classic engine reads, got none for money_unit",
    )


def test_a_renamed_option_is_named_with_the_one_it_replaced(tmp_path: Path) -> None:
    renamed = 'name = "galley_cap"'
    folder = folder_copy(tmp_path, "modern", "options.toml", 'name = "galley_capacity"', renamed)
    error = load_error(folder)
    assert (error.file, error.key) == ("options.toml", "option[0].name")
    names = ", ".join(f.name for f in attrs.fields(ModernOptions))
    assert error.expected == (
        f"expected one of the options the modern engine reads: {names}; "
        "got 'galley_cap' (galley_capacity not declared)"
    )


def test_an_options_file_from_the_base_is_named_with_the_base(tmp_path: Path) -> None:
    folder = tmp_path / "classic-on-modern"
    folder.mkdir()
    (folder / "ruleset.toml").write_text(
        '[ruleset]\nid = "mixed"\nedition = "classic"\nengine = "classic"\nbase = "modern"\n',
        encoding="utf-8",
    )
    error = load_error(folder)
    assert (error.file, error.key) == ("options.toml from base 'modern'", "option[0].name")
    assert error.expected.startswith("expected one of the options the classic engine reads: ")


@pytest.mark.parametrize(("edition", "players"), [("classic", [3, 4]), ("modern", [4])])
def test_a_variant_for_fewer_players_keeps_the_base_files(
    tmp_path: Path, edition: str, players: list[int]
) -> None:
    folder = tmp_path / "fewer"
    folder.mkdir()
    (folder / "ruleset.toml").write_text(
        f'[ruleset]\nid = "fewer"\nengine = "{edition}"\nbase = "{edition}"\nplayers = {players}\n',
        encoding="utf-8",
    )
    rules = ser.load_ruleset(folder)
    assert list(rules.info.players) == players
    assert len(rules.options) == len(ser.load_ruleset(edition).options)
    for count in players:
        assert rules.new_game(count).players == count
    with pytest.raises(OptionError, match="this ruleset is for"):
        rules.new_game(2)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("players", "key", "got"),
    [("[2, 3, 4, 5]", "ruleset.players[3]", 5), ("[1, 2]", "ruleset.players[0]", 1)],
)
def test_a_player_count_the_tables_do_not_set_up_is_an_error_of_ruleset_toml(
    tmp_path: Path, edition: str, players: str, key: str, got: int
) -> None:
    folder = folder_copy(
        tmp_path, edition, "ruleset.toml", "players = [2, 3, 4]", f"players = {players}"
    )
    error = load_error(folder)
    assert (error.file, error.key, error.expected) == (
        "ruleset.toml",
        key,
        f"expected a player count that rules.toml sets up (2, 3, 4), got {got}",
    )


def test_a_player_count_without_the_options_for_it_is_no_error(tmp_path: Path) -> None:
    # the classic two_player_nations option is for 2 players only
    folder = folder_copy(
        tmp_path, "classic", "ruleset.toml", "players = [2, 3, 4]", "players = [3]"
    )
    assert ser.load_ruleset(folder).new_game(3).players == 3
