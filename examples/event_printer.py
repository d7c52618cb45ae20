"""A front end's driver: who decides, what was chosen, and the events that follow.

For every step of a game this prints what a graphical front end would use:

- the decision point (``Decision``: the actor, the kind of decision, the rule
  that gives it and the prompt to show);
- at a chance node, every outcome with its exact probability;
- the chosen action in its text form (the form a game record keeps);
- the events the action caused, in order: each one is an animation to play
  (a galley sailing, dice rolling, a port changing hands).

A few times during the game it prints what each seat may see (its
``Observation``, with the others' secrets hidden). With ``--dice manual`` the
dice are not drawn by the program but read off a real table: a function is
asked for each roll, here fed from a scripted list of pips. At the end the game
is saved as a ``GameRecord`` in JSON, read back and replayed, and the replay is
checked to reach the identical final state.

Run it::

    python examples/event_printer.py                   # modern, 4 players, first 30 steps shown
    python examples/event_printer.py --ruleset classic --players 3 --dice manual
    python examples/event_printer.py --steps 100 --out game.json
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path

import attrs

import serenissima as ser
from serenissima.agents import make_agent
from serenissima_rulesets.classic import actions as classic_actions
from serenissima_rulesets.modern import actions as modern_actions

Outcomes = Sequence[tuple[ser.Action, Fraction]]
"""A chance node's outcomes with their probabilities."""

DiceReader = Callable[[ser.Ruleset, ser.Decision, Outcomes], ser.Action | None]
"""A hook asked at every chance node: the outcome read off the table, or None to draw it."""

PIPS = (3, 5, 6, 2, 1, 4, 4, 6, 2, 5, 1, 3, 6, 6, 2, 4, 5, 1, 3, 2, 6, 4, 1, 5)
"""The scripted dice of ``--dice manual``: the pips shown by each die thrown, in order."""


class ScriptedDice:
    """Dice thrown by hand: each roll takes the next pips of a list.

    A real front end would ask the players what they rolled; this stand-in
    reads from a list, and lets the program draw once the list runs out.
    Doge cards, closed ports and other draws that are not dice are left to the
    program as well (the hook returns ``None`` for them).

    Args:
        pips: The number each die shows, 1 to 6, in the order they are thrown.
    """

    def __init__(self, pips: Iterable[int]) -> None:
        self._pips = list(pips)
        self.thrown = 0

    def _throw(self, dice: int) -> list[int] | None:
        if len(self._pips) < dice:
            return None
        taken, self._pips = self._pips[:dice], self._pips[dice:]
        self.thrown += dice
        return taken

    def __call__(
        self, rules: ser.Ruleset, decision: ser.Decision, outcomes: Outcomes
    ) -> ser.Action | None:
        first = outcomes[0][0]
        if isinstance(first, classic_actions.DieRoll):  # classic: a tied bidder rolls one die
            pips = self._throw(1)
            return None if pips is None else classic_actions.DieRoll(pips[0])
        if isinstance(first, classic_actions.Dice):  # classic battle: one die each side
            pips = self._throw(2)
            return None if pips is None else classic_actions.Dice(pips[0], pips[1])
        if isinstance(first, modern_actions.Dice):  # modern battle: skull dice on each side
            # Each side's dice count is its highest possible number of skulls.
            dice = [a for a, _ in outcomes if isinstance(a, modern_actions.Dice)]
            attacker = max(a.attacker for a in dice)
            defender = max(a.defender for a in dice)
            pips = self._throw(attacker + defender)
            if pips is None:
                return None
            skulls = [self._is_skull(rules, p) for p in pips]
            return modern_actions.Dice(sum(skulls[:attacker]), sum(skulls[attacker:]))
        if isinstance(first, modern_actions.VolleyOutcome):  # modern fort volley
            volley = [a.hits for a, _ in outcomes if isinstance(a, modern_actions.VolleyOutcome)]
            pips = self._throw(max(volley))
            if pips is None:
                return None
            return modern_actions.VolleyOutcome(sum(self._is_skull(rules, p) for p in pips))
        return None

    @staticmethod
    def _is_skull(rules: ser.Ruleset, pip: int) -> bool:
        """Whether pip ``pip`` (1..6) is a skull face of the modern edition's die."""
        faces: tuple[str, ...] = rules.params.dice.faces
        hit: str = rules.params.dice.hit
        return faces[pip - 1] == hit


def who(actor: int) -> str:
    if actor == ser.CHANCE:
        return "chance"
    if actor == ser.TERMINAL:
        return "nobody (game over)"
    return f"seat {actor}"


def show_outcomes(outcomes: Outcomes, limit: int = 6) -> str:
    shown = ", ".join(f"{action} ({p})" for action, p in outcomes[:limit])
    more = len(outcomes) - limit
    return shown + (f", ... and {more} more" if more > 0 else "")


def brief(observation: ser.Observation) -> dict[str, str]:
    """An observation's fields as short texts: plain values, and the size of collections."""
    fields: dict[str, str] = {}
    for field in attrs.fields(type(observation)):
        value = getattr(observation, field.name)
        if value is None or isinstance(value, int | str):
            text = str(value)
        elif isinstance(value, tuple) and all(v is None or isinstance(v, int | str) for v in value):
            text = f"({', '.join(str(v) for v in value)})" if len(value) <= 8 else f"[{len(value)}]"
        elif isinstance(value, tuple):
            text = f"[{len(value)}]"  # pieces on the board: ports, galleys...
        else:
            text = type(value).__name__  # a nested record, such as the phase in progress
        fields[field.name] = text
    return fields


def print_observations(game: ser.Game, when: str) -> None:
    """Print seat 0's view, then where each other seat's view differs from it."""
    print(f"--- what each seat sees {when} ([n]: n pieces; None: hidden from that seat)")
    views = [brief(game.observe(seat)) for seat in range(game.players)]
    print(f"    seat 0: {' '.join(f'{k}={v}' for k, v in views[0].items() if k != 'seat')}")
    for seat, view in enumerate(views[1:], start=1):
        differ = [f"{k}={v}" for k, v in view.items() if k != "seat" and v != views[0][k]]
        print(f"    seat {seat}: {'differs in ' + ' '.join(differ) if differ else 'the same'}")


def step(
    game: ser.Game,
    agents: Sequence[ser.Agent],
    dice: DiceReader | None,
    number: int,
    verbose: bool,
) -> None:
    """Take one step of ``game``: a seat's decision or a chance outcome; print it if asked."""
    decision = game.decision()
    header = (
        f"#{number} {who(decision.actor)} decides [{decision.kind}, {decision.rule_id}] "
        f"{decision.prompt}"
    )
    if game.to_act == ser.CHANCE:
        outcomes = game.rules.chance_outcomes(game.state)
        read = dice(game.rules, decision, outcomes) if dice is not None else None
        if read is not None:
            events = game.play(read)  # an outcome read off the table, checked like any action
            how = f"read off the table: {read}"
            verbose = True  # hand-thrown dice are always shown
        else:
            events = game.resolve_chance()  # drawn by the game's seeded generator
            how = f"drawn: {game.history[-1]}"
        if verbose:
            print(header)
            print(f"    outcomes: {show_outcomes(outcomes)}")
            print(f"    {how}")
    else:
        action = agents[game.to_act].act(game.rules, game.state)
        events = game.play(action)
        if verbose:
            print(header)
            print(f"    chose: {action}")
    if verbose:
        for event in events:  # one animation each, in order
            print(f"    > {type(event).__name__}: {event}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Print every decision, action and event of a game, then replay its record."
    )
    parser.add_argument("--ruleset", choices=("modern", "classic"), default="modern")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=30, help="steps to print (default: 30)")
    parser.add_argument(
        "--dice",
        choices=("random", "manual"),
        default="random",
        help="manual: dice results come from a function (here a scripted list of pips)",
    )
    parser.add_argument("--out", type=Path, help="where to save the game record (JSON)")
    args = parser.parse_args(argv)

    rules = ser.load_ruleset(args.ruleset)
    game = ser.Game(rules, args.players, seed=args.seed)
    agents = [make_agent("random", seed=args.seed * 100 + seat) for seat in range(args.players)]
    scripted = ScriptedDice(PIPS) if args.dice == "manual" else None

    print(f"{rules.info.name}: {args.players} players, seed {args.seed}, dice {args.dice}")
    print_observations(game, "at the start")
    number = 0
    while not game.is_over():
        number += 1
        step(game, agents, scripted, number, verbose=number <= args.steps)
        if number == args.steps:
            print_observations(game, f"after step {number}")
            still = " (hand-thrown dice still shown)" if scripted is not None else ""
            print(f"... playing on to the end quietly{still}")
    print_observations(game, "at the end")
    standings = game.standings()
    for entry in standings.entries:
        parts = ", ".join(f"{name} {value}" for name, value in entry.breakdown)
        print(f"rank {entry.rank}: seat {entry.seat} scores {entry.score} ({parts})")
    if scripted is not None:
        print(f"{scripted.thrown} dice were thrown by hand")

    # Save the record, read it back, and replay it to the identical state.
    record = game.record(metadata={"example": "event_printer"}, agents=["random"] * args.players)
    text = record.to_json()
    with tempfile.TemporaryDirectory() as scratch:
        path = args.out if args.out is not None else Path(scratch) / "game.json"
        path.write_text(text, encoding="utf-8")
        loaded = ser.GameRecord.from_json(path.read_bytes())
    final = ser.replay(loaded)  # also checks the record's result against the replay
    assert loaded == record
    assert final == game.state, "the replay must reach the identical final state"
    print(
        f"saved {len(record.actions)} actions ({len(text)} bytes of JSON); "
        "replayed: identical final state"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
