"""Reading a ruleset's declarative files: TOML in, typed spec classes out.

A ruleset is a folder of TOML files. :class:`RulesetFiles` finds and parses
them, falling back on a base folder for the files a variant does not replace.
:func:`structure` turns parsed TOML into frozen ``attrs`` classes with one
strictly configured ``cattrs`` converter, and reports the first problem as a
:class:`~serenissima.engine.errors.RulesetError` that names the file, the key path
(list indexes count from 0) and what was expected::

    board.toml: ports[7].warehouse: expected an integer, got 'five'

The ``load_*`` functions read the files every edition shares: ``ruleset.toml``
(identity), ``board.toml`` (areas, ports, edges) and ``options.toml`` (rule
options), and cross-check what a schema cannot express, such as a connected
sea graph. An edition reads its own files with the same tools.
"""

from __future__ import annotations

import copy
import enum
import os
import tomllib
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence, Sized
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, is_sequence
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn

from serenissima.engine.errors import RulesetError
from serenissima.engine.spec import (
    BoardSpec,
    OptionKind,
    OptionSpec,
    RulesetInfo,
)

__all__ = [
    "BOARD_FILE",
    "INFO_FILE",
    "OPTIONS_FILE",
    "RulesetFiles",
    "check_entries",
    "check_member",
    "check_range",
    "check_unique",
    "load_board",
    "load_info",
    "load_options",
    "ruleset_table",
    "structure",
]

_T = TypeVar("_T")

INFO_FILE = "ruleset.toml"
"""The file holding a ruleset's identity, in its table ``[ruleset]``."""
BOARD_FILE = "board.toml"
"""The file holding the board: areas, ports and edges."""
OPTIONS_FILE = "options.toml"
"""The file declaring the rule options, as an array of tables ``[[option]]``."""

_LINK_KEYS = ("engine", "base")
"""Keys of ``[ruleset]`` read by the registry, not part of :class:`RulesetInfo`."""


class RulesetFiles:
    """The declarative files of one ruleset folder.

    A file missing from the folder is looked up in ``base`` (and its base, and
    so on), so a variant can replace only the files it changes. Parsed TOML is
    cached; each call returns a fresh copy that the caller may modify.

    Args:
        folder: The ruleset folder: a path, or a ``Traversable`` such as
            ``importlib.resources.files("my_package") / "my_ruleset"``.
        base: The ruleset whose files fill in what ``folder`` lacks.

    Examples:
        >>> from serenissima.engine.loader import RulesetFiles
        >>> from serenissima.engine.registry import get_plugin
        >>> files = RulesetFiles(get_plugin("modern").folder)
        >>> files.exists("board.toml"), files.exists("missing.toml")
        (True, False)
        >>> files.toml("board.toml")["name"]
        'Mediterranean (reconstructed)'
    """

    __slots__ = ("_base", "_cache", "_folder")

    def __init__(
        self, folder: Traversable | os.PathLike[str] | str, base: RulesetFiles | None = None
    ) -> None:
        self._folder: Traversable = (
            Path(folder) if isinstance(folder, str | os.PathLike) else folder
        )
        self._base = base
        self._cache: dict[str, dict[str, Any]] = {}

    def __repr__(self) -> str:
        base = f", base={self._base!r}" if self._base is not None else ""
        return f"RulesetFiles({str(self._folder)!r}{base})"

    @property
    def folder(self) -> Traversable:
        """The ruleset folder."""
        return self._folder

    @property
    def base(self) -> RulesetFiles | None:
        """The ruleset that supplies the files this folder lacks, if any."""
        return self._base

    def has_own(self, name: str) -> bool:
        """Return whether the folder itself (not its base) holds file ``name``."""
        return (self._folder / name).is_file()

    def exists(self, name: str) -> bool:
        """Return whether file ``name`` is found in the folder or its bases."""
        return self.locate(name) is not None

    def locate(self, name: str) -> Traversable | None:
        """Return file ``name`` from the folder, else from its bases, else ``None``."""
        if self.has_own(name):
            return self._folder / name
        return self._base.locate(name) if self._base is not None else None

    def text(self, name: str) -> str:
        """Return the text of file ``name``.

        Raises:
            RulesetError: The file is missing or is not UTF-8 text.
        """
        found = self.locate(name)
        if found is None:
            where = (
                "the ruleset folder or its base" if self._base is not None else "the ruleset folder"
            )
            raise RulesetError(name, "", f"file not found in {where} ({self._folder})")
        try:
            return found.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise RulesetError(name, "", f"expected UTF-8 text ({exc.reason})") from exc

    def toml(self, name: str) -> dict[str, Any]:
        """Return the parsed contents of TOML file ``name``.

        Raises:
            RulesetError: The file is missing or is not valid TOML (the message
                gives the line and column).
        """
        if name not in self._cache:
            try:
                self._cache[name] = tomllib.loads(self.text(name))
            except tomllib.TOMLDecodeError as exc:
                raise RulesetError(name, "", f"expected valid TOML: {exc}") from exc
        return copy.deepcopy(self._cache[name])


# --- structuring -------------------------------------------------------------


class _MismatchError(Exception):
    """A value of the wrong shape, raised inside the converter's hooks."""

    def __init__(self, expected: str, got: object) -> None:
        super().__init__(f"expected {expected}, got {_describe(got)}")


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, str | int | float):
        return repr(value)
    return type(value).__name__


def _structure_int(value: object, _: type) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _MismatchError("an integer", value)


def _structure_str(value: object, _: type) -> str:
    if isinstance(value, str):
        return value
    raise _MismatchError("a string", value)


def _structure_bool(value: object, _: type) -> bool:
    if isinstance(value, bool):
        return value
    raise _MismatchError("true or false", value)


def _structure_position(value: object, _: type) -> tuple[float, float]:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        return float(value[0]), float(value[1])
    raise _MismatchError("[longitude, latitude], two numbers", value)


def _structure_option_value(value: object, _: type) -> str | bool | tuple[str, ...]:
    if isinstance(value, str | bool):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise _MismatchError("a string, true or false, or a list of strings", value)


def _enum_hook(cls: type[enum.Enum], _: cattrs.Converter) -> Callable[[object, type], enum.Enum]:
    values = [member.value for member in cls]

    def structure_enum(value: object, _: type) -> enum.Enum:
        if value in values and isinstance(value, str):
            return cls(value)
        raise _MismatchError(f"one of {', '.join(str(v) for v in values)}", value)

    return structure_enum


def _tuple_hook(
    cls: type, converter: cattrs.Converter
) -> Callable[[object, type], tuple[Any, ...]]:
    inner = homogenous_tuple_structure_factory(cls, converter)

    def structure_tuple(value: object, cl: type) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise _MismatchError("a list", value)
        result: tuple[Any, ...] = inner(value, cl)
        return result

    return structure_tuple


def _is_optional_without_default(field: attrs.Attribute[Any]) -> bool:
    args = getattr(field.type, "__args__", ())
    return field.default is attrs.NOTHING and type(None) in args


def _attrs_hook(cls: type, converter: cattrs.Converter) -> Callable[[object, type], Any]:
    attrs.resolve_types(cls)
    inner: Callable[[Any, type], Any] = make_dict_structure_fn(cls, converter)
    # TOML has no null: a key that may be None and has no default is None when omitted.
    nullable = [f.name for f in attrs.fields(cls) if _is_optional_without_default(f)]

    def structure_attrs(value: object, cl: type) -> Any:
        if not isinstance(value, dict):
            raise _MismatchError("a table", value)
        missing = [name for name in nullable if name not in value]
        if missing:
            value = {**value, **dict.fromkeys(missing)}
        return inner(value, cl)

    return structure_attrs


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook_func(
        lambda t: t == (str | bool | tuple[str, ...]), _structure_option_value
    )
    converter.register_structure_hook_func(lambda t: t == tuple[float, float], _structure_position)
    converter.register_structure_hook_factory(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_hook
    )
    converter.register_structure_hook_factory(
        lambda t: is_sequence(t) and getattr(t, "__origin__", None) is tuple, _tuple_hook
    )
    converter.register_structure_hook_factory(attrs.has, _attrs_hook)
    return converter


_CONVERTER = _make_converter()


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def _first_problem(exc: BaseException, path: str) -> tuple[str, str]:
    """Return the key path and message of the first failure in a cattrs error tree."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        for sub in exc.exceptions:
            sub_path = path
            for note in getattr(sub, "__notes__", ()):
                if isinstance(note, AttributeValidationNote):
                    sub_path = _join(path, note.name)
                    break
                if isinstance(note, IterableValidationNote):
                    sub_path = _join(path, note.index)
                    break
            where, expected = _first_problem(sub, sub_path)
            extra = [e for e in exc.exceptions if isinstance(e, ForbiddenExtraKeysError)]
            if isinstance(sub, KeyError) and extra:
                # A missing key next to an unknown one is most likely a misspelling.
                expected += f" (found unknown {_unknown_keys(extra[0])})"
            return where, expected
        return path, "invalid value"
    if isinstance(exc, ForbiddenExtraKeysError):
        known = ", ".join(sorted(f.name for f in attrs.fields(exc.cl)))
        return path, f"unknown {_unknown_keys(exc)} (expected one of {known})"
    if isinstance(exc, KeyError):
        return path, "required key missing"
    if isinstance(exc, _MismatchError):
        return path, str(exc)
    return path, f"invalid value ({exc})"


def _unknown_keys(exc: ForbiddenExtraKeysError) -> str:
    plural = "s" if len(exc.extra_fields) > 1 else ""
    return f"key{plural} {', '.join(repr(k) for k in sorted(exc.extra_fields))}"


def structure(data: object, cls: type[_T], *, file: str, key: str = "") -> _T:
    """Structure parsed TOML into a frozen ``attrs`` class (or a tuple of them).

    Integers, strings and booleans must have exactly that TOML type, tuples
    must be TOML arrays, enums are given by their string value, and unknown
    keys are refused. A key whose type allows ``None`` and which has no
    default is ``None`` when omitted (TOML has no null).

    Args:
        data: Parsed TOML (a table, or an array for tuple types).
        cls: The class to build, e.g. ``BoardSpec`` or ``tuple[OptionSpec, ...]``.
        file: The file the data comes from, for error messages.
        key: The key path of ``data`` inside the file (``""`` for the whole file).

    Returns:
        The structured instance.

    Raises:
        RulesetError: The first problem found, e.g. ``ports[7].warehouse:
            expected an integer, got 'five'``.

    Examples:
        >>> from serenissima.engine.loader import structure
        >>> from serenissima.engine.spec import EdgeSpec
        >>> edge = {"a": "venice", "b": "ragusa", "source": "public"}
        >>> structure(edge, EdgeSpec, file="board.toml")
        EdgeSpec(a='venice', b='ragusa', source=<Source.PUBLIC: 'public'>)
        >>> structure({**edge, "b": 3}, EdgeSpec, file="board.toml", key="edges[0]")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: edges[0].b: expected a string, got 3
    """
    try:
        result: _T = _CONVERTER.structure(data, cls)
    except (cattrs.BaseValidationError, ForbiddenExtraKeysError, _MismatchError, KeyError) as exc:
        where, expected = _first_problem(exc, key)
        raise RulesetError(file, where, expected) from exc
    return result


# --- checks ------------------------------------------------------------------


def check_range(
    value: int,
    low: int | None = None,
    high: int | None = None,
    *,
    file: str,
    key: str,
    why: str = "",
) -> None:
    """Check that ``low <= value <= high`` (either bound may be ``None``).

    Args:
        value: The number to check.
        low: The smallest accepted value.
        high: The largest accepted value.
        file: The file the number comes from.
        key: Its key path.
        why: A reason appended to the message, e.g. ``"(components.galleys)"``.

    Raises:
        RulesetError: e.g. ``expected 1..15 (components.galleys), got 16``.

    Examples:
        >>> from serenissima.engine.loader import check_range
        >>> check_range(5, 1, 15, file="rules.toml", key="components.galleys")
        >>> check_range(16, 1, 15, file="rules.toml", key="galleys")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: rules.toml: galleys: expected 1..15, got 16
    """
    if (low is None or value >= low) and (high is None or value <= high):
        return
    if low is not None and high is not None:
        bounds = f"{low}..{high}"
    elif low is not None:
        bounds = f"at least {low}"
    else:
        bounds = f"at most {high}"
    reason = f" {why}" if why else ""
    raise RulesetError(file, key, f"expected {bounds}{reason}, got {value}")


def check_entries(
    items: Sized,
    low: int | None = None,
    high: int | None = None,
    *,
    file: str,
    key: str,
    why: str = "",
) -> None:
    """Check the number of entries of a list, like :func:`check_range`.

    Args:
        items: The list to check.
        low: The fewest entries accepted.
        high: The most entries accepted.
        file: The file the list comes from.
        key: Its key path.
        why: A reason appended to the message.

    Raises:
        RulesetError: e.g. ``expected 2..6 entries, got 0``.

    Examples:
        >>> from serenissima.engine.loader import check_entries
        >>> check_entries([], 2, 6, file="board.toml", key="ports")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: ports: expected 2..6 entries, got 0
    """
    count = len(items)
    if (low is None or count >= low) and (high is None or count <= high):
        return
    if low is not None and high is not None:
        bounds = f"{low}" if low == high else f"{low}..{high}"
    elif low is not None:
        bounds = f"at least {low}"
    else:
        bounds = f"at most {high}"
    noun = "entry" if bounds.endswith(" 1") or bounds == "1" else "entries"
    reason = f" {why}" if why else ""
    raise RulesetError(file, key, f"expected {bounds} {noun}{reason}, got {count}")


def check_member(
    value: object, allowed: Iterable[object], *, file: str, key: str, what: str = ""
) -> None:
    """Check that ``value`` is one of ``allowed``.

    Args:
        value: The identifier (or number) to check.
        allowed: The accepted values, in the order the message lists them.
        file: The file the value comes from.
        key: Its key path.
        what: What the values are (``"declared area"``); when given, the
            message names it instead of listing every accepted value.

    Raises:
        RulesetError: e.g. ``expected one of wood, wine, got 'salt'``.

    Examples:
        >>> from serenissima.engine.loader import check_member
        >>> check_member("wine", ["wood", "wine"], file="board.toml", key="ports[3].good")
        >>> check_member("salt", ["wood", "wine"], file="board.toml", key="ports[3].good")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: ports[3].good: expected one of ...
    """
    accepted = tuple(allowed)
    if value in accepted:
        return
    listed = ", ".join(str(v) for v in dict.fromkeys(accepted))
    expected = f"a {what}" if what else f"one of {listed}"
    raise RulesetError(file, key, f"expected {expected}, got {value!r}")


def check_unique(values: Sequence[Hashable], *, file: str, key: str, what: str = "id") -> None:
    """Check that no value appears twice.

    Args:
        values: Values in file order.
        file: The file they come from.
        key: A key-path template with ``{}`` for the index, e.g. ``"ports[{}].id"``.
        what: What the values are, for the message.

    Raises:
        RulesetError: At the second occurrence, e.g. ``ports[4].id: expected a
            unique id, got 'genoa' again (first at ports[1].id)``.

    Examples:
        >>> from serenissima.engine.loader import check_unique
        >>> check_unique(["venice", "genoa", "genoa"], file="board.toml", key="ports[{}].id")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: ports[2].id: expected a unique id, ...
    """
    first: dict[Hashable, int] = {}
    for index, value in enumerate(values):
        if value in first:
            again = f"got {value!r} again (first at {key.format(first[value])})"
            raise RulesetError(file, key.format(index), f"expected a unique {what}, {again}")
        first[value] = index


def _table(data: dict[str, Any], name: str, *, file: str) -> Any:
    if name not in data:
        raise RulesetError(file, name, "required key missing")
    return data[name]


def _no_other_keys(data: dict[str, Any], known: Sequence[str], *, file: str) -> None:
    for name in data:
        if name not in known:
            raise RulesetError(
                file, "", f"unknown key {name!r} (expected one of {', '.join(known)})"
            )


# --- shared files --------------------------------------------------------------


def ruleset_table(files: RulesetFiles) -> dict[str, Any]:
    """Return the ``[ruleset]`` table, merged over the base's when the folder has one.

    A variant's ``ruleset.toml`` needs only the keys it changes when it names
    a base: the others come from the base's table. ``engine`` and ``base`` are
    never inherited.

    Args:
        files: The ruleset's files.

    Returns:
        The raw table, before structuring.

    Raises:
        RulesetError: The file is missing or has no ``[ruleset]`` table.

    Examples:
        >>> from serenissima.engine.loader import RulesetFiles
        >>> from serenissima.engine.registry import get_plugin
        >>> files = RulesetFiles(get_plugin("modern").folder)
        >>> from serenissima.engine.loader import ruleset_table
        >>> ruleset_table(files)["engine"]
        'modern'
    """
    data = files.toml(INFO_FILE)
    _no_other_keys(data, ("ruleset",), file=INFO_FILE)
    table = _table(data, "ruleset", file=INFO_FILE)
    if not isinstance(table, dict):
        raise RulesetError(INFO_FILE, "ruleset", f"expected a table, got {_describe(table)}")
    base = files.base
    if base is not None and files.has_own(INFO_FILE) and base.exists(INFO_FILE):
        inherited = {k: v for k, v in ruleset_table(base).items() if k not in _LINK_KEYS}
        table = {**inherited, **table}
    return table


def load_info(files: RulesetFiles) -> RulesetInfo:
    """Read the ruleset's identity from table ``[ruleset]`` of ``ruleset.toml``.

    The keys ``engine`` and ``base`` (read by the registry) are skipped.

    Args:
        files: The ruleset's files.

    Returns:
        The ruleset's identity.

    Raises:
        RulesetError: A missing file, a malformed table, or no player count.

    Examples:
        >>> from serenissima.engine.loader import RulesetFiles
        >>> from serenissima.engine.registry import get_plugin
        >>> files = RulesetFiles(get_plugin("modern").folder)
        >>> from serenissima.engine.loader import load_info
        >>> info = load_info(files)
        >>> info.id, info.year, info.players
        ('modern', 2012, (2, 3, 4))
    """
    table = {k: v for k, v in ruleset_table(files).items() if k not in _LINK_KEYS}
    info = structure(table, RulesetInfo, file=INFO_FILE, key="ruleset")
    check_entries(info.players, 1, file=INFO_FILE, key="ruleset.players")
    for index, count in enumerate(info.players):
        check_range(count, 1, file=INFO_FILE, key=f"ruleset.players[{index}]")
    check_unique(info.players, file=INFO_FILE, key="ruleset.players[{}]", what="player count")
    return info


def load_board(files: RulesetFiles) -> BoardSpec:
    """Read ``board.toml`` and cross-check it.

    Checks: unique area and port ids, area positions that are a longitude in
    -180..180 and a latitude in -90..90, every port opens onto a declared area,
    every warehouse has at least one space, edges join two different declared
    areas, no edge is listed twice (in either direction), and every area can
    be reached from every other.

    Args:
        files: The ruleset's files.

    Returns:
        The board, as declared.

    Raises:
        RulesetError: The first problem found, with its key path.

    Examples:
        >>> from serenissima.engine.loader import RulesetFiles
        >>> from serenissima.engine.registry import get_plugin
        >>> files = RulesetFiles(get_plugin("modern").folder)
        >>> from serenissima.engine.loader import load_board
        >>> board = load_board(files)
        >>> len(board.areas), len(board.ports), board.ports[0].id
        (20, 19, 'valencia')
    """
    board = structure(files.toml(BOARD_FILE), BoardSpec, file=BOARD_FILE)
    file = BOARD_FILE
    check_entries(board.areas, 1, file=file, key="areas")
    check_unique([a.id for a in board.areas], file=file, key="areas[{}].id")
    check_unique([p.id for p in board.ports], file=file, key="ports[{}].id")
    for index, area in enumerate(board.areas):
        if area.position is not None:
            _check_position(area.position, file=file, key=f"areas[{index}].position")
    areas = [a.id for a in board.areas]
    known = set(areas)
    for index, port in enumerate(board.ports):
        check_member(port.area, known, file=file, key=f"ports[{index}].area", what="declared area")
        check_range(port.warehouse, 1, file=file, key=f"ports[{index}].warehouse")
    seen: dict[frozenset[str], int] = {}
    for index, edge in enumerate(board.edges):
        for end in ("a", "b"):
            check_member(
                getattr(edge, end),
                known,
                file=file,
                key=f"edges[{index}].{end}",
                what="declared area",
            )
        if edge.a == edge.b:
            raise RulesetError(
                file, f"edges[{index}]", f"expected two different areas, got {edge.a!r} twice"
            )
        pair = frozenset((edge.a, edge.b))
        if pair in seen:
            again = f"got {edge.a}-{edge.b} again (first at edges[{seen[pair]}])"
            raise RulesetError(file, f"edges[{index}]", f"expected each edge once, {again}")
        seen[pair] = index
    unreachable = _unreachable(areas, [(e.a, e.b) for e in board.edges])
    if unreachable:
        lost = ", ".join(unreachable)
        raise RulesetError(
            file,
            "edges",
            f"expected a connected sea graph, but {lost} cannot be reached from {areas[0]}",
        )
    return board


def _check_position(position: tuple[float, float], *, file: str, key: str) -> None:
    for value, what, bound in zip(position, ("longitude", "latitude"), (180, 90), strict=True):
        if not -bound <= value <= bound:  # also refuses nan
            raise RulesetError(
                file, key, f"expected a {what} in -{bound}..{bound} degrees, got {value:g}"
            )


def _unreachable(areas: Sequence[str], edges: Sequence[tuple[str, str]]) -> list[str]:
    neighbours: dict[str, list[str]] = {a: [] for a in areas}
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    seen = {areas[0]}
    queue = deque([areas[0]])
    while queue:
        for there in neighbours[queue.popleft()]:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return [a for a in areas if a not in seen]


def load_options(files: RulesetFiles) -> tuple[OptionSpec, ...]:
    """Read the rule options declared in ``options.toml`` (an array ``[[option]]``).

    Checks: unique names, a non-empty ``rule_id``, values that fit the kind
    (a choice lists its values, a flag lists none), a default the option
    accepts, and player counts that the ruleset supports.

    Args:
        files: The ruleset's files.

    Returns:
        The options in file order.

    Raises:
        RulesetError: The first problem found, with its key path.

    Examples:
        >>> from serenissima.engine.loader import RulesetFiles
        >>> from serenissima.engine.registry import get_plugin
        >>> files = RulesetFiles(get_plugin("modern").folder)
        >>> from serenissima.engine.loader import load_options
        >>> [option.name for option in load_options(files)][:2]
        ['galley_capacity', ...]
    """
    file = OPTIONS_FILE
    data = files.toml(file)
    _no_other_keys(data, ("option",), file=file)
    options = structure(data.get("option", []), tuple[OptionSpec, ...], file=file, key="option")
    check_unique([o.name for o in options], file=file, key="option[{}].name", what="name")
    players = load_info(files).players
    for index, option in enumerate(options):
        key = f"option[{index}]"
        if not option.rule_id.strip():
            raise RulesetError(
                file, f"{key}.rule_id", "expected a rule ID such as 'X-M-01', got ''"
            )
        _check_option_default(option, file=file, key=key)
        for i, count in enumerate(option.players):
            check_member(count, players, file=file, key=f"{key}.players[{i}]")
    return options


def _check_option_default(option: OptionSpec, *, file: str, key: str) -> None:
    default = option.default
    if option.kind is OptionKind.BOOL:
        if option.values:
            raise RulesetError(file, f"{key}.values", "expected no values for a bool option")
        if not isinstance(default, bool):
            raise RulesetError(
                file, f"{key}.default", f"expected true or false, got {_describe(default)}"
            )
        return
    check_entries(option.values, 1, file=file, key=f"{key}.values")
    check_unique(option.values, file=file, key=f"{key}.values[{{}}]", what="value")
    if option.kind is OptionKind.PORTS and isinstance(default, tuple):
        return
    if isinstance(default, str):
        check_member(default, option.values, file=file, key=f"{key}.default")
        return
    accepted = f"one of {', '.join(option.values)}"
    if option.kind is OptionKind.PORTS:
        accepted += " or a list of port ids"
    raise RulesetError(file, f"{key}.default", f"expected {accepted}, got {_describe(default)}")
