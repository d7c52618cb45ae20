"""The state of a modern game: pieces on the board, decks, the wheel and the phase.

The phase a state holds is one of the classes of :mod:`.phases`, one per stage.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import State
from serenissima.engine.values import slot_init

from .phases import Phase

__all__ = ["Activation", "Galley", "ModernOptions", "ModernState", "Port"]


@slot_init
@attrs.frozen(slots=True)
class Galley:
    """A galley in play.

    Attributes:
        number: Its number on the wheel.
        owner: The seat that owns it.
        area: The sea area it is in.
        sailors: Sailors aboard.
        cargo: Goods aboard, sorted.
    """

    number: int
    owner: int
    area: str
    sailors: int
    cargo: tuple[str, ...] = ()


@slot_init
@attrs.frozen(slots=True)
class Port:
    """The pieces on a port.

    Attributes:
        owner: The seat whose sailors hold it, or ``None`` when neutral.
        sailors: Its garrison.
        warehouse: Goods in its warehouse, in the order they were placed.
        fort: Whether it has a fort.
        basilica: Whether it has a basilica.
        closed: Whether it is closed for the game (2-3 players).
    """

    owner: int | None = None
    sailors: int = 0
    warehouse: tuple[str, ...] = ()
    fort: bool = False
    basilica: bool = False
    closed: bool = False


@attrs.frozen(slots=True)
class ModernOptions:
    """The rule options of a game, typed (see the ruleset's ``options.toml``)."""

    galley_capacity: str = "shared5"
    cv_between_battles: str = "carry_over"
    start_space_blockade: str = "sale_only"
    sale_after_blockade_battle: bool = False
    allow_attack_with_zero_cv: bool = True
    last_port_protection: str = "no_attack"
    closed_ports: str | tuple[str, ...] = "random_per_type"
    closed_ports_conquerable: bool = False
    two_player_pick_order: str = "ABABAB"
    new_galley_activates_same_turn: bool = True
    special_investment_galleys: str = "up_to_two"
    scoring_per_space_passed: str = "each"
    limited_goods: bool = True
    final_tiebreak: str = "shared"
    galley_purchase_limit: str = "per_investment"
    money_visibility: str = "visible"


@slot_init
@attrs.frozen(slots=True)
class Activation:
    """What the active galley has done so far in its activation.

    Attributes:
        galley: The active galley's number.
        start_area: Where it began the activation.
        moves: Spaces crossed so far (M-MOVE-2).
        allowance: Moves allowed, fixed when movement starts (M-MOVE-1).
        cv0: The attacker's combat value fixed at its first battle (M-BAT-6).
        cap: The cap on the attacker's combat value in the current battle.
        loaded: Cubes loaded from ports in this Loading step (M-LOAD-6).
        flows: Transfers made in this Loading step, as ``"kind:source>target"``;
            a transfer may not be reversed within the step.
        loaded_goods: Goods types loaded from a port in this step.
        jettisoned: Goods types thrown overboard in this step.
        sold: Cubes sold in this activation.
        fought: Battles fought to the end in this activation.
        fights_since_block: Battles won since the last blockade of a sale or claim.
        sale_blocked: A sale was blockaded (M-BLOCK-6).
        claim_blocked: A neutral-port claim was blockaded (M-BLOCK-7).
        bought_galley: A galley was bought in this Investment (M-INV-3).
    """

    galley: int
    start_area: str
    moves: int = 0
    allowance: int = 0
    cv0: int | None = None
    cap: int = 0
    loaded: int = 0
    flows: tuple[str, ...] = ()
    loaded_goods: tuple[str, ...] = ()
    jettisoned: tuple[str, ...] = ()
    sold: int = 0
    fought: int = 0
    fights_since_block: int = 0
    sale_blocked: bool = False
    claim_blocked: bool = False
    bought_galley: bool = False


@attrs.frozen(slots=True)
class ModernState(State):
    """A modern game at one moment.

    Attributes:
        options: The game's rule options.
        phase: What is being decided.
        first_player: The first player's seat (-1 until drawn).
        ducats: Each seat's ducats.
        reckoned: Each seat's ducats as the public record reckons them, the
            purses' public twin (see :mod:`.observation`); equal to ``ducats`` in play.
        reserve: Each seat's sailors not on the board.
        ports: Each port's pieces, in board order.
        galleys: Galleys in play, by number.
        supply: Cubes of each good left in the box, in the ruleset's goods order.
        track: The white token's space.
        scorings: Scorings done so far.
        doge_pile: Cards of each Doge card kind left in the draw pile.
        doge_discard: Cards of each kind in the discard pile.
        wheel: The galley number the black token is on (0: the Doge space).
        skip: Galleys bought this turn that do not act until the next turn.
        bought_turn: Seats that bought a galley this game turn.
        act: The current activation, if any.
    """

    options: ModernOptions
    phase: Phase
    first_player: int
    ducats: tuple[int, ...]
    reckoned: tuple[int, ...]
    reserve: tuple[int, ...]
    ports: tuple[Port, ...]
    galleys: tuple[Galley, ...]
    supply: tuple[int, ...]
    track: int
    scorings: int
    doge_pile: tuple[int, ...]
    doge_discard: tuple[int, ...]
    wheel: int = 0
    skip: tuple[int, ...] = ()
    bought_turn: tuple[int, ...] = ()
    act: Activation | None = None

    def galley(self, number: int) -> Galley | None:
        """Return galley ``number`` if it is in play."""
        for galley in self.galleys:
            if galley.number == number:
                return galley
        return None
