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
sea graph. An edition reads its own files with the same tools, the
``check_*`` functions included. What the edition's code reads of the options
is checked afterwards, against the engine's option schema
(:mod:`serenissima.engine.options`), when the ruleset is built.

Every name is imported from here; the private modules hold one job each:
``_files`` the folder and its TOML, ``_structuring`` the converter and its
key-path errors, ``_checks`` the shared checks, and ``_shared`` the files every
edition shares.
"""

from serenissima.engine.loader._checks import (
    check_entries,
    check_member,
    check_offered,
    check_range,
    check_unique,
)
from serenissima.engine.loader._files import RulesetFiles
from serenissima.engine.loader._shared import (
    BOARD_FILE,
    INFO_FILE,
    OPTIONS_FILE,
    RULES_FILE,
    check_goods,
    load_board,
    load_info,
    load_options,
    ruleset_table,
)
from serenissima.engine.loader._structuring import structure

__all__ = [
    "BOARD_FILE",
    "INFO_FILE",
    "OPTIONS_FILE",
    "RULES_FILE",
    "RulesetFiles",
    "check_entries",
    "check_goods",
    "check_member",
    "check_offered",
    "check_range",
    "check_unique",
    "load_board",
    "load_info",
    "load_options",
    "ruleset_table",
    "structure",
]
