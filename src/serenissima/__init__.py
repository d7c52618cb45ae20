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
"""

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
from serenissima.analysis.compare import compare_rulesets
from serenissima.analysis.diff import DiffEntry, DiffStatus, RulesetDiff
from serenissima.analysis.report import format_comparison
from serenissima.analysis.simcompare import SimulationComparison, compare_simulations
from serenissima.analysis.simulate import iter_games, simulate
from serenissima.analysis.summary import GameStats, SimulationSummary
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
