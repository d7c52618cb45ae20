"""The limits a game record is read within: its size, its number of actions, its nesting.

A record's text is checked before it is parsed as JSON, so that no file, however
broken or hostile, can exhaust memory or the parser's recursion:
:func:`record_text` refuses text over :data:`MAX_RECORD_BYTES`, bytes that are
not UTF-8, NUL characters, and brackets nested deeper than a record ever has
(:data:`MAX_DEPTH`). :meth:`~serenissima.records.record.GameRecord.from_data`
refuses more than :data:`MAX_ACTIONS` actions. The limits are far above any
real game: a four-player game is some 25 kB and under a thousand actions.

Example:
    >>> from serenissima.records.limits import record_text
    >>> record_text(b'{"format": 2}')
    '{"format": 2}'
    >>> record_text("[[[[0]]]]")
    Traceback (most recent call last):
    ...
    serenissima.engine.errors.RecordError: a game record nests objects and lists at most 3 deep; ...
"""

from __future__ import annotations

import re
from typing import Final

from serenissima.engine.errors import ArgumentTypeError, RecordError

__all__ = ["MAX_ACTIONS", "MAX_DEPTH", "MAX_RECORD_BYTES", "record_text"]

MAX_RECORD_BYTES: Final[int] = 16 * 2**20
"""The largest record text read, in bytes (16 MiB; characters for a ``str``)."""

MAX_ACTIONS: Final[int] = 200_000
"""The most actions (and state digests) a record may list."""

MAX_DEPTH: Final[int] = 3
"""How deep a record nests objects and lists: the record, its ``result``, a seat's entry."""

_STRING: Final = re.compile(r'"[^"]*"')
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_ONE_KIND: Final = str.maketrans("{}", "[]")


def record_text(text: str | bytes) -> str:
    """Check a record's text against the limits, before it is parsed, and return it as ``str``.

    Bytes are read as UTF-8 (a leading byte-order mark is dropped).

    Args:
        text: The text, as read from a file.

    Returns:
        The text.

    Raises:
        ArgumentTypeError: ``text`` is neither ``str`` nor ``bytes``.
        RecordError: The text is longer than :data:`MAX_RECORD_BYTES`, is not
            UTF-8, holds NUL characters, or nests deeper than :data:`MAX_DEPTH`.

    Examples:
        >>> from serenissima.records.limits import record_text
        >>> record_text('{"metadata": {"note": "[[[[ in a string is text ]]]]"}}')[:13]
        '{"metadata": '
        >>> record_text(bytes([0x89]) + b"PNG")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RecordError: a game record is UTF-8 text, but byte 0x89 ...
        >>> record_text(3)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.ArgumentTypeError: text: expected the record's JSON ...
    """
    if not isinstance(text, str | bytes):
        raise ArgumentTypeError("text", "the record's JSON text, a str or bytes", text)
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            f"a game record is at most {MAX_RECORD_BYTES} bytes (16 MiB), "
            f"and this text is longer ({len(text)})"
        )
    if isinstance(text, bytes):
        text = _decode(text)
    if "\x00" in text:
        raise RecordError("a game record is JSON text, but this holds NUL characters")
    if _too_deep(text):
        raise RecordError(
            f"a game record nests objects and lists at most {MAX_DEPTH} deep; "
            "this text nests them deeper (or its brackets do not match)"
        )
    return text


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        byte = data[exc.start]
        raise RecordError(
            f"a game record is UTF-8 text, but byte 0x{byte:02x} at offset {exc.start} "
            "is not UTF-8 (is it a binary file?)"
        ) from None


def _too_deep(text: str) -> bool:
    """Whether the brackets outside strings nest deeper than :data:`MAX_DEPTH`.

    Escapes and strings are dropped, then the brackets alone are kept, then
    :data:`MAX_DEPTH` times every innermost pair ``[]`` is removed: brackets
    nested no deeper than the limit are then all gone. What is left is either
    a pair nested deeper, or more unclosed openers than the limit (both deep
    for the parser), or text the parser reports itself (stray closers, or a
    few openers cut off at the end of the file). Every step runs at C speed.
    """
    bare = text.replace("\\\\", "").replace('\\"', "")
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", bare)).translate(_ONE_KIND)
    for _ in range(MAX_DEPTH):
        brackets = brackets.replace("[]", "")
    return "[]" in brackets or brackets.count("[") > MAX_DEPTH
