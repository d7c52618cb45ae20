"""The modern edition's engine: the phase table and the :class:`~serenissima.Engine` methods."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from serenissima.core import (
    TERMINAL,
    Action,
    Decision,
    Event,
    Observation,
    Standing,
    Standings,
    State,
)
from serenissima.errors import ActionParseError, IllegalActionError
from serenissima.phases import (
    ContextCache,
    Legal,
    PhaseInfo,
    PhaseRules,
    Step,
    describe_phases,
    table_outcomes,
)
from serenissima.ruleset import OptionValue, Ruleset

from . import activation, battle, endturn, investment, movement, setup, special, trading
from .actions import (
    ACTION_TYPES,
    Attack,
    AttackPort,
    Blockade,
    BuildBasilica,
    BuildFort,
    BuyGalley,
    ChooseAction,
    ChooseInvestment,
    Claim,
    CloseOutcome,
    Continue,
    Crew,
    Dice,
    DogeOutcome,
    Done,
    End,
    FirstOutcome,
    Jettison,
    LoadGood,
    Move,
    Pass,
    PickGalley,
    PickPort,
    Recruit,
    Sell,
    ShiftGood,
    ShiftSailor,
    Stop,
    Take,
    VolleyOutcome,
)
from .context import Ctx
from .events import EVENT_TYPES
from .explain import explain
from .notation import parse
from .observation import ModernObservation, observe
from .render import render
from .state import (
    Activation,
    Asking,
    Choosing,
    Drawing,
    GameOver,
    Investing,
    Landing,
    Loading,
    ModernState,
    Moving,
    Phase,
    PickingClosed,
    PickingFirst,
    PickingGalley,
    PickingPort,
    Plundering,
    Pressing,
    Rolling,
    SpecialInvesting,
    Trading,
    Volley,
)

__all__ = ["PHASES", "ModernEngine"]


def _fixed(*actions: Action) -> Any:
    return lambda ctx, state: actions


def _no_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    return ()


PHASES: Mapping[type[Phase], PhaseRules] = {
    PickingClosed: PhaseRules(
        "close-port",
        "M-SETUP-7",
        "Which port is closed?",
        None,
        setup.close_outcomes,
        {CloseOutcome: setup.apply_close},
    ),
    PickingFirst: PhaseRules(
        "first-player",
        "M-SETUP-5",
        "Who is the first player?",
        None,
        setup.first_outcomes,
        {FirstOutcome: setup.apply_first},
    ),
    PickingGalley: PhaseRules(
        "pick-galley",
        "M-SETUP-9",
        "Pick a galley number.",
        setup.galley_picks,
        None,
        {PickGalley: setup.apply_pick_galley},
    ),
    PickingPort: PhaseRules(
        "pick-port",
        "M-SETUP-9",
        "Pick a starting port.",
        setup.port_picks,
        None,
        {PickPort: setup.apply_pick_port},
    ),
    Choosing: PhaseRules(
        "choose-mode",
        "M-TURN-3",
        "Action or Investment?",
        _fixed(ChooseAction(), ChooseInvestment()),
        None,
        {ChooseAction: activation.apply_mode, ChooseInvestment: activation.apply_mode},
    ),
    Loading: PhaseRules(
        "loading",
        "M-LOAD-1",
        "Load sailors and goods, or done.",
        activation.loading_actions,
        None,
        {
            ShiftSailor: activation.apply_shift_sailor,
            LoadGood: activation.apply_load,
            ShiftGood: activation.apply_shift_good,
            Jettison: activation.apply_jettison,
            Done: activation.apply_loading_done,
        },
    ),
    Moving: PhaseRules(
        "movement",
        "M-MOVE-1",
        "Move one space, or done.",
        movement.moving_actions,
        None,
        {Move: movement.apply_move, Done: movement.apply_moving_done},
    ),
    Asking: PhaseRules(
        "blockade",
        "M-BLOCK-1",
        "Blockade the active galley, or pass?",
        _fixed(Blockade(), Pass()),
        None,
        {Blockade: movement.apply_blockade, Pass: movement.apply_pass},
    ),
    Trading: PhaseRules(
        "sale-or-battle",
        "M-ACT-2",
        "Sell, fight, claim a port, or end.",
        trading.trading_actions,
        None,
        {
            Sell: trading.apply_sell,
            Attack: trading.apply_attack,
            AttackPort: trading.apply_attack,
            Claim: trading.apply_claim,
            End: trading.apply_end,
        },
    ),
    Rolling: PhaseRules(
        "battle-dice",
        "M-BAT-3",
        "Battle dice.",
        None,
        battle.dice_outcomes,
        {Dice: battle.apply_dice},
    ),
    Volley: PhaseRules(
        "fort-volley",
        "M-CONQ-4",
        "The fort fires.",
        None,
        battle.volley_outcomes,
        {VolleyOutcome: battle.apply_volley},
    ),
    Pressing: PhaseRules(
        "continue-battle",
        "M-BAT-4",
        "Continue the battle, or stop?",
        _fixed(Continue(), Stop()),
        None,
        {Continue: battle.apply_press, Stop: battle.apply_press},
    ),
    Plundering: PhaseRules(
        "spoils",
        "M-BAT-8",
        "Take goods from the wreck, or done.",
        battle.plunder_actions,
        None,
        {Take: battle.apply_plunder, Done: battle.apply_plunder},
    ),
    Landing: PhaseRules(
        "landing",
        "M-CONQ-6",
        "Unload sailors into the port, or end.",
        battle.landing_actions,
        None,
        {Claim: battle.apply_landing, End: battle.apply_landing},
    ),
    Investing: PhaseRules(
        "investment",
        "M-INV-1",
        "Buy sailors, a galley, a fort or a basilica, or done.",
        investment.investing_actions,
        None,
        {
            Recruit: investment.apply_recruit,
            Crew: investment.apply_crew,
            BuyGalley: investment.apply_buy,
            BuildFort: investment.apply_fort,
            BuildBasilica: investment.apply_basilica,
            Done: investment.apply_investing_done,
        },
    ),
    Drawing: PhaseRules(
        "doge-card",
        "M-END-1",
        "Draw a Doge card.",
        None,
        endturn.doge_outcomes,
        {DogeOutcome: endturn.apply_doge},
    ),
    SpecialInvesting: PhaseRules(
        "special-investment",
        "M-END-7",
        "Buy galleys and sailors to reach two galleys, or done.",
        special.special_actions,
        None,
        {
            Recruit: investment.apply_recruit,
            Crew: investment.apply_crew,
            BuyGalley: investment.apply_buy,
            Done: special.apply_special_done,
        },
    ),
    GameOver: PhaseRules("game-over", "M-GAME-1", "The game is over.", _no_actions, None, {}),
}
"""The phase table: how each phase of a modern game is decided and applied."""


def _legal(rules: PhaseRules) -> Legal:
    """The phase's legal actions; at a chance node, its outcomes (as ``table_legal`` gives)."""
    if rules.legal is not None:
        return rules.legal
    outcomes = rules.outcomes
    assert outcomes is not None, "a phase lists either actions or outcomes"

    def legal(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
        return tuple(action for action, _ in outcomes(ctx, state))

    return legal


# The phase table read for dispatch (what serenissima.phases.table_legal and table_step
# do), keyed by phase class once rather than through the table's rows on every call.
_LEGAL: dict[type, Legal] = {phase: _legal(rules) for phase, rules in PHASES.items()}
_STEPS: dict[type, Mapping[type[Action], Step]] = {
    phase: rules.steps for phase, rules in PHASES.items()
}


class ModernEngine:
    """The logic of the modern edition (2nd edition, 2012)."""

    edition = "modern"
    state_type: type[State] = ModernState
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    event_types: tuple[type[Event], ...] = EVENT_TYPES
    observation_type: type[Observation] = ModernObservation
    unions: tuple[Any, ...] = (Phase, Activation | None)

    def __init__(self) -> None:
        self._contexts = ContextCache(Ctx)
        self._last: tuple[Ruleset | None, Ctx | None] = (None, None)

    def ctx(self, rules: Ruleset) -> Ctx:
        """Return the cached context of ``rules``."""
        rules_, ctx = self._last  # the last one asked for, without a look-up
        if rules_ is rules and ctx is not None:
            return ctx
        ctx = self._contexts.get(rules)
        self._last = (rules, ctx)
        return ctx

    def load_params(self, files: Any, board: Any) -> Any:
        """Read ``rules.toml`` into :class:`~serenissima_rulesets.modern.params.ModernParams`."""
        from .loading import load_modern_params

        return load_modern_params(files, board)

    def new_game(self, rules: Ruleset, players: int, options: Mapping[str, OptionValue]) -> State:
        """Return a new game before its first set-up decision."""
        return setup.new_game(self.ctx(rules), players, options)

    def legal_actions(self, rules: Ruleset, state: State) -> tuple[Action, ...]:
        """Return the legal actions of the one who acts."""
        assert isinstance(state, ModernState)
        return _LEGAL[type(state.phase)](self.ctx(rules), state)

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """Return the outcomes of the chance node with their probabilities."""
        assert isinstance(state, ModernState)
        return table_outcomes(PHASES, self.ctx(rules), state)

    def step(self, rules: Ruleset, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal action."""
        assert isinstance(state, ModernState)
        events: list[Event] = []
        new = _STEPS[type(state.phase)][type(action)](self.ctx(rules), state, action, events)
        return new, tuple(events)

    def render(self, rules: Ruleset, state: State, seat: int | None) -> str:
        """Draw the state as text for a terminal, as ``seat`` sees it (see :mod:`.render`)."""
        assert isinstance(state, ModernState)
        return render(self.ctx(rules), state, seat)

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        """Estimate the seat's ducats at the end (see :mod:`.heuristic`), from what it may know."""
        assert isinstance(state, ModernState)
        from .heuristic import estimate

        return estimate(self.ctx(rules), state, seat)

    def phases(self) -> tuple[PhaseInfo, ...]:
        """Describe the phase table: the edition's turn structure."""
        return describe_phases(PHASES)

    def explain(self, rules: Ruleset, state: State, action: Action) -> IllegalActionError:
        """Say why ``action`` is illegal in ``state``."""
        assert isinstance(state, ModernState)
        return explain(self.ctx(rules), state, action, PHASES[type(state.phase)])

    def decision(self, rules: Ruleset, state: State) -> Decision:
        """Describe the decision point."""
        assert isinstance(state, ModernState)
        phase = PHASES[type(state.phase)]
        return Decision(state.to_act, phase.kind, phase.rule_id, phase.prompt)

    def observe(self, rules: Ruleset, state: State, seat: int) -> ModernObservation:
        """What ``seat`` may see: with hidden money, other seats' ducats are withheld."""
        assert isinstance(state, ModernState)
        return observe(state, seat)

    def standings(self, rules: Ruleset, state: State) -> Standings:
        """M-GAME-2: ducats, then ports owned; further ties share the rank."""
        assert isinstance(state, ModernState)
        _, rows = endturn.ranking(self.ctx(rules), state)
        entries = []
        for seat, ducats, ports in rows:
            rank = 1 + sum(1 for _, d, p in rows if (d, p) > (ducats, ports))
            breakdown = (
                ("ducats", ducats),
                ("ports", ports),
                ("galleys", sum(1 for g in state.galleys if g.owner == seat)),
            )
            entries.append(Standing(seat, rank, ducats, breakdown))
        entries.sort(key=lambda s: (s.rank, s.seat))
        return Standings(tuple(entries), state.to_act == TERMINAL)

    def parse_action(self, rules: Ruleset, state: State, text: str) -> Action:
        """Read an action's text; ``sell GOOD`` may omit the port when the space has one."""
        assert isinstance(state, ModernState)
        words = text.split()
        if len(words) == 2 and words[0].lower() == "sell" and state.act is not None:
            galley = state.galley(state.act.galley)
            ports = self.ctx(rules).board.ports_in(galley.area) if galley else ()
            if len(ports) != 1:
                raise ActionParseError(text, "name the port to sell to: sell GOOD PORT")
            text = f"{text} {rules.board.ports[ports[0]].id}"
        return parse(text)
