"""What the server shows one seat, or a spectator, of a hosted game: views and moves.

Everything sent to a viewer is built here from the engine's answers for that
viewer only: the seat's observation (:meth:`Ruleset.observe`, a spectator's
when the seat is ``None``), its drawing, the legal actions when it is the
seat's turn (each with its text form, to send, and its label in plain English,
for people), and, of each move, the events (which every seat witnesses) and
the action's text form unless the move is secret and the viewer not its
actor (:meth:`Ruleset.is_secret`). The standings are shown once the game is
over, when nothing is hidden any more.
"""

from __future__ import annotations

from typing import Any

from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.records.serialize import to_data
from serenissima.server._host import HostedGame
from serenissima.server._setup import HUMAN
from serenissima.server._summary import OVER, Listed

__all__ = ["lobby_entry", "move_message", "view"]


def view(game: HostedGame, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator) of the game as it stands.

    Example:
        >>> import tempfile
        >>> from serenissima.server import open_store
        >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db")
        >>> game = HostedGame.create(store, {"ruleset": "classic", "players": 2, "seed": 1})
        >>> seen = view(game, None)
        >>> seen["observation"]["ducats"], seen["legal"]
        ([None, None], [])
        >>> first = view(game, seen["to_act"])["legal"][0]
        >>> first["text"], first["label"]
        ('crew 5 5', 'Crew the starting galleys with 5 and 5 sailors; the rest guard the capital')
    """
    rules = game.rules
    state = game.state
    decision = rules.decision(state)
    over = state.to_act == TERMINAL
    legal: list[dict[str, Any]] = []
    if seat is not None and game.decides() == seat:
        if state.to_act == CHANCE:
            legal = [
                {
                    "text": str(outcome),
                    "label": rules.label(state, outcome),
                    "index": rules.outcome_index(state, outcome),
                    "probability": str(chance),
                }
                for outcome, chance in rules.chance_outcomes(state)
            ]
        else:
            legal = [
                {
                    "text": str(action),
                    "label": rules.label(state, action),
                    "index": rules.action_index(state, action),
                }
                for action in rules.legal_actions(state)
            ]
    seen = rules.observe(state, seat)
    return {
        "game": game.id,
        "ruleset": rules.id,
        "version": game.version,
        "seat": seat,
        "to_act": state.to_act,
        "waiting_for": game.decides(),
        "over": over,
        "decision": {
            "actor": decision.actor,
            "kind": decision.kind,
            "rule_id": decision.rule_id,
            "prompt": decision.prompt,
        },
        "observation": to_data(rules, seen),
        "text": rules.render(state, seat, spectator=seat is None),
        "legal": legal,
        "standings": to_data(rules, rules.standings(state)) if over else None,
        "seats": _seats(game.kinds, frozenset(game.store.tokens(game.id))),
        "seeded": game.seeded,
    }


def move_message(game: HostedGame, version: int, seat: int | None) -> dict[str, Any]:
    """The move that made ``version``, as ``seat`` (``None``: a spectator) may see it.

    Example:
        >>> import tempfile
        >>> from serenissima.server import open_store
        >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db")
        >>> game = HostedGame.create(store, {"ruleset": "modern", "players": 2, "seed": 1})
        >>> first = move_message(game, 1, None)
        >>> first["actor"], first["action"], first["events"][0]["text"]
        (-1, 'close constantinople', 'constantinople is closed for the game')
    """
    move = game.moves[version - 1]
    hidden = game.secret[version - 1] and seat != move.actor
    rules = game.rules
    return {
        "type": "move",
        "version": version,
        "actor": move.actor,
        "action": None if hidden else move.text,
        "hidden": hidden,
        "events": [
            {"text": event.describe(), "data": to_data(rules, event)}
            for event in game.events[version - 1]
        ],
    }


def lobby_entry(listed: Listed) -> dict[str, Any]:
    """What the lobby says of a stored game: set-up (never its seed), seats, where it stands.

    Made from the store's summary alone: the game is not loaded.
    """
    setup = listed.setup
    summary = listed.summary
    kinds = [seat["kind"] for seat in setup["seats"]]
    return {
        "id": listed.id,
        "ruleset": setup["ruleset"],
        "players": setup["players"],
        "options": setup["options"],
        "chance_by": setup.get("chance_by"),
        "seats": _seats(kinds, listed.joined),
        "version": summary.version,
        "to_act": summary.to_act,
        "waiting_for": summary.waiting_for,
        "over": summary.status == OVER,
        "status": summary.status,
        "seeded": bool(setup.get("seeded", False)),
        "created": listed.created,
    }


def _seats(kinds: list[str], joined: frozenset[int]) -> list[dict[str, Any]]:
    """Each seat's kind, and whether it is joined (a bot's always is)."""
    return [
        {"seat": number, "kind": kind, "joined": kind != HUMAN or number in joined}
        for number, kind in enumerate(kinds)
    ]
