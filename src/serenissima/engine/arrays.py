"""Observation vectors and action masks as numpy arrays, written only where they changed.

This module needs numpy, which the ``rl`` and ``spiel`` extras install; the
rest of the engine does not. :class:`Observer` is what ``serenissima.env``
and ``serenissima.spiel`` encode with: it keeps the last vector, whichever
seat's, in a :class:`~serenissima.engine.slates.Slate` of single floats that
NumPy reads in place. Consecutive views share most of their pieces, whichever
seat looks (the states are immutable and share what an action leaves alone),
so a new view costs the few parts the edition writes again and one copy of
the array.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from serenissima.engine.core import Observation, State
from serenissima.engine.errors import ArgumentValueError
from serenissima.engine.layouts import Layout
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.slates import Slate
from serenissima.engine.view_plans import ViewWriter

__all__ = ["Observer"]


class _Last:
    """The last vector: a slate of single floats, NumPy's view of it, and its Python floats."""

    __slots__ = ("array", "floats", "slate")

    def __init__(self, size: int) -> None:
        self.slate = Slate(size, "f")
        self.array: npt.NDArray[np.float32] = np.frombuffer(self.slate.values, np.float32)
        self.floats: list[float] | None = None  # kept up to date once asked for


class _Direct:
    """The last vector written from a state and a seat: its writer, NumPy's view, its floats."""

    __slots__ = ("array", "floats", "writer")

    def __init__(self, writer: ViewWriter) -> None:
        self.writer = writer
        self.array: npt.NDArray[np.float32] = np.frombuffer(writer.values, np.float32)
        self.floats: list[float] | None = None  # kept up to date once asked for

    def update(self, state: State, seat: int | None) -> _Direct:
        """Write ``seat``'s view of ``state`` (and the Python floats, once asked for)."""
        writer = self.writer
        writer.write(state, seat)
        dirty = writer.dirty
        floats = self.floats
        if floats is not None:
            values, unpack = writer.values, _UNPACK
            for start, stop in dirty:
                floats[start:stop] = unpack[stop - start](values, start * 4)
        dirty.clear()
        return self


class _Unpackers(dict[int, Callable[..., tuple[float, ...]]]):
    """``_UNPACK[n](values, offset)``: n single floats of ``values`` from byte ``offset``."""

    def __missing__(self, size: int) -> Callable[..., tuple[float, ...]]:
        unpack = self[size] = struct.Struct(f"{size}f").unpack_from
        return unpack


_UNPACK = _Unpackers()


class Observer:
    """The observation vectors and action masks of one kind of game, as numpy arrays.

    Args:
        rules: The ruleset.
        players: The number of seats.
        options: Rule options by name.

    Attributes:
        layout: The blocks of every vector (``Ruleset.observation_layout``).
        size: The length of every vector.
        num_actions: The length of every mask (``Ruleset.num_actions``).

    Every vector equals ``Ruleset.observation_vector`` of the same view, as
    float32 numbers.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.engine.arrays import Observer
        >>> rules = ser.load_ruleset("modern")
        >>> observer = Observer(rules, 2)
        >>> state = rules.new_game(players=2)
        >>> vector = observer.vector(state, 1)
        >>> vector.dtype.name, vector.shape == (observer.size,)
        ('float32', True)
        >>> tuple(vector) == tuple(np.float32(rules.observation_vector(rules.observe(state, 1))))
        True
    """

    __slots__ = (
        "_direct",
        "_last",
        "_options",
        "_shown",
        "_state_type",
        "layout",
        "num_actions",
        "players",
        "rules",
        "size",
    )

    def __init__(
        self, rules: Ruleset, players: int, options: Mapping[str, object] | None = None
    ) -> None:
        self.rules = rules
        self.players = players
        self.layout: Layout = rules.observation_layout(players, options)
        self.size = self.layout.size
        self.num_actions = rules.num_actions(players, options)
        self._last = _Last(self.size)
        # an edition that writes vectors from the state itself (``view_plan`` on its engine)
        # skips building the observation; any other game goes the observation's way
        self._direct: _Direct | None = None
        self._options: object = None
        self._state_type: type | None = None
        self._shown: npt.NDArray[np.float32] | None = None  # the read-only array of view()
        view_plan = getattr(rules.engine, "view_plan", None)
        if view_plan is not None:
            start = rules.new_game(players, options)
            plan, tables = view_plan(rules, players)
            self._direct = _Direct(ViewWriter(plan, tables, start, self.size))
            self._options = getattr(start, "options", None)
            self._state_type = type(start)

    def __repr__(self) -> str:
        return f"<Observer of {self.rules.id} for {self.players} seats: {self.size} numbers>"

    def vector(
        self, state: State, seat: int | None, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """``seat``'s view of ``state`` as float32 numbers (``None``: a spectator's).

        Args:
            state: A state of this kind of game.
            seat: The seat that looks.
            out: Where to write the vector (a float32 array of :attr:`size`
                numbers, a row of a batch say); by default a new array.

        Raises:
            StateError: No such seat.
            ArgumentValueError: ``state`` is of a game of another size, or
                ``out`` has the wrong shape.
        """
        if out is not None and out.shape != (self.size,):
            raise ArgumentValueError(f"out must have the shape ({self.size},), not {out.shape}")
        array = self._written(state, seat)
        if out is None:
            return array.copy()
        out[...] = array
        return out

    def view(self, state: State, seat: int | None) -> npt.NDArray[np.float32]:
        """``seat``'s view of ``state`` in the observer's own read-only array, without a copy.

        The array is rewritten by the observer's next view (of any seat or
        state), so it must be copied to be kept; :meth:`vector` hands out a
        new array instead.

        Raises:
            StateError: No such seat.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> observer = Observer(rules, 2)
            >>> state = rules.new_game(players=2)
            >>> seen = observer.view(state, 0)
            >>> seen.flags.writeable, bool((seen == observer.vector(state, 0)).all())
            (False, True)
        """
        array = self._written(state, seat)
        shown = self._shown
        if shown is None or shown.base is not array:
            shown = self._shown = array.view()
            shown.flags.writeable = False
        return shown

    def _written(self, state: State, seat: int | None) -> npt.NDArray[np.float32]:
        """The observer's own array, holding ``seat``'s view of ``state`` (see :meth:`_of`)."""
        direct = self._of(state, seat)
        if direct is None:
            return self._update(self.rules.observe(state, seat)).array
        return direct.update(state, seat).array

    def floats_of(self, state: State, seat: int | None) -> list[float]:
        """``seat``'s view of ``state`` as a list of Python floats (see :meth:`floats`).

        Raises:
            StateError: No such seat.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> state = rules.new_game(players=2)
            >>> observer = Observer(rules, 2)
            >>> observer.floats_of(state, 0) == observer.floats(rules.observe(state, 0))
            True
        """
        direct = self._of(state, seat)
        if direct is None:
            return self.floats(self.rules.observe(state, seat))
        if direct.floats is None:
            direct.floats = direct.update(state, seat).writer.values.tolist()
        else:
            direct.update(state, seat)
        return direct.floats.copy()

    def _of(self, state: State, seat: int | None) -> _Direct | None:
        """The direct writer, if it can write ``seat``'s view of ``state``; ``None`` if not.

        The view goes the observation's way (which checks and refuses) when the
        edition has no view plan, or the state is not of this observer's game
        (a state of another kind, another size, other options), or the seat
        is no seat of it.
        """
        direct = self._direct
        if direct is None or type(state) is not self._state_type:
            return None
        players = self.players
        if state.players != players:
            return None
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            return None
        options = getattr(state, "options", None)
        if options is not self._options:
            if options != self._options:
                return None
            self._options = options  # the same options: the next views of its game compare faster
        return direct

    def encode(
        self, observation: Observation, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """An observation from :meth:`Ruleset.observe` as float32 numbers (see :meth:`vector`).

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> observer = Observer(rules, 3)
            >>> row = np.zeros((2, observer.size), np.float32)
            >>> seen = rules.observe(rules.new_game(players=3), 0)
            >>> _ = observer.encode(seen, out=row[1])
            >>> bool(row[0].any()), bool(row[1].any())
            (False, True)
        """
        if out is not None and out.shape != (self.size,):
            raise ArgumentValueError(f"out must have the shape ({self.size},), not {out.shape}")
        array = self._update(observation).array
        if out is None:
            return array.copy()
        out[...] = array
        return out

    def floats(self, observation: Observation) -> list[float]:
        """The vector of :meth:`encode` as a list of Python floats (OpenSpiel's tensors are).

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> seen = rules.observe(rules.new_game(players=2), 0)
            >>> floats = Observer(rules, 2).floats(seen)
            >>> floats == Observer(rules, 2).encode(seen).tolist()
            True
        """
        last = self._update(observation)
        if last.floats is None:
            last.floats = last.slate.values.tolist()
        return last.floats.copy()

    def _update(self, observation: Observation) -> _Last:
        """Write ``observation`` into the last vector (and its Python floats, once asked for)."""
        last = self._last
        slate = last.slate
        self.rules.write_observation(observation, slate)
        floats = last.floats
        if floats is not None:
            values = slate.values
            for start, stop in slate.dirty:
                floats[start:stop] = values[start:stop].tolist()
        slate.dirty.clear()
        return last

    def mask(
        self,
        legal: Sequence[int],
        out: npt.NDArray[np.int8] | None = None,
        previous: Sequence[int] | None = None,
    ) -> npt.NDArray[np.int8]:
        """The int8 mask over the action space with 1 at the indexes ``legal``.

        Args:
            legal: The legal indexes.
            out: Where to write the mask; by default a new array.
            previous: The indexes ``out`` holds ones at, to clear only those
                (the classic space is 172,365 wide, and a decision has a few
                dozen legal actions); by default ``out`` is cleared whole.

        Example:
            >>> import serenissima as ser
            >>> observer = Observer(ser.load_ruleset("modern"), 2)
            >>> mask = observer.mask((3, 5))
            >>> mask.dtype.name, int(mask.sum())
            ('int8', 2)
            >>> mask = observer.mask((7,), out=mask, previous=(3, 5))
            >>> np.flatnonzero(mask).tolist()
            [7]
        """
        if out is None:
            out = np.zeros(self.num_actions, np.int8)
        else:
            if out.shape != (self.num_actions,):
                raise ArgumentValueError(
                    f"out must have the shape ({self.num_actions},), not {out.shape}"
                )
            if previous is None:
                out[...] = 0
            elif len(previous) + len(legal) <= _FEW:  # a decision's few: byte by byte
                ones = out.data
                for index in previous:
                    ones[index] = 0
                for index in legal:
                    ones[index] = 1
                return out
            elif previous:
                out[np.fromiter(previous, np.intp, len(previous))] = 0
        if legal:
            out[np.fromiter(legal, np.intp, len(legal))] = 1
        return out


_FEW = 64
"""Indexes a mask sets one by one rather than through numpy (whose calls cost more)."""
