"""The modern edition's turn structure as data: the phase table.

:data:`PHASES` says, for each phase, who decides what under which rule, how the
legal actions or chance outcomes are listed and which function applies each
action; the engine (:mod:`.engine`) dispatches through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.phases import Dispatch, PhaseRules

from . import activation, battle, endturn, investment, movement, setup, special, trading
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
from .context import Ctx
from .state import (
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

__all__ = ["DISPATCH", "PHASES"]


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


DISPATCH = Dispatch(PHASES)
"""The phase table compiled for play (see :class:`~serenissima.engine.phases.Dispatch`)."""
