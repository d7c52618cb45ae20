"""serenissima.spiel: every installed ruleset as an OpenSpiel game (extra ``spiel``)."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts

import serenissima as ser
import serenissima.spiel as sp
from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.errors import (
    ArgumentValueError,
    IllegalActionError,
    OptionError,
    StateError,
)
from serenissima.engine.rewards import final_rewards
from test_no_peeking import POSITIONS, disguised

EDITIONS = ("classic", "modern")
COUNTS = (2, 3, 4)


def game(name: str, players: int, **params: object) -> sp.SerenissimaGame:
    return pyspiel.load_game(sp.game_name(name), {"players": players, **params})  # type: ignore[no-any-return]


def roll(state: sp.SerenissimaState, rng: np.random.RandomState) -> None:
    """Resolve a chance node with its outcomes' probabilities."""
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choice(outcomes, p=probabilities))


def to_decision(state: sp.SerenissimaState, rng: np.random.RandomState) -> None:
    """Play chance and random decisions until a seat with a real choice decides."""
    while not state.is_terminal():
        if state.is_chance_node():
            roll(state, rng)
        elif len(state.legal_actions()) > 1 and rng.random_sample() < 0.15:
            return
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_every_installed_ruleset_is_registered() -> None:
    names = pyspiel.registered_names()
    for ruleset in ser.available_rulesets():
        assert sp.game_name(ruleset) in names
    assert sp.RULESETS["modern"].id == "modern"


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", COUNTS)
def test_random_simulation_passes_open_spiel_s_own_checks(name: str, players: int) -> None:
    """OpenSpiel's random simulation test, serialization included."""
    pyspiel.random_sim_test(game(name, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", COUNTS)
def test_the_game_declares_the_ruleset_s_spaces_and_observation(name: str, players: int) -> None:
    rules = ser.load_ruleset(name)
    played = game(name, players)
    kind = played.get_type()
    assert kind.short_name == f"python_serenissima_{name}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert played.num_players() == players
    assert played.num_distinct_actions() == rules.num_actions(players)
    assert played.max_chance_outcomes() == rules.num_outcomes(players)
    layout = rules.observation_layout(players)
    assert played.information_state_tensor_shape() == [layout.size]
    assert played.observation_tensor_shape() == [layout.size]
    assert played.max_game_length() == sp.DEFAULT_MAX_GAME_LENGTH


@pytest.mark.parametrize("name", EDITIONS)
def test_chance_has_the_exact_probabilities_and_decisions_the_ruleset_s_indexes(
    name: str,
) -> None:
    rules = ser.load_ruleset(name)
    state = game(name, 3).new_initial_state()
    rng = np.random.RandomState(5)
    chance_nodes = decisions = 0
    while not state.is_terminal():
        engine = state.game_state
        if state.is_chance_node():
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            assert pyspiel.State.is_chance_node(state)
            exact = dict(rules.chance_indices(engine))
            assert dict(state.chance_outcomes()) == {i: float(p) for i, p in exact.items()}
            assert sum(exact.values()) == Fraction(1)
            chance_nodes += 1
            roll(state, rng)
        else:
            assert state.current_player() == engine.to_act
            assert state.legal_actions() == sorted(rules.legal_indices(engine))
            # answered in Python as OpenSpiel's C++ answers
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            other = (state.current_player() + 1) % 3
            assert state.legal_actions(other) == pyspiel.State.legal_actions(state, other) == []
            assert not state.is_chance_node()
            mask = state.legal_actions_mask()
            assert bytes(mask) == rules.legal_mask(engine)
            index = int(rng.choice(state.legal_actions()))
            assert state.action_to_string(index).endswith(str(rules.index_action(engine, index)))
            state.apply_action(index)
            decisions += 1
            assert state.decisions == decisions
    assert state.game_state.to_act == TERMINAL
    assert state.legal_actions() == pyspiel.State.legal_actions(state) == []
    assert chance_nodes > 0
    assert state.returns() == final_rewards(rules.standings(state.game_state), 3, "win")


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("reward", ["win", "zero-sum", "rank"])
def test_returns_follow_the_chosen_rewards_and_the_declared_utility(name: str, reward: str) -> None:
    played = game(name, 4, rewards=reward)
    state = played.new_initial_state()
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        if state.is_chance_node():
            roll(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert all(played.min_utility() <= r <= played.max_utility() for r in returns)
    assert sum(returns) == pytest.approx(played.utility_sum())
    rules = ser.load_ruleset(name)
    assert returns == final_rewards(rules.standings(state.game_state), 4, reward)


@pytest.mark.parametrize("name", EDITIONS)
def test_the_observer_gives_the_ruleset_s_vector_and_text(name: str) -> None:
    rules = ser.load_ruleset(name)
    state = game(name, 4).new_initial_state()
    to_decision(state, np.random.RandomState(1))
    for seat in range(4):
        seen = rules.observe(state.game_state, seat)
        vector = np.asarray(rules.observation_vector(seen), np.float32)
        assert np.array_equal(state.information_state_tensor(seat), vector)
        assert np.array_equal(state.observation_tensor(seat), vector)
        assert state.information_state_string(seat) == rules.observation_text(seen)
        assert state.observation_string(seat) == rules.observation_text(seen)
        # the answers in Python are those of OpenSpiel's C++, through the observer
        assert state.information_state_tensor(seat) == pyspiel.State.information_state_tensor(
            state, seat
        )
        assert state.observation_string(seat) == pyspiel.State.observation_string(state, seat)
        assert state.information_state_string(seat) == pyspiel.State.information_state_string(
            state, seat
        )
    assert state.information_state_tensor() == state.information_state_tensor(
        state.current_player()
    )
    with pytest.raises(ArgumentValueError, match="no seat"):
        state.observation_tensor(4)
    observer = state.get_game().make_py_observer()
    observer.set_from(state, 1)
    block = rules.observation_layout(4).block("seat")
    assert list(observer.blocks["seat"]) == [0.0, 1.0, 0.0, 0.0]
    assert observer.dict["observation"] is observer.tensor
    assert observer.tensor[block.start + 1] == 1.0


@pytest.mark.parametrize("name", EDITIONS)
def test_what_a_seat_may_not_see_leaves_its_information_state_unchanged(name: str) -> None:
    """The no-peeking positions against the same positions with others' secrets changed."""
    played = game(name, 4)
    for position in POSITIONS[name]:
        if position.players != 4:
            continue
        seat = position.to_act
        states = []
        for engine in (position, disguised(position, seat)):
            state = played.new_initial_state()
            state._now = sp._state._Now(engine, 0, sp.DEFAULT_MAX_GAME_LENGTH)
            states.append(state)
        assert states[0].game_state != states[1].game_state
        assert states[0].information_state_string(seat) == states[1].information_state_string(seat)
        assert states[0].information_state_tensor(seat) == states[1].information_state_tensor(seat)


@pytest.mark.parametrize("name", EDITIONS)
def test_resampling_keeps_the_seat_s_information_state_and_draws_the_rest(name: str) -> None:
    played = game(name, 4)
    rng = np.random.RandomState(3)
    sampler = random.Random(9)
    redrawn = 0
    for _ in range(30):
        state = played.new_initial_state()
        to_decision(state, rng)
        if state.is_terminal():
            continue
        seat = state.current_player()
        drawn = state.resample_from_infostate(seat, sampler.random)
        assert isinstance(drawn, sp.SerenissimaState)
        assert drawn.current_player() == seat
        assert drawn.information_state_string(seat) == state.information_state_string(seat)
        assert drawn.legal_actions() == state.legal_actions()
        assert drawn.decisions == state.decisions
        redrawn += drawn.game_state != state.game_state
        drawn.apply_action(drawn.legal_actions()[0])  # the drawn state plays on
    if name == "classic":
        assert redrawn > 0  # secret bids were drawn anew


def test_a_clone_is_independent_and_a_serialized_state_comes_back() -> None:
    played = game("classic", 2)
    state = played.new_initial_state()
    to_decision(state, np.random.RandomState(4))
    clone = state.clone()
    before = state.game_state
    clone.apply_action(clone.legal_actions()[0])
    assert state.game_state is before
    assert clone.history() == [*state.history(), clone.history()[-1]]
    back = played.deserialize_state(state.serialize())
    assert back.game_state == state.game_state
    assert back.history() == state.history()
    assert back.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("name", EDITIONS)
def test_bad_actions_raise_typed_errors_and_change_nothing(name: str) -> None:
    played = game(name, 2)
    state = played.new_initial_state()
    to_decision(state, np.random.RandomState(6))
    before, history = state.game_state, state.history()
    legal = set(state.legal_actions())
    illegal = next(i for i in range(played.num_distinct_actions()) if i not in legal)
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    with pytest.raises(ArgumentValueError):
        state.apply_action(played.num_distinct_actions())
    with pytest.raises(ArgumentValueError):
        state.apply_action(-5)  # OpenSpiel itself refuses -1, its invalid action
    assert state.game_state is before
    assert state.history() == history
    chance = played.new_initial_state()
    while not chance.is_chance_node():
        chance.apply_action(chance.legal_actions()[0])
    history = chance.history()
    with pytest.raises(ArgumentValueError, match="no outcome"):
        chance.apply_action(played.max_chance_outcomes() + 100)
    assert chance.history() == history
    assert chance.is_chance_node()


def test_a_game_that_reaches_its_length_limit_ends_where_it_stands() -> None:
    rules = ser.load_ruleset("modern")
    state = game("modern", 2, max_game_length=12).new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            roll(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.decisions == 12
    assert state.game_state.to_act not in (TERMINAL, CHANCE)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    assert state.returns() == final_rewards(rules.standings(state.game_state), 2, "win")
    with pytest.raises(StateError):
        state.apply_action(0)


def test_parameters_are_the_ruleset_s_options_checked_as_new_game_checks_them() -> None:
    played = pyspiel.load_game("python_serenissima_classic(players=2,sailor_pool=-1)")
    assert played.options == {"sailor_pool": "unlimited"}
    assert played.start.options.sailor_pool == "unlimited"
    numbered = pyspiel.load_game("python_serenissima_classic(players=2,sailor_pool=180)")
    assert numbered.options == {"sailor_pool": "180"}
    assert pyspiel.load_game("python_serenissima_classic(players=3)").options == {}
    ports = ["genoa", "cagliari", "ragusa", "tunis"]
    chosen = sp.load_game("modern", players=2, options={"closed_ports": ports})
    assert chosen.options == {"closed_ports": tuple(ports)}
    named = pyspiel.load_game(
        "python_serenissima_modern(players=2,closed_ports=genoa+cagliari+ragusa+tunis)"
    )
    assert named.options == chosen.options
    with pytest.raises(OptionError, match="sailor_pool"):
        pyspiel.load_game("python_serenissima_classic(players=2,sailor_pool=7)")
    with pytest.raises(OptionError, match="unknown parameter"):
        sp.SerenissimaGame({"seats": 2}, ser.load_ruleset("classic"))
    with pytest.raises(ArgumentValueError, match="score"):
        sp.load_game("modern", players=2, reward="score")
    with pytest.raises(ArgumentValueError, match="at least 1"):
        sp.load_game("modern", players=2, options={"max_game_length": 0})
    with pytest.raises(OptionError):
        sp.load_game("modern", players=5)


def test_the_observer_refuses_views_it_does_not_give() -> None:
    played = game("modern", 2)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ArgumentValueError, match="one seat"):
        played.make_py_observer(public)
    with pytest.raises(ArgumentValueError, match="no parameters"):
        played.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_open_spiel_s_ismcts_bot_plays_a_whole_game(name: str, players: int) -> None:
    """OpenSpiel's IS-MCTS decides for seat 0 through resample_from_infostate."""
    played = game(name, players, rewards="zero-sum")
    rng = np.random.RandomState(players)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(played, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    state = played.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            roll(state, rng)
        elif state.current_player() == 0:
            searched += len(state.legal_actions()) > 1
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.game_state.to_act == TERMINAL
    assert searched > 10
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("name", EDITIONS)
def test_open_spiel_s_mcts_bot_plays_a_whole_game(name: str) -> None:
    played = game(name, 2)
    rng = np.random.RandomState(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(played, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
        for _ in range(2)
    ]
    state = played.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            roll(state, rng)
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert state.game_state.to_act == TERMINAL
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_open_spiel_s_rl_environment_plays_a_whole_game_on_the_observation_vectors() -> None:
    rules = ser.load_ruleset("classic")
    env = rl_environment.Environment(game("classic", 3), seed=5)
    step = env.reset()
    rng = np.random.RandomState(5)
    moves = 0
    while not step.last():
        seat = step.observations["current_player"]
        assert len(step.observations["info_state"][seat]) == rules.observation_layout(3).size
        step = env.step([rng.choice(step.observations["legal_actions"][seat])])
        moves += 1
    assert moves > 50
    assert sorted(step.rewards) in ([0.0, 0.0, 1.0], [0.0, 0.5, 0.5], [1 / 3] * 3)
