"""A hosted game: moves checked, committed, then applied; rebuilt exactly from the store."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.errors import (
    ActionParseError,
    ArgumentTypeError,
    ArgumentValueError,
    IllegalActionError,
    OptionError,
)
from serenissima.server import (
    HostedGame,
    Move,
    OutOfTurnError,
    SeatError,
    SQLiteStore,
    UnknownGameError,
    VersionConflictError,
    check_setup,
)

EDITIONS = ("classic", "modern")


def setup(name: str, *kinds: str, seed: int = 5) -> dict[str, object]:
    return {
        "ruleset": name,
        "players": len(kinds),
        "seats": [{"kind": kind} for kind in kinds],
        "seed": seed,
    }


def play_person(game: HostedGame, seat: int, rng: random.Random) -> None:
    """The person at ``seat``, whose turn it is, picks one action at random."""
    assert game.state.to_act == seat
    legal = game.rules.legal_actions(game.state)
    game.act(seat, str(rng.choice(legal)), game.version)


@pytest.mark.parametrize("name", EDITIONS)
def test_a_game_of_bots_is_played_to_its_end_and_stored(name: str, tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    game = HostedGame.create(store, setup(name, "random", "greedy"), game_id="bots")
    assert game.state.to_act == TERMINAL
    assert [m.version for m in store.moves("bots")] == list(range(1, game.version + 1))
    assert {m.actor for m in game.moves} >= {CHANCE, 0, 1}
    again = HostedGame.load(store, "bots")
    assert again.state == game.state
    assert len(game.events) == game.version
    assert again.events == game.events


@pytest.mark.parametrize("name", EDITIONS)
def test_a_restarted_server_goes_on_with_the_very_same_game(name: str, tmp_path: Path) -> None:
    """Rebuilt from the store at any version, it is the game acknowledged, and goes on alike."""
    store = SQLiteStore(tmp_path / "games.db")
    game = HostedGame.create(store, setup(name, "human", "greedy", seed=11), game_id="g")
    rng = random.Random(2)
    turns = 0
    while game.state.to_act != TERMINAL:
        play_person(game, 0, rng)
        turns += 1
        if turns % 5 == 0 or game.state.to_act == TERMINAL:
            again = HostedGame.load(store, "g")
            assert again.state == game.state
            assert again.moves == game.moves
    assert turns > 20
    # the same person's choices on a restarted copy give the same game: chance and bots
    # are drawn from the game's seed and the version, not from a process's generator
    store2 = SQLiteStore(tmp_path / "again.db")
    twin = HostedGame.create(store2, setup(name, "human", "greedy", seed=11), game_id="g")
    for move in game.moves[twin.version :]:
        if twin.version >= move.version:
            continue
        assert twin.state.to_act == 0 == move.actor
        twin.act(0, move.text, twin.version)
        restarted = HostedGame.load(store2, "g")
        assert restarted.state == twin.state
        twin = restarted
    assert twin.state == game.state


def test_seats_are_joined_once_with_a_secret_token(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    game = HostedGame.create(store, setup("modern", "human", "human", "random"), game_id="g")
    first = game.join(0)
    second = game.join(1)
    assert first != second
    assert (game.seat_of(first), game.seat_of(second), game.seat_of("guess")) == (0, 1, None)
    assert first not in str(store.tokens("g"))  # only a digest is stored
    with pytest.raises(SeatError, match="taken"):
        game.join(0)
    with pytest.raises(SeatError, match="random bot"):
        game.join(2)
    for seat in (3, -1, True, "0"):
        with pytest.raises(SeatError, match="not in this 3-player game"):
            game.join(seat)  # type: ignore[arg-type]
    assert HostedGame.load(store, "g").seat_of(second) == 1


@pytest.mark.parametrize("name", EDITIONS)
def test_a_refused_move_changes_nothing(name: str, tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    game = HostedGame.create(store, setup(name, "human", "human"), game_id="g")
    seat = game.state.to_act
    other = 1 - seat
    before = (game.state, game.version, list(store.moves("g")))
    legal = game.rules.legal_actions(game.state)
    with pytest.raises(VersionConflictError, match="look again"):
        game.act(seat, str(legal[0]), game.version + 1)
    with pytest.raises(OutOfTurnError, match=f"seat {seat} decides"):
        game.act(other, str(legal[0]), game.version)
    with pytest.raises(ActionParseError):
        game.act(seat, "fly to the moon", game.version)
    with pytest.raises(ArgumentTypeError):
        game.act(seat, 3, game.version)  # type: ignore[arg-type]
    illegal = next(
        str(action)
        for later in _later_states(game)
        for action in game.rules.legal_actions(later)
        if action not in legal and _parses(game, str(action))
    )
    with pytest.raises(IllegalActionError):
        game.act(seat, illegal, game.version)
    assert (game.state, game.version, store.moves("g")) == before


def _later_states(game: HostedGame) -> list[object]:
    """A few states further on, whose actions the state now does not allow."""
    rules, state, rng, found = game.rules, game.state, random.Random(0), []
    for _ in range(60):
        if state.to_act == TERMINAL:
            break
        if state.to_act == CHANCE:
            outcomes = rules.chance_outcomes(state)
            state = rules.apply(state, outcomes[0][0])
            continue
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        found.append(state)
    return found


def _parses(game: HostedGame, text: str) -> bool:
    try:
        game.rules.parse_action(game.state, text)
    except ActionParseError:
        return False
    return True


def test_a_second_process_moving_first_turns_the_first_away(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    one = HostedGame.create(store, setup("modern", "human", "human"), game_id="g")
    two = HostedGame.load(SQLiteStore(tmp_path / "games.db"), "g")
    seat = one.state.to_act
    legal = [str(a) for a in one.rules.legal_actions(one.state)]
    one.act(seat, legal[0], one.version)
    with pytest.raises(VersionConflictError):
        two.act(seat, legal[-1], two.version)  # the store refuses the same version twice
    known = two.version
    assert two.refresh() == one.moves[known:] != []
    assert two.moves == one.moves
    assert two.state == one.state
    assert HostedGame.load(store, "g").moves == one.moves


def test_a_set_up_is_checked_before_anything_is_stored(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    cases = [
        ({"ruleset": "modern", "players": 2, "colour": "red"}, ArgumentValueError, "unknown"),
        ({"ruleset": "modern", "players": 5}, OptionError, "players"),
        (
            {"ruleset": "modern", "players": 2, "seats": [{"kind": "human"}]},
            ArgumentValueError,
            "2 seats",
        ),
        (setup("modern", "human", "greedy-omniscient"), ArgumentValueError, "seat's view"),
        (setup("modern", "human", "wizard"), ArgumentValueError, "seat 1"),
        ({"ruleset": "modern", "players": 2, "seed": "7"}, ArgumentTypeError, "seed"),
        ({"ruleset": 3}, ArgumentTypeError, "ruleset"),
        ({"ruleset": "modern", "options": {"no_such": 1}}, OptionError, "no_such"),
    ]
    for bad, error, words in cases:
        with pytest.raises(error, match=words):
            HostedGame.create(store, bad)
    assert store.games() == []
    with pytest.raises(UnknownGameError):
        HostedGame.load(store, "nowhere")
    done = check_setup({"ruleset": "classic", "players": 3})
    assert done["seats"] == [{"kind": "human"}] * 3
    assert isinstance(done["seed"], int)


def test_bots_owing_moves_after_a_crash_make_them_when_the_game_is_loaded(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    game = HostedGame.create(store, setup("modern", "human", "random"), game_id="g")
    rules = game.rules
    while True:  # find a move of the person after which the bot or chance moves
        assert game.state.to_act == 0
        legal = rules.legal_actions(game.state)
        handing = [a for a in legal if rules.apply(game.state, a).to_act != 0]
        if handing:
            break
        game.act(0, str(legal[0]), game.version)
    move = Move(game.version + 1, 0, str(handing[0]))
    store.append("g", move)  # the person's move is stored; the server dies before the bot's
    crashed = HostedGame.load(store, "g")
    assert crashed.version == move.version
    assert crashed.decides() is None  # waiting for the bot
    made = crashed.resume()
    assert made
    assert {m.actor for m in made} <= {CHANCE, 1}
    assert crashed.decides() in (0, None)
    assert HostedGame.load(store, "g").moves == crashed.moves
    assert HostedGame.load(store, "g").resume() == []  # nothing owed any more


def test_dice_entered_by_a_seat_wait_for_it(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.db")
    game = HostedGame.create(store, {**setup("modern", "human", "human"), "chance_by": 1})
    assert game.state.to_act == CHANCE
    assert game.decides() == 1
    outcome = str(game.rules.chance_outcomes(game.state)[0][0])
    with pytest.raises(OutOfTurnError, match="seat 1 rolls"):
        game.act(0, outcome, game.version)
    game.act(1, outcome, game.version)
    assert game.moves[0].actor == CHANCE
    with pytest.raises(ArgumentValueError, match="chance_by"):
        check_setup({**setup("modern", "human", "random"), "chance_by": 1})
