"""The modern edition's engine: the phase table and the :class:`~serenissima.Engine` methods."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple


from serenissima.core import TERMINAL, Action, Decision, Event, Standing, Standings, State
from serenissima.errors import ActionParseError, IllegalActionError
from serenissima.ruleset import OptionValue, Ruleset

from . import activation as A
from . import battle as B
from . import endturn as E
from . import investment as I
from . import setup as S
from .actions import ACTION_TYPES, parse
from .events import EVENT_TYPES
from .explain import explain
from .helpers import Ctx, Events
from .observation import ModernObservation, observe
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
from .actions import (
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

__all__ = ["PHASES", "ModernEngine", "PhaseRules"]

Legal = Callable[[Ctx, ModernState], tuple[Action, ...]]
Outcomes = Callable[[Ctx, ModernState], tuple[tuple[Action, Fraction], ...]]
Step = Callable[[Ctx, ModernState, Any, Events], ModernState]


class PhaseRules(NamedTuple):
    """How one phase is played.

    Attributes:
        kind: The decision kind shown to front ends.
        rule_id: The rule that gives the decision.
        prompt: What the actor decides.
        legal: The legal actions (or ``None`` at chance nodes).
        outcomes: The chance outcomes (or ``None`` at decisions).
        steps: For each action class, the function that applies it.
    """

    kind: str
    rule_id: str
    prompt: str
    legal: Legal | None
    outcomes: Outcomes | None
    steps: Mapping[type[Action], Step]


def _fixed(*actions: Action) -> Legal:
    return lambda ctx, state: actions


def _no_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    return ()


PHASES: Mapping[type[Phase], PhaseRules] = {  # type: ignore[misc, valid-type]
    PickingClosed: PhaseRules(
        "close-port", "M-SETUP-7", "Which port is closed?", None, S.close_outcomes,
        {CloseOutcome: S.apply_close},
    ),
    PickingFirst: PhaseRules(
        "first-player", "M-SETUP-5", "Who is the first player?", None, S.first_outcomes,
        {FirstOutcome: S.apply_first},
    ),
    PickingGalley: PhaseRules(
        "pick-galley", "M-SETUP-9", "Pick a galley number.", S.galley_picks, None,
        {PickGalley: S.apply_pick_galley},
    ),
    PickingPort: PhaseRules(
        "pick-port", "M-SETUP-9", "Pick a starting port.", S.port_picks, None,
        {PickPort: S.apply_pick_port},
    ),
    Choosing: PhaseRules(
        "choose-mode", "M-TURN-3", "Action or Investment?",
        _fixed(ChooseAction(), ChooseInvestment()), None,
        {ChooseAction: A.apply_mode, ChooseInvestment: A.apply_mode},
    ),
    Loading: PhaseRules(
        "loading", "M-LOAD-1", "Load sailors and goods, or done.", A.loading_actions, None,
        {
            ShiftSailor: A.apply_shift_sailor,
            LoadGood: A.apply_load,
            ShiftGood: A.apply_shift_good,
            Jettison: A.apply_jettison,
            Done: A.apply_loading_done,
        },
    ),
    Moving: PhaseRules(
        "movement", "M-MOVE-1", "Move one space, or done.", A.moving_actions, None,
        {Move: A.apply_move, Done: A.apply_moving_done},
    ),
    Asking: PhaseRules(
        "blockade", "M-BLOCK-1", "Blockade the active galley, or pass?",
        _fixed(Blockade(), Pass()), None,
        {Blockade: A.apply_blockade, Pass: A.apply_pass},
    ),
    Trading: PhaseRules(
        "sale-or-battle", "M-ACT-2", "Sell, fight, claim a port, or end.", A.trading_actions,
        None,
        {
            Sell: A.apply_sell,
            Attack: A.apply_attack,
            AttackPort: A.apply_attack,
            Claim: A.apply_claim,
            End: A.apply_end,
        },
    ),
    Rolling: PhaseRules(
        "battle-dice", "M-BAT-3", "Battle dice.", None, B.dice_outcomes, {Dice: B.apply_dice}
    ),
    Volley: PhaseRules(
        "fort-volley", "M-CONQ-4", "The fort fires.", None, B.volley_outcomes,
        {VolleyOutcome: B.apply_volley},
    ),
    Pressing: PhaseRules(
        "continue-battle", "M-BAT-4", "Continue the battle, or stop?",
        _fixed(Continue(), Stop()), None,
        {Continue: B.apply_press, Stop: B.apply_press},
    ),
    Plundering: PhaseRules(
        "spoils", "M-BAT-8", "Take goods from the wreck, or done.", B.plunder_actions, None,
        {Take: B.apply_plunder, Done: B.apply_plunder},
    ),
    Landing: PhaseRules(
        "landing", "M-CONQ-6", "Unload sailors into the port, or end.", B.landing_actions, None,
        {Claim: B.apply_landing, End: B.apply_landing},
    ),
    Investing: PhaseRules(
        "investment", "M-INV-1", "Buy sailors, a galley, a fort or a basilica, or done.",
        I.investing_actions, None,
        {
            Recruit: I.apply_recruit,
            Crew: I.apply_crew,
            BuyGalley: I.apply_buy,
            BuildFort: I.apply_fort,
            BuildBasilica: I.apply_basilica,
            Done: I.apply_investing_done,
        },
    ),
    Drawing: PhaseRules(
        "doge-card", "M-END-1", "Draw a Doge card.", None, E.doge_outcomes,
        {DogeOutcome: E.apply_doge},
    ),
    SpecialInvesting: PhaseRules(
        "special-investment", "M-END-7", "Buy galleys and sailors to reach two galleys, or done.",
        I.special_actions, None,
        {
            Recruit: I.apply_recruit,
            Crew: I.apply_crew,
            BuyGalley: I.apply_buy,
            Done: I.apply_special_done,
        },
    ),
    GameOver: PhaseRules("game-over", "M-GAME-1", "The game is over.", _no_actions, None, {}),
}
"""The phase table: how each phase of a modern game is decided and applied."""


class ModernEngine:
    """The logic of the modern edition (2nd edition, 2012)."""

    edition = "modern"
    state_type: type[State] = ModernState
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    event_types: tuple[type[Event], ...] = EVENT_TYPES
    observation_type = ModernObservation
    unions: tuple[Any, ...] = (Phase, Activation | None)

    def __init__(self) -> None:
        self._contexts: dict[int, tuple[Ruleset, Ctx]] = {}

    def ctx(self, rules: Ruleset) -> Ctx:
        """Return the cached context of ``rules``."""
        entry = self._contexts.get(id(rules))
        if entry is None or entry[0] is not rules:
            entry = (rules, Ctx(rules))
            self._contexts[id(rules)] = entry
        return entry[1]

    def load_params(self, files: Any, board: Any) -> Any:
        """Read ``rules.toml`` into :class:`~serenissima_rulesets.modern.params.ModernParams`."""
        from .loading import load_modern_params

        return load_modern_params(files, board)

    def new_game(self, rules: Ruleset, players: int, options: Mapping[str, OptionValue]) -> State:
        """Return a new game before its first set-up decision."""
        return S.new_game(self.ctx(rules), players, options)

    def legal_actions(self, rules: Ruleset, state: State) -> tuple[Action, ...]:
        """Return the legal actions of the one who acts."""
        assert isinstance(state, ModernState)
        phase = PHASES[type(state.phase)]
        ctx = self.ctx(rules)
        if phase.legal is None:
            assert phase.outcomes is not None
            return tuple(action for action, _ in phase.outcomes(ctx, state))
        return phase.legal(ctx, state)

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """Return the outcomes of the chance node with their probabilities."""
        assert isinstance(state, ModernState)
        phase = PHASES[type(state.phase)]
        if phase.outcomes is None:
            return ()
        return phase.outcomes(self.ctx(rules), state)

    def step(self, rules: Ruleset, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal action."""
        assert isinstance(state, ModernState)
        events: Events = []
        apply = PHASES[type(state.phase)].steps[type(action)]
        new = apply(self.ctx(rules), state, action, events)
        return new, tuple(events)

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
        _, rows = E.ranking(self.ctx(rules), state)
        entries = []
        for seat, ducats, ports in rows:
            rank = 1 + sum(1 for _, d, p in rows if (d, p) > (ducats, ports))
            breakdown = (("ducats", ducats), ("ports", ports), ("galleys", sum(
                1 for g in state.galleys if g.owner == seat)))
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


