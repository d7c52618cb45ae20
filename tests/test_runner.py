"""The runner: where tasks run, how they are cut into chunks, and errors from workers."""

from __future__ import annotations

import pickle
import socket

import pytest
from hypothesis import given
from hypothesis import strategies as st

from serenissima.analysis.run._work import MAX_CHUNK, Chunks
from serenissima.analysis.run.ray_backend import check_address
from serenissima.analysis.run.runner import Runner, Workers, default_jobs
from serenissima.engine import errors
from serenissima.engine.errors import ArgumentValueError, RulesetError, SerenissimaError


def test_default_jobs_are_the_cores_this_process_may_use() -> None:
    import os

    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert default_jobs() == expected


@pytest.mark.parametrize(
    ("jobs", "backend", "address", "expected"),
    [
        (1, None, None, Workers("local", 1, None)),
        (3, None, None, Workers("processes", 3, None)),
        (None, "local", None, Workers("local", 1, None)),
        (2, "ray", None, Workers("ray", 2, None)),
        (None, "ray", "10.0.0.1:6379", Workers("ray", None, "10.0.0.1:6379")),
        (4, "ray", "auto", Workers("ray", 4, "auto")),
    ],
)
def test_workers_fill_in_the_defaults(
    jobs: int | None, backend: str | None, address: str | None, expected: Workers
) -> None:
    assert Workers.choose(jobs, backend, address) == expected


def test_no_job_given_is_every_core(monkeypatch: pytest.MonkeyPatch) -> None:
    import serenissima.analysis.run.runner as runner

    monkeypatch.setattr(runner, "default_jobs", lambda: 6)
    assert Workers.choose() == Workers("processes", 6, None)
    monkeypatch.setattr(runner, "default_jobs", lambda: 1)
    assert Workers.choose() == Workers("local", 1, None)  # one core: no worker process


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"backend": "threads"},
            "unknown backend 'threads'; expected one of local, processes, ray",
        ),
        ({"backend": "processes", "jobs": 0}, "expected at least 1 job, got 0"),
        ({"backend": "local", "jobs": 2}, "the local backend runs one task at a time"),
        ({"backend": "processes", "address": "h:1"}, "--address goes with --backend ray"),
    ],
)
def test_bad_workers_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentValueError, match=message):
        Workers(**kwargs)  # type: ignore[arg-type]


def _square(x: int) -> int:
    return x * x


def _fail_on_three(x: int) -> int:
    if x == 3:
        raise RulesetError("board.toml", "areas", f"no area {x}")
    return x


@pytest.mark.parametrize("workers", [Workers(), Workers("processes", 2)], ids=str)
def test_every_backend_gives_every_result_with_its_position(workers: Workers) -> None:
    items = list(range(40))
    with Runner(workers) as runner:
        found = dict(runner.map(_square, items))
        again = dict(runner.map(_square, items[:5]))  # the workers serve another map
    assert found == {i: i * i for i in items}
    assert again == {i: i * i for i in range(5)}


def test_an_error_in_a_worker_is_raised_as_it_was_raised() -> None:
    with Runner(Workers("processes", 2)) as runner, pytest.raises(RulesetError) as info:
        dict(runner.map(_fail_on_three, list(range(8))))
    assert (info.value.file, info.value.key) == ("board.toml", "areas")
    assert str(info.value) == "board.toml: areas: no area 3"


@pytest.mark.parametrize("name", errors.__all__)
def test_every_error_survives_pickling(name: str) -> None:
    cls = getattr(errors, name)
    arguments = {
        "ArgumentTypeError": ("state", "a state", 3),
        "IllegalActionError": ("roll", "T-ROLL", "not your turn"),
        "ActionParseError": ("rol", "unknown word"),
        "RulesetError": ("board.toml", "areas", "expected a list"),
        "OptionError": ("die", "expected d4 or d6"),
    }.get(name, ("a reason",))
    error = cls(*arguments)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert (str(copy), copy.args, vars(copy)) == (str(error), error.args, vars(error))
    assert isinstance(copy, SerenissimaError)


@given(total=st.integers(0, 3000), jobs=st.integers(1, 8), timings=st.lists(st.floats(0, 2)))
def test_chunks_hand_out_every_position_once_in_fair_shares(
    total: int, jobs: int, timings: list[float]
) -> None:
    chunks = Chunks(total, jobs)
    seen: list[int] = []
    pace = iter(timings)
    while chunks:
        left = total - len(seen)
        chunk = chunks.take()
        assert 1 <= len(chunk) <= max(1, -(-left // jobs))  # never more than a fair share
        assert len(chunk) <= MAX_CHUNK
        seen.extend(chunk)
        chunks.timed(len(chunk), next(pace, 0.01))
    assert seen == list(range(total))


def test_chunks_grow_with_fast_tasks_and_shrink_with_slow_ones() -> None:
    chunks = Chunks(100_000, jobs=2)
    assert len(chunks.take()) == 1  # the first is timed alone
    chunks.timed(1, 0.001)
    assert len(chunks.take()) == 250  # a quarter of a second of millisecond tasks
    chunks.timed(250, 25.0)  # a tenth of a second each
    assert len(chunks.take()) == 2


def test_an_address_where_nothing_answers_is_refused_at_once() -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    with pytest.raises(ArgumentValueError, match=rf"no Ray cluster answers at 127\.0\.0\.1:{port}"):
        check_address(f"127.0.0.1:{port}", timeout=2)


@pytest.mark.parametrize("address", ["localhost", "host:port", ":6379", "h:0", "h:70000"])
def test_an_address_of_another_form_is_refused(address: str) -> None:
    with pytest.raises(ArgumentValueError, match="expected a Ray address HOST:PORT"):
        check_address(address)


def test_an_address_that_answers_passes_the_check() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        check_address(f"127.0.0.1:{server.getsockname()[1]}", timeout=2)
        check_address(f"ray://127.0.0.1:{server.getsockname()[1]}", timeout=2)
