"""A tiny dice race that implements the whole engine protocol, for kernel tests.

Import it as ``toy`` (the ``tests`` folder is on the test path).

Rules of the race (IDs ``T-...``):

- T-START: a chance node picks the first player, each seat with the same probability.
- T-TURN: the seat to act says ``roll`` or ``stop``; seats that stopped are skipped.
- T-ROLL: after ``roll`` a die is thrown (a chance node, every face equally likely);
  the roller moves forward by the face.
- T-STOP: a seat that says ``stop`` keeps its position and never acts again
  (option ``may_stop = false`` forbids it).
- T-END: the race ends when a seat reaches the target, or when every seat has stopped.
  The furthest seats share the win.

The target and the number of die faces are parameters (``die`` option: ``d6`` or ``d4``),
as a real ruleset reads them from its files.
"""

from __future__ import annotations

import random
import types
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

from serenissima.engine.board import Board
from serenissima.engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    Decision,
    Event,
    Observation,
    Standing,
    Standings,
    State,
)
from serenissima.engine.errors import ActionParseError, IllegalActionError, RulesetError
from serenissima.engine.options import OptionSchema, option_schema
from serenissima.engine.phases import PhaseInfo
from serenissima.engine.ruleset import OptionValue, Ruleset
from serenissima.engine.spec import (
    AreaSpec,
    BoardSpec,
    EdgeSpec,
    OptionKind,
    OptionSpec,
    PortSpec,
    RulesetInfo,
    Source,
)

__all__ = [
    "ENGINE",
    "OPTION_SCHEMA",
    "Face",
    "First",
    "Moved",
    "RaceEngine",
    "RaceObservation",
    "RaceOptions",
    "RaceParams",
    "RaceState",
    "Roll",
    "Started",
    "Stop",
    "Stopped",
    "fake_registry",
    "make_rules",
    "play_here",
]


@attrs.frozen(slots=True)
class RaceParams:
    """The numbers of the race."""

    target: int
    faces: Mapping[str, int]


@attrs.frozen(slots=True)
class RaceOptions:
    """The options of the race, as the code reads them."""

    die: str = "d6"
    may_stop: bool = True


OPTION_SCHEMA = option_schema(RaceOptions, die=("d6", "d4"))


@attrs.frozen(slots=True)
class Roll(Action):
    """Throw the die (T-ROLL)."""

    def text(self) -> str:
        return "roll"


@attrs.frozen(slots=True)
class Stop(Action):
    """Stop for the rest of the race (T-STOP)."""

    def text(self) -> str:
        return "stop"


@attrs.frozen(slots=True)
class Face(Action):
    """A chance outcome: the die shows ``value`` (T-ROLL)."""

    value: int

    def text(self) -> str:
        return f"die {self.value}"


@attrs.frozen(slots=True)
class First(Action):
    """A chance outcome: ``seat`` starts the race (T-START)."""

    seat: int

    def text(self) -> str:
        return f"first {self.seat}"


@attrs.frozen(slots=True)
class Started(Event):
    """The first player was chosen."""

    seat: int

    def describe(self) -> str:
        return f"Seat {self.seat} starts."


@attrs.frozen(slots=True)
class Moved(Event):
    """A seat moved forward."""

    seat: int
    face: int
    position: int

    def describe(self) -> str:
        return f"Seat {self.seat} rolled {self.face} and reached {self.position}."


@attrs.frozen(slots=True)
class Stopped(Event):
    """A seat stopped."""

    seat: int

    def describe(self) -> str:
        return f"Seat {self.seat} stopped."


@attrs.frozen(slots=True)
class RaceState(State):
    """A state of the race.

    Attributes:
        positions: Each seat's position.
        stopped: Whether each seat has stopped.
        roller: The seat whose die is being thrown at a chance node (-1 otherwise).
        turn: 0 during set-up, then the number of the current round.
        faces: Faces of the die in this game.
        may_stop: Whether ``stop`` is allowed.
        last: The last choice a seat made.
        chance: The probabilities of the outcomes of the latest chance node.
    """

    positions: tuple[int, ...]
    stopped: tuple[bool, ...]
    roller: int
    turn: int
    faces: int
    may_stop: bool
    last: Roll | Stop | None = None
    chance: tuple[Fraction, ...] = ()


@attrs.frozen(slots=True)
class RaceObservation(Observation):
    """What a seat sees: everything (the race has no hidden information)."""

    positions: tuple[int, ...]
    to_act: int
    last_action: Action | None
    stopped: tuple[bool, ...] = ()
    roller: int = -1
    turn: int = 0
    faces: int = 6
    may_stop: bool = True
    chance: tuple[Fraction, ...] = ()


def _next_seat(state: RaceState, after: int, stopped: tuple[bool, ...]) -> int:
    for step in range(1, state.players + 1):
        seat = (after + step) % state.players
        if not stopped[seat]:
            return seat
    return TERMINAL


class RaceEngine:
    """The logic of the race."""

    edition = "toy"
    state_type: type[State] = RaceState
    action_types: tuple[type[Action], ...] = (Roll, Stop, Face, First)
    event_types: tuple[type[Event], ...] = (Started, Moved, Stopped)
    observation_type: type[Observation] = RaceObservation
    unions: tuple[Any, ...] = (Roll | Stop | None,)
    option_schema: OptionSchema[RaceOptions] = OPTION_SCHEMA

    def load_params(self, files: Any, board: Board) -> Any:
        return RaceParams(target=10, faces={"d6": 6, "d4": 4})

    def new_game(self, rules: Ruleset, players: int, options: Mapping[str, OptionValue]) -> State:
        params: RaceParams = rules.params
        read = OPTION_SCHEMA.read(options)
        return RaceState(
            players=players,
            to_act=CHANCE,
            positions=(0,) * players,
            stopped=(False,) * players,
            roller=-1,
            turn=0,
            faces=params.faces[read.die],
            may_stop=read.may_stop,
            chance=(Fraction(1, players),) * players,
        )

    def legal_actions(self, rules: Ruleset, state: State) -> tuple[Action, ...]:
        assert isinstance(state, RaceState)
        if state.to_act == CHANCE:
            return tuple(a for a, _ in self.chance_outcomes(rules, state))
        if state.to_act == TERMINAL:
            return ()
        return (Roll(), Stop()) if state.may_stop else (Roll(),)

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        assert isinstance(state, RaceState)
        if state.roller < 0:
            return tuple((First(s), Fraction(1, state.players)) for s in range(state.players))
        return tuple((Face(v), Fraction(1, state.faces)) for v in range(1, state.faces + 1))

    def step(self, rules: Ruleset, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        assert isinstance(state, RaceState)
        params: RaceParams = rules.params
        if isinstance(action, First):
            new = attrs.evolve(state, to_act=action.seat, turn=1)
            return new, (Started(action.seat),)
        if isinstance(action, Roll):
            chance = (Fraction(1, state.faces),) * state.faces
            roller = state.to_act
            return attrs.evolve(state, to_act=CHANCE, roller=roller, last=action, chance=chance), ()
        if isinstance(action, Stop):
            seat = state.to_act
            stopped = tuple(s or i == seat for i, s in enumerate(state.stopped))
            return self._pass(state, seat, stopped, last=action), (Stopped(seat),)
        assert isinstance(action, Face)
        seat = state.roller
        position = state.positions[seat] + action.value
        positions = tuple(position if i == seat else p for i, p in enumerate(state.positions))
        moved = attrs.evolve(state, positions=positions, roller=-1)
        event = Moved(seat, action.value, position)
        if position >= params.target:
            return attrs.evolve(moved, to_act=TERMINAL), (event,)
        return self._pass(moved, seat, state.stopped, last=state.last), (event,)

    def _pass(
        self, state: RaceState, seat: int, stopped: tuple[bool, ...], last: Roll | Stop | None
    ) -> RaceState:
        nxt = _next_seat(state, seat, stopped)
        turn = state.turn + 1 if 0 <= nxt <= seat else state.turn
        return attrs.evolve(state, to_act=nxt, stopped=stopped, roller=-1, last=last, turn=turn)

    def explain(self, rules: Ruleset, state: State, action: Action) -> IllegalActionError:
        if state.to_act == TERMINAL:
            return IllegalActionError(action, "T-END", "the race is over")
        if state.to_act == CHANCE:
            return IllegalActionError(action, "T-ROLL", f"{action} is not a chance outcome here")
        if isinstance(action, Stop):
            return IllegalActionError(action, "T-STOP", "stopping is not allowed in this game")
        return IllegalActionError(action, "T-TURN", f"{action} is not a choice of the runner")

    def label(self, rules: Ruleset, state: State, action: Action) -> str:
        if isinstance(action, Face):
            return f"The die shows {action.value}"
        if isinstance(action, First):
            return f"Seat {action.seat} runs first"
        return "Roll the die and run" if isinstance(action, Roll) else "Stop running"

    def decision(self, rules: Ruleset, state: State) -> Decision:
        if state.to_act == CHANCE:
            return Decision(CHANCE, "die", "T-ROLL", "Throw the die.")
        if state.to_act == TERMINAL:
            return Decision(TERMINAL, "over", "T-END", "The race is over.")
        return Decision(state.to_act, "run", "T-TURN", "Roll the die or stop.")

    def observe(self, rules: Ruleset, state: State, seat: int | None) -> Observation:
        assert isinstance(state, RaceState)
        return RaceObservation(
            seat,
            state.positions,
            state.to_act,
            state.last,
            stopped=state.stopped,
            roller=state.roller,
            turn=state.turn,
            faces=state.faces,
            may_stop=state.may_stop,
            chance=state.chance,
        )

    def sample_state(self, rules: Ruleset, observation: Observation, rng: random.Random) -> State:
        assert isinstance(observation, RaceObservation)
        seen = observation
        return RaceState(
            players=len(seen.positions),
            to_act=seen.to_act,
            positions=seen.positions,
            stopped=seen.stopped,
            roller=seen.roller,
            turn=seen.turn,
            faces=seen.faces,
            may_stop=seen.may_stop,
            last=seen.last_action if isinstance(seen.last_action, Roll | Stop) else None,
            chance=seen.chance,
        )

    def standings(self, rules: Ruleset, state: State) -> Standings:
        assert isinstance(state, RaceState)
        order = sorted(range(state.players), key=lambda s: (-state.positions[s], s))
        entries = tuple(
            Standing(
                seat=s,
                rank=1 + sum(p > state.positions[s] for p in state.positions),
                score=state.positions[s],
                breakdown=(("position", state.positions[s]),),
            )
            for s in order
        )
        return Standings(entries, final=state.to_act == TERMINAL)

    def is_secret(self, rules: Ruleset, state: State, action: Action) -> bool:
        return False

    def render(self, rules: Ruleset, state: State, seen: Observation | None) -> str:
        assert isinstance(state, RaceState)
        return "\n".join(
            f"seat {s}: square {position}" for s, position in enumerate(state.positions)
        )

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        assert isinstance(state, RaceState)
        return float(state.positions[seat])

    def phases(self) -> tuple[PhaseInfo, ...]:
        return (
            PhaseInfo("Start", "first", "T-START", "Who starts?", True, ("first",)),
            PhaseInfo("Run", "run", "T-TURN", "Roll the die or stop.", False, ("roll", "stop")),
            PhaseInfo("Die", "die", "T-ROLL", "Throw the die.", True, ("face",)),
        )

    def parse_action(self, rules: Ruleset, state: State, text: str) -> Action:
        words = text.split()
        if words == ["roll"]:
            return Roll()
        if words == ["stop"]:
            return Stop()
        if len(words) == 2 and words[0] in ("die", "first"):
            if not words[1].isdigit():
                raise ActionParseError(text, f"{words[1]!r} is not a number")
            return Face(int(words[1])) if words[0] == "die" else First(int(words[1]))
        raise ActionParseError(text, "expected 'roll', 'stop', 'die N' or 'first N'")


ENGINE = RaceEngine()

_BOARD = BoardSpec(
    name="Pond",
    areas=(AreaSpec("pond", "Pond", Source.STATED), AreaSpec("brook", "Brook", Source.STATED)),
    ports=(PortSpec("mill", "Mill", "pond", "wood", 2, Source.STATED),),
    edges=(EdgeSpec("pond", "brook", Source.STATED),),
)

_OPTIONS = (
    OptionSpec(
        name="die",
        kind=OptionKind.CHOICE,
        default="d6",
        rule_id="T-ROLL",
        description="The die thrown.",
        values=("d6", "d4"),
    ),
    OptionSpec(
        name="may_stop",
        kind=OptionKind.BOOL,
        default=True,
        rule_id="T-STOP",
        description="Whether a runner may stop.",
    ),
)


def make_rules(version: str = "1.0", ruleset_id: str = "toy") -> Ruleset:
    """Return a ruleset of the race, for 2 to 4 players."""
    info = RulesetInfo(
        id=ruleset_id,
        name="Dice race",
        edition="toy",
        version=version,
        year=2024,
        players=(2, 3, 4),
        description="A dice race to test the kernel.",
    )
    board = Board(_BOARD)
    return Ruleset(info, board, _OPTIONS, ENGINE.load_params(None, board), ENGINE)


def fake_registry(*rulesets: Ruleset) -> types.ModuleType:
    """Return a stand-in for ``serenissima.engine.registry`` that knows only ``rulesets``.

    Install it with ``monkeypatch.setitem(sys.modules, "serenissima.engine.registry", ...)``:
    the library imports the registry when it needs it, so it finds the stand-in.
    """
    by_id = {rules.id: rules for rules in rulesets}
    module = types.ModuleType("serenissima.engine.registry")

    def available_rulesets() -> tuple[str, ...]:
        return tuple(sorted(by_id))

    def load_ruleset(name_or_path: str) -> Ruleset:
        if name_or_path not in by_id:
            known = ", ".join(sorted(by_id))
            raise RulesetError(
                "", "", f"expected an installed ruleset ({known}), got {name_or_path!r}"
            )
        return by_id[name_or_path]

    module.available_rulesets = available_rulesets  # type: ignore[attr-defined]
    module.load_ruleset = load_ruleset  # type: ignore[attr-defined]
    return module


def play_here(monkeypatch: Any) -> None:
    """Let the commands play their games in this process, one at a time.

    Worker processes load rulesets from the real registry, where a stand-in's
    rulesets are not installed; with one core, the commands play in-process.
    """
    import serenissima.analysis.run.runner as runner

    monkeypatch.setattr(runner, "default_jobs", lambda: 1)
