"""The server's bounds, piece by piece: rate tables, bot caps, the lobby's summaries, the LRU."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

import serenissima as ser
from serenissima.engine.errors import ArgumentValueError
from serenissima.server import (
    BotBudgetError,
    BotTurn,
    HostedGame,
    Limits,
    SQLiteStore,
    Summary,
    check_budgets,
)
from serenissima.server._bots import BotAnswer, BotPool, think
from serenissima.server._hub import Hub
from serenissima.server._limits import Buckets


def test_a_bucket_table_holds_at_most_its_keys_each_hashed_to_a_fixed_size() -> None:
    now = [0.0]
    table = Buckets(rate=1.0, burst=1, keys=100, clock=lambda: now[0])
    for number in range(1000):
        assert table.take("x" * 10_000 + str(number)) == 0.0  # each key new: a full bucket
    assert len(table) == 100
    assert {len(key) for key in table.table} == {16}
    assert table.take("late") == 0.0
    assert table.take("late") == pytest.approx(1.0)  # empty: a token in one second
    now[0] = 0.5
    assert table.take("late") == pytest.approx(0.5)


def test_limits_refuse_a_setting_that_is_not_a_positive_number() -> None:
    for bad in ({"max_bot_seconds": 0}, {"bot_workers": 0}, {"keys": 2.5}, {"max_body": True}):
        with pytest.raises(ArgumentValueError, match=next(iter(bad))):
            Limits(**bad)  # type: ignore[arg-type]


def test_bot_budgets_over_a_cap_are_refused_and_those_under_pass() -> None:
    def seats(*kinds: str) -> dict[str, object]:
        return {"seats": [{"kind": kind} for kind in kinds]}

    caps = {"max_seconds": 2.0, "max_iterations": 500}
    check_budgets(seats("human", "ismcts:500", "ismcts:2s", "ismcts", "greedy"), **caps)
    with pytest.raises(BotBudgetError, match="--max-bot-iterations"):
        check_budgets(seats("human", "ismcts:501"), **caps)
    with pytest.raises(BotBudgetError, match=r"seat 2: .*--max-bot-seconds"):
        check_budgets(seats("human", "random", "ismcts:2.5s"), **caps)
    check_budgets(seats("wizard"), **caps)  # not a bot: check_setup says so


def _bot_turn(kind: str) -> BotTurn:
    rules = ser.load_ruleset("modern")
    state = rules.new_game(2)
    while state.to_act == ser.CHANCE:
        state = rules.apply(state, rules.chance_outcomes(state)[0][0])
    return BotTurn("g", 3, state.to_act, kind, 11, "modern", state)


def test_a_search_bot_is_stopped_at_the_cap_whatever_its_own_budget() -> None:
    turn = _bot_turn("ismcts:1000000")  # the most a kind may ask: many minutes of search
    started = time.perf_counter()
    answer = think(turn, max_seconds=0.2)
    assert time.perf_counter() - started < 30  # the cap ended it, not its iterations
    assert answer == BotAnswer(answer.text, stopped=False)
    rules = ser.load_ruleset("modern")
    assert rules.parse_action(turn.state, answer.text) in rules.legal_actions(turn.state)


def test_a_decision_past_twice_the_cap_is_cut_off_with_a_drawn_legal_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def forever(self: BotTurn, max_seconds: float | None = None) -> str:
        time.sleep(30)
        return "never"

    monkeypatch.setattr(BotTurn, "decide", forever)
    turn = _bot_turn("greedy")
    started = time.perf_counter()
    answer = think(turn, max_seconds=0.1, grace=0.1)
    assert time.perf_counter() - started < 5
    assert answer.stopped
    rules = ser.load_ruleset("modern")
    assert rules.parse_action(turn.state, answer.text) in rules.legal_actions(turn.state)
    assert answer == think(turn, max_seconds=0.1, grace=0.1)  # drawn from the turn's seed


def test_the_store_keeps_where_each_game_stands_for_the_lobby(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    people = HostedGame.create(store, {"ruleset": "modern", "players": 2}, game_id="people")
    bots = {"ruleset": "classic", "players": 2, "seats": [{"kind": "human"}, {"kind": "random"}]}
    waiting = HostedGame.create(store, bots, game_id="bot", inline=False)
    listed = {entry.id: entry for entry in store.listing(10)}
    assert [entry.id for entry in store.listing(10)] == ["bot", "people"]  # newest first
    assert [entry.id for entry in store.listing(1, offset=1)] == ["people"]
    assert listed["people"].summary == people.summary()
    assert listed["people"].summary.status == "person"
    assert listed["bot"].joined == frozenset()
    waiting.join(0)
    while waiting.owed() is None:
        waiting.act(0, str(waiting.rules.legal_actions(waiting.state)[0]), waiting.version)
    assert store.owed() == ["bot"]
    summary = store.listed("bot")
    assert summary is not None
    assert summary.summary == waiting.summary()
    assert summary.summary.status == "owed"
    assert summary.joined == frozenset({0})
    turn = waiting.owed()
    assert turn is not None
    waiting.answer(turn, turn.decide())
    assert store.owed() == []
    assert store.listed("nothing") is None


def test_a_database_made_before_summaries_is_upgraded_and_its_games_described(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE games (id TEXT PRIMARY KEY, created TEXT NOT NULL, setup TEXT)")
    old.execute(
        "CREATE TABLE seats (game TEXT, seat INTEGER, token TEXT, PRIMARY KEY (game, seat))"
    )
    old.execute(
        "CREATE TABLE moves (game TEXT, version INTEGER, actor INTEGER, text TEXT, "
        "PRIMARY KEY (game, version))"
    )
    setup = '{"chance_by":null,"options":{},"players":2,"ruleset":"modern","seats":[{"kind":"human"},{"kind":"human"}],"seed":4}'  # noqa: E501
    old.execute("INSERT INTO games VALUES ('old', '2026-01-01T00:00:00Z', ?)", (setup,))
    old.commit()
    old.close()
    store = SQLiteStore(path)
    assert store.undescribed() == ["old"]
    assert store.listing(10) == []  # not listed until described: never a wrong summary
    hub = Hub(store, poll=None)
    asyncio.run(hub.start())
    assert store.undescribed() == []
    listed = store.listed("old")
    assert listed is not None
    assert listed.summary == HostedGame.load(store, "old").summary()
    assert not listed.setup.get("seeded", False)


def test_the_hub_keeps_only_its_most_recent_games_in_memory(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    for number in range(6):
        HostedGame.create(store, {"ruleset": "modern", "players": 2}, game_id=f"g{number}")

    async def visit() -> tuple[list[int], list[str]]:
        hub = Hub(store, poll=None, limits=Limits(games_in_memory=2))
        versions = [await hub.run(f"g{n}", lambda game: game.version) for n in range(6)]
        again = await hub.run("g0", lambda game: game.version)  # read again from the store
        await hub.close()
        return [*versions, again], list(hub.games)

    versions, kept = asyncio.run(visit())
    assert versions == [HostedGame.load(store, f"g{n}").version for n in (*range(6), 0)]
    assert kept == ["g5", "g0"]


def test_a_hub_has_its_bots_answer_in_worker_processes(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    setup = {"ruleset": "modern", "players": 2, "seats": [{"kind": "random"}, {"kind": "greedy"}]}

    async def play() -> str:
        hub = Hub(store, poll=None, bots=BotPool(1, max_seconds=1.0))
        game = await hub.create(setup)
        deadline = time.monotonic() + 120
        while game.id in hub.thinking and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await hub.close()
        return game.id

    game = asyncio.run(play())
    over = HostedGame.load(store, game)
    assert over.state.to_act == ser.TERMINAL  # the bots played it to its end
    assert store.owed() == []
    listed = store.listed(game)
    assert listed is not None
    assert listed.summary == Summary(over.version, ser.TERMINAL, None, "over")
