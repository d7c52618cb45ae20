"""The state of a modern game: pieces on the board, decks, the wheel and the phase."""

from __future__ import annotations

import attrs

from serenissima.engine.core import State

__all__ = [
    "Activation",
    "Asking",
    "Choosing",
    "Drawing",
    "Galley",
    "GameOver",
    "Investing",
    "Landing",
    "Loading",
    "ModernOptions",
    "ModernState",
    "Moving",
    "Phase",
    "PickingClosed",
    "PickingFirst",
    "PickingGalley",
    "PickingPort",
    "Plundering",
    "Port",
    "Pressing",
    "Rolling",
    "SpecialInvesting",
    "Trading",
    "Volley",
]


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
class PickingClosed:
    """Chance: which port producing ``goods[0]`` is closed (M-SETUP-7)."""

    goods: tuple[str, ...]


@attrs.frozen(slots=True)
class PickingFirst:
    """Chance: who is the first player (M-SETUP-5)."""


@attrs.frozen(slots=True)
class PickingGalley:
    """Seat ``order[index]`` picks a galley number (M-SETUP-9..11)."""

    order: tuple[int, ...]
    index: int


@attrs.frozen(slots=True)
class PickingPort:
    """Seat ``order[index]`` picks its starting port for galley ``galley`` (M-SETUP-9)."""

    order: tuple[int, ...]
    index: int
    galley: int


@attrs.frozen(slots=True)
class Choosing:
    """The active player chooses Action or Investment (M-TURN-3)."""


@attrs.frozen(slots=True)
class Loading:
    """Step 1 of an Action: transfers, loading and jettison (M-LOAD)."""


@attrs.frozen(slots=True)
class Moving:
    """Step 2 of an Action: one space at a time (M-MOVE)."""


@attrs.frozen(slots=True)
class Asking:
    """Seat ``candidates[0]`` may blockade (M-BLOCK).

    Attributes:
        purpose: ``"move"``, ``"sale"`` or ``"claim"``.
        candidates: Eligible seats not yet asked, in priority order (M-BLOCK-4).
        good: The good to sell (sale).
        port: The port to sell to or claim.
        sailors: Sailors to unload (claim).
    """

    purpose: str
    candidates: tuple[int, ...]
    good: str = ""
    port: str = ""
    sailors: int = 0


@attrs.frozen(slots=True)
class Trading:
    """Step 3 of an Action: sale or battle (M-ACT-2)."""


@attrs.frozen(slots=True)
class Rolling:
    """Chance: one round of dice against galley ``galley`` or port ``port`` (M-BAT-3)."""

    galley: int = 0
    port: str = ""


@attrs.frozen(slots=True)
class Volley:
    """Chance: the fort of ``port`` fires before the port battle (M-CONQ-4)."""

    port: str


@attrs.frozen(slots=True)
class Pressing:
    """The attacker continues or stops the battle (M-BAT-4)."""

    galley: int = 0
    port: str = ""


@attrs.frozen(slots=True)
class Plundering:
    """Seat ``seat`` may take goods from a sunken galley onto galley ``galley`` (M-BAT-8).

    Attributes:
        seat: The survivor's owner.
        galley: The surviving galley.
        loot: Goods left from the sunken galley.
        then_end: Whether the activation ends afterwards (the attacker sank).
    """

    seat: int
    galley: int
    loot: tuple[str, ...]
    then_end: bool


@attrs.frozen(slots=True)
class Landing:
    """The attacker may unload sailors into the port he emptied (M-CONQ-6)."""

    port: str


@attrs.frozen(slots=True)
class Investing:
    """Investment: purchases for the active player's ports (M-INV)."""


@attrs.frozen(slots=True)
class Drawing:
    """Chance: the top Doge card (M-END-1)."""


@attrs.frozen(slots=True)
class SpecialInvesting:
    """Seat ``order[index]`` makes a special investment (M-END-7).

    Attributes:
        order: Seats owed a special investment, clockwise from the first player.
        index: Whose it is.
        bought: Galleys bought so far in it.
    """

    order: tuple[int, ...]
    index: int
    bought: int = 0


@attrs.frozen(slots=True)
class GameOver:
    """The game has ended (M-GAME-1)."""


Phase = (
    PickingClosed
    | PickingFirst
    | PickingGalley
    | PickingPort
    | Choosing
    | Loading
    | Moving
    | Asking
    | Trading
    | Rolling
    | Volley
    | Pressing
    | Plundering
    | Landing
    | Investing
    | Drawing
    | SpecialInvesting
    | GameOver
)
"""Every phase a modern game can be in."""


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
