"""A ruleset's learned evaluation: each seat's chance of winning, fitted to games played.

A ruleset may ship a :class:`ValueModel` (``[ruleset.search]`` keys ``values``
and ``values_sha256`` of ``ruleset.toml``): a small conditional-logit model
per player count, fitted by ``scripts/train_value.py`` to the final results of
self-play games. For each seat ``s`` it reads four numbers of a state
(:data:`VALUE_FEATURES`): the edition's heuristic estimate of the seat's final
score (``evaluate``), the seat's score as it stands (``standings``), and each
of them times the share of the game played (the engine's ``progress``); the
seat's utility is their weighted sum, and the chances of winning are the
softmax of the utilities over the seats::

    u_s = w_1 e_s + w_2 e_s p + w_3 b_s + w_4 b_s p        P(s wins) = exp(u_s) / sum_j exp(u_j)

So the weights say how far a point of estimate and a point in hand count
towards winning, early and late in the game: the heuristic's estimate in
score units becomes a value in one unit at every stage, the chance of
winning, which is what a search should maximise. Once the game is over the
chances are the exact shares of the win (a win shared by ``k`` seats gives
each ``1/k``). The model is evaluated in pure Python: the core needs no
numerical library.

The file is JSON, checked when the ruleset is loaded: its SHA-256 digest must
be the one ``ruleset.toml`` declares, so that weights changed by hand or
damaged are refused with a :class:`~serenissima.engine.errors.RulesetError`
naming the file, as is a file of another format, other features or weights
that are not finite numbers.

Example:
    >>> import serenissima as ser
    >>> rules = ser.load_ruleset("classic")
    >>> model = rules.values
    >>> model.features
    ('estimate', 'estimate x progress', 'score', 'score x progress')
    >>> shares = model.win_shares(rules, rules.new_game(2))
    >>> len(shares), round(sum(shares), 9)
    (2, 1.0)
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

import attrs

from serenissima.engine.core import TERMINAL, State
from serenissima.engine.errors import RulesetError

if TYPE_CHECKING:
    from serenissima.engine.loader import RulesetFiles

__all__ = [
    "MODEL_KIND",
    "VALUE_FEATURES",
    "Paced",
    "ValueModel",
    "file_digest",
    "load_value_model",
    "value_features",
]

VALUE_FEATURES: Final[tuple[str, ...]] = (
    "estimate",
    "estimate x progress",
    "score",
    "score x progress",
)
"""The numbers a :class:`ValueModel` reads of a state for each seat, in its weights' order."""

MODEL_KIND: Final[str] = "conditional-logit"
"""The kind of model a values file holds: a softmax over seats of linear utilities."""

_FORMAT: Final[int] = 1


@runtime_checkable
class Paced(Protocol):
    """An engine that says how far a game has gone, which a learned evaluation reads.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> isinstance(rules.engine, Paced), rules.engine.progress(rules, rules.new_game(3))
        (True, 0.0)
    """

    def progress(self, rules: Any, state: State) -> float:
        """The share of the game played, from 0 at the start to 1 once it is over."""


def value_features(rules: Any, state: State) -> list[tuple[float, ...]]:
    """Each seat's :data:`VALUE_FEATURES` in ``state``, seat by seat.

    Raises:
        RulesetError: The ruleset's engine does not say how far a game has gone.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> [len(row) for row in value_features(rules, rules.new_game(2))]
        [4, 4]
    """
    engine = rules.engine
    paced = engine if isinstance(engine, Paced) else None
    if paced is None:
        raise RulesetError(
            "", "", f"the {engine.edition!r} engine has no progress(): no learned evaluation"
        )
    played = paced.progress(rules, state)
    scores = {entry.seat: entry.score for entry in engine.standings(rules, state).entries}
    rows: list[tuple[float, ...]] = []
    for seat in range(state.players):
        estimate = engine.evaluate(rules, state, seat)
        score = float(scores[seat])
        rows.append((estimate, estimate * played, score, score * played))
    return rows


@attrs.frozen(eq=False)
class ValueModel:
    """The learned evaluation of a ruleset (see the module).

    Attributes:
        file: The file it was read from, in the ruleset folder.
        features: The features its weights apply to: :data:`VALUE_FEATURES`.
        weights: The weights of each player count it was fitted for.
        training: What the training script recorded: games, positions, seeds,
            held-out figures.

    Example:
        >>> model = ValueModel("values.json", VALUE_FEATURES, {2: (0.0, 0.0, 0.1, 0.2)}, {})
        >>> model.players, model.applies(2), model.applies(4)
        ((2,), True, False)
    """

    file: str
    features: tuple[str, ...]
    weights: Mapping[int, tuple[float, ...]]
    training: Mapping[str, Any]

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts the model was fitted for."""
        return tuple(sorted(self.weights))

    def applies(self, players: int) -> bool:
        """Whether the model has weights for games of ``players`` seats."""
        return players in self.weights

    def win_shares(self, rules: Any, state: State) -> list[float]:
        """Each seat's chance of winning ``state``'s game; the exact shares once it is over.

        Raises:
            KeyError: The model has no weights for the game's player count.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("modern")
            >>> shares = rules.values.win_shares(rules, rules.new_game(4))
            >>> [round(share, 2) for share in shares]
            [0.25, 0.25, 0.25, 0.25]
        """
        if state.to_act == TERMINAL:
            winners = rules.engine.standings(rules, state).winners
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
        w = self.weights[state.players]
        rows = value_features(rules, state)
        utilities = [sum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
        top = max(utilities)
        powers = [math.exp(u - top) for u in utilities]
        total = sum(powers)
        return [p / total for p in powers]


def file_digest(data: bytes) -> str:
    """The SHA-256 digest of a values file, as ``ruleset.toml`` declares it (hex).

    Example:
        >>> file_digest(b"{}")[:12]
        '44136fa355b3'
    """
    return hashlib.sha256(data).hexdigest()


def load_value_model(
    files: RulesetFiles, name: str, digest: str, players: tuple[int, ...]
) -> ValueModel:
    """Read and check the values file ``name`` of a ruleset folder.

    Args:
        files: The ruleset's files.
        name: The file, as ``[ruleset.search] values`` names it.
        digest: The SHA-256 digest ``[ruleset.search] values_sha256`` declares.
        players: The ruleset's player counts: the weights of others are left out
            (a variant may offer fewer counts than its base's file has).

    Raises:
        RulesetError: A missing file, a digest other than the one declared,
            JSON that does not parse, or contents not as described in the module.

    Example:
        >>> from serenissima.engine.loader import RulesetFiles
        >>> from serenissima.engine.registry import get_plugin
        >>> import serenissima as ser
        >>> files = RulesetFiles(get_plugin("classic").folder)
        >>> hints = ser.load_ruleset("classic").info.search
        >>> load_value_model(files, hints.values, hints.values_sha256, (2, 3, 4)).players
        (2, 3, 4)
    """
    found = files.locate(name)
    if found is None:
        raise RulesetError(name, "", "file not found in the ruleset folder")
    data = found.read_bytes()
    actual = file_digest(data)
    if actual != digest.lower():
        raise RulesetError(
            name,
            "",
            f"expected the SHA-256 digest that ruleset.toml declares "
            f"(ruleset.search.values_sha256 = {digest!r}), got {actual!r}: the file was changed",
        )
    try:
        table = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RulesetError(name, "", f"expected JSON ({exc})") from None
    return _read(name, table, players)


def _read(name: str, table: object, players: tuple[int, ...]) -> ValueModel:
    """The model in a parsed values file, checked key by key."""
    if not isinstance(table, dict):
        raise RulesetError(name, "", f"expected a JSON object, got {type(table).__name__}")
    if table.get("format") != _FORMAT:
        raise RulesetError(name, "format", f"expected {_FORMAT}, got {table.get('format')!r}")
    if table.get("model") != MODEL_KIND:
        raise RulesetError(name, "model", f"expected {MODEL_KIND!r}, got {table.get('model')!r}")
    features = table.get("features")
    if features != list(VALUE_FEATURES):
        raise RulesetError(name, "features", f"expected {list(VALUE_FEATURES)}, got {features!r}")
    given = table.get("weights")
    if not isinstance(given, dict) or not given:
        raise RulesetError(name, "weights", "expected an object of weights by player count")
    weights: dict[int, tuple[float, ...]] = {}
    for key, row in given.items():
        where = f"weights.{key}"
        if not key.isdigit() or int(key) < 1:
            raise RulesetError(name, where, f"expected a player count, got {key!r}")
        if (
            not isinstance(row, list)
            or len(row) != len(VALUE_FEATURES)
            or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                for v in row
            )
        ):
            raise RulesetError(
                name, where, f"expected {len(VALUE_FEATURES)} finite numbers, got {row!r}"
            )
        if int(key) in players:  # a variant may offer fewer counts than the file's
            weights[int(key)] = tuple(float(v) for v in row)
    training = table.get("training", {})
    if not isinstance(training, dict):
        raise RulesetError(name, "training", "expected an object")
    return ValueModel(name, VALUE_FEATURES, weights, training)
