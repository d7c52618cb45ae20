"""Every action, chance outcomes included, has a plain-English label for people.

Random games of both editions at every seat count: each legal action (and
each chance outcome) of every position met gets a label that is a sentence
(a capital first, no identifier left as it is in the notation) and not its
text form. Every action kind of an edition has its wording, and the random
games meet most of them; the few they rarely reach are built by hand.
"""

from __future__ import annotations

import random

import pytest

import serenissima as ser
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima.engine.ruleset import Ruleset
from serenissima_rulesets.classic import actions as classic
from serenissima_rulesets.modern import actions as modern
from serenissima_rulesets.modern.state import ModernState

STEPS = 2500
"""The most decisions a random game of the test plays."""


def _check(rules: Ruleset, state: ser.State, action: Action) -> str:
    label = rules.label(state, action)
    assert label, str(action)
    assert label != str(action), label
    assert label[0].isupper(), (str(action), label)
    assert "_" not in label, (str(action), label)  # an area's identifier, not its name
    return label


def _walk(rules: Ruleset, players: int, seed: int) -> set[type[Action]]:
    rng = random.Random(seed)
    state = rules.new_game(players)
    kinds: set[type[Action]] = set()
    for _ in range(STEPS):
        if state.to_act == TERMINAL:
            break
        if state.to_act == CHANCE:
            outcomes = rules.chance_outcomes(state)
            actions = tuple(outcome for outcome, _ in outcomes)
            action = sample_outcome(outcomes, rng)
        else:
            actions = rules.legal_actions(state)
            action = rng.choice(actions)
        for each in actions:
            _check(rules, state, each)
            kinds.add(type(each))
        state = rules.apply(state, action)
    return kinds


RARE: dict[str, tuple[tuple[Action, str], ...]] = {
    "classic": (
        (classic.Barter(3, "wine", 5, "gold"), "Offer 1 wine from galley 3 for 1 gold"),
        (classic.BuildFort("venice"), "Build a fortress at Venice"),
        (classic.TradeBuy(5, "wine", 3), "Ask to buy 1 wine from galley 5 onto galley 3"),
        (classic.TradeSell(3, "wine", 5, 40), "Offer 1 wine from galley 3 to galley 5"),
    ),
    "modern": (
        (modern.BuildBasilica("algiers"), "Build a basilica in Algiers"),
        (modern.VolleyOutcome(1), "The fort's volley rolls 1 skull"),
    ),
}
"""The action kinds random games rarely meet, built by hand, with the start of their labels."""


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_random_games_label_every_legal_action(edition: str) -> None:
    rules = ser.load_ruleset(edition)
    met: set[type[Action]] = set()
    for players in rules.info.players:
        for seed in range(4):
            met |= _walk(rules, players, seed)
    state = rules.new_game(min(rules.info.players))
    for action, start in RARE[edition]:
        assert _check(rules, state, action).startswith(start)
        met.add(type(action))
    assert met == set(rules.engine.action_types)


@pytest.mark.parametrize(
    ("edition", "text", "label"),
    [
        ("classic", "sailor venice>2", "Move 1 sailor from Venice to galley 2"),
        ("classic", "buy 2 venice", "Buy 1 textiles at Venice onto galley 2"),
        ("classic", "move 3 ionian_sea", "Sail galley 3 to Ionian Sea"),
        ("classic", "hire venice", "Hire 1 sailor at Venice into its garrison"),
        ("classic", "capture 1", "Capture the beaten galley, moving 1 sailor onto it"),
        ("modern", "sailor 6>4", "Move 1 sailor from galley 6 to galley 4"),
        ("modern", "sell wood algiers", "Sell 1 wood from the active galley to Algiers"),
        ("modern", "claim algiers 2", "Take Algiers, landing 2 sailors there"),
        ("modern", "dice 1 2", "The attacker rolls 1 skull, the defender 2 skulls"),
    ],
)
def test_labels_read_as_plain_english(edition: str, text: str, label: str) -> None:
    rules = ser.load_ruleset(edition)
    state = rules.new_game(2)
    assert rules.label(state, rules.parse_action(state, text)) == label


def test_a_label_is_asked_of_an_action() -> None:
    rules = ser.load_ruleset("classic")
    with pytest.raises(ser.ArgumentTypeError):
        rules.label(rules.new_game(2), "buy 2 venice")  # type: ignore[arg-type]


def test_modern_labels_name_the_active_galley() -> None:
    rules = ser.load_ruleset("modern")
    names = {area.id: area.name for area in rules.board.spec.areas}
    rng = random.Random(3)
    state = rules.new_game(2)
    sailed = 0
    for _ in range(STEPS):
        if state.to_act == TERMINAL:
            break
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            actions = rules.legal_actions(state)
            for move in (a for a in actions if isinstance(a, modern.Move)):
                assert isinstance(state, ModernState)
                assert state.act is not None
                said = f"Sail galley {state.act.galley} to {names[move.area]}"
                assert rules.label(state, move) == said
                sailed += 1
            action = rng.choice(actions)
        state = rules.apply(state, action)
    assert sailed > 0
