"""The learned evaluation: the values file a ruleset ships, its checks, and the search using it."""

from __future__ import annotations

import itertools
import json
import math
import shutil
from pathlib import Path

import pytest

from serenissima.agents import ISMCTSAgent, make_agent
from serenissima.analysis.run.games import RulesetRef
from serenissima.analysis.values.data import Position, PositionsTask, collect_positions
from serenissima.analysis.values.fit import chances, fit_monotone, fit_weights, held_out
from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.errors import ArgumentValueError, RulesetError
from serenissima.engine.registry import get_plugin, load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.value_model import VALUE_FEATURES, file_digest, value_features

EDITIONS = ("classic", "modern")


def folder_copy(tmp_path: Path, edition: str) -> Path:
    """A copy of an installed ruleset's folder, which loads with the installed engine."""
    target = tmp_path / edition
    shutil.copytree(
        str(get_plugin(edition).folder),
        target,
        ignore=shutil.ignore_patterns("*.py", "__pycache__"),
    )
    return target


def first_decision(rules: Ruleset, players: int) -> object:
    state = rules.new_game(players)
    while state.to_act == CHANCE:
        state = rules.apply(state, rules.chance_outcomes(state)[0][0])
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_ships_weights_for_every_player_count(edition: str) -> None:
    rules = load_ruleset(edition)
    assert rules.values is not None
    assert rules.values.players == rules.info.players
    assert rules.values.features == VALUE_FEATURES
    for players in rules.info.players:
        weights = rules.values.weights[players]
        assert len(weights) == len(VALUE_FEATURES)
        assert all(map(math.isfinite, weights))


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_shipped_weight_lets_a_point_count_against_a_seat(edition: str) -> None:
    """At every stage, a point of estimate or in hand never lowers a seat's chances.

    A search maximising the chances would otherwise seek out what lowers its
    own estimate (the free fit of two-seat classic games weighed it below
    zero at the start: the bots page). At the end both weigh above zero.
    """
    rules = load_ruleset(edition)
    assert rules.values is not None
    for players in rules.info.players:
        estimate, estimate_late, score, score_late = rules.values.weights[players]
        assert estimate >= 0.0
        assert score >= 0.0
        assert estimate + estimate_late > 0
        assert score + score_late > 0
        for played in (0.0, 0.5, 1.0):  # each feature's weight at that progress (linear in it)
            assert estimate + estimate_late * played >= 0.0
            assert score + score_late * played >= 0.0


@pytest.mark.parametrize("edition", EDITIONS)
def test_chances_are_a_distribution_and_exact_once_the_game_is_over(edition: str) -> None:
    rules = load_ruleset(edition)
    assert rules.values is not None
    from serenissima.agents.play import play_game

    result = play_game(rules, 3, make_agent("greedy", 1), seed=2)
    assert result.state.to_act == TERMINAL
    final = rules.values.win_shares(rules, result.state)
    winners = result.standings.winners
    assert final == [1 / len(winners) if s in winners else 0.0 for s in range(3)]
    start = rules.values.win_shares(rules, rules.new_game(3))
    assert math.isclose(sum(start), 1.0)
    assert all(0 < c < 1 for c in start)


def test_features_are_the_estimate_and_the_score_in_hand_with_the_progress() -> None:
    rules = load_ruleset("classic")
    state = rules.new_game(2)
    rows = value_features(rules, state)
    scores = {entry.seat: entry.score for entry in rules.standings(state).entries}
    for seat, (estimate, late_estimate, score, late_score) in enumerate(rows):
        assert estimate == rules.evaluate(state, seat)
        assert score == scores[seat]
        assert late_estimate == late_score == 0.0  # nothing of the game played yet


def test_progress_runs_from_0_to_1_and_never_goes_back() -> None:
    from serenissima.agents.play import choice_states

    for edition in EDITIONS:
        rules = load_ruleset(edition)
        states = choice_states(rules, 2, make_agent("greedy", 3), 3, count=1_000_000)
        seen = [rules.engine.progress(rules, s) for s in states]  # type: ignore[attr-defined]
        assert seen[0] == 0.0
        assert all(0.0 <= p <= 1.0 for p in seen)
        assert all(b >= a for a, b in itertools.pairwise(seen)), edition
        assert seen[-1] > 0.8


def write_values(folder: Path, content: bytes, digest: str | None = None) -> None:
    (folder / "values.json").write_bytes(content)
    toml = folder / "ruleset.toml"
    text = toml.read_text()
    lines = [line for line in text.split("\n") if not line.startswith("values_sha256")]
    at = lines.index("[ruleset.search]") + 1
    lines.insert(at, f'values_sha256 = "{digest or file_digest(content)}"')
    toml.write_text("\n".join(lines))


def shipped(edition: str) -> dict[str, object]:
    found: dict[str, object] = json.loads(
        (Path(str(get_plugin(edition).folder)) / "values.json").read_text()
    )
    return found


def test_a_copied_folder_loads_its_values(tmp_path: Path) -> None:
    folder = folder_copy(tmp_path, "classic")
    rules = load_ruleset(folder)
    assert rules.values is not None
    assert rules.values.weights == load_ruleset("classic").values.weights


def test_a_changed_values_file_is_refused_by_its_digest(tmp_path: Path) -> None:
    folder = folder_copy(tmp_path, "classic")
    path = folder / "values.json"
    path.write_text(path.read_text() + " ")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(folder)
    assert caught.value.file == "values.json"
    assert "SHA-256" in caught.value.expected
    assert "changed" in caught.value.expected


def test_a_missing_values_file_is_named(tmp_path: Path) -> None:
    folder = folder_copy(tmp_path, "modern")
    (folder / "values.json").unlink()
    with pytest.raises(RulesetError, match="file not found") as caught:
        load_ruleset(folder)
    assert caught.value.file == "values.json"


@pytest.mark.parametrize(
    "name", ["w" * 300 + ".json", "../values.json", "values.txt", "a\x00.json"]
)
def test_a_values_name_that_is_no_plain_json_file_of_the_folder_is_refused(
    tmp_path: Path, name: str
) -> None:
    folder = folder_copy(tmp_path, "classic")
    toml = folder / "ruleset.toml"
    toml.write_text(toml.read_text().replace('values = "values.json"', f"values = {name!r}"))
    with pytest.raises(RulesetError, match="name of a JSON file") as caught:
        load_ruleset(folder)
    assert (caught.value.file, caught.value.key) == ("ruleset.toml", "ruleset.search.values")


def test_a_digest_without_a_file_name_or_not_hexadecimal_is_refused(tmp_path: Path) -> None:
    folder = folder_copy(tmp_path, "modern")
    toml = folder / "ruleset.toml"
    text = toml.read_text()
    toml.write_text(text.replace('values = "values.json"\n', ""))
    with pytest.raises(RulesetError) as caught:
        load_ruleset(folder)
    assert (caught.value.file, caught.value.key) == ("ruleset.toml", "ruleset.search.values")
    toml.write_text(text.replace('values_sha256 = "', 'values_sha256 = "zz', 1))
    with pytest.raises(RulesetError, match="64 hexadecimal digits"):
        load_ruleset(folder)


@pytest.mark.parametrize(
    ("change", "key", "message"),
    [
        (lambda t: t.update(format=2), "format", "expected 1"),
        (lambda t: t.update(model="network"), "model", "conditional-logit"),
        (lambda t: t.update(features=["estimate"]), "features", r"expected \['estimate'"),
        (lambda t: t["weights"].update({"five": [0.0] * 4}), "weights.five", "player count"),
        (lambda t: t["weights"].update({"2": [0.0, "x", 0.0, 0.0]}), "weights.2", "finite"),
        (lambda t: t["weights"].update({"2": [0.0, 0.0]}), "weights.2", "4 finite numbers"),
        (lambda t: t.update(weights={}), "weights", "by player count"),
    ],
)
def test_a_values_file_with_its_digest_is_still_checked_key_by_key(
    tmp_path: Path, change: object, key: str, message: str
) -> None:
    folder = folder_copy(tmp_path, "classic")
    table = shipped("classic")
    change(table)  # type: ignore[operator]
    write_values(folder, json.dumps(table).encode())
    with pytest.raises(RulesetError, match=message) as caught:
        load_ruleset(folder)
    assert (caught.value.file, caught.value.key) == ("values.json", key)


def test_a_values_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    folder = folder_copy(tmp_path, "classic")
    write_values(folder, b"{not json")
    with pytest.raises(RulesetError, match="expected JSON") as caught:
        load_ruleset(folder)
    assert caught.value.file == "values.json"


def test_the_learned_search_plays_legal_actions_in_both_editions() -> None:
    for edition in EDITIONS:
        rules = load_ruleset(edition)
        for players in (2, 4):
            state = first_decision(rules, players)
            agent = ISMCTSAgent(seed=1, iterations=30, evaluator="learned")
            assert agent.act(rules, state) in rules.legal_actions(state)  # type: ignore[arg-type]


def test_the_learned_search_needs_a_model_for_the_player_count(tmp_path: Path) -> None:
    folder = folder_copy(tmp_path, "modern")
    table = shipped("modern")
    table["weights"] = {"2": table["weights"]["2"]}  # type: ignore[index]
    write_values(folder, json.dumps(table).encode())
    rules = load_ruleset(folder)
    agent = make_agent("ismcts-learned:10", 1)
    assert agent.act(rules, first_decision(rules, 2)) is not None  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="no value model for 3 seats"):
        agent.act(rules, first_decision(rules, 3))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"evaluator": "neural"},
        {"iterations": 0},
        {"iterations": -5},
        {"iterations": 10**9},
        {"seconds": 0.0},
        {"seconds": 1e9},
        {"seconds": math.inf},
    ],
)
def test_a_bad_evaluator_or_budget_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ArgumentValueError):
        ISMCTSAgent(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kind", ["ismcts:0", "ismcts:-3", "ismcts:2000000", "ismcts-learned:9999s"]
)
def test_a_bad_budget_in_an_agent_kind_is_refused(kind: str) -> None:
    with pytest.raises(ArgumentValueError, match="bad budget"):
        make_agent(kind)


def test_positions_are_drawn_from_the_seats_view_and_are_reproducible() -> None:
    task = PositionsTask(RulesetRef.of("classic"), 2, "greedy", seed=5, index=2, every=10)
    first, again = collect_positions(task), collect_positions(task)
    assert first == again
    assert len(first) > 5
    assert all(p.game == 2 and sum(p.shares) == 1.0 for p in first)
    assert [p.progress for p in first] == sorted(p.progress for p in first)
    with pytest.raises(ArgumentValueError):
        collect_positions(PositionsTask(task.ref, 2, "greedy", 5, 2, every=0))


def test_the_fit_recovers_the_weights_that_made_the_results() -> None:
    """Results drawn from known chances: the fitted weights come back close to them."""
    import random

    truth = (0.5, 0.0, 0.0, 1.5)
    rng = random.Random(4)
    positions = []
    for game in range(4000):
        rows = tuple(
            (a, a * p, b, b * p)
            for a, b, p in ((rng.gauss(0, 1), rng.gauss(0, 1), (game % 10) / 10) for _ in range(3))
        )
        drawn = chances(truth, rows)
        winner = rng.choices(range(3), weights=drawn)[0]
        positions.append(
            Position(game, (game % 10) / 10, rows, tuple(float(s == winner) for s in range(3)))
        )
    fitted = fit_weights(positions)
    assert all(abs(f - t) < 0.2 for f, t in zip(fitted, truth, strict=True)), fitted
    alone = fit_weights(positions, columns=[0])
    assert alone[1:] == (0.0, 0.0, 0.0)
    assert held_out(fitted, positions).log_loss < held_out(alone, positions).log_loss


def test_exploring_plays_other_moves_and_stays_reproducible() -> None:
    """With ``explore``, some decisions are drawn at random: another game, the same twice."""
    ref = RulesetRef.of("classic")
    plain = collect_positions(PositionsTask(ref, 2, "greedy", seed=5, index=2, every=10))
    task = PositionsTask(ref, 2, "greedy", seed=5, index=2, every=10, explore=0.3)
    exploring = collect_positions(task)
    assert exploring == collect_positions(task)
    assert exploring != plain
    for bad in (-0.1, 1.5):
        with pytest.raises(ArgumentValueError, match="explore"):
            collect_positions(PositionsTask(ref, 2, "greedy", 5, 2, every=10, explore=bad))


def _drawn_positions(truth: tuple[float, ...], games: int, seed: int) -> list[Position]:
    """Positions of three seats whose winner is drawn from ``truth``'s chances."""
    import random

    rng = random.Random(seed)
    positions = []
    for game in range(games):
        p = (game % 10) / 10
        rows = tuple(
            (a, a * p, b, b * p) for a, b in ((rng.gauss(0, 1), rng.gauss(0, 1)) for _ in range(3))
        )
        winner = rng.choices(range(3), weights=chances(truth, rows))[0]
        positions.append(Position(game, p, rows, tuple(float(s == winner) for s in range(3))))
    return positions


def test_the_monotone_fit_keeps_every_feature_from_counting_against_a_seat() -> None:
    """Where the free fit gives a feature a negative weight early, the bounded one does not."""
    truth = (-0.8, 1.6, 0.5, 0.0)  # the first feature counts against a seat before mid-game
    positions = _drawn_positions(truth, 3000, seed=8)
    free = fit_weights(positions)
    assert free[0] < -0.4  # the data do say so
    bounded = fit_monotone(positions, [(0, 1), (2, 3)])
    for i, j in ((0, 1), (2, 3)):
        assert bounded[i] >= 0.0
        assert bounded[i] + bounded[j] >= -1e-12
    assert bounded[0] == 0.0  # the bound binds: as close as the bounds allow
    assert bounded[1] > 0.0
    assert bounded[2] > 0.3
    loss = held_out(bounded, positions).log_loss
    assert held_out(free, positions).log_loss < loss
    for step in itertools.product((-0.05, 0.0, 0.05), repeat=4):  # no better weights nearby
        near = [w + d for w, d in zip(bounded, step, strict=True)]
        if min(near[0], near[0] + near[1], near[2], near[2] + near[3]) >= 0.0:
            assert held_out(near, positions).log_loss >= loss - 1e-4


def test_the_monotone_fit_is_the_free_fit_when_that_keeps_the_bounds() -> None:
    positions = _drawn_positions((0.6, 0.2, 0.4, 1.0), 2000, seed=9)
    # the same optimum, but for the small ridge penalty, which weighs on other coordinates
    bounded = fit_monotone(positions, [(0, 1), (2, 3)])
    assert bounded == pytest.approx(fit_weights(positions), abs=0.01)
    for pairs in ([(0, 0)], [(0, 1), (1, 2)], [(0, 7)]):
        with pytest.raises(ArgumentValueError, match="pairs"):
            fit_monotone(positions, pairs)
    with pytest.raises(ArgumentValueError):
        fit_monotone([], [(0, 1)])


def test_held_out_figures_read_the_favourite_and_calibration() -> None:
    sure = Position(0, 0.9, ((5.0,), (0.0,)), (1.0, 0.0))
    wrong = Position(1, 0.1, ((5.0,), (0.0,)), (0.0, 1.0))
    result = held_out([1.0], [sure, wrong])
    assert result.accuracy == 0.5
    assert result.stages[0][2] == 1
    assert result.stages[2][2] == 1
    top = result.calibration[-1]
    assert top.seats == 2
    assert top.observed == 0.5
    assert top.predicted > 0.99
    with pytest.raises(ArgumentValueError):
        held_out([1.0], [])


# --- the strongest honest bot, and the learned evaluation checked before any game ---------


def test_the_strongest_kind_is_the_learned_search_where_every_edition_ships_a_model() -> None:
    import toy
    from serenissima.agents import STRONGEST_KIND, check_kind_for, strongest_kind, weaker_kind
    from serenissima.agents.kinds import split_kind

    both = [load_ruleset("classic"), load_ruleset("modern")]
    for players in (2, 3, 4):
        assert strongest_kind(both, players) == STRONGEST_KIND
        check_kind_for(STRONGEST_KIND, both, players)
    name, iterations, _ = split_kind(STRONGEST_KIND)
    assert name == "ismcts-learned"
    # an edition without a learned evaluation: the same search with the heuristics
    race = toy.make_rules()
    assert race.values is None
    assert strongest_kind([both[0], race], 2) == f"ismcts:{iterations}"
    with pytest.raises(ArgumentValueError, match="'toy' ruleset ships no learned evaluation"):
        check_kind_for("ismcts-learned:10", [both[1], race], 2)
    check_kind_for("ismcts:10", [race], 2)  # the heuristic needs no model
    with pytest.raises(ArgumentValueError, match="unknown agent 'genius'"):
        check_kind_for("genius", both, 2)
    assert weaker_kind(STRONGEST_KIND) == "greedy"
    assert weaker_kind("greedy") == "random"


def test_a_ladder_refuses_a_learned_search_a_ruleset_lacks_before_playing(
    tmp_path: Path,
) -> None:
    import toy
    from serenissima.analysis.ladder.run import run_ladder

    journal = tmp_path / "games.jsonl"
    with pytest.raises(ArgumentValueError, match="ships no learned evaluation for 2 seats"):
        run_ladder([toy.make_rules()], ["greedy", "ismcts-learned:5"], [2], 2, journal=journal)
    assert not journal.exists()  # refused before anything was written


def test_the_learned_search_values_a_leaf_where_it_is_reached_unless_told_otherwise() -> None:
    from serenissima.agents._settings import hints_for, search_settings
    from serenissima.agents.ismcts import _DEFAULTS, DEFAULT_DEPTH

    rules = load_ruleset("modern")
    state = rules.new_game(2)

    def depth(**given: object) -> int:
        agent = ISMCTSAgent(1, iterations=10, **given)  # type: ignore[arg-type]
        hints = hints_for(agent, rules, 2)
        return search_settings(agent, rules, state, hints, _DEFAULTS)[0].depth

    assert depth() == DEFAULT_DEPTH == 0  # no random actions before a leaf
    assert depth(evaluator="learned") == 0
    assert depth(depth=3) == 3
    assert depth(evaluator="learned", depth=2) == 2  # a depth given is kept
    four = rules.new_game(4)
    agent = ISMCTSAgent(1, iterations=10)
    assert search_settings(agent, rules, four, hints_for(agent, rules, 4), _DEFAULTS)[0].depth == 0
