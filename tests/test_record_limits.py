"""Reading a record within limits: size, actions, nesting, encoding, argument types."""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from serenissima.engine.errors import ArgumentTypeError, RecordError
from serenissima.records.limits import MAX_ACTIONS, MAX_DEPTH, MAX_RECORD_BYTES, record_text
from serenissima.records.record import GameRecord


def _record(**fields: Any) -> GameRecord:
    return GameRecord("modern", "1.0.0", 2, actions=["first 1", "galley 1"], **fields)


@pytest.mark.parametrize("opener", ["[", "{", '{"a":', "[{"])
def test_deep_nesting_is_refused_before_parsing(opener: str) -> None:
    text = opener * 100_000
    assert sys.getrecursionlimit() < 100_000
    with pytest.raises(RecordError, match=r"^a game record nests objects and lists at most 3 deep"):
        GameRecord.from_json(text)
    with pytest.raises(RecordError, match="at most 3 deep"):
        GameRecord.from_json(text.encode())


def test_four_levels_are_one_too_many_but_three_are_read() -> None:
    data = _record(options={"ports": ("venice",)}).to_data()
    assert GameRecord.from_json(json.dumps(data)).options == (("ports", ("venice",)),)
    data["options"] = {"ports": [["venice"]]}
    with pytest.raises(RecordError, match="at most 3 deep"):
        GameRecord.from_json(json.dumps(data))
    assert MAX_DEPTH == 3


def test_brackets_inside_strings_are_text() -> None:
    record = _record(metadata={"[{[{": '"]]]]\\"}}}}', "x": "\\\\[[[[[["})
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.to_json(indent=None)) == record


@settings(max_examples=60, deadline=None)
@given(
    metadata=st.dictionaries(st.text(max_size=12), st.text(max_size=20), max_size=4),
    kinds=st.lists(st.text(min_size=1, max_size=8), min_size=2, max_size=2),
)
def test_any_text_in_a_record_reads_back(metadata: dict[str, str], kinds: list[str]) -> None:
    record = _record(metadata=metadata, agents=kinds, seed=-3)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.to_json(indent=None).encode()) == record


def test_a_text_over_the_size_limit_is_refused() -> None:
    record = _record().to_json()
    padded = record[:-1] + " " * (MAX_RECORD_BYTES - len(record)) + "}"
    assert len(padded) == MAX_RECORD_BYTES
    assert GameRecord.from_json(padded) == _record()
    with pytest.raises(RecordError, match=r"^a game record is at most 16777216 bytes \(16 MiB\)"):
        GameRecord.from_json(padded + " ")
    with pytest.raises(RecordError, match="at most 16777216 bytes"):
        GameRecord.from_json((padded + " ").encode())


def test_more_actions_than_the_limit_are_refused() -> None:
    data = _record().to_data()
    data["actions"] = ["roll"] * (MAX_ACTIONS + 1)
    data["digests"] = None
    with pytest.raises(
        RecordError, match=rf"^actions: a record lists at most {MAX_ACTIONS} action"
    ):
        GameRecord.from_data(data)
    data["actions"] = ["roll"] * 3
    data["digests"] = ["0" * 8] * (MAX_ACTIONS + 1)
    with pytest.raises(RecordError, match=rf"^digests: a record lists at most {MAX_ACTIONS} state"):
        GameRecord.from_data(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "byte 0x89 at offset 0 is not UTF-8 (is it a binary file?)"),
        ('{"ruleset": "caf\u00e9"}'.encode("latin-1"), "byte 0xe9 at offset 16 is not UTF-8"),
        (b"\x00" * 64, "this holds NUL characters"),
    ],
)
def test_bytes_that_are_not_utf8_text_are_refused(data: bytes, message: str) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(data)
    assert message in str(info.value)


def test_a_byte_order_mark_is_allowed() -> None:
    record = _record(metadata={"place": "Venezia, Caff\u00e8 Florian"})
    assert GameRecord.from_json(b"\xef\xbb\xbf" + record.to_json().encode()) == record


@pytest.mark.parametrize("value", [None, 42, ["{}"], bytearray(b"{}"), _record()])
def test_from_json_wants_text_or_bytes(value: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^text: expected the record's JSON text") as info:
        GameRecord.from_json(value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)


@pytest.mark.parametrize("value", [b"{}", object(), _record()])
def test_from_data_wants_json_data(value: object) -> None:
    with pytest.raises(ArgumentTypeError, match=r"^data: expected the JSON data of a record"):
        GameRecord.from_data(value)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_input_is_a_record_or_a_record_error(text: bytes | str) -> None:
    with contextlib.suppress(RecordError):
        GameRecord.from_json(text)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(
    st.fixed_dictionaries(
        {"format": st.sampled_from([1, 2]), "players": st.integers(0, 5)},
        optional={
            "ruleset": _JSON,
            "ruleset_version": _JSON,
            "actions": _JSON,
            "options": _JSON,
            "result": _JSON,
            "metadata": _JSON,
            "seed": _JSON,
            "agents": _JSON,
            "digests": _JSON,
            "final_digest": _JSON,
        },
    )
)
def test_any_json_object_is_a_record_or_a_record_error(data: dict[str, Any]) -> None:
    with contextlib.suppress(RecordError):
        GameRecord.from_json(json.dumps(data))


def test_record_text_gives_the_checked_text() -> None:
    assert record_text(b"{}") == "{}"
    assert record_text("{}") == "{}"
