"""The generic conformance check: both editions pass it, broken engines do not."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

import toy
from serenissima.engine.core import CHANCE, Action, Decision, Event, Observation, State
from serenissima.engine.errors import SerenissimaError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.testing import ConformanceError, ConformanceReport, check_ruleset
from serenissima_rulesets.classic.engine import ClassicEngine
from serenissima_rulesets.classic.observation import ClassicObservation

# --- the modern edition ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_modern_conforms_with_default_options(players: int) -> None:
    report = check_ruleset("modern", players=[players], games=8, seed=players * 100)
    assert report.games == 8
    assert report.players == (players,)
    assert report.decisions > 8 * 100  # whole games, not a few set-up steps
    assert report.chance_nodes > 8 * 5
    assert report.illegal_rejected > report.decisions
    assert 0 < report.longest_game <= 20_000


OPTION_SETS: list[dict[str, Any]] = [
    {"galley_capacity": "separate", "cv_between_battles": "recompute"},
    {
        "start_space_blockade": "sale_and_conquest",
        "sale_after_blockade_battle": True,
        "allow_attack_with_zero_cv": False,
        "last_port_protection": "no_landing",
    },
    {
        "start_space_blockade": "none",
        "closed_ports_conquerable": True,
        "new_galley_activates_same_turn": False,
    },
    {"two_player_pick_order": "ABBAAB", "galley_capacity": "separate"},
    {
        "special_investment_galleys": "one",
        "scoring_per_space_passed": "once_per_card",
        "limited_goods": False,
        "galley_purchase_limit": "per_game_turn",
        "money_visibility": "hidden",
    },
]


def _counts_for(name: str, options: dict[str, Any]) -> tuple[int, ...]:
    """The player counts every option of ``options`` applies to."""
    rules = load_ruleset(name)
    counts = set(rules.info.players)
    for spec in rules.options:
        if spec.name in options and spec.players:
            counts &= set(spec.players)
    return tuple(sorted(counts))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(sorted(o)))
def test_modern_conforms_with_other_options(options: dict[str, Any]) -> None:
    counts = _counts_for("modern", options)
    report = check_ruleset("modern", players=counts, games=2, seed=11, options=options)
    assert report.games == 2 * len(counts)
    assert report.players == counts


# --- the classic edition -----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_conforms_with_default_options(players: int) -> None:
    report = check_ruleset("classic", players=[players], games=8, seed=players * 100)
    assert report.games == 8
    assert report.players == (players,)
    assert report.decisions > 8 * 50  # whole games of 8 to 12 rounds, not a few set-up steps
    assert report.chance_nodes > 8  # roll-offs and battle dice
    assert report.illegal_rejected > report.decisions
    assert 0 < report.longest_game <= 2_000


CLASSIC_OPTION_SETS: list[dict[str, Any]] = [
    {
        "zero_bid_order": "choose",
        "sailor_pool": "unlimited",
        "recruit_limit": "unlimited",
        "allow_barter": True,
    },
    {
        "classic_garrison_cap": "warehouse_size",
        "defender_may_capture": False,
        "counter_offer_in_range": False,
        "sailor_pool": "180",
        "classic_tiebreak": "most_ducats",
        "scoring_002_extras": True,
    },
]


@pytest.mark.parametrize("options", CLASSIC_OPTION_SETS, ids=lambda o: "+".join(sorted(o)))
def test_classic_conforms_with_other_options(options: dict[str, Any]) -> None:
    report = check_ruleset("classic", games=2, seed=13, options=options)
    assert report.games == 6
    assert report.players == (2, 3, 4)


def test_classic_conforms_with_the_two_player_pairing() -> None:
    """C-SETUP-2: the Spanish and the Turks instead of the Venetians and the Genoese."""
    options = {"two_player_nations": "spain_turkey", "allow_barter": True}
    report = check_ruleset("classic", players=[2], games=4, seed=17, options=options)
    assert report.games == 4
    assert report.players == (2,)


def test_report_reads_as_a_summary() -> None:
    report = check_ruleset(toy.make_rules(), players=[2], games=3)
    assert isinstance(report, ConformanceReport)
    assert str(report).startswith("toy: 3 games (2 players)")


def test_same_seed_gives_the_same_report() -> None:
    first = check_ruleset("modern", players=[3], games=2, seed=5)
    again = check_ruleset("modern", players=[3], games=2, seed=5)
    assert first == again


def test_the_sound_toy_engine_conforms() -> None:
    report = check_ruleset(toy.make_rules(), games=5, options={"die": "d4", "may_stop": False})
    assert report.games == 15
    assert report.chance_nodes >= 15


# --- broken engines fail -----------------------------------------------------


class _LoadedDie(toy.RaceEngine):
    """The die's probabilities add up to more than 1."""

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        assert isinstance(state, toy.RaceState)
        outcomes = super().chance_outcomes(rules, state)
        if state.roller < 0:
            return outcomes
        return tuple((a, p * 2 if i == 0 else p) for i, (a, p) in enumerate(outcomes))


class _ZeroFace(toy.RaceEngine):
    """A face listed with probability 0."""

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        outcomes = super().chance_outcomes(rules, state)
        (first, p), *rest = outcomes
        (second, q), *others = rest
        return ((first, Fraction(0)), (second, p + q), *others)


class _Mumbling(toy.RaceEngine):
    """``stop`` reads back as ``roll``."""

    def parse_action(self, rules: Ruleset, state: State, text: str) -> Action:
        if text.strip() == "stop":
            return toy.Roll()
        return super().parse_action(rules, state, text)


class _WrongActor(toy.RaceEngine):
    """The decision always names seat 0."""

    def decision(self, rules: Ruleset, state: State) -> Decision:
        found = super().decision(rules, state)
        return attrs.evolve(found, actor=0)


class _Stuck(toy.RaceEngine):
    """A stopped runner is still asked to act, with nothing to choose."""

    def legal_actions(self, rules: Ruleset, state: State) -> tuple[Action, ...]:
        assert isinstance(state, toy.RaceState)
        if state.to_act >= 0 and any(state.stopped):
            return ()
        return super().legal_actions(rules, state)


class _Endless(toy.RaceEngine):
    """The die shows only zeros and nobody may stop: the race never ends."""

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        assert isinstance(state, toy.RaceState)
        if state.roller < 0:
            return super().chance_outcomes(rules, state)
        return ((toy.Face(0), Fraction(1)),)

    def new_game(self, rules: Ruleset, players: int, options: Mapping[str, Any]) -> State:
        return super().new_game(rules, players, {**options, "may_stop": False})


class _Crashing(toy.RaceEngine):
    """Explaining a refused action crashes instead of raising IllegalActionError."""

    def explain(self, rules: Ruleset, state: State, action: Action) -> Any:
        raise KeyError(action)


class _Forgetful(toy.RaceEngine):
    """The ``Moved`` event is not declared, so it cannot be read back from JSON."""

    event_types: tuple[type[Event], ...] = (toy.Started, toy.Stopped)


class _Fickle(toy.RaceEngine):
    """The order of the die's outcomes changes from call to call: not reproducible."""

    _calls = itertools.count()

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        outcomes = super().chance_outcomes(rules, state)
        return outcomes if next(self._calls) % 3 else tuple(reversed(outcomes))


class _Misaddressed(toy.RaceEngine):
    """Each seat is handed the observation of the next seat."""

    def observe(self, rules: Ruleset, state: State, seat: int | None) -> Observation:
        seen = super().observe(rules, state, seat)
        return attrs.evolve(seen, seat=None if seat is None else (seat + 1) % state.players)


class _Blank(toy.RaceEngine):
    """The state is drawn as nothing at all."""

    def render(self, rules: Ruleset, state: State, seen: Observation | None) -> str:
        return "  "


class _Flattering(toy.RaceEngine):
    """The estimate runs one point above the score, even once the game is over."""

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        return super().evaluate(rules, state, seat) + 1


class _Clueless(toy.RaceEngine):
    """The estimate is not a number."""

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        return math.nan


class _Amnesiac(toy.RaceEngine):
    """A state drawn from a seat's view puts every runner back on the start."""

    def sample_state(self, rules: Ruleset, observation: Observation, rng: Any) -> State:
        drawn = super().sample_state(rules, observation, rng)
        assert isinstance(drawn, toy.RaceState)
        return attrs.evolve(drawn, positions=(0,) * drawn.players)


BROKEN = [
    (_LoadedDie, "chance-sum"),
    (_ZeroFace, "chance-positive"),
    (_Mumbling, "text-round-trip"),
    (_WrongActor, "decision-actor"),
    (_Stuck, "no-legal-action"),
    (_Endless, "termination"),
    (_Crashing, "reject-illegal"),
    (_Forgetful, "event-json"),
    (_Fickle, "deterministic"),
    (_Misaddressed, "observe"),
    (_Blank, "render"),
    (_Flattering, "evaluate"),
    (_Clueless, "evaluate"),
    (_Amnesiac, "sample-state"),
]


def _ruleset_of(engine: toy.RaceEngine) -> Ruleset:
    sound = toy.make_rules()
    return Ruleset(sound.info, sound.board, sound.options, sound.params, engine)


@pytest.mark.parametrize(("engine", "check"), BROKEN, ids=[check for _, check in BROKEN])
def test_a_broken_engine_fails_the_check(engine: type[toy.RaceEngine], check: str) -> None:
    rules = _ruleset_of(engine())
    with pytest.raises(ConformanceError) as caught:
        check_ruleset(rules, games=4, max_decisions=200)
    error = caught.value
    assert error.check == check
    assert isinstance(error, SerenissimaError)
    assert error.ruleset == "toy"
    assert error.players in (2, 3, 4)
    message = str(error)
    assert repr(check) in message
    assert f"{error.players} players" in message
    assert f"seed={error.seed}" in message
    assert f"after {len(error.actions)} action(s)" in message


def test_the_error_lists_the_actions_that_reproduce_the_fault() -> None:
    rules = _ruleset_of(_LoadedDie())
    with pytest.raises(ConformanceError) as caught:
        check_ruleset(rules, players=[2], games=1, seed=3)
    error = caught.value
    # The fault is at the first die roll: after the first player is drawn and someone rolls.
    state = rules.new_game(2)
    for text in error.actions:
        state = rules.apply(state, rules.parse_action(state, text))
    assert state.to_act == CHANCE
    assert error.actions[0].startswith("first ")
    assert error.actions[-1] == "roll"
    assert ", ".join(error.actions) in str(error)


class _Indiscreet(ClassicEngine):
    """Every seat's drawing shows the whole state, other seats' ducats included."""

    def render(self, rules: Ruleset, state: State, seen: Observation | None) -> str:
        return super().render(rules, state, None)


def test_a_drawing_that_shows_hidden_ducats_fails_the_check() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_ruleset(_classic_with(_Indiscreet()), players=[3], games=1)
    assert caught.value.check == "hidden-money"
    assert "drawing" in str(caught.value)


class _Open(ClassicEngine):
    """Bids are declared open: a server would show each seat the others' secret bids."""

    def is_secret(self, rules: Ruleset, state: State, action: Action) -> bool:
        return False


class _Gossip(ClassicEngine):
    """A spectator is shown every seat's ducats."""

    def observe(self, rules: Ruleset, state: State, seat: int | None) -> ClassicObservation:
        seen = super().observe(rules, state, seat)
        return attrs.evolve(seen, ducats=state.ducats) if seat is None else seen


def _classic_with(engine: ClassicEngine) -> Ruleset:
    sound = load_ruleset("classic")
    return Ruleset(sound.info, sound.board, sound.options, sound.params, engine)


def test_a_secret_bid_declared_open_fails_the_check() -> None:
    """C-BID-2: bids are made in secret, so a bid must be declared secret."""
    with pytest.raises(ConformanceError) as caught:
        check_ruleset(_classic_with(_Open()), players=[3], games=1)
    assert caught.value.check == "secret-action"
    assert "'bid " in str(caught.value)


def test_a_spectator_shown_hidden_ducats_fails_the_check() -> None:
    """C-COMP-7: money is hidden, from spectators too."""
    with pytest.raises(ConformanceError) as caught:
        check_ruleset(_classic_with(_Gossip()), players=[2], games=1)
    assert caught.value.check == "spectator"
    assert "ducats" in str(caught.value)
