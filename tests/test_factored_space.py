"""The factored action space: heads for the family and its fields (serenissima.engine.factored)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import serenissima as ser
from serenissima.agents import GreedyAgent
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, Action, State
from serenissima.engine.domains import Amounts
from serenissima.engine.factored import SPLIT_ABOVE, FactoredChoices, FactoredSpace
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spaces import Family, IndexSpace

EDITIONS = ("classic", "modern")
COUNTS = (2, 3, 4)
CONFIGS = [(edition, players) for edition in EDITIONS for players in COUNTS]


def factored(edition: str, players: int) -> FactoredSpace:
    return ser.load_ruleset(edition).factored_space(players)


def classes(*names: str) -> list[type[Action]]:
    """Modern action classes by name."""
    found = {f.action_type.__name__: f.action_type for f in factored("modern", 2).space.families}
    return [found[name] for name in names]


# --- the heads -------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_the_heads_are_the_family_then_the_widest_parts(edition: str, players: int) -> None:
    space = factored(edition, players)
    flat = space.space
    assert space.sizes[0] == len(flat.families)
    assert space.heads == ("family", *(f"part {k}" for k in range(1, len(space.sizes))))
    widths = [space.part_sizes(number) for number in range(len(flat.families))]
    assert len(space.sizes) == 1 + max(len(w) for w in widths)
    for head in range(1, len(space.sizes)):
        assert space.sizes[head] == max(w[head - 1] for w in widths if len(w) >= head)
    for family, parts in zip(flat.families, widths, strict=True):
        # a part per field, two for a wide amount range: together they cover the family
        product = 1
        for size in parts:
            product *= size
        assert product >= family.size
        split = [d for _, d in family.fields if isinstance(d, Amounts) and d.size > SPLIT_ABOVE]
        assert len(parts) == len(family.fields) + len(split)


@pytest.mark.parametrize("players", COUNTS)
def test_classic_s_bid_takes_two_heads_and_no_head_reaches_a_hundred(players: int) -> None:
    space = factored("classic", players)
    bid = [f.action_type.__name__ for f in space.space.families].index("Bid")
    amounts = space.space.families[bid].fields[0][1]
    coarse, fine = space.part_sizes(bid)
    assert fine * fine >= amounts.size > (fine - 1) * (fine - 1)
    assert (coarse - 1) * fine < amounts.size <= coarse * fine
    assert max(space.sizes) < 100
    assert space.sizes == (30, 51, 51, 28, 20)  # the figures the docs give


@pytest.mark.parametrize("players", COUNTS)
def test_modern_s_heads_are_the_docs_figures(players: int) -> None:
    assert factored("modern", players).sizes == (25, 34, 34, 15)


def test_the_space_is_made_once_per_game_kind() -> None:
    rules = ser.load_ruleset("classic")
    assert rules.factored_space(3) is rules.factored_space(3)
    assert rules.factored_space(3).space is rules.action_space(3)
    assert rules.factored_space(2) is not rules.factored_space(3)


# --- encode and decode: one-to-one over the whole space --------------------------------


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_decode_reads_back_every_index(edition: str, players: int, data: st.DataObject) -> None:
    space = factored(edition, players)
    index = data.draw(st.integers(0, space.space.size - 1))
    values = space.encode(index)
    assert len(values) == len(space.sizes)
    assert all(0 <= v < n for v, n in zip(values, space.sizes, strict=True))
    assert space.decode(values) == index


@st.composite
def valid_tuples(draw: st.DrawFn, space: FactoredSpace) -> tuple[int, ...]:
    """Head values of one action, drawn field by field (a split amount from its range)."""
    number = draw(st.integers(0, len(space.space.families) - 1))
    values = [number]
    for _, domain in space.space.families[number].fields:
        position = draw(st.integers(0, domain.size - 1))
        if isinstance(domain, Amounts) and domain.size > SPLIT_ABOVE:
            fine = space.part_sizes(number)[len(values) - 1 + 1]
            values.extend(divmod(position, fine))
        else:
            values.append(position)
    return tuple(values + [0] * (len(space.sizes) - len(values)))


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_encode_reads_back_every_valid_tuple(
    edition: str, players: int, data: st.DataObject
) -> None:
    space = factored(edition, players)
    values = data.draw(valid_tuples(space))
    assert space.encode(space.decode(values)) == values


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_tuple_of_the_heads_is_one_index_or_refused(edition: str) -> None:
    """All the tuples a family's parts can form: exactly the family's indexes, in order."""
    space = factored(edition, 4)
    seen = 0
    for number, family in enumerate(space.space.families):
        parts = space.part_sizes(number)
        padding = (0,) * (len(space.sizes) - 1 - len(parts))
        decoded, refused = [], 0
        for combination in itertools.product(*(range(n) for n in parts)):
            values = (number, *combination, *padding)
            try:
                decoded.append(space.decode(values))
            except ser.ArgumentValueError:
                refused += 1  # a fine part past the last amount
        assert decoded == list(range(seen, seen + family.size))
        if len(parts) == len(family.fields):  # no split amount: every tuple is an action
            assert refused == 0
        seen += family.size
    assert seen == space.space.size


def test_a_family_with_no_field_is_its_head_alone() -> None:
    space = factored("modern", 2)
    done = [f.action_type.__name__ for f in space.space.families].index("Done")
    index = space.decode((done, 0, 0, 0))
    assert space.space.family_of(index).action_type.__name__ == "Done"
    assert space.encode(index) == (done, 0, 0, 0)


def test_a_space_without_fields_has_one_head() -> None:
    done, pass_ = classes("Done", "Pass")
    space = FactoredSpace(IndexSpace([Family(pass_), Family(done)]))
    assert space.sizes == (2,)
    assert space.heads == ("family",)
    assert [space.encode(i) for i in range(2)] == [(0,), (1,)]
    assert space.rows() == [("Pass", 0, "no part"), ("Done", 1, "no part")]


def test_an_amount_range_of_at_most_the_bound_stays_one_head() -> None:
    take, jettison = classes("Take", "Jettison")
    wide = Amounts("ducats", 0, SPLIT_ABOVE)  # one past the bound: split in 9 by 9
    narrow = Amounts("ducats", 1, SPLIT_ABOVE)  # the bound: whole
    space = FactoredSpace(IndexSpace([Family(take, (("good", wide),)), Family(jettison)]))
    assert space.part_sizes(0) == (8, 9)
    space = FactoredSpace(IndexSpace([Family(take, (("good", narrow),)), Family(jettison)]))
    assert space.part_sizes(0) == (SPLIT_ABOVE,)


def test_numpy_integers_are_integers() -> None:
    space = factored("classic", 4)
    values = space.encode(np.int64(40))
    assert values == (1, 0, 4, 0, 0)
    assert space.decode(np.asarray(values, np.int64)) == 40
    assert space.decode([np.int32(v) for v in values]) == 40


# --- bad input --------------------------------------------------------------------------


def test_encode_refuses_what_is_no_index() -> None:
    space = factored("modern", 2)
    for bad in ("3", 1.0, None, True):
        with pytest.raises(ser.ArgumentTypeError, match="index"):
            space.encode(bad)  # type: ignore[arg-type]
    for bad in (-1, space.space.size):
        with pytest.raises(ser.ArgumentValueError, match="outside the space"):
            space.encode(bad)


def test_decode_refuses_bad_tuples_naming_the_head() -> None:
    space = factored("classic", 4)
    bid = space.encode(40)
    with pytest.raises(ser.ArgumentValueError, match="5 head value"):
        space.decode(bid[:4])
    with pytest.raises(ser.ArgumentValueError, match="5 head value"):
        space.decode((*bid, 0))
    with pytest.raises(ser.ArgumentValueError, match=r"'family' takes 0\.\.29, not 30"):
        space.decode((30, 0, 0, 0, 0))
    with pytest.raises(ser.ArgumentValueError, match=r"'part 2' takes 0\.\.50, not -1"):
        space.decode((1, 0, -1, 0, 0))
    with pytest.raises(ser.ArgumentValueError, match=r"head 'part 3'.*Bid has 2 part"):
        space.decode((1, 0, 4, 1, 0))
    # the crews: sailors 0 to 5, a head of 51 values
    with pytest.raises(ser.ArgumentValueError, match=r"head 'part 1'.*Crew's first has 6 values"):
        space.decode((0, 6, 0, 0, 0))
    # the last bid is 1,207: coarse 34, fine 17; fine 18 is past it
    with pytest.raises(ser.ArgumentValueError, match=r"head 'part 2'.*amount has 1208 values"):
        space.decode((1, 34, 18, 0, 0))
    for bad in ((1, "0", 4, 0, 0), (1, 0, 4.0, 0, 0), (None, 0, 0, 0, 0), (1, True, 4, 0, 0)):
        with pytest.raises(ser.ArgumentTypeError, match="head '"):
            space.decode(bad)  # type: ignore[arg-type]
    for wrong in ("10040", 7, None):
        with pytest.raises(ser.ArgumentTypeError, match="values"):
            space.decode(wrong)  # type: ignore[arg-type]


def test_the_last_bid_reads_back() -> None:
    space = factored("classic", 4)
    bid = [f.action_type.__name__ for f in space.space.families].index("Bid")
    last = space.decode((bid, 34, 17, 0, 0))
    assert space.space.family_of(last).action_type.__name__ == "Bid"
    assert space.space.family_of(last + 1).action_type.__name__ != "Bid"


def playing(rules: Ruleset, players: int, seed: int, greedy: bool = False) -> list[State]:
    """The states of one whole game where a seat decides."""
    rng = random.Random(seed)
    bot = GreedyAgent(seed=seed) if greedy else None
    state = rules.new_game(players)
    states = []
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
            continue
        states.append(state)
        legal = rules.legal_actions(state)
        state = rules.apply(state, bot.act(rules, state) if bot else rng.choice(legal))
    states.append(state)
    return states


def test_the_masks_refuse_bad_prefixes_naming_the_head_and_change_nothing() -> None:
    rules = ser.load_ruleset("classic")
    state = rules.new_game(players=4)
    choices = rules.factored_choices(state)
    legal = choices.legal
    full = legal[0]
    with pytest.raises(ser.ArgumentValueError, match="at most 4 head value"):
        choices.mask(full)
    with pytest.raises(ser.ArgumentValueError, match="head 'family': value 1 leads to no legal"):
        choices.mask((1,))
    with pytest.raises(ser.ArgumentValueError, match="head 'part 1': value 50 leads to no"):
        choices.mask((0, 50))
    with pytest.raises(ser.ArgumentValueError, match=r"'part 1' takes 0\.\.50, not 51"):
        choices.mask((0, 51))
    with pytest.raises(ser.ArgumentTypeError, match="head 'part 1'"):
        choices.mask((0, "1"))  # type: ignore[arg-type]
    with pytest.raises(ser.ArgumentValueError, match="head 'part 3': value 1 leads to no"):
        choices.complete((*full[:3], 1, 0))
    with pytest.raises(ser.ArgumentValueError, match="5 head value"):
        choices.complete(full[:4])
    with pytest.raises(ser.ArgumentTypeError, match="values"):
        choices.complete(3)  # type: ignore[arg-type]
    assert choices.legal == legal  # nothing changed
    assert [choices.complete(v) for v in legal] == list(rules.legal_indices(state))
    with pytest.raises(ser.ArgumentValueError, match="outside the space"):
        rules.factored_space(4).choices([rules.num_actions(4)])


def test_the_ruleset_refuses_states_where_no_seat_decides() -> None:
    rules = ser.load_ruleset("modern")
    start = rules.new_game(players=2)
    assert start.to_act == CHANCE
    with pytest.raises(ser.StateError, match="chance acts"):
        rules.factored_choices(start)
    end = playing(rules, 2, 3)[-1]
    with pytest.raises(ser.StateError, match="the game is over"):
        rules.factored_choices(end)
    with pytest.raises(ser.OptionError):
        rules.factored_space(9)
    other = ser.load_ruleset("classic").new_game(players=2)
    with pytest.raises(ser.StateError):
        rules.factored_choices(other)


def test_no_legal_action_masks_every_value() -> None:
    choices = factored("modern", 2).choices([])
    assert choices.mask(()) == (0,) * 25
    with pytest.raises(ser.ArgumentValueError, match="head 'family'"):
        choices.mask((0,))


# --- the masks of real decisions --------------------------------------------------------


def reachable(choices: FactoredChoices) -> set[int]:
    """Every flat index the masks lead to, following every allowed value of every head."""
    heads = len(choices.space.sizes)
    found = set()
    prefixes: list[tuple[int, ...]] = [()]
    while prefixes:
        prefix = prefixes.pop()
        if len(prefix) == heads:
            found.add(choices.complete(prefix))
            continue
        mask = choices.mask(prefix)
        assert len(mask) == choices.space.sizes[len(prefix)]
        assert any(mask)  # a prefix of a legal action leads on
        prefixes.extend((*prefix, value) for value, on in enumerate(mask) if on)
    return found


def check_masks(rules: Ruleset, state: State, rng: random.Random) -> None:
    legal = rules.legal_indices(state)
    choices = rules.factored_choices(state)
    assert [choices.complete(values) for values in choices.legal] == list(legal)
    assert reachable(choices) == set(legal)
    prefix: tuple[int, ...] = ()
    while len(prefix) < len(choices.space.sizes):  # a random walk by the masks
        mask = choices.mask(prefix)
        prefix += (rng.choice([v for v, on in enumerate(mask) if on]),)
    index = choices.complete(prefix)
    assert index in legal
    assert choices.space.decode(prefix) == index
    rules.apply(state, rules.index_action(state, index))  # legal: no error


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_masks_of_random_games_reach_the_legal_actions_and_only_them(
    edition: str, players: int, seed: int
) -> None:
    rules = ser.load_ruleset(edition)
    rng = random.Random(seed)
    states = playing(rules, players, seed)
    for state in states[:-1]:
        check_masks(rules, state, rng)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_masks_of_a_greedy_game_reach_the_legal_actions_and_only_them(edition: str) -> None:
    """Greedy seats bid, trade and negotiate more than random ones."""
    rules = ser.load_ruleset(edition)
    rng = random.Random(7)
    states = playing(rules, 3, 7, greedy=True)
    for state in states[:-1]:
        check_masks(rules, state, rng)


def test_the_example_families_are_classic_s_bid_and_trade_sell() -> None:
    space = factored("classic", 4)
    names = [row[0] for row in space.rows()]
    assert names == [f.action_type.__name__ for f in space.space.families]
    trade = space.rows()[names.index("TradeSell")][2]
    assert trade.count("part ") == 4
    assert "price" in trade
