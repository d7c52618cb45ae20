"""The observation vectors of a ruleset: methods ``Ruleset`` gets.

Each seat's view as a vector of numbers in named blocks (see
:mod:`serenissima.engine.encoding` for how an edition writes it), written
whole or part by part into a :class:`~serenissima.engine.slates.Slate`, and
as an information-state text.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Mapping
from typing import Any, Protocol, runtime_checkable

from serenissima.engine.core import Observation, State
from serenissima.engine.encoding import Writer, observation_text
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError
from serenissima.engine.layouts import Layout
from serenissima.engine.slates import Slate

__all__ = ["Encoding", "Vectors"]


@runtime_checkable
class Encoding(Protocol):
    """What an edition's engine provides for the observation vectors.

    Part of :class:`~serenissima.engine.indexing.Learnable`.

    Example:
        >>> import serenissima as ser
        >>> isinstance(ser.load_ruleset("classic").engine, Encoding)
        True
    """

    observation_type: type[Observation]

    def encode_observation(self, rules: Any, observation: Observation, writer: Writer) -> None:
        """Write ``observation`` into ``writer``, in blocks of the same sizes for one game."""
        ...


class Vectors:
    """The observation-vector methods of a ruleset (a base class of ``Ruleset``, by ``Indexing``).

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> seen = rules.observe(rules.new_game(players=2), 1)
        >>> len(rules.observation_vector(seen)) == rules.observation_layout(2).size
        True
    """

    __slots__ = ("_last_layout", "_layouts", "_slates")
    engine: Encoding

    def _start_vectors(self) -> None:
        """Make the tables the methods fill as they are asked (called by ``Ruleset``)."""
        self._layouts: dict[Hashable, Layout] = {}
        # the last layout asked for, its options compared by identity
        self._last_layout: tuple[object, object, Layout] | None = None
        self._slates = threading.local()  # each thread's slate per layout, for observation_vector

    # provided by Ruleset
    def observe(self, state: State, seat: int | None) -> Observation:
        """What a seat sees (see ``Ruleset.observe``)."""
        raise NotImplementedError

    def new_game(self, players: int, options: Mapping[str, object] | None = None) -> State:
        """Start a game (see ``Ruleset.new_game``)."""
        raise NotImplementedError

    def _layout_of(self, seen: Observation) -> Layout:
        """The layout of ``seen``'s game."""
        players, options = getattr(seen, "players", None), getattr(seen, "options", None)
        last = self._last_layout
        if last is not None and last[1] is options and last[0] == players:
            return last[2]
        found = self._layouts.get((players, options))
        if found is None:
            writer = Writer()
            self.engine.encode_observation(self, seen, writer)
            found = self._layouts[players, options] = writer.layout()
        self._last_layout = (players, options, found)
        return found

    def observation_layout(
        self, players: int, options: Mapping[str, object] | None = None
    ) -> Layout:
        """The blocks of the observation vectors of games of ``players`` seats with ``options``.

        Raises:
            OptionError: An unsupported player count or a bad option.

        Example:
            >>> import serenissima as ser
            >>> layout = ser.load_ruleset("classic").observation_layout(2)
            >>> layout.block("ducats").size
            1
        """
        return self._layout_of(self.observe(self.new_game(players, options), 0))

    def observation_vector(self, observation: Observation) -> tuple[float, ...]:
        """What a seat sees, from its observation alone, as numbers.

        Laid out as :meth:`observation_layout` says.

        Raises:
            ArgumentTypeError: ``observation`` is not an observation of this ruleset.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> state = rules.new_game(players=4)
            >>> vector = rules.observation_vector(rules.observe(state, 2))
            >>> len(vector) == rules.observation_layout(4).size
            True
        """
        self._check_observation(observation)
        layout = self._layout_of(observation)
        slates: dict[int, Slate] | None = getattr(self._slates, "by_layout", None)
        if slates is None:
            slates = self._slates.by_layout = {}
        slate = slates.get(id(layout))
        if slate is None:
            slate = slates[id(layout)] = Slate(layout.size)
        self._write(observation, layout, slate)
        slate.dirty.clear()
        return tuple(slate.values)

    def write_observation(self, observation: Observation, slate: Slate) -> None:
        """Write what a seat sees into ``slate``, leaving the parts that did not change.

        The incremental form of :meth:`observation_vector`, for encoders that
        keep a copy of the vector elsewhere (``serenissima.env`` keeps numpy
        arrays): afterwards ``slate.values`` is the vector, and ``slate.dirty``
        lists the ranges of numbers written since it was last cleared.

        Raises:
            ArgumentTypeError: ``observation`` is not an observation of this ruleset.
            ArgumentValueError: ``slate`` is not as long as the observation's layout.

        Example:
            >>> import serenissima as ser
            >>> from serenissima.engine.slates import Slate
            >>> rules = ser.load_ruleset("modern")
            >>> state = rules.new_game(players=2)
            >>> slate = Slate(rules.observation_layout(2).size)
            >>> rules.write_observation(rules.observe(state, 0), slate)
            >>> tuple(slate.values) == rules.observation_vector(rules.observe(state, 0))
            True
        """
        self._check_observation(observation)
        self._write(observation, self._layout_of(observation), slate)

    def _write(self, observation: Observation, layout: Layout, slate: Slate) -> None:
        writer = Writer(layout.size, slate)
        self.engine.encode_observation(self, observation, writer)
        if writer.written != layout.size:  # pragma: no cover - an edition's bug
            raise ArgumentValueError("the edition wrote a vector of another length than its layout")

    def observation_text(self, observation: Observation) -> str:
        """The information-state text of an observation: equal texts exactly for equal views.

        See :func:`~serenissima.engine.encoding.observation_text`.
        """
        self._check_observation(observation)
        return observation_text(observation)

    def _check_observation(self, observation: object) -> None:
        expected = self.engine.observation_type
        if not isinstance(observation, expected):
            what = f"a {expected.__name__} of this ruleset, from observe"
            raise ArgumentTypeError("observation", what, observation)
