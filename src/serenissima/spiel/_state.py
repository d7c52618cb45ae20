"""The states of a ruleset's OpenSpiel game, and the observer of one seat's view."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pyspiel

from serenissima.engine.arrays import Observer
from serenissima.engine.core import CHANCE, TERMINAL, Action, State
from serenissima.engine.errors import ArgumentValueError, SerenissimaError, StateError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.rewards import final_rewards
from serenissima.engine.ruleset import Ruleset

__all__ = ["RULESETS", "SerenissimaObserver", "SerenissimaState", "Shared"]


class Shared:
    """What every state of one game shares: copied by reference, pickled by what rebuilds it."""

    __slots__ = (
        "key",
        "layout",
        "limit",
        "observer",
        "outcomes",
        "players",
        "reward",
        "rules",
        "space",
    )

    def __init__(
        self, rules: Ruleset, players: int, options: Mapping[str, object], reward: str, limit: int
    ) -> None:
        self.rules = rules
        self.players = players
        self.reward = reward
        self.limit = limit
        self.observer = Observer(rules, players, options)
        self.layout = self.observer.layout
        # the game's action and chance-outcome index spaces
        self.space, self.outcomes = rules.spaces_of(rules.new_game(players, options))
        self.key = (rules.id, players, tuple(sorted(options.items())), reward, limit)

    def __deepcopy__(self, memo: dict[int, object]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_shared, self.key)


RULESETS: Final[dict[str, Ruleset]] = {}
"""The rulesets registered with OpenSpiel, by id (filled by ``serenissima.spiel.register``)."""


def _shared(
    ruleset: str, players: int, options: tuple[tuple[str, object], ...], reward: str, limit: int
) -> Shared:
    """The shared part of a game's states, rebuilt when a serialized state is read."""
    rules = RULESETS.get(ruleset) or load_ruleset(ruleset)
    return Shared(rules, players, dict(options), reward, limit)


class _Now:
    """A position: the engine's state, the decisions made, who acts, and once asked what is legal.

    Never changed once made (what is legal is a cache of the position), so
    states cloned by OpenSpiel share it.
    """

    __slots__ = ("actions", "ascending", "chances", "decisions", "legal", "odds", "player", "state")

    def __init__(self, state: State, decisions: int, limit: int) -> None:
        self.state = state
        self.decisions = decisions
        to_act = state.to_act
        if to_act == TERMINAL or decisions >= limit:
            self.player = _TERMINAL
        elif to_act == CHANCE:
            self.player = _CHANCE
        else:
            self.player = to_act
        self.legal: tuple[int, ...] | None = None
        self.actions: tuple[Action, ...] = ()
        self.ascending: list[int] = []
        self.chances: dict[int, Action] | None = None  # chance's outcomes by index, once asked
        self.odds: list[tuple[int, float]] = []  # their indexes and probabilities, ascending

    def know_chances(self, shared: Shared) -> dict[int, Action]:
        """Chance's outcomes by index (worked out once), and :attr:`odds`."""
        chances = self.chances
        if chances is None:
            state = self.state
            outcomes = shared.rules.chance_outcomes(state)
            indices = shared.outcomes.indices(state, [o for o, _ in outcomes])
            chances = self.chances = {i: o for i, (o, _) in zip(indices, outcomes, strict=True)}
            self.odds = sorted((i, float(p)) for i, (_, p) in zip(indices, outcomes, strict=True))
        return chances

    def know_legal(self, shared: Shared) -> tuple[int, ...]:
        """The legal indexes, in the order of the legal actions (worked out once)."""
        legal = self.legal
        if legal is None:
            state = self.state
            self.actions = actions = shared.rules.legal_actions(state)
            legal = self.legal = shared.space.indices(state, actions)
            self.ascending = sorted(legal)
        return legal

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self

    def __getstate__(self) -> tuple[State, int, int]:
        return (self.state, self.decisions, self.player)

    def __setstate__(self, saved: tuple[State, int, int]) -> None:
        self.state, self.decisions, self.player = saved
        self.legal, self.actions, self.ascending = None, (), []
        self.chances, self.odds = None, []


_TERMINAL: Final[int] = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final[int] = int(pyspiel.PlayerId.CHANCE)


class SerenissimaState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A state of a ``SerenissimaGame``: the engine's immutable state and the decisions made.

    OpenSpiel clones a Python state by copying its attributes; both of this
    one's are shared by reference, so a clone costs no more than a new
    Python object.

    Example:
        >>> import pyspiel
        >>> import serenissima.spiel
        >>> state = pyspiel.load_game("python_serenissima_classic(players=2)").new_initial_state()
        >>> state.current_player(), state.action_to_string(state.legal_actions()[0])
        (0, 'seat 0: crew 1 1')
    """

    def __init__(
        self, game: pyspiel.Game, shared: Shared, state: State, decisions: int = 0
    ) -> None:
        super().__init__(game)
        self._game = shared
        self._now = _Now(state, decisions, shared.limit)

    @property
    def game_state(self) -> State:
        """The engine's state (full: every seat's secrets)."""
        return self._now.state

    @property
    def decisions(self) -> int:
        """How many decisions the seats have made so far."""
        return self._now.decisions

    # --- who acts and what they may do ---------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` or ``pyspiel.PlayerId.TERMINAL``."""
        return self._now.player

    def is_terminal(self) -> bool:
        """Whether the game has ended (or reached ``max_game_length``)."""
        return self._now.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance acts (answered here, without a round trip through OpenSpiel's C++)."""
        return self._now.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action indexes, ascending, as OpenSpiel's own ``legal_actions`` gives them.

        The seat to act's actions (``[]`` for another seat or once the game is
        over), or at a chance node the outcome indexes. Answered here for
        callers in Python; OpenSpiel's C++ asks :meth:`_legal_actions`.
        """
        now = self._now
        if now.player == _TERMINAL:
            return []
        if now.player == _CHANCE:
            return [index for index, _ in self.chance_outcomes()]
        if player is not None and player != now.player:
            return []
        if now.legal is None:
            now.know_legal(self._game)
        return list(now.ascending)

    # --- what a seat sees: answered here for callers in Python, as OpenSpiel's
    # observers give it to its C++ (a round trip that also makes a new game's
    # first state each time, to learn the tensor's shape)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation vector, as float32 values (see :class:`SerenissimaObserver`)."""
        return self._vector(player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The same as :meth:`information_state_tensor`: the information state is the view."""
        return self._vector(player)

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's observation text (see :class:`SerenissimaObserver`)."""
        return self._text(player)

    def observation_string(self, player: int | None = None) -> str:
        """The same as :meth:`information_state_string`."""
        return self._text(player)

    def _seat(self, player: int | None) -> int:
        seat = self._now.player if player is None else int(player)
        if not 0 <= seat < self._game.players:
            raise ArgumentValueError(f"player {seat} is no seat of this game")
        return seat

    def _vector(self, player: int | None) -> list[float]:
        return self._game.observer.floats_of(self._now.state, self._seat(player))

    def _text(self, player: int | None) -> str:
        rules = self._game.rules
        return rules.observation_text(rules.observe(self._now.state, self._seat(player)))

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action indexes of the seat to act, ascending (OpenSpiel asks for no other)."""
        now = self._now
        if now.legal is None:
            now.know_legal(self._game)
        return now.ascending

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcome indexes of chance and their probabilities."""
        now = self._now
        if now.player == _CHANCE:
            now.know_chances(self._game)
            return list(now.odds)
        chances = self._game.rules.chance_indices(now.state)  # refused, or a game cut short
        return sorted((index, float(p)) for index, p in chances)

    def _apply_action(self, action: int) -> None:
        """Play the action (or chance outcome) at index ``action``; refused if not legal."""
        shared, now = self._game, self._now
        rules, state, index = shared.rules, now.state, int(action)
        if now.player == _TERMINAL:
            raise StateError("the game is over: no action can be applied")
        if now.player == _CHANCE:
            outcome = now.know_chances(shared).get(index)
            if outcome is None:
                raise ArgumentValueError(f"{index} is no outcome of this chance node")
            self._now = _Now(rules.apply_unchecked(state, outcome), now.decisions, shared.limit)
            return
        legal = now.know_legal(shared)
        try:
            chosen = now.actions[legal.index(index)]
        except ValueError:
            # out of the space (ArgumentValueError) or not legal (IllegalActionError naming
            # the rule): raised without changing anything
            rules.apply(state, rules.index_action(state, index))
            raise  # pragma: no cover - apply has raised
        self._now = _Now(rules.apply_unchecked(state, chosen), now.decisions + 1, shared.limit)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's text form, as the ruleset writes it (``"move algiers"``)."""
        rules, state = self._game.rules, self._now.state
        try:
            if player == pyspiel.PlayerId.CHANCE:
                return f"chance: {rules.index_outcome(state, int(action))}"
            return f"seat {player}: {rules.index_action(state, int(action))}"
        except SerenissimaError:  # an index that means nothing in this state
            return f"index {int(action)}"

    # --- the end ---------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Each seat's reward: 0 until the game ends, then from its final standings."""
        game = self._game
        if not self.is_terminal():
            return [0.0] * game.players
        standings = game.rules.standings(self._now.state)
        return final_rewards(standings, game.players, game.reward)

    # --- hidden information ----------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SerenissimaState:
        """A state that ``player_id`` cannot tell from this one, what it cannot see drawn anew.

        The engine's ``Ruleset.sample_state`` draws it from the seat's
        observation alone, with a generator seeded from ``probability_sampler``
        (called once). Its history is not this state's: the state starts
        from the drawn position.
        """
        rules, now = self._game.rules, self._now
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        drawn = rules.sample_state(rules.observe(now.state, player_id), rng)
        fresh: SerenissimaState = self.get_game().new_initial_state()
        fresh._now = _Now(drawn, now.decisions, self._game.limit)
        return fresh

    def __str__(self) -> str:
        """The board, as spectators see it."""
        return self._game.rules.render(self._now.state)


class SerenissimaObserver:
    """What one seat sees of a :class:`SerenissimaState`, as OpenSpiel's observers give it.

    The tensor is ``Ruleset.observation_vector`` of the seat's observation,
    and ``dict`` holds it whole as ``"observation"``: OpenSpiel copies the
    tensor piece by piece, one per entry of ``dict``, and the layout has
    hundreds of blocks. ``blocks`` gives each block of the layout
    (``Ruleset.observation_layout``) as a view of the tensor, by name. The
    string is ``Ruleset.observation_text``. Both the information state and the
    observation are the seat's observation: each edition's observation keeps
    what the seat has seen before that still matters (the purses reckoned
    from every public payment, the bids already revealed), so it is the
    information state the seat needs. Only views of one seat's information
    (``IIGObservationType`` with the default private information, one
    player's, and the public information) are offered.

    Raises:
        ArgumentValueError: Observer parameters, or another kind of view.
    """

    def __init__(
        self, shared: Shared, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        if params:
            raise ArgumentValueError(f"the observer takes no parameters, not {params!r}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ArgumentValueError(
                "a Serenissima observer shows one seat's view: public information "
                "and that seat's own (PrivateInfoType.SINGLE_PLAYER)"
            )
        self._rules = shared.rules
        self._observer = shared.observer
        layout = shared.layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.blocks = {b.name: self.tensor[b.start : b.stop] for b in layout.blocks}

    def set_from(self, state: SerenissimaState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor`."""
        self._observer.vector(state._now.state, player, out=self.tensor)

    def string_from(self, state: SerenissimaState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        rules = self._rules
        return rules.observation_text(rules.observe(state._now.state, player))
