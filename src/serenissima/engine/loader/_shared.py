"""Reading the files every edition shares: ``ruleset.toml``, ``board.toml``, ``options.toml``.

:func:`load_info` reads a ruleset's identity (over its base's, see
:func:`ruleset_table`), :func:`load_board` the areas, ports and edges, and
:func:`load_options` the rule options; each cross-checks what a schema cannot
express, such as a connected sea graph or an option default the option accepts.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from typing import Any

from serenissima.engine.errors import RulesetError
from serenissima.engine.loader._checks import (
    check_entries,
    check_member,
    check_range,
    check_unique,
)
from serenissima.engine.loader._files import RulesetFiles
from serenissima.engine.loader._structuring import describe, structure
from serenissima.engine.spec import (
    SEARCH_HORIZONS,
    SEARCH_ROLLOUTS,
    SEARCH_SCALES,
    BoardSpec,
    GoodSpec,
    OptionKind,
    OptionSpec,
    RulesetInfo,
    SearchHints,
    SeatHints,
)

__all__ = [
    "BOARD_FILE",
    "INFO_FILE",
    "OPTIONS_FILE",
    "RULES_FILE",
    "check_goods",
    "load_board",
    "load_info",
    "load_options",
    "ruleset_table",
]

INFO_FILE = "ruleset.toml"
"""The file holding a ruleset's identity, in its table ``[ruleset]``."""
BOARD_FILE = "board.toml"
"""The file holding the board: areas, ports and edges."""
OPTIONS_FILE = "options.toml"
"""The file declaring the rule options, as an array of tables ``[[option]]``."""
RULES_FILE = "rules.toml"
"""The file holding an edition's own numbers and tables (its parameters)."""

_LINK_KEYS = ("engine", "base")
"""Keys of ``[ruleset]`` read by the registry, not part of :class:`RulesetInfo`."""


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
        raise RulesetError(INFO_FILE, "ruleset", f"expected a table, got {describe(table)}")
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
    _check_search(info.search)
    return info


def _check_search(hints: SearchHints) -> None:
    """Check ``[ruleset.search]`` as far as the file alone allows (the kinds: see the registry)."""
    key = "ruleset.search"
    _check_settings(hints, key)
    # a count the ruleset does not offer is no error (a variant for fewer players keeps its
    # base's tables), as with the options: its table is never read
    for written, change in hints.seats.items():
        if not (written.isdigit() and written.isascii() and int(written) >= 1):
            raise RulesetError(
                INFO_FILE, f"{key}.seats.{written}", "a table named by a player count (1, 2, ...)"
            )
        _check_settings(change, f"{key}.seats.{written}")
    for index, count in enumerate(hints.players):
        check_range(count, 1, file=INFO_FILE, key=f"{key}.players[{index}]")
    check_unique(hints.players, file=INFO_FILE, key=f"{key}.players[{{}}]", what="player count")
    if (hints.values is None) != (hints.values_sha256 is None):
        missing = "values_sha256" if hints.values_sha256 is None else "values"
        raise RulesetError(
            INFO_FILE, f"{key}.{missing}", "expected values and values_sha256 together"
        )
    name = hints.values
    if name is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,64}\.json", name):
        raise RulesetError(
            INFO_FILE,
            f"{key}.values",
            f"expected the name of a JSON file in the ruleset folder (up to 64 letters, "
            f"digits, '-' or '_', then .json), got {name[:80]!r}",
        )
    digest = hints.values_sha256
    if digest is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", digest):
        raise RulesetError(
            INFO_FILE, f"{key}.values_sha256", f"expected 64 hexadecimal digits, got {digest!r}"
        )


def _check_settings(hints: SearchHints | SeatHints, key: str) -> None:
    """Check the settings a search table and its per-count tables share."""
    if hints.rollout is not None:
        check_member(hints.rollout, SEARCH_ROLLOUTS, file=INFO_FILE, key=f"{key}.rollout")
    if hints.width is not None:
        check_range(hints.width, 1, file=INFO_FILE, key=f"{key}.width")
    if hints.horizon is not None:
        check_member(hints.horizon, SEARCH_HORIZONS, file=INFO_FILE, key=f"{key}.horizon")
    if hints.scale is not None:
        check_member(hints.scale, SEARCH_SCALES, file=INFO_FILE, key=f"{key}.scale")
    if hints.kinds is not None:
        check_unique(hints.kinds, file=INFO_FILE, key=f"{key}.kinds[{{}}]", what="decision kind")


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
    accepts, and player counts that are unique and at least 1. An option may
    name player counts that ``ruleset.toml`` does not offer (a variant for
    fewer players keeps its base's options): it applies to the others. What
    the edition's code reads of the options is checked by
    :meth:`OptionSchema.check <serenissima.engine.options.OptionSchema.check>`
    when the ruleset is built.

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
    for index, option in enumerate(options):
        key = f"option[{index}]"
        if not option.rule_id.strip():
            raise RulesetError(
                file, f"{key}.rule_id", "expected a rule ID such as 'X-M-01', got ''"
            )
        _check_option_default(option, file=file, key=key)
        for i, count in enumerate(option.players):
            check_range(count, 1, file=file, key=f"{key}.players[{i}]")
        check_unique(option.players, file=file, key=f"{key}.players[{{}}]", what="player count")
    return options


def _check_option_default(option: OptionSpec, *, file: str, key: str) -> None:
    default = option.default
    if option.kind is OptionKind.BOOL:
        if option.values:
            raise RulesetError(file, f"{key}.values", "expected no values for a bool option")
        if not isinstance(default, bool):
            raise RulesetError(
                file, f"{key}.default", f"expected true or false, got {describe(default)}"
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
    raise RulesetError(file, f"{key}.default", f"expected {accepted}, got {describe(default)}")


def check_goods(goods: Sequence[GoodSpec], board: BoardSpec) -> None:
    """Check an edition's goods (``rules.toml``) and that each port of the board makes one.

    At least one good, no id twice, no negative supply; every port's good one of
    them (a port's good is named in ``board.toml``, so an unknown one is that file's error).

    Raises:
        RulesetError: Naming ``rules.toml`` or ``board.toml`` and the key at fault.

    Example:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("modern")
        >>> check_goods(rules.params.goods, rules.board.spec)
        >>> check_goods(rules.params.goods[1:], rules.board.spec)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: ports[...].good: expected one of ...
    """
    check_entries(goods, 1, file=RULES_FILE, key="goods")
    check_unique([g.id for g in goods], file=RULES_FILE, key="goods[{}].id")
    for index, good in enumerate(goods):
        if good.supply is not None:
            check_range(good.supply, 0, file=RULES_FILE, key=f"goods[{index}].supply")
    ids = [g.id for g in goods]
    for index, port in enumerate(board.ports):
        check_member(port.good, ids, file=BOARD_FILE, key=f"ports[{index}].good")
