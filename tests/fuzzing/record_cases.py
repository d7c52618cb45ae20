"""Cases for game records: real records damaged by hand or by accident.

A damaged record must be refused with a ``RecordError``, or replay to what it
says. A record whose actions were changed (swapped, dropped, doubled, replaced)
but which still carries what protects it (the digests of its states) may replay
only if it is still the same game: every state along the way equal to the
original's (two actions can lead to the same state, such as a choice of turn
order in a round where no seat has anything to do).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from hypothesis import strategies as st

from fuzzing.harness import Case
from fuzzing.values import EDITIONS, junk, mangle, rules_of
from serenissima.records.game import Game
from serenissima.records.record import GameRecord
from serenissima.records.replay import replay, replay_steps

TAMPERING = ("swap", "drop", "double", "replace", "truncate")
"""The changes to the actions that a record's digests must reveal."""


@functools.cache
def record_text(edition: str, players: int, seed: int) -> str:
    """The JSON of a random game of ``edition`` (finished for even seeds, cut short for odd)."""
    game = Game(rules_of(edition), players, seed=seed)
    rng = random.Random(seed)
    limit = 10**6 if seed % 2 == 0 else 40 + seed * 13
    while not game.is_over() and len(game.history) < limit:
        game.advance()
        if not game.is_over():
            game.play(rng.choice(game.legal_actions()))
    return game.record({"event": "fuzz"}).to_json()


def _tamper(data: dict[str, Any], how: str, rng: random.Random) -> bool:
    """Change the actions of ``data`` in place; whether anything changed."""
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) < 2:
        return False
    before = list(actions)
    i, j = sorted(rng.sample(range(len(actions)), 2))
    if how == "swap":
        actions[i], actions[j] = actions[j], actions[i]
    elif how == "drop":
        del actions[i]
    elif how == "double":
        actions.insert(i, actions[i])
    elif how == "replace":
        actions[i] = actions[j]
    else:
        del actions[i:]
    return actions != before


def _damage(data: dict[str, Any], how: str, rng: random.Random, value: Any) -> None:
    """Damage a field of ``data`` in place."""
    keys = sorted(data)
    if how == "delete":
        del data[rng.choice(keys)]
    elif how == "retype":
        data[rng.choice(keys)] = value
    elif how == "ruleset":
        data["ruleset"] = rng.choice(("../../etc", "/", ".", "classic", "modern", "", "x" * 500))
    elif how == "result" and isinstance(data.get("result"), list) and data["result"]:
        entry = rng.choice(data["result"])
        if isinstance(entry, dict):
            entry[rng.choice(sorted(entry))] = value if rng.random() < 0.5 else 7
    elif how == "mangle" and data.get("actions"):
        i = rng.randrange(len(data["actions"]))
        data["actions"][i] = mangle(str(data["actions"][i]), rng)
    elif how == "digest":
        for key in keys:
            if "digest" in key and isinstance(data[key], (str, list)) and data[key]:
                item = data[key]
                if isinstance(item, list):
                    k = rng.randrange(len(item))
                    item[k] = mangle(str(item[k]), rng)
                else:
                    data[key] = mangle(item, rng)


def _garbage(text: str, how: str, rng: random.Random) -> str | bytes:
    raw = text.encode()
    if how == "bytes":
        cut = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            cut[rng.randrange(len(cut))] = rng.randrange(256)
        return bytes(cut)
    if how == "cut":
        return text[: rng.randrange(len(text))]
    if how == "deep":
        return "[" * rng.choice((100, 5000, 100_000)) + "]" * rng.choice((0, 100))
    if how == "latin":
        return raw + "\u00e9".encode("latin-1")
    return text.replace('"actions": [', '"actions": [' + '"x", ' * rng.choice((10, 10_000)), 1)


@st.composite
def record_cases(draw: st.DrawFn) -> Case:
    """Read and replay a damaged record."""
    edition = draw(st.sampled_from(EDITIONS))
    text = record_text(edition, draw(st.sampled_from((2, 3, 4))), draw(st.integers(0, 7)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    how = draw(
        st.sampled_from(TAMPERING)
        | st.sampled_from(("delete", "retype", "ruleset", "result", "mangle", "digest"))
        | st.sampled_from(("bytes", "cut", "deep", "latin", "long"))
    )
    tampered = False
    given: str | bytes
    if how in ("bytes", "cut", "deep", "latin", "long"):
        given = _garbage(text, how, rng)
    else:
        data = json.loads(text)
        if how in TAMPERING:
            tampered = _tamper(data, how, rng)
        else:
            _damage(data, how, rng, draw(junk))
        given = json.dumps(data, default=repr)
    protected = tampered and '"digests"' in text

    def call() -> object:
        record = GameRecord.from_json(given)
        replay(record)  # every digest, the final digest and the result checked
        return record

    def same_game(record: object) -> bool:
        if not protected:
            return True
        assert isinstance(record, GameRecord)
        original = GameRecord.from_json(text)
        steps = [step.state for step in replay_steps(original)]
        return [step.state for step in replay_steps(record)] == steps

    return Case("records", f"{edition} record, {how}: {given[:80]!r}...", call, same_game)
