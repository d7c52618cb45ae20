"""examples/train_masked_policy.py: a policy trained in NumPy beats the random bot.

The example is loaded from its file (``examples/`` is no package) and trained
with a small budget and one fixed seed: 16 updates of 32 games of the modern
edition at two seats, then 100 fresh games against the random bot, the learner
at each seat in half of them, every head's value drawn from the policy. The
trained policy must win at least 70% of them; the untrained one, evaluated the
same way, must not, so the assertion says something about the training. The
figures are printed (``pytest -s``) with their 95% Wilson intervals.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "train_masked_policy.py"
SEED = 0
UPDATES, GAMES_PER_UPDATE, EVAL_GAMES = 16, 32, 100


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_policy", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_trained_policy_beats_the_random_bot(example: ModuleType) -> None:
    settings = example.Settings(UPDATES, GAMES_PER_UPDATE, EVAL_GAMES, SEED)
    policy, record = example.train(settings)
    evaluation = example.evaluate(policy, settings)
    games = UPDATES * GAMES_PER_UPDATE
    figures = f"seed {SEED}, {games} games in {record['train_seconds']:.0f} s: {evaluation}"
    print(figures)  # noqa: T201 - the figures, shown by pytest -s
    assert evaluation.decoding == "sampled"
    assert evaluation.games == EVAL_GAMES
    assert evaluation.share >= 0.70, figures
    assert evaluation.low <= evaluation.share <= evaluation.high


def test_the_untrained_policy_does_not(example: ModuleType) -> None:
    settings = example.Settings(0, GAMES_PER_UPDATE, EVAL_GAMES, SEED)
    policy, record = example.train(settings)
    assert record["curve"] == []
    assert all(not weights.any() for weights in policy.weights)
    evaluation = example.evaluate(policy, settings)
    figures = f"seed {SEED}, untrained: {evaluation}"
    print(figures)  # noqa: T201 - the figures, shown by pytest -s
    assert evaluation.share < 0.70, figures
    assert evaluation.low < 0.5 < evaluation.high, figures  # a coin's odds, as random has


def test_every_action_played_is_legal_and_the_masks_are_followed(example: ModuleType) -> None:
    envs = example.environments()
    rules = envs[0].rules
    policy = example.Policy(rules.factored_space(2).sizes, rules.observation_layout(2).size)
    rng = np.random.default_rng(3)
    for weights in policy.weights:  # a policy with opinions, so the masks must do the work
        weights[:] = rng.normal(0.0, 3.0, weights.shape)
    env = envs[1]
    observation, info = env.reset(seed=11)
    done = False
    while not done:
        values = policy.act(env, observation, rng, greedy=False, trace=None)
        assert tuple(values) in info["legal_factored"]
        observation, _, done, _, info = env.step(values)


def test_the_same_seed_gives_the_same_run(example: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "curve.json"
    argv = ["--updates", "2", "--games-per-update", "4", "--eval-games", "4", "--seed", "5"]
    first = example.main([*argv, "--out", str(out)])
    second = example.main(argv)
    written = json.loads(out.read_text(encoding="utf-8"))
    for record in (first, second, written):
        for point in record["curve"]:
            point.pop("seconds")
        for timed in (record, record["evaluation"], record["untrained"]):
            timed.pop("seconds")
        record.pop("train_seconds")
        assert record.pop("command").startswith(
            "python examples/train_masked_policy.py --updates 2"
        )
    assert first == second == written
    assert [point["games"] for point in written["curve"]] == [4, 8]
    assert written["settings"]["seed"] == 5


def test_the_curve_is_written_after_every_update(
    example: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "curve.json"
    seen: list[int] = []
    write = example.write

    def spy(path: Path, record: dict[str, object]) -> None:
        write(path, record)
        seen.append(len(json.loads(path.read_text(encoding="utf-8"))["curve"]))

    monkeypatch.setattr(example, "write", spy)
    example.train(example.Settings(3, 2, 2, 1), out)
    assert seen == [1, 2, 3]
    assert not out.with_suffix(".json.part").exists()


def test_the_docs_draw_the_curve_and_the_table(example: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "curve.json"
    example.main(
        ["--updates", "3", "--games-per-update", "2", "--eval-games", "4", "--out", str(out)]
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    docs = str(SCRIPT.parent.parent / "docs")
    sys.path.insert(0, docs)
    try:
        spec = importlib.util.spec_from_file_location(
            "training_hook", Path(docs) / "training_hook.py"
        )
        assert spec is not None
        assert spec.loader is not None
        hook = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(hook)
    finally:
        sys.path.remove(docs)
    svg = hook.svg(data)
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    assert svg.count("<polyline") == 2
    assert svg.count("<circle") == 2
    share = data["evaluation"]["win_share"]
    assert f"trained: {share:.1%} of 4 fresh games" in svg
    table = hook._table(data)
    assert "6 games in 3 updates" in table
    assert f"| trained | 4 | sampled | {share:.1%} |" in table
    assert "| untrained (weights 0) | 4 | sampled |" in table
    assert data["command"] in table


@pytest.mark.parametrize(
    "argv",
    [["--updates", "-1"], ["--games-per-update", "0"], ["--eval-games", "0"], ["--rate", "0"]],
)
def test_a_budget_that_cannot_run_is_refused_before_any_game(
    example: ModuleType, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        example.main(argv)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert "give updates >= 0" in captured.err
    assert "training on" not in captured.out


def test_every_policy_is_evaluated_on_the_same_games(
    example: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[list[tuple[int, int]]] = []
    play = example.play

    def spy(env: object, policy: object, seed: int, *rest: object) -> tuple[float, float]:
        seen[-1].append((seed, env.seat))  # type: ignore[attr-defined]
        return play(env, policy, seed, *rest)  # type: ignore[no-any-return]

    monkeypatch.setattr(example, "play", spy)
    settings = example.Settings(0, 1, 6, 4)
    untrained, _ = example.train(settings)
    opinionated = example.Policy(untrained.sizes, untrained.length)
    opinionated.weights[0][-1, 4] = 5.0  # a taste for Done
    for policy in (untrained, opinionated):
        seen.append([])
        example.evaluate(policy, settings)
    assert seen[0] == seen[1]
    assert [seat for _, seat in seen[0]] == [0, 1, 0, 1, 0, 1]
    assert len({seed for seed, _ in seen[0]}) == 6
    assert all(seed >= 2**62 for seed, _ in seen[0])  # never a training seed
