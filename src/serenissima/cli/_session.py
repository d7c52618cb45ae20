"""The game at the terminal: whose turn it is, what to print, what to read.

:class:`Session` is the loop of ``serenissima play`` once its arguments are
read (:mod:`serenissima.cli.play`): it asks each person for a decision,
lets bots and chance play, and handles the commands a person may type
(``undo``, ``save``, ``quit``...).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from serenissima.cli._common import EXIT_ERROR
from serenissima.cli._input import Reader
from serenissima.cli._text import action_lines, in_number_order, standings_lines, step_line
from serenissima.engine.core import CHANCE, Action, is_number
from serenissima.engine.errors import ActionParseError, IllegalActionError

if TYPE_CHECKING:
    from serenissima.records.game import Game

__all__ = ["COMMANDS_HELP", "HUMAN", "Leave", "Session"]

HUMAN: Final = "human"
"""The seat kind of a person at the keyboard."""


COMMANDS_HELP: Final = """\
At your turn, type one of:
  ACTION        an action's text, as listed (for example: move venice)
  NUMBER        the number of a listed action
  actions       list the legal actions again
  board         draw the board again
  undo          take back your previous decision (and the moves made since)
  save FILE     save the game so far as a record
  quit [FILE]   leave, saving to FILE or --save FILE; otherwise you are asked
                whether to save what was played since the last save
  help          this text
With --dice manual the same commands work when you type the outcome of a roll.
End of input (Ctrl-D) leaves like quit; Ctrl-C leaves too."""


class Leave(Exception):  # noqa: N818  (a signal to leave, not an error)
    """The person asked to leave (``quit`` or end of input)."""


class Session:
    """One game at the terminal: whose turn, what to print, what to read."""

    def __init__(
        self,
        game: Game,
        kinds: tuple[str, ...],
        seed: int,
        manual_dice: bool,
        save: str | None,
        out: TextIO,
        err: TextIO,
        read: Reader,
    ) -> None:
        from serenissima.agents import Agent, make_agent

        self.game = game
        self.rules = game.rules
        self.kinds = kinds
        self.seed = seed
        self.manual_dice = manual_dice
        self.save_path = save
        self.saved = len(game.history)
        self.metadata: dict[str, str] = {}
        self.out = out
        self.err = err
        self.read = read
        self.agents: dict[int, Agent] = {
            seat: make_agent(kind, seed + 1 + seat)
            for seat, kind in enumerate(kinds)
            if kind != HUMAN
        }
        self.actors = self._actors()

    def _actors(self) -> list[int]:
        """The seat of each decision in the game's history so far."""
        state = self.rules.new_game(self.game.players, self.game.options)
        actors = []
        for action in self.game.history:
            if state.to_act >= 0:
                actors.append(state.to_act)
            state = self.rules.apply_unchecked(state, action)
        return actors

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def name(self, seat: int) -> str:
        return f"seat {seat} ({self.kinds[seat]})"

    # --- the loop -----------------------------------------------------------------

    def play(self) -> int:
        game = self.game
        seats = ", ".join(self.name(s) for s in range(game.players))
        self.say(f"{self.rules.info.name} ({self.rules.id}): {seats}; seed {self.seed}")
        if game.history:
            self.say(f"Continuing a saved game after {len(game.history)} action(s).")
        try:
            while not game.is_over():
                to_act = game.to_act
                if to_act == CHANCE:
                    if self.manual_dice:
                        self.ask_chance()
                    else:
                        events = game.resolve_chance()
                        self.say(step_line("chance", game.history[-1], events))
                elif self.kinds[to_act] == HUMAN:
                    self.ask_seat(to_act)
                else:
                    chosen = self.agents[to_act].act(self.rules, game.state)
                    events = game.play(chosen)
                    self.actors.append(to_act)
                    self.say(step_line(self.name(to_act), chosen, events))
        except Leave:
            self.say("Leaving the game.")
            return self.save_at_exit()
        except KeyboardInterrupt:
            self.say()
            self.save_at_exit()
            raise
        self.say()
        self.say(self.rules.render(game.state))
        self.say()
        names = {seat: self.name(seat) for seat in range(game.players)}
        for line in standings_lines(game.standings(), names):
            self.say(line)
        return self.save_at_exit()

    def save_at_exit(self) -> int:
        if self.save_path is None:
            return 0
        return 0 if self.save(self.save_path) else EXIT_ERROR

    def save(self, path: str) -> bool:
        record = self.game.record(self.metadata, agents=self.kinds)
        try:
            Path(path).write_text(record.to_json() + "\n", encoding="utf-8")
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            self.err.write(f"cannot save to {path}: {getattr(exc, 'strerror', None) or exc}\n")
            return False
        self.say(f"Saved {len(record.actions)} action(s) to {path}.")
        self.saved = len(record.actions)
        return True

    def offer_save(self) -> None:
        """Before leaving, offer to save what was played since the last save."""
        while len(self.game.history) > self.saved:
            line = self.read("Save the game first? Type a file name, or Enter to leave: ", self.out)
            if line is None or not line.strip() or self.save(line.strip()):
                return

    # --- a person decides ---------------------------------------------------------

    def show_actions(
        self, actions: tuple[Action, ...], suffix: dict[str, str], title: str = "Legal actions"
    ) -> None:
        self.say(f"{title} (type the text or the number):")
        for line in action_lines(actions, suffix):
            self.say(line)

    def ask_seat(self, seat: int) -> None:
        """Read commands until seat ``seat`` has acted (or undone)."""
        game = self.game
        decision = game.decision()
        actions = game.legal_actions()
        self.say()
        self.say(self.rules.render(game.state, seat))
        self.say()
        self.say(f"Seat {seat}, your decision: {decision.prompt} ({decision.rule_id})")
        self.show_actions(actions, {})
        while True:
            line = self.read(f"seat {seat}> ", self.out)
            if line is None:
                raise Leave
            done = self.command(line, actions, seat)
            if done is not None:
                return
            if line.strip().lower() == "board":
                self.say(self.rules.render(game.state, seat))

    def ask_chance(self) -> None:
        """Read the outcome of a chance node from the person rolling real dice."""
        game = self.game
        decision = game.decision()
        outcomes = self.rules.chance_outcomes(game.state)
        actions = tuple(action for action, _ in outcomes)
        odds = {action.text(): f" ({p})" for action, p in outcomes}
        self.say()
        self.say(f"Chance: {decision.prompt} ({decision.rule_id}) What came up?")
        self.show_actions(actions, odds, "Outcomes with their chances")
        while True:
            line = self.read("outcome> ", self.out)
            if line is None:
                raise Leave
            if self.command(line, actions, None) is not None:
                return
            if line.strip().lower() == "board":
                self.say(self.rules.render(game.state))

    def command(self, line: str, actions: tuple[Action, ...], seat: int | None) -> bool | None:
        """Carry out one input line; ``True`` once the game has moved on, else ``None``."""
        text = line.strip()
        word = text.split(" ", 1)[0].lower() if text else ""
        if not text or word == "board":
            return None
        if word == "help":
            self.say(COMMANDS_HELP)
        elif word == "actions":
            self.show_actions(actions, {})
        elif word == "quit":
            target = text[len(word) :].strip()
            if target:
                self.save(target)
            elif self.save_path is None:
                self.offer_save()
            raise Leave
        elif word == "save":
            path = text[len(word) :].strip() or self.save_path
            if path:
                self.save(path)
            else:
                self.say("Name the file: save FILE")
        elif word == "undo":
            return self.undo(seat)
        else:
            return self.act(text, actions, seat)
        return None

    def act(self, text: str, actions: tuple[Action, ...], seat: int | None) -> bool | None:
        game = self.game
        if is_number(text):
            ordered = in_number_order(actions)
            number = int(text)
            if not 1 <= number <= len(ordered):
                self.say(f"No action has number {number}: choose 1 to {len(ordered)}.")
                return None
            chosen: Action | str = ordered[number - 1]
        elif text.isdigit():  # "¹", Arabic-Indic digits: not ASCII ones
            self.say(f"Not played: numbers are written in ASCII digits 0-9, got {text!r}.")
            return None
        else:
            chosen = text
        try:
            events = game.play(chosen)
        except (ActionParseError, IllegalActionError) as exc:
            self.say(f"Not played: {exc}")
            return None
        action = game.history[-1]
        if seat is None:
            self.say(step_line("chance", action, events))
        else:
            self.actors.append(seat)
            self.say(step_line(self.name(seat), action, events))
        return True

    def undo(self, seat: int | None) -> bool | None:
        """Go back to ``seat``'s previous decision (any person's when ``seat`` is None)."""
        people = {s for s, kind in enumerate(self.kinds) if kind == HUMAN}
        wanted = {seat} if seat is not None else people
        last = max((i for i, s in enumerate(self.actors) if s in wanted), default=None)
        if last is None:
            self.say("Nothing to undo: no decision of yours has been made yet.")
            return None
        removed = self.game.undo(len(self.actors) - last)
        del self.actors[last:]
        shown = ", ".join(str(action) for action in removed)
        self.say(f"Undone {len(removed)} action(s): {shown}")
        return True
