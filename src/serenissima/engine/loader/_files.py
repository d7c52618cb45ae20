"""Finding and parsing the TOML files of a ruleset folder, with a base folder to fall back on.

:class:`RulesetFiles` reads the files of one ruleset folder, looks up in the
base ruleset the files a variant does not replace, and caches the parsed TOML.
A missing file, text that is not UTF-8 or TOML that does not parse is reported
as a :class:`~serenissima.engine.errors.RulesetError` naming the file.
"""

from __future__ import annotations

import copy
import os
import tomllib
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from serenissima.engine.errors import RulesetError

__all__ = ["RulesetFiles"]


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

    def label(self, name: str) -> str:
        """Return how messages name file ``name``: where it comes from when a base supplies it.

        A file of the folder itself is named as it is; a file taken from a
        base is named with the base's folder, e.g. ``"rules.toml from base
        'modern'"``, so that an error in it does not send the reader looking
        for a file the folder does not hold.

        Examples:
            >>> from serenissima.engine.loader import RulesetFiles
            >>> from serenissima.engine.registry import get_plugin
            >>> modern = RulesetFiles(get_plugin("modern").folder)
            >>> modern.label("rules.toml")
            'rules.toml'
            >>> RulesetFiles("my-variant", base=modern).label("rules.toml")
            "rules.toml from base 'modern'"
        """
        base = self._base
        if self.has_own(name) or base is None:
            return name
        if base.has_own(name):
            return f"{name} from base {base.folder.name!r}"
        return base.label(name)

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
