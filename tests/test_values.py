"""``values.replacer``: the same copy as ``attrs.evolve``, made cheaply."""

from __future__ import annotations

import attrs
import pytest

from serenissima.engine.errors import ArgumentValueError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.values import replacer, slot_init


@attrs.frozen(slots=True)
class Plain:
    area: str
    _crew: int = 0
    cargo: tuple[str, ...] = attrs.field(default=(), kw_only=True)


@attrs.frozen(slots=True)
class Checked:
    sailors: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen(slots=True)
class Converted:
    goods: tuple[str, ...] = attrs.field(converter=tuple)


@attrs.frozen(slots=True, cache_hash=True)
class Hashed:
    port: str


@attrs.frozen(slots=True)
class Derived:
    ducats: int
    doubled: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "doubled", 2 * self.ducats)


@attrs.frozen(slots=True)
class Child(Plain):
    sunk: bool = False


@pytest.mark.parametrize(
    ("value", "changes"),
    [
        (Plain("Genoa", 3, cargo=("wine",)), {}),
        (Plain("Genoa", 3, cargo=("wine",)), {"crew": 1}),
        (Plain("Genoa"), {"area": "Tunis", "cargo": ("salt", "wine")}),
        (Checked(2), {"sailors": 0}),
        (Converted(("wine",)), {"goods": ["salt"]}),
        (Hashed("Venice"), {"port": "Ragusa"}),
        (Derived(3), {"ducats": 5}),
        (Child("Genoa", 1, sunk=False), {"sunk": True, "crew": 0}),
    ],
)
def test_the_copy_is_what_evolve_makes(value: object, changes: dict[str, object]) -> None:
    copy = replacer(type(value))(value, **changes)
    expected = attrs.evolve(value, **changes)  # type: ignore[misc]
    assert copy == expected
    assert type(copy) is type(expected)
    assert hash(copy) == hash(expected)
    assert repr(copy) == repr(expected)


@pytest.mark.parametrize(
    ("value", "changes"),
    [
        (Plain("Genoa", 3, cargo=("wine",)), {"crew": 1}),
        (Plain("Genoa"), {"cargo": ("salt", "wine"), "area": "Tunis"}),
        (Checked(2), {"sailors": 0}),
        (Converted(("wine",)), {"goods": ["salt"]}),
        (Hashed("Venice"), {"port": "Ragusa"}),
        (Derived(3), {"ducats": 5}),
        (Child("Genoa", 1, sunk=False), {"sunk": True, "crew": 0}),
    ],
)
def test_a_specialised_copy_is_what_evolve_makes(value: object, changes: dict[str, object]) -> None:
    # the new values come in the order the fields were named, whatever the class's order
    copy = replacer(type(value), *changes)(value, *changes.values())
    expected = attrs.evolve(value, **changes)  # type: ignore[misc]
    assert copy == expected
    assert type(copy) is type(expected)
    assert hash(copy) == hash(expected)
    assert repr(copy) == repr(expected)


@pytest.mark.parametrize("changed", [(), ("area",), ("cargo", "crew")])
def test_a_copy_is_a_frozen_value_of_the_class_itself(changed: tuple[str, ...]) -> None:
    # a plain class's copy is written as a draft of the class and then given the class
    value = Child("Genoa", 3, cargo=("wine",))
    news = {"area": "Tunis", "cargo": ("salt",), "crew": 1}
    copy = replacer(Child, *changed)(value, *(news[name] for name in changed))
    assert type(copy) is Child
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.area = "Ragusa"  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del copy.area
    assert value == Child("Genoa", 3, cargo=("wine",))


@pytest.mark.parametrize("changed", [("sailors",), ("area", "area"), ("doubled",), ("_crew",)])
def test_a_specialised_copy_names_distinct_init_fields(changed: tuple[str, ...]) -> None:
    cls = Derived if "doubled" in changed else Plain
    with pytest.raises(ArgumentValueError, match="distinct __init__ fields"):
        replacer(cls, *changed)


def test_validators_and_converters_still_run() -> None:
    with pytest.raises(ValueError, match="sailors"):
        replacer(Checked)(Checked(1), sailors=-1)
    assert replacer(Converted)(Converted(()), goods=["salt"]).goods == ("salt",)
    assert replacer(Derived)(Derived(1), ducats=4).doubled == 8


def test_the_input_is_left_alone_and_unknown_fields_are_refused() -> None:
    value = Plain("Genoa", 2)
    replacer(Plain)(value, area="Tunis")
    assert value == Plain("Genoa", 2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'sailors'"):
        replacer(Plain)(value, sailors=1)
    with pytest.raises(TypeError):
        replacer(Derived)(Derived(1), doubled=3)  # not an __init__ argument


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_an_edition_state_copies_like_evolve(edition: str) -> None:
    state = load_ruleset(edition).new_game(3)
    copy = replacer(type(state))(state, turn=5)
    assert copy == attrs.evolve(state, turn=5)
    assert copy.turn == 5
    assert state.turn == 0


@slot_init
@attrs.frozen(slots=True)
class Quick:
    area: str
    _crew: int = 0
    cargo: tuple[str, ...] = attrs.field(default=(), kw_only=True)


@slot_init
@attrs.frozen(slots=True)
class QuickChild(Quick):
    sunk: bool = False


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("Genoa",), {}),
        (("Genoa", 3), {"cargo": ("wine",)}),
        ((), {"area": "Tunis", "crew": 2}),
        (("Tunis",), {"sunk": True}),
    ],
)
def test_slot_init_makes_what_the_attrs_init_makes(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    # the same class and values as one made by attrs' own __init__ (Plain, Child)
    quick_cls, plain_cls = (QuickChild, Child) if "sunk" in kwargs else (Quick, Plain)
    quick, plain = quick_cls(*args, **kwargs), plain_cls(*args, **kwargs)  # type: ignore[arg-type]
    assert attrs.astuple(quick) == attrs.astuple(plain)
    assert repr(quick).removeprefix("Quick") == repr(plain).removeprefix("Plain")
    assert quick == attrs.evolve(quick)
    assert hash(quick) == hash(attrs.evolve(quick))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        quick.area = "Ragusa"  # type: ignore[misc]


@slot_init
@attrs.frozen(slots=True)
class Pair:
    area: str
    crew: int = 0


def test_slot_init_writes_a_small_class_slot_by_slot_alike() -> None:
    # below _DRAFT_FIELDS fields the slots are set one by one: the same value either way
    pair = Pair("Genoa", 2)
    assert (type(pair), attrs.astuple(pair)) == (Pair, ("Genoa", 2))
    assert type(Quick("Genoa")) is Quick
    assert type(QuickChild("Genoa", sunk=True)) is QuickChild
    for value in (pair, Quick("Genoa"), QuickChild("Genoa")):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            value.area = "Ragusa"  # type: ignore[misc]


def test_slot_init_asks_for_the_same_arguments() -> None:
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick("Genoa", 1, ("wine",))  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick("Genoa", sailors=1)  # type: ignore[call-arg]


def test_slot_init_refuses_a_class_whose_init_does_more() -> None:
    @attrs.frozen(slots=True)
    class Made:
        goods: list[str] = attrs.Factory(list)

    for cls in (Checked, Converted, Hashed, Derived, Made):
        with pytest.raises(ArgumentValueError, match="plain slotted attrs class"):
            slot_init(cls)
