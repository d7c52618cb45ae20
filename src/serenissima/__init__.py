"""serenissima: a typed rules engine for both editions of the board game Serenissima.

Load an edition, start a game and ask, at every moment, who decides and what
they may do::

    import serenissima as ser

    rules = ser.load_ruleset("modern")
    state = rules.new_game(players=4)
    while not rules.is_over(state):
        if state.to_act == ser.CHANCE:
            action = rules.chance_outcomes(state)[0][0]
        else:
            action = rules.legal_actions(state)[0]
        state = rules.apply(state, action)
    print(rules.standings(state).winners)

The root holds the vocabulary of the engine only: states, actions,
decisions, errors, the ruleset and its registry. The rest of the library
(the agents, the game records, the analysis tools, the learning
environments, the server) loads on first use: ``ser.make_agent``,
``ser.simulate`` or ``ser.to_json`` import their module when first read, as
do the sub-packages (``ser.agents``, ``ser.analysis``...), so that a front end
that only plays games pays for nothing else.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

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
from serenissima.engine.errors import (
    ActionParseError,
    ArgumentTypeError,
    ArgumentValueError,
    IllegalActionError,
    OptionError,
    RecordError,
    RulesetError,
    SerenissimaError,
    StateError,
)
from serenissima.engine.registry import RulesetPlugin, available_rulesets, load_ruleset
from serenissima.engine.ruleset import Engine, OptionValue, Ruleset

if TYPE_CHECKING:
    from serenissima.agents import (
        AGENT_KINDS,
        Agent,
        GameResult,
        GreedyAgent,
        ISMCTSAgent,
        RandomAgent,
        make_agent,
        play_game,
    )
    from serenissima.analysis.diff.compare import compare_rulesets
    from serenissima.analysis.diff.entries import DiffEntry, DiffStatus, RulesetDiff
    from serenissima.analysis.run.outcome import GameStats
    from serenissima.analysis.simulate.batch import iter_games, simulate
    from serenissima.analysis.simulate.compare import SimulationComparison, compare_simulations
    from serenissima.analysis.simulate.report import format_comparison
    from serenissima.analysis.simulate.summary import SimulationSummary
    from serenissima.records.game import Game
    from serenissima.records.record import GameRecord
    from serenissima.records.replay import replay
    from serenissima.records.serialize import from_json, to_json

__all__ = [
    "AGENT_KINDS",
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionParseError",
    "Agent",
    "ArgumentTypeError",
    "ArgumentValueError",
    "Board",
    "Decision",
    "DiffEntry",
    "DiffStatus",
    "Engine",
    "Event",
    "Game",
    "GameRecord",
    "GameResult",
    "GameStats",
    "GreedyAgent",
    "ISMCTSAgent",
    "IllegalActionError",
    "Observation",
    "OptionError",
    "OptionValue",
    "RandomAgent",
    "RecordError",
    "Ruleset",
    "RulesetDiff",
    "RulesetError",
    "RulesetPlugin",
    "SerenissimaError",
    "SimulationComparison",
    "SimulationSummary",
    "Standing",
    "Standings",
    "State",
    "StateError",
    "available_rulesets",
    "compare_rulesets",
    "compare_simulations",
    "format_comparison",
    "from_json",
    "iter_games",
    "load_ruleset",
    "make_agent",
    "play_game",
    "replay",
    "simulate",
    "to_json",
]


__version__ = "0.1.0"

_LAZY: Final[dict[str, str]] = {
    **dict.fromkeys(
        (
            "AGENT_KINDS",
            "Agent",
            "GameResult",
            "GreedyAgent",
            "ISMCTSAgent",
            "RandomAgent",
            "make_agent",
            "play_game",
        ),
        "serenissima.agents",
    ),
    "compare_rulesets": "serenissima.analysis.diff.compare",
    **dict.fromkeys(
        ("DiffEntry", "DiffStatus", "RulesetDiff"), "serenissima.analysis.diff.entries"
    ),
    "format_comparison": "serenissima.analysis.simulate.report",
    **dict.fromkeys(
        ("SimulationComparison", "compare_simulations"), "serenissima.analysis.simulate.compare"
    ),
    **dict.fromkeys(("iter_games", "simulate"), "serenissima.analysis.simulate.batch"),
    "GameStats": "serenissima.analysis.run.outcome",
    "SimulationSummary": "serenissima.analysis.simulate.summary",
    "Game": "serenissima.records.game",
    "GameRecord": "serenissima.records.record",
    "replay": "serenissima.records.replay",
    **dict.fromkeys(("from_json", "to_json"), "serenissima.records.serialize"),
}
"""The names of ``__all__`` that load on first use, and the module each comes from."""

_SUBPACKAGES: Final[frozenset[str]] = frozenset(
    ("agents", "analysis", "cli", "env", "records", "reference", "server", "spiel", "testing")
)
"""The sub-packages ``serenissima.<name>`` reads import on first use."""


# Hidden from type checkers, which read the names above: a module __getattr__ would
# make every misspelt attribute of ``serenissima`` an ``Any`` to them.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """Load a name of the root, or a sub-package, the first time it is read."""
        module = _LAZY.get(name)
        if module is not None:
            value = getattr(importlib.import_module(module), name)
            globals()[name] = value  # read once: later reads find it in the module
            return value
        if name in _SUBPACKAGES:
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        """The module's names, those still to load included."""
        return sorted({*globals(), *_LAZY, *_SUBPACKAGES})
