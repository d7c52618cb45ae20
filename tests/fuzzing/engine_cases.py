"""Cases for the ruleset's methods, the ``Game`` class and the agents' factory."""

from __future__ import annotations

import pickle
import random
from typing import Any

from hypothesis import strategies as st

from fuzzing.harness import Case
from fuzzing.values import EDITIONS, hostile, junk, legal, mangle, positions, rules_of
from serenissima.agents import make_agent
from serenissima.engine.core import CHANCE, Action, State
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import Game

_STATE_METHODS = ("legal_actions", "decision", "standings", "is_over", "chance_outcomes")
_SEAT_METHODS = ("observe", "render", "evaluate")


def _action_pool(
    draw: st.DrawFn, rules: Ruleset, state: State, *others: tuple[Ruleset, State]
) -> Any:
    """An action legal here, one of another state or seat or edition, or junk."""
    pools = [legal(rules, state)] + [legal(r, s) for r, s in others]
    pools = [pool for pool in pools if pool]
    if not pools or draw(st.integers(0, 5)) == 0:
        return draw(junk)
    pool = pools[draw(st.integers(0, len(pools) - 1))]
    return pool[draw(st.integers(0, len(pool) - 1))]


def _text(draw: st.DrawFn, rules: Ruleset, state: State, stranger: tuple[Ruleset, State]) -> Any:
    """Action text: a legal action's, mangled, the other edition's, or garbage."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    choice = draw(st.integers(0, 4))
    if choice == 4:
        return draw(st.one_of(st.text(max_size=30), junk))
    action = _action_pool(draw, rules, state, stranger)
    real = isinstance(action, Action) and type(action) is not Action
    text = str(action) if real else str(draw(st.text(max_size=20)))
    return mangle(text, rng) if choice >= 2 else text


@st.composite
def ruleset_cases(draw: st.DrawFn) -> Case:
    """A ``Ruleset`` method called with one hostile argument."""
    rules, state, states, stranger_rules, stranger = draw(positions())
    elsewhere = states[draw(st.integers(0, len(states) - 1))]
    method = draw(
        st.sampled_from(("apply", "step", "parse_action", "new_game", "apply_unchecked", "load"))
        | st.sampled_from(_STATE_METHODS + _SEAT_METHODS)
    )
    frozen = pickle.dumps(state)

    def snapshot() -> object:
        return pickle.dumps(state) == frozen

    if method in ("apply", "step"):
        action = _action_pool(draw, rules, state, (rules, elsewhere), (stranger_rules, stranger))
        allowed = legal(rules, state)
        return Case(
            "ruleset",
            f"{rules.id}.{method}({state.to_act=}, {action!r})",
            lambda: getattr(rules, method)(state, action),
            lambda _: isinstance(action, Action) and action in allowed,
            snapshot,
        )
    if method == "parse_action":
        text = _text(draw, rules, state, (stranger_rules, stranger))
        return Case(
            "ruleset",
            f"{rules.id}.parse_action({text!r})",
            lambda: rules.parse_action(state, text),
            lambda action: isinstance(action, rules.engine.action_types),
            snapshot,
        )
    if method == "new_game":
        players = hostile(draw, st.sampled_from((2, 3, 4)))
        options = hostile(draw, st.none() | st.dictionaries(st.text(max_size=12), junk, max_size=2))
        return Case(
            "ruleset",
            f"{rules.id}.new_game({players!r}, {options!r})",
            lambda: rules.new_game(players, options),
            lambda made: isinstance(made, rules.engine.state_type) and players in (2, 3, 4),
        )
    if method == "load":
        name = hostile(draw, st.sampled_from(("classic", "modern", "", ".", "x" * 5000, "/")))
        return Case(
            "ruleset",
            f"load_ruleset({name!r})"[:200],
            lambda: load_ruleset(name),
            lambda _: name in ("classic", "modern"),
        )
    if method == "apply_unchecked":
        value = draw(junk | st.just(stranger))
        return Case(
            "ruleset",
            f"{rules.id}.apply_unchecked({value!r})",
            lambda: rules.apply_unchecked(value, Action()),
            lambda _: False,
        )
    if method in _STATE_METHODS:
        value = hostile(draw, st.sampled_from((state, state, stranger)))
        return Case(
            "ruleset",
            f"{rules.id}.{method}({type(value).__name__})",
            lambda: getattr(rules, method)(value),
            # chance outcomes exist at chance nodes only; elsewhere there are none
            lambda got: (
                value is state
                and (method != "chance_outcomes" or state.to_act == CHANCE or got == ())
            ),
            snapshot,
        )
    seat = hostile(draw, st.integers(-1, 4))
    return Case(
        "ruleset",
        f"{rules.id}.{method}(state, {seat!r})",
        lambda: getattr(rules, method)(state, seat),
        # render(state, None) draws the whole state and observe(state, None) is a
        # spectator's view; every other seat is a seat of the game
        lambda _: (
            (type(seat) is int and 0 <= seat < state.players)
            or (seat is None and method in ("render", "observe"))
        ),
        snapshot,
    )


@st.composite
def game_cases(draw: st.DrawFn) -> Case:
    """A ``Game`` built or driven with one hostile argument."""
    edition = draw(st.sampled_from(EDITIONS))
    rules = rules_of(edition)
    if draw(st.integers(0, 7)) == 0:
        args = (
            hostile(draw, st.just(rules)),
            hostile(draw, st.sampled_from((2, 3, 4))),
            hostile(draw, st.none()),
            hostile(draw, st.integers(0, 9)),
        )
        return Case(
            "game",
            f"Game{args!r}",
            lambda: Game(args[0], args[1], args[2], seed=args[3]),
            lambda game: isinstance(game, Game) and args[1] in (2, 3, 4),
        )
    players = draw(st.sampled_from((2, 3, 4)))
    seed = draw(st.integers(0, 2**16))
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(0, 60))):
        if game.is_over():
            break
        game.advance()
        if not game.is_over():
            game.play(rng.choice(game.legal_actions()))
    _, _, _, stranger_rules, stranger = draw(positions())
    allowed = legal(rules, game.state)
    length = len(game.history)
    method = draw(st.sampled_from(("play", "play_text", "undo", "observe", "record", "chance")))

    def snapshot() -> object:
        return (game.state, game.history)

    if method == "play":
        action = _action_pool(draw, rules, game.state, (stranger_rules, stranger))
        call: Any = lambda: game.play(action)  # noqa: E731
        what = f"play({action!r})"
    elif method == "play_text":
        action = _text(draw, rules, game.state, (stranger_rules, stranger))
        call, what = (lambda: game.play(action)), f"play({action!r})"
    elif method == "undo":
        n = hostile(draw, st.integers(-1, 80))
        call, what = (lambda: game.undo(n)), f"undo({n!r})"
    elif method == "observe":
        seat = hostile(draw, st.integers(-1, 4))
        call, what = (lambda: game.observe(seat)), f"observe({seat!r})"
    elif method == "record":
        meta = hostile(draw, st.dictionaries(st.text(max_size=6), st.text(max_size=6), max_size=2))
        call, what = (lambda: game.record(meta)), f"record({meta!r})"
    else:
        call, what = game.resolve_chance, "resolve_chance()"

    def lawful(_: object) -> bool:
        if method in ("play", "play_text"):
            return len(game.history) == length + 1 and game.history[-1] in allowed
        if method == "chance":
            return len(game.history) == length + 1 and game.history[-1] in allowed
        return True

    return Case("game", f"{edition} {players}p after {length}: {what}", call, lawful, snapshot)


@st.composite
def agent_cases(draw: st.DrawFn) -> Case:
    """The agents' factory and an agent's ``act`` with hostile arguments."""
    rules, state, _, stranger_rules, stranger = draw(positions())
    # one argument in four or five is hostile, so that agents also get to act
    kind = hostile(draw, st.sampled_from(("random", "greedy", "random", "greedy", "Random", "")), 5)
    seed = hostile(draw, st.integers(0, 9) | st.none(), 5)
    target = hostile(draw, st.sampled_from((state, state, state, stranger)), 5)
    given = draw(st.sampled_from((rules, rules, rules, stranger_rules)))
    allowed = legal(given, target) if isinstance(target, given.engine.state_type) else ()

    def call() -> object:
        return make_agent(kind, seed=seed).act(given, target)

    return Case(
        "agents",
        f"make_agent({kind!r}, seed={seed!r}).act({given.id}, {type(target).__name__})",
        call,
        lambda action: action in allowed and getattr(target, "to_act", CHANCE) >= 0,
    )
