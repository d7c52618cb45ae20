"""A run's journal: each finished task kept as it finishes, so that a run can resume.

A journal is a JSON Lines file. Its first line is a header: what the run is
(``"journal": "serenissima"``, the format number and the run's parameters,
such as the rulesets with their versions, the player count and the seed).
Every other line is one finished task::

    {"journal": "serenissima", "format": 1, "serenissima": "0.1.0", "seed": 1, ...}
    {"batch": 0, "index": 3, "result": {...}}
    {"batch": 0, "index": 0, "result": {...}}

Opening a journal that exists checks its header against the run's: the first
parameter that differs is named in the error, and nothing is written. The
tasks it holds are read back (:attr:`Journal.done`) and new ones are
appended, each flushed as it is written. A last line cut short (a run killed
while writing it) is dropped, and the file is cut back to the lines before
it. While a run holds a journal, another run cannot open it (where the
system has file locks).

Example:
    >>> from pathlib import Path
    >>> from tempfile import TemporaryDirectory
    >>> from serenissima.analysis.run.journal import Journal
    >>> with TemporaryDirectory() as folder:
    ...     path = Path(folder) / "run.jsonl"
    ...     with Journal(path, {"seed": 1}, int) as journal:
    ...         journal.write(0, 5, 42)
    ...     with Journal(path, {"seed": 1}, int) as journal:
    ...         journal.done
    {(0, 5): 42}
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Final, Generic, NoReturn, TypeVar

import cattrs

from serenissima.engine.errors import ArgumentValueError

__all__ = ["FORMAT", "Journal"]

R = TypeVar("R")

FORMAT: Final = 1
"""The format of the journal files written here."""

_KIND: Final = "serenissima"
_CONVERTER: Final = cattrs.Converter(forbid_extra_keys=True)


def _json_ready(value: Any) -> Any:
    """The value as JSON gives it back (tuples as lists, keys as text)."""
    return json.loads(json.dumps(value))


def _shown(value: Any) -> str:
    if value is None:
        return "missing"
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


class Journal(Generic[R]):
    """A journal file, open for a run: the tasks it holds, and a way to add more.

    Args:
        path: The file; made (with its header) when it does not exist or is empty.
        header: The run's parameters, JSON-ready; an existing journal must have
            the same.
        result_type: The type of a task's result, read back with ``cattrs``.

    Raises:
        ArgumentValueError: The file cannot be read or written, is no
            journal, belongs to another run, has a line that cannot be read,
            or is open in another run.

    Example:
        >>> from pathlib import Path
        >>> from tempfile import TemporaryDirectory
        >>> from serenissima.analysis.run.journal import Journal
        >>> with TemporaryDirectory() as folder:
        ...     path = Path(folder) / "run.jsonl"
        ...     Journal(path, {"seed": 1}, int).close()
        ...     Journal(path, {"seed": 2}, int)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.ArgumentValueError: journal ... seed 1 there, 2 in this run; ...
    """

    def __init__(
        self, path: str | os.PathLike[str], header: Mapping[str, Any], result_type: type[R]
    ):
        self.path = Path(path)
        self._type = result_type
        self._header: dict[str, Any] = {"journal": _KIND, "format": FORMAT}
        self._header.update(_json_ready(dict(header)))
        self.done: dict[tuple[int, int], R] = {}
        """The results the journal held when opened, by ``(batch, index)``."""
        if self.path.is_dir():
            self._fail("it is a folder")
        try:
            self._file: IO[bytes] = self.path.open("a+b")
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            self._fail(getattr(exc, "strerror", None) or str(exc))
        try:
            _lock(self._file, self.path)
            self._read()
        except BaseException:
            self._file.close()
            raise

    def _fail(self, reason: str) -> NoReturn:
        raise ArgumentValueError(f"cannot write journal {self.path}: {reason}")

    def _read(self) -> None:
        self._file.seek(0)
        data = self._file.read()
        complete = data.rfind(b"\n") + 1  # what follows the last newline was cut short
        if complete < len(data):
            self._file.truncate(complete)
        lines = data[:complete].splitlines()
        if not lines:
            self._append(self._header)
            return
        self._check_header(self._line(1, lines[0]))
        for number, line in enumerate(lines[1:], start=2):
            entry = self._line(number, line)
            try:
                key = (int(entry["batch"]), int(entry["index"]))
                result = _CONVERTER.structure(entry["result"], self._type)
            except (KeyError, TypeError, ValueError, cattrs.BaseValidationError) as exc:
                raise self._unreadable(number, f"not a finished task ({exc!r:.80})") from None
            self.done.setdefault(key, result)

    def _line(self, number: int, line: bytes) -> dict[str, Any]:
        try:
            entry = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise self._unreadable(number, "not JSON") from None
        if not isinstance(entry, dict):
            raise self._unreadable(number, "not a JSON object")
        return entry

    def _unreadable(self, number: int, reason: str) -> ArgumentValueError:
        return ArgumentValueError(f"journal {self.path}, line {number}: {reason}")

    def _check_header(self, found: dict[str, Any]) -> None:
        if found.get("journal") != _KIND or found.get("format") != FORMAT:
            raise self._unreadable(1, f"not a journal of format {FORMAT} of serenissima")
        for key, value in self._header.items():
            if found.get(key) != value:
                raise self._other_run(key, _shown(found.get(key)), _shown(value))
        for key in found.keys() - self._header.keys():
            raise self._other_run(key, _shown(found[key]), "none")

    def _other_run(self, key: str, there: str, here: str) -> ArgumentValueError:
        return ArgumentValueError(
            f"journal {self.path} belongs to another run: {key} {there} there, {here} in "
            "this run; resume it with the arguments it was written with, or give another file"
        )

    def _append(self, entry: Mapping[str, Any]) -> None:
        self._file.write(json.dumps(entry, separators=(",", ":")).encode() + b"\n")
        self._file.flush()

    def write(self, batch: int, index: int, result: R) -> None:
        """Append one finished task, flushed at once.

        Args:
            batch: The batch the task belongs to (0 for a run of one batch).
            index: The task's index in its batch.
            result: Its result.
        """
        entry = {"batch": batch, "index": index, "result": _CONVERTER.unstructure(result)}
        self._append(entry)

    def close(self) -> None:
        """Close the file (and let another run open it)."""
        self._file.close()

    def __enter__(self) -> Journal[R]:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _lock(file: IO[bytes], path: Path) -> None:
    """Hold an exclusive lock on the journal while the run has it open (POSIX only)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - a system without fcntl has no such lock
        return
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise ArgumentValueError(
            f"journal {path} is open in another run; wait for it to end"
        ) from None
    except OSError:  # a file system without locks: go on without one
        return
