"""The order of play as data: each edition's ``flow.toml``, its checks and TOML-only variants.

The engine builds its dispatch from ``flow.toml``; a broken flow is refused when the
ruleset loads, naming the file and the key; the variant folders in ``tests/variants``
change only the flow (a stage's actions withheld, a sequence reordered, a stage dropped)
and must pass the conformance kit and play as they declare.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

import serenissima as ser
from serenissima.engine.errors import IllegalActionError, RulesetError
from serenissima.engine.flow import describe_stages
from serenissima.engine.registry import get_plugin
from serenissima.testing import ConformanceError, check_ruleset
from serenissima.testing.checked_game import choose

VARIANTS = Path(__file__).parent / "variants"


def _play(rules: ser.Ruleset, players: int, seed: int) -> list[tuple[ser.State, ser.Action]]:
    """The states and actions of one random game."""
    rng = random.Random(seed)
    state = rules.new_game(players)
    steps = []
    while not rules.is_over(state):
        action = choose(rules, state, rng)
        steps.append((state, action))
        state = rules.apply(state, action)
    steps.append((state, action))
    return steps


# --- the shipped flows ------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_the_phases_are_the_stages_the_flow_declares(edition: str) -> None:
    rules = ser.load_ruleset(edition)
    assert rules.flow is not None
    kinds = [stage.kind for stage in rules.flow.stage]
    assert [phase.kind for phase in describe_stages(rules.flow, rules.engine)] == kinds
    assert rules.engine.phases() == describe_stages(rules.flow, rules.engine)
    ctx = rules.engine.ctx(rules)  # type: ignore[attr-defined]
    assert [rules_.kind for rules_ in ctx.flow.table.values()] == kinds


def test_c_round_2_the_round_is_the_flow_sequence() -> None:
    rules = ser.load_ruleset("classic")
    round_ = rules.flow.sequence_named("round") if rules.flow else None
    assert round_ is not None
    assert round_.rule == "C-ROUND-2"
    assert round_.stages == ("purchases", "movement", "battles", "landing", "sales")
    # every stage of the round passes over a seat with nothing to choose
    assert sorted(rules.flow.successors("landing")) == ["bid", "game-over", "sales"]


def test_m_turn_3_the_two_modes_are_the_flow_sequences() -> None:
    flow = ser.load_ruleset("modern").flow
    assert flow is not None
    assert flow.sequence_named("action").stages == ("loading", "movement", "sale-or-battle")
    assert flow.sequence_named("investment").stages == ("investment",)
    assert flow.stage_named("choose-mode").next == ("loading", "investment")


def test_a_ruleset_built_without_a_flow_plays_its_editions_own() -> None:
    rules = ser.load_ruleset("classic")
    bare = ser.Ruleset(rules.info, rules.board, rules.options, rules.params, rules.engine)
    assert bare.flow is None
    assert describe_stages(bare.flow, bare.engine) == describe_stages(rules.flow, rules.engine)
    state = bare.new_game(3)
    assert bare.legal_actions(state) == rules.legal_actions(state)


# --- broken flows ---------------------------------------------------------------------


def _variant(tmp_path: Path, edition: str, old: str, new: str, count: int = 1) -> Path:
    """A folder whose flow.toml is the edition's, with ``old`` replaced by ``new``."""
    folder = tmp_path / f"{edition}-broken"
    folder.mkdir()
    (folder / "ruleset.toml").write_text(
        f'[ruleset]\nid = "broken"\nname = "Broken"\nversion = "0.1.0"\n'
        f'engine = "{edition}"\nbase = "{edition}"\n',
        encoding="utf-8",
    )
    text = (get_plugin(edition).folder / "flow.toml").read_text(encoding="utf-8")
    assert text.count(old) >= count, old
    (folder / "flow.toml").write_text(text.replace(old, new, count), encoding="utf-8")
    return folder


BROKEN = [
    # (edition, replaced, replacement, key, words of the message)
    (
        "classic",
        'legal = "setup.start.crew_actions"',
        'legal = "nowhere.crew_actions"',
        "stage[0].legal",
        "has no 'nowhere'",
    ),
    (
        "classic",
        'legal = "setup.start.crew_actions"',
        'legal = "setup.start.no_such_thing"',
        "stage[0].legal",
        "no function 'no_such_thing'",
    ),
    (
        "classic",
        'legal = "setup.start.crew_actions"',
        'legal = "os.path.join"',
        "stage[0].legal",
        "has no 'os.path'",
    ),
    # a function the module imports from outside the edition
    (
        "classic",
        'legal = "setup.start.crew_actions"',
        'legal = "setup.start.rule"',
        "stage[0].legal",
        "own package",
    ),
    (
        "classic",
        'legal = "setup.start.crew_actions"',
        'legal = "Setup"',
        "stage[0].legal",
        "module.function",
    ),
    ("classic", 'phase = "Crewing"', 'phase = "Auction"', "stage[0].phase", "got 'Auction'"),
    (
        "classic",
        'apply = { Crew = "setup.start.apply_crew" }',
        'apply = { Crow = "setup.start.apply_crew" }',
        "stage[0].apply",
        "got 'Crow'",
    ),
    ("classic", 'next = ["bid"]', 'next = ["auction"]', "stage[0].next[0]", "got 'auction'"),
    ("classic", 'start = "crew"', 'start = "auction"', "start", "got 'auction'"),
    ("classic", 'name = "round"', 'name = "turn"', "sequence", "named 'round'"),
    ("classic", "passed_over = true", "passed_ovr = true", "stage[4]", "passed_ovr"),
    (
        "classic",
        'legal = "setup.start.crew_actions"',
        'legal = "setup.start.crew_actions"\noutcomes = "bids.bidding.roll_outcomes"',
        "stage[0]",
        "not both",
    ),
    # nothing leads to the question of passage any more
    ("classic", 'next = ["passage"] ', "next = [] ", "stage[7].kind", "can reach"),
    # a stage with no way on to the end of the game
    (
        "classic",
        'next = ["battles"]\n\n[stage.apply]\nShiftGood',
        "next = []\n\n[stage.apply]\nShiftGood",
        "stage[10].next",
        "a way on",
    ),
    # the functions bound to a phase are the edition's own for that phase
    (
        "classic",
        'legal = "sea.movement.permission_actions"',
        'legal = "sea.landing.landing_actions"',
        "stage[7].legal",
        "the edition's legal of phase Permission",
    ),
    (
        "classic",
        'Grant = "sea.movement.apply_grant"',
        'Grant = "sea.movement.apply_refuse"',
        "stage[7].apply.Grant",
        "'sea.movement.apply_grant'",
    ),
    (
        "classic",
        'Grant = "sea.movement.apply_grant"',
        'Grant = "sea.movement.apply_grant", Land = "sea.landing.apply_land"',
        "stage[7].apply",
        "got 'Land'",
    ),
    # a stage of a sequence the modern code begins through `enter` must say how it begins
    (
        "modern",
        'enter = "action.loading.begin_movement"\n',
        "",
        "stage[6].enter",
        "begins 'movement'",
    ),
    (
        "modern",
        'stages = ["doge-card", "special-investment"]',
        'stages = ["doge-card", "investment"]',
        "sequence[2].stages[1]",
        "already in sequence",
    ),
]


@pytest.mark.parametrize(("edition", "old", "new", "key", "words"), BROKEN)
def test_a_broken_flow_is_refused_naming_its_key(
    tmp_path: Path, edition: str, old: str, new: str, key: str, words: str
) -> None:
    folder = _variant(tmp_path, edition, old, new)
    with pytest.raises(RulesetError) as caught:
        ser.load_ruleset(folder)
    assert caught.value.file == "flow.toml"
    assert caught.value.key == key
    assert words in caught.value.expected


def test_a_transition_the_flow_does_not_declare_fails_the_conformance_check(
    tmp_path: Path,
) -> None:
    # the last galley pick leads to the first activation; this flow says it cannot
    folder = _variant(
        tmp_path, "modern", 'next = ["pick-port", "choose-mode"]', 'next = ["pick-port"]'
    )
    rules = ser.load_ruleset(folder)  # choose-mode is still reached from pick-port
    with pytest.raises(ConformanceError) as caught:
        check_ruleset(rules, players=[2], games=1)
    assert caught.value.check == "flow"
    assert "'pick-galley' to 'choose-mode'" in str(caught.value)


# --- the TOML-only variants -------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in VARIANTS.iterdir()))
def test_a_toml_only_variant_passes_the_conformance_kit(name: str, tmp_path: Path) -> None:
    folder = tmp_path / name
    shutil.copytree(VARIANTS / name, folder)
    assert sorted(p.name for p in folder.iterdir()) == ["flow.toml", "ruleset.toml"]
    report = check_ruleset(ser.load_ruleset(folder), games=3)
    assert report.games == 9


def test_c_buy_6_without_negotiation_no_seat_is_asked_a_price() -> None:
    rules = ser.load_ruleset(VARIANTS / "classic-no-negotiation")
    withheld = {"Ask", "TradeBuy", "TradeSell", "Barter"}
    seen_purchases = 0
    for players, seed in ((2, 5), (3, 0), (4, 5)):  # seeds where the edition offers deals
        for state, _ in _play(rules, players, seed):
            assert type(state.phase).__name__ != "Negotiating"
            if type(state.phase).__name__ == "Purchasing":
                seen_purchases += 1
                kinds = {type(a).__name__ for a in rules.legal_actions(state)}
                assert not kinds & withheld
    assert seen_purchases > 10
    # the edition itself offers them in the same kind of game
    base = ser.load_ruleset("classic")
    offered = {
        type(a).__name__
        for state, _ in _play(base, 4, 5)
        if type(state.phase).__name__ == "Purchasing"
        for a in base.legal_actions(state)
    }
    assert offered & withheld


def test_a_withheld_action_is_refused_and_changes_nothing() -> None:
    base = ser.load_ruleset("classic")
    rules = ser.load_ruleset(VARIANTS / "classic-no-negotiation")
    deals = {"Ask", "TradeBuy", "TradeSell", "Barter"}
    for state, _ in _play(base, 4, 5):
        asks = [a for a in base.legal_actions(state) if type(a).__name__ in deals]
        if asks:
            break
    else:
        pytest.fail("no deal offered in the edition's game")
    # the states are values of the same edition: the variant reads them as its own
    assert not rules.is_legal(state, asks[0])
    before = ser.to_json(rules, state)
    with pytest.raises(IllegalActionError) as caught:
        rules.apply(state, asks[0])
    assert caught.value.rule_id == "C-P2-1"
    assert ser.to_json(rules, state) == before


def test_c_round_2_sales_first_plays_phase_6_before_the_battles() -> None:
    rules = ser.load_ruleset(VARIANTS / "classic-sales-first")
    rng = random.Random(4)
    order: list[int] = []
    state = rules.new_game(3)
    while not rules.is_over(state) and len(order) < 40:
        state, events = rules.step(state, choose(rules, state, rng))
        order += [e.phase for e in events if type(e).__name__ == "PhaseStarted"]
    assert order[:5] == [2, 3, 6, 4, 5]
    assert order[5:10] == [2, 3, 6, 4, 5]


def test_m_end_7_without_the_special_investment_nobody_invests_at_the_turns_end() -> None:
    rules = ser.load_ruleset(VARIANTS / "modern-no-special-investment")
    assert "special-investment" not in [p.kind for p in describe_stages(rules.flow, rules.engine)]
    turns = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for state, _ in _play(rules, players, seed):
            assert type(state.phase).__name__ != "SpecialInvesting"
        turns += state.turn
    assert turns > 6


def test_the_comparison_shows_a_reordered_round() -> None:
    diff = ser.compare_rulesets("classic", ser.load_ruleset(VARIANTS / "classic-sales-first"))
    changed = {(entry.section, entry.key) for entry in diff.changed}
    assert ("phases", "order") not in changed  # the stages are listed in file order
    round_ = diff["flow", "sequence[round].stages"]
    assert round_.left != round_.right


def test_a_stage_that_withholds_every_way_out_is_a_typed_error_naming_the_flow(
    tmp_path: Path,
) -> None:
    # purchases without done: a seat with nothing else to do could never leave the stage
    folder = _variant(tmp_path, "classic", 'Done = "flow.end_turn"             # C-P2-2', "#")
    rules = ser.load_ruleset(folder)
    rng = random.Random(845)
    state = rules.new_game(2)
    caught = None
    for _ in range(400):
        before = ser.to_json(rules, state)
        try:
            state = rules.apply(state, choose(rules, state, rng))
        except RulesetError as error:
            caught = error
            break
    assert caught is not None, "the seat was never stuck in 400 actions"
    assert ser.to_json(rules, state) == before  # the step that failed changed nothing
    assert caught.file == "flow.toml"
    assert caught.key == "stage[4].apply"
    assert "leave stage 'purchases'" in caught.expected
