"""Finding rulesets: installed plug-ins and folders on disk.

A ruleset package exposes one :class:`RulesetPlugin` and registers it under
the entry-point group ``serenissima.rulesets``, as this project does for its
own editions::

    [project.entry-points."serenissima.rulesets"]
    modern = "serenissima_rulesets.modern:EDITION"

A ruleset can also be loaded from a folder. Its ``ruleset.toml`` names, in
table ``[ruleset]``, the installed ruleset whose logic it uses (``engine``)
and optionally one whose files fill in the files it lacks (``base``). A
folder holding only the two files below is the modern edition on a board of
one's own::

    # ruleset.toml
    [ruleset]
    id = "modern-my-board"
    engine = "modern"
    base = "modern"

    # board.toml: areas, ports and edges (see the modern edition's file)
"""

from __future__ import annotations

import functools
import os
from importlib.metadata import EntryPoint, entry_points
from importlib.resources.abc import Traversable
from pathlib import Path

import attrs

from serenissima.engine.board import Board
from serenissima.engine.errors import ArgumentTypeError, RulesetError
from serenissima.engine.flow import FLOW_FILE, FlowVocabulary, describe_stages, shipped_flow
from serenissima.engine.flow_load import load_flow
from serenissima.engine.loader import (
    INFO_FILE,
    OPTIONS_FILE,
    RulesetFiles,
    check_member,
    load_board,
    load_info,
    load_options,
    ruleset_table,
)
from serenissima.engine.options import OptionSchema
from serenissima.engine.ruleset import Engine, Ruleset
from serenissima.engine.value_model import load_value_model

__all__ = [
    "ENTRY_POINT_GROUP",
    "RulesetPlugin",
    "available_rulesets",
    "build_ruleset",
    "get_plugin",
    "load_ruleset",
]

ENTRY_POINT_GROUP = "serenissima.rulesets"
"""The entry-point group under which ruleset plug-ins are registered."""


@attrs.frozen
class RulesetPlugin:
    """What a ruleset package exposes to the registry.

    Attributes:
        name: The registry name, equal to the entry point's name.
        folder: The folder holding the ruleset's TOML files, usually
            ``importlib.resources.files(__name__)``.
        engine: The edition's logic.

    Example:
        >>> from importlib.resources import files
        >>> from serenissima.engine.registry import RulesetPlugin
        >>> from serenissima_rulesets.modern import ModernEngine
        >>> folder = files("serenissima_rulesets.modern")
        >>> plugin = RulesetPlugin("my-modern", folder, ModernEngine())
        >>> plugin.name, plugin.engine.edition
        ('my-modern', 'modern')
    """

    name: str
    folder: Traversable
    engine: Engine


def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, point)
    return found


def available_rulesets() -> tuple[str, ...]:
    """Return the names of the installed rulesets, sorted.

    Example:
        >>> "modern" in available_rulesets()
        True
    """
    return tuple(sorted(_entry_points()))


def _unknown(name: str, *, file: str = "", key: str = "") -> RulesetError:
    names = ", ".join(available_rulesets()) or "none installed"
    return RulesetError(file, key, f"expected an installed ruleset ({names}), got {name!r}")


def get_plugin(name: str) -> RulesetPlugin:
    """Return the installed plug-in called ``name``.

    Raises:
        RulesetError: No such plug-in, or its entry point does not give a
            :class:`RulesetPlugin` of that name.

    Examples:
        >>> from serenissima.engine.registry import get_plugin
        >>> plugin = get_plugin("classic")
        >>> plugin.name, plugin.engine.edition
        ('classic', 'classic')
    """
    point = _entry_points().get(name)
    if point is None:
        raise _unknown(name)
    try:
        plugin = point.load()
    except (ImportError, AttributeError) as exc:
        raise RulesetError("", "", f"ruleset {name!r}: cannot load {point.value} ({exc})") from exc
    if not isinstance(plugin, RulesetPlugin):
        got = type(plugin).__name__
        raise RulesetError(
            "", "", f"ruleset {name!r}: expected {point.value} to be a RulesetPlugin, got {got}"
        )
    if plugin.name != name:
        raise RulesetError("", "", f"ruleset {name!r}: its plug-in calls itself {plugin.name!r}")
    return plugin


def _link(table: dict[str, object], key: str) -> str | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RulesetError(
            INFO_FILE, f"ruleset.{key}", f"expected the name of an installed ruleset, got {value!r}"
        )
    if value not in _entry_points():
        raise _unknown(value, file=INFO_FILE, key=f"ruleset.{key}")
    return value


def _files(folder: Traversable, chain: tuple[str, ...]) -> tuple[RulesetFiles, str | None]:
    """Return a folder's files with their base attached, and the engine it names."""
    table = ruleset_table(RulesetFiles(folder))
    engine, base = _link(table, "engine"), _link(table, "base")
    if base is None:
        return RulesetFiles(folder), engine
    if base in chain:
        cycle = " -> ".join((*chain, base))
        raise RulesetError(
            INFO_FILE, "ruleset.base", f"expected a base that does not lead back here ({cycle})"
        )
    base_files, _ = _files(get_plugin(base).folder, (*chain, base))
    return RulesetFiles(folder, base_files), engine


def build_ruleset(files: RulesetFiles, engine: Engine) -> Ruleset:
    """Load a ruleset's files and join them with an engine.

    This is what :func:`load_ruleset` does once it has found the files and the
    engine; plug-in authors can call it to test their files.

    Args:
        files: The ruleset's files.
        engine: The edition's logic; its ``load_params`` reads the edition's own files.

    The files are read and checked in turn: ``ruleset.toml``, ``board.toml``,
    ``options.toml`` (whose options must be those the engine's code reads,
    see :meth:`OptionSchema.check <serenissima.engine.options.OptionSchema.check>`),
    then the edition's own files. An error in a file that a base supplies
    names the base (see :meth:`RulesetFiles.label
    <serenissima.engine.loader.RulesetFiles.label>`).

    Returns:
        The ruleset.

    Raises:
        RulesetError: A missing, malformed or inconsistent file, an engine
            of another edition than ``ruleset.toml`` declares, or an engine
            that declares no option schema.

    Examples:
        >>> from serenissima.engine.loader import RulesetFiles
        >>> from serenissima.engine.registry import build_ruleset, get_plugin
        >>> plugin = get_plugin("modern")
        >>> build_ruleset(RulesetFiles(plugin.folder), plugin.engine)
        <Ruleset 'modern' version 1.0.0>
    """
    try:
        return _build(files, engine)
    except RulesetError as exc:
        label = files.label(exc.file) if exc.file else exc.file
        if label == exc.file:
            raise
        raise RulesetError(label, exc.key, exc.expected) from exc


def _build(files: RulesetFiles, engine: Engine) -> Ruleset:
    info = load_info(files)
    if info.edition != engine.edition:
        raise RulesetError(
            INFO_FILE,
            "ruleset.edition",
            f"expected {engine.edition!r} (the engine's edition), got {info.edition!r}",
        )
    schema = getattr(engine, "option_schema", None)
    if not isinstance(schema, OptionSchema):
        raise RulesetError(
            "",
            "",
            f"expected the {engine.edition!r} engine to declare option_schema, "
            f"an OptionSchema (see serenissima.engine.options), got {type(schema).__name__}",
        )
    board = Board(load_board(files))
    options = load_options(files)
    ports = [port.id for port in board.ports]
    schema.check(options, edition=engine.edition, file=OPTIONS_FILE, ports=ports)
    params = engine.load_params(files, board)
    vocabulary = getattr(engine, "flow_vocabulary", None)
    flow = None
    if isinstance(vocabulary, FlowVocabulary):
        # a folder without flow.toml (and no base that has one) plays its edition's own
        own = files.exists(FLOW_FILE)
        flow = load_flow(files, vocabulary) if own else shipped_flow(vocabulary.package)
    named = [("ruleset.search", info.search.kinds)]
    named += [
        (f"ruleset.search.seats.{count}", change.kinds)
        for count, change in info.search.seats.items()
        if change.kinds
    ]
    if any(asked for _, asked in named):
        kinds = [phase.kind for phase in describe_stages(flow, engine) if phase.decides]
        for key, asked in named:
            for index, kind in enumerate(asked or ()):
                check_member(kind, kinds, file=INFO_FILE, key=f"{key}.kinds[{index}]")
    values = None
    hints = info.search
    if hints.values is not None and hints.values_sha256 is not None:
        values = load_value_model(files, hints.values, hints.values_sha256, info.players)
    return Ruleset(info, board, options, params, engine, values, flow)


@functools.cache
def _load_installed(name: str) -> Ruleset:
    plugin = get_plugin(name)
    files, _ = _files(plugin.folder, (name,))
    return build_ruleset(files, plugin.engine)


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; a path the system cannot even look up is not."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _load_folder(folder: Path) -> Ruleset:
    if not _is_folder(folder):
        raise RulesetError(
            "", "", f"expected a ruleset folder, but {str(folder)!r} is not a folder"
        )
    files, engine = _files(folder, ())
    if engine is None:
        raise RulesetError(
            INFO_FILE,
            "ruleset.engine",
            "required key missing (name the installed ruleset whose logic to use)",
        )
    return build_ruleset(files, get_plugin(engine).engine)


def load_ruleset(name_or_path: str | os.PathLike[str]) -> Ruleset:
    """Load an installed ruleset by name, or a ruleset folder by path.

    Installed rulesets are loaded once and shared (a ruleset is immutable). A
    string is taken as a name when a ruleset of that name is installed, and
    otherwise as a path.

    Args:
        name_or_path: A name from :func:`available_rulesets`, or the path of a
            folder whose ``ruleset.toml`` names its ``engine`` (and optionally
            a ``base`` that supplies the files the folder lacks).

    Returns:
        The ruleset.

    Raises:
        RulesetError: An unknown name (the message lists the installed ones),
            or a missing, malformed or inconsistent file.
        ArgumentTypeError: ``name_or_path`` is neither a string nor a path.

    Example:
        >>> rules = load_ruleset("modern")
        >>> rules.info.edition
        'modern'
    """
    given: object = name_or_path  # callers without type checks hand over anything
    if not isinstance(given, (str, os.PathLike)):
        expected = "the name of an installed ruleset or the path of a folder, a str"
        raise ArgumentTypeError("name_or_path", expected, given)
    if isinstance(name_or_path, str):
        if name_or_path in _entry_points():
            return _load_installed(name_or_path)
        path = Path(name_or_path)
        if not name_or_path.strip() or not _is_folder(path):
            names = ", ".join(available_rulesets()) or "none installed"
            expected = f"expected an installed ruleset ({names}) or a ruleset folder"
            shown = (
                repr(name_or_path) if len(name_or_path) <= 80 else repr(name_or_path[:77]) + "..."
            )
            raise RulesetError("", "", f"{expected}, got {shown}")
        return _load_folder(path)
    return _load_folder(Path(name_or_path))
