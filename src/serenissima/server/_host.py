"""One game the server holds: rebuilt from the store, every move checked, committed, then applied.

A :class:`HostedGame` is the authority over one game: it checks a seat's
move against the rules and the version the seat saw, commits it to the
store, and only then applies it; chance and the seated bots move next, each
move committed the same way. Chance is drawn by a generator seeded from the
game's seed and the version it makes, and a bot is seeded the same way, so a
game rebuilt from its stored moves (:meth:`HostedGame.load`) is the very game
that was acknowledged. The seed is the server's own unless the game is
``seeded`` (a client gave it, on a server that allows it).

A game made with ``inline=False`` leaves its bots' moves to the caller: the
server asks :meth:`HostedGame.owed` for the decision a bot owes
(a :class:`BotTurn`), has it thought over in another process, within the
server's caps, and hands the answer back to :meth:`HostedGame.answer`.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import random
import secrets
from collections.abc import Mapping
from typing import Any

from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, Action, Event, State
from serenissima.engine.errors import ArgumentTypeError, SerenissimaError, StateError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.server._setup import HUMAN, check_setup
from serenissima.server._store import Move, Store, VersionConflictError
from serenissima.server._summary import OVER, OWED, PERSON, Summary
from serenissima.server._turns import BotTurn, bot_action

__all__ = ["HostedGame", "OutOfTurnError", "SeatError", "UnknownGameError"]


class UnknownGameError(SerenissimaError, KeyError):
    """No game of that id is stored."""


class SeatError(SerenissimaError, ValueError):
    """A seat that cannot be joined: not in the game, a bot's, or taken."""


class OutOfTurnError(SerenissimaError, ValueError):
    """A seat tried to act when another seat, chance or nobody decides."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _seed(seed: int, version: int) -> int:
    """The seed of whatever draws the move that makes ``version``."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{version}".encode()).digest()[:8], "big")


class HostedGame:
    """One game held by the server (see the module's description).

    Make one with :meth:`create` or :meth:`load`. With ``inline`` (the
    default) the seated bots move as soon as they are owed a move, in the
    caller's thread; without it, they wait for :meth:`answer`.

    Example:
        >>> import tempfile
        >>> from serenissima.server import open_store
        >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db")
        >>> setup = {"ruleset": "modern", "players": 2, "seed": 3,
        ...          "seats": [{"kind": "human"}, {"kind": "random"}]}
        >>> game = HostedGame.create(store, setup, game_id="g")
        >>> token = game.join(0)
        >>> game.seat_of(token), game.state.to_act
        (0, 0)
        >>> moves = game.act(0, str(game.rules.legal_actions(game.state)[0]), game.version)
        >>> HostedGame.load(store, "g").state == game.state
        True
    """

    def __init__(
        self, store: Store, game_id: str, setup: Mapping[str, Any], *, inline: bool = True
    ) -> None:
        self.store = store
        self.id = game_id
        self.inline = inline
        """Whether the bots move in the caller's thread (else: :meth:`owed` and :meth:`answer`)."""
        self.setup = dict(setup)
        self.rules: Ruleset = load_ruleset(setup["ruleset"])
        self.state: State = self.rules.new_game(setup["players"], setup["options"])
        self.moves: list[Move] = []
        self.events: list[tuple[Event, ...]] = []
        """The events of each move, by version less one."""
        self.secret: list[bool] = []
        """Whether each move is hidden from all but its actor (:meth:`Ruleset.is_secret`)."""

    @property
    def version(self) -> int:
        """How many moves the game has had: the version of its state."""
        return len(self.moves)

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind: ``"human"`` or a bot's."""
        return [seat["kind"] for seat in self.setup["seats"]]

    @property
    def chance_by(self) -> int | None:
        """The seat that enters chance outcomes, or ``None`` when the server rolls."""
        seat: int | None = self.setup.get("chance_by")
        return seat

    @property
    def seeded(self) -> bool:
        """Whether a client gave the game's seed (so it may know the dice in advance)."""
        return bool(self.setup.get("seeded", False))

    def summary(self) -> Summary:
        """Where the game stands, as the store keeps it for the lobby."""
        return self._summary(self.state, self.version)

    def _summary(self, state: State, version: int) -> Summary:
        to_act = state.to_act
        if to_act == TERMINAL:
            return Summary(version, to_act, None, OVER)
        waiting = self._decides(state)
        return Summary(version, to_act, waiting, PERSON if waiting is not None else OWED)

    def decides(self) -> int | None:
        """The person's seat whose move the game waits for, or ``None`` (nobody: it is over)."""
        return self._decides(self.state)

    def _decides(self, state: State) -> int | None:
        to_act = state.to_act
        if to_act == CHANCE:
            return self.chance_by
        return to_act if to_act >= 0 and self.kinds[to_act] == HUMAN else None

    @classmethod
    def create(
        cls,
        store: Store,
        setup: Mapping[str, Any],
        *,
        game_id: str | None = None,
        inline: bool = True,
    ) -> HostedGame:
        """Check ``setup`` (:func:`check_setup`), store the game, and play chance (and bots)."""
        checked = check_setup(setup)
        game_id = game_id or secrets.token_hex(8)
        created = datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")
        game = cls(store, game_id, checked, inline=inline)
        store.create(game_id, created, checked, game.summary())
        game.advance()
        return game

    @classmethod
    def load(cls, store: Store, game_id: str, *, inline: bool = True) -> HostedGame:
        """Rebuild a stored game from its set-up and moves, checking each move.

        Raises:
            UnknownGameError: No game of that id is stored.
        """
        stored = store.game(game_id)
        if stored is None:
            raise UnknownGameError(f"no game {game_id!r}")
        game = cls(store, game_id, stored.setup, inline=inline)
        for move in store.moves(game_id):
            game._apply(move, game._read(move.actor, move.text))
        return game

    def refresh(self) -> list[Move]:
        """Apply the moves another server process has committed since; return them."""
        fresh = self.store.moves(self.id, since=self.version)
        for move in fresh:
            self._apply(move, self._read(move.actor, move.text))
        return fresh

    # --- seats ----------------------------------------------------------------------

    def join(self, seat: int) -> str:
        """Claim a person's seat; return its secret token (given once, stored hashed).

        Raises:
            SeatError: The seat is not in the game, is a bot's, or is taken.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.kinds):
            raise SeatError(f"seat {seat!r} is not in this {len(self.kinds)}-player game")
        if self.kinds[seat] != HUMAN:
            raise SeatError(f"seat {seat} is played by the {self.kinds[seat]} bot")
        token = secrets.token_urlsafe(24)
        if not self.store.claim(self.id, seat, _digest(token)):
            raise SeatError(f"seat {seat} is taken")
        return token

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` was given for, or ``None``."""
        digest = _digest(token)
        for seat, stored in self.store.tokens(self.id).items():
            if hmac.compare_digest(stored, digest):
                return seat
        return None

    # --- moves ----------------------------------------------------------------------

    def act(self, seat: int, text: str, version: int) -> list[Move]:
        """Play ``seat``'s action ``text`` on the state of ``version``; then chance and bots.

        Returns:
            Every move made, the seat's first.

        Raises:
            VersionConflictError: ``version`` is not the game's: the seat saw
                an older state (or another process moved first).
            OutOfTurnError: Another seat, chance or nobody decides.
            ActionParseError: ``text`` spells no action.
            IllegalActionError: The action breaks a rule (named in the message).

        Nothing changes when it raises.
        """
        if version != self.version:
            raise VersionConflictError(
                f"the game is at version {self.version}, not {version}: look again"
            )
        if self.decides() != seat:
            raise OutOfTurnError(f"seat {seat} does not decide now ({self._whose()})")
        move = self._commit(self.state.to_act, self._read(seat, text))
        return [move, *self.advance()]

    def advance(self) -> list[Move]:
        """Play chance, and the bots if ``inline``, until a person or a bot decides or the end.

        Returns:
            The moves made.
        """
        made = []
        while True:
            to_act = self.state.to_act
            if to_act == TERMINAL or (to_act == CHANCE and self.chance_by is not None):
                break
            if to_act == CHANCE:
                rng = random.Random(_seed(self.setup["seed"], self.version + 1))
                action = sample_outcome(self.rules.chance_outcomes(self.state), rng)
            elif self.kinds[to_act] != HUMAN and self.inline:
                turn = self.owed()
                assert turn is not None
                action = bot_action(self.rules, turn.kind, turn.seed, self.state)
            else:
                break
            made.append(self._commit(to_act, action))
        return made

    def owed(self) -> BotTurn | None:
        """The decision a bot owes now, or ``None`` (a person, chance or nobody decides)."""
        to_act = self.state.to_act
        if to_act < 0 or self.kinds[to_act] == HUMAN:
            return None
        seed = random.Random(_seed(self.setup["seed"], self.version + 1)).getrandbits(63)
        kind = self.kinds[to_act]
        return BotTurn(self.id, self.version, to_act, kind, seed, self.rules.id, self.state)

    def answer(self, turn: BotTurn, text: str) -> list[Move]:
        """Play a bot's move, thought over for ``turn``; then chance (and bots, if ``inline``).

        Returns:
            Every move made, the bot's first.

        Raises:
            VersionConflictError: The game moved on since ``turn`` was asked
                (another server process answered first).
        """
        if turn.version != self.version or turn.game != self.id:
            raise VersionConflictError(
                f"the game is at version {self.version}, not {turn.version}: the bot's turn passed"
            )
        move = self._commit(turn.seat, self._read(turn.seat, text))
        return [move, *self.advance()]

    def resume(self) -> list[Move]:
        """Make the moves chance (and the bots, if ``inline``) owe; return them.

        A server stopped between a person's move and the answers that follow
        leaves the game waiting: the next server to load it moves on. When
        another server process made those moves first, they are read instead.
        """
        try:
            return self.advance()
        except VersionConflictError:
            return self.refresh()

    def _read(self, actor: int, text: str) -> Action:
        if not isinstance(text, str):
            raise ArgumentTypeError("action", "an action's text form, a str", text)
        return self.rules.parse_action(self.state, text)

    def _commit(self, actor: int, action: Action) -> Move:
        """Work out the move (``IllegalActionError``: nothing stored), store it, then apply it."""
        state, events = self.rules.step(self.state, action)
        move = Move(self.version + 1, actor, str(action))
        self.store.append(self.id, move, self._summary(state, move.version))  # on disk: it counts
        self._push(move, action, state, events)
        return move

    def _apply(self, move: Move, action: Action) -> None:
        """Apply a move read back from the store."""
        if move.version != self.version + 1 or move.actor != self.state.to_act:
            raise StateError(
                f"stored move {move.version} of game {self.id!r} does not follow the game"
            )
        self._push(move, action, *self.rules.step(self.state, action))

    def _push(self, move: Move, action: Action, state: State, events: tuple[Event, ...]) -> None:
        self.secret.append(self.rules.is_secret(self.state, action))
        self.state = state
        self.moves.append(move)
        self.events.append(events)

    def _whose(self) -> str:
        to_act = self.state.to_act
        if to_act == TERMINAL:
            return "the game is over"
        if to_act == CHANCE:
            return "chance acts" if self.chance_by is None else f"seat {self.chance_by} rolls"
        return f"seat {to_act} decides"
