"""A classic game drawn as plain text for a terminal.

The drawing has a header (edition, round, phase, who decides what), the
round's turn order and bids, what the current phase is about (a galley on
the move, a battle, a deal), one line per seat, the box, and the board: each
sea area with a port or a galley, its ports (owner, good, garrison, forts,
warehouse) and its galleys (owner, sailors, cargo). Drawn for a seat, it
shows only what that seat may see (C-COMP-7, C-BID-2): the other seats'
ducats are ``?``, their wealth is shown without the points their ducats
give (``12+?``), and bids stay secret until every seat has bid.
"""

from __future__ import annotations

from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.sketch import HIDDEN, board_lines, slots, wrap

from .context import Ctx
from .observation import ClassicObservation
from .phases import (
    Bidding,
    Choosing,
    Crewing,
    Fighting,
    GameOver,
    Landing,
    Moving,
    Negotiating,
    Permission,
    Purchasing,
    Rolling,
    RollingOff,
    Selling,
    Spoils,
)
from .scoring.standings import wealth
from .state import ClassicState, Galley, Port

__all__ = ["render"]

_BOARD = "Board (port, good, owner, garrison, forts, warehouse; galleys below their area):"

_PHASE_NUMBER = {
    Bidding: 1,
    RollingOff: 1,
    Choosing: 1,
    Purchasing: 2,
    Negotiating: 2,
    Moving: 3,
    Permission: 3,
    Fighting: 4,
    Rolling: 4,
    Spoils: 4,
    Landing: 5,
    Selling: 6,
}


def render(ctx: Ctx, state: ClassicState, seen: ClassicObservation | None) -> str:
    """Draw ``state`` as the observer of ``seen`` sees it (everything when ``None``).

    Args:
        ctx: The ruleset's context.
        state: The state to draw.
        seen: What the viewer is shown of ``state`` (a seat's or a spectator's
            observation), whose hidden values are drawn hidden; ``None`` for everything.

    Returns:
        Lines of at most :data:`~serenissima.engine.sketch.WIDTH` characters, without a
        final newline.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> text = rules.render(rules.new_game(3), seat=0)
        >>> text.splitlines()[0]
        'Serenissima (classic) - set-up - crew (C-SETUP-4)'
    """
    ducats: tuple[int | None, ...] = state.ducats
    bids = state.bids
    seat = None
    if seen is not None:
        ducats, bids, seat = seen.ducats, seen.bids, seen.seat
    lines = [*_header(ctx, state, seen), *_order(state, bids), *_situation(ctx, state)]
    lines += ["", "Seats:", *_seats(ctx, state, seat, ducats)]
    supply = ", ".join(
        f"{good.id} {n}" for good, n in zip(ctx.params.goods, state.supply, strict=True)
    )
    sailors = "unlimited" if state.sailors_box is None else str(state.sailors_box)
    lines += wrap(f"In the box: {supply}; sailors {sailors}; fortresses {state.forts_box}", "  ")
    if state.built or any(state.hired):
        hired = ", ".join(f"{ctx.board.ports[i].name} {n}" for i, n in enumerate(state.hired) if n)
        built = ", ".join(ctx.board.port(p).name for p in state.built) or "none"
        lines += wrap(f"This round: built at {built}; hired at {hired or 'none'}", "  ")
    lines += ["", _BOARD, *_board(ctx, state)]
    return "\n".join(line.rstrip() for line in lines)


def _name(ctx: Ctx, state: ClassicState, seat: int) -> str:
    nation = state.nations[seat]
    for spec in ctx.params.nations:
        if spec.id == nation:
            return f"seat {seat} ({spec.name})"
    return f"seat {seat} ({nation})"


def _header(ctx: Ctx, state: ClassicState, seen: ClassicObservation | None) -> list[str]:
    decision = ctx.rules.decision(state)
    when = f"round {state.turn} of {state.rounds}" if state.turn else "set-up"
    number = _PHASE_NUMBER.get(type(state.phase))
    if number is not None:
        when += f", phase {number}"
    lines = [f"Serenissima ({ctx.rules.id}) - {when} - {decision.kind} ({decision.rule_id})"]
    if state.to_act == TERMINAL or isinstance(state.phase, GameOver):
        lines.append("The game is over.")
    elif state.to_act == CHANCE:
        lines += wrap(f"Chance: {decision.prompt}", "  ")
    else:
        lines += wrap(f"{_name(ctx, state, state.to_act)} to act: {decision.prompt}", "  ")
    if seen is None:
        lines.append("View: everything (no seat's view)")
    elif seen.seat is None:
        lines.append("View: a spectator's; every seat's ducats are hidden (+? in wealth)")
    else:
        lines.append(
            f"View: {_name(ctx, state, seen.seat)}; the other seats' ducats are hidden "
            "(+? in wealth)"
        )
    return lines


def _order(state: ClassicState, bids: tuple[int | None, ...]) -> list[str]:
    lines = []
    if state.order:
        on_turn = getattr(state.phase, "index", None)
        if isinstance(state.phase, Negotiating):
            on_turn = state.phase.turn.index
        elif isinstance(state.phase, Permission):
            on_turn = state.phase.moving.index
        names = [f"[seat {s}]" if i == on_turn else f"seat {s}" for i, s in enumerate(state.order)]
        lines += wrap("Turn order: " + ", ".join(names), "  ")
    if any(b is not None for b in state.bids):
        shown = []
        for s, (real, seen) in enumerate(zip(state.bids, bids, strict=True)):
            if real is None:
                shown.append(f"seat {s} has not bid")
            elif seen is None:
                shown.append(f"seat {s} has bid (secret)")
            else:
                shown.append(f"seat {s} bid {seen}")
        lines += wrap("Bids: " + ", ".join(shown), "  ")
    return lines


def _situation(ctx: Ctx, state: ClassicState) -> list[str]:
    """What the current phase is about."""
    phase = state.phase
    text = ""
    if isinstance(phase, Crewing):
        text = f"Crewing: seat {phase.seat} splits its starting sailors"
    elif isinstance(phase, RollingOff):
        groups = "; ".join(" ".join(f"seat {s}" for s in group) for group in phase.groups)
        rolls = ", ".join(map(str, phase.rolls)) or "none yet"
        text = f"Roll-off among tied bidders: {groups}; rolls so far: {rolls}"
    elif isinstance(phase, Choosing):
        slots = ", ".join(
            f"{i + 1}: {'free' if s is None else f'seat {s}'}" for i, s in enumerate(phase.slots)
        )
        queue = ", ".join(f"seat {s}" for s in phase.queue)
        text = f"Places in the turn order: {slots}; still to pick: {queue}"
    elif isinstance(phase, Negotiating):
        deal = phase.deal
        price = f", offer {deal.offer}" if deal.offer is not None else ""
        price += f", counter-offer {deal.counter}" if deal.counter is not None else ""
        source = f" at {deal.port}" if deal.port else f" from galley {deal.seller_galley}"
        text = (
            f"Deal ({deal.kind}): seat {deal.seller} sells {deal.quantity} {deal.good}{source} "
            f"to seat {deal.buyer}; stage {deal.stage}{price}"
        )
        if deal.barter_good:
            text += f"; in exchange for {deal.barter_good}"
    elif isinstance(phase, Moving | Permission):
        moving = phase.moving if isinstance(phase, Permission) else phase
        if moving.galley is not None:
            text = f"Galley {moving.galley} is moving: {moving.steps} area(s) crossed"
        if isinstance(phase, Permission):
            askers = ", ".join(f"seat {s}" for s in phase.askers)
            text += f"; passage asked of {askers}"
    elif isinstance(phase, Rolling):
        against = f"port {phase.port}" if phase.port else f"galley {phase.target}"
        text = f"Battle: galley {phase.galley} against {against}"
    elif isinstance(phase, Spoils):
        text = f"Spoils: galley {phase.winner} beat galley {phase.loser}"
        text += "; captured" if phase.captured else "; may capture" if phase.may_capture else ""
    elif isinstance(phase, Landing) and phase.taken:
        text = "Ports taken this turn: " + ", ".join(phase.taken)
    return wrap(text, "  ") if text else []


def _seats(
    ctx: Ctx, state: ClassicState, seat: int | None, ducats: tuple[int | None, ...]
) -> list[str]:
    lines = []
    for s in range(state.players):
        mark = ">" if s == state.to_act else " "
        you = s == seat
        money = HIDDEN if ducats[s] is None else str(ducats[s])
        parts = wealth(ctx, state, s)
        if ducats[s] is None:
            score = f"{sum(v for name, v in parts if name != 'ducats')}+{HIDDEN}"
        else:
            score = str(sum(v for _, v in parts))
        numbers = " ".join(str(g.id) for g in state.galleys if g.owner == s)
        galleys = f"galleys {numbers}" if numbers else "no galley"
        ports = sum(1 for p in state.ports if p.owner == s)
        name = _name(ctx, state, s)
        if you:
            name = name[:-1] + ", you)"
        lines.append(
            f" {mark} {name:<25} ducats {money:>5}  ports {ports:>2}  {galleys:<18}  wealth {score}"
        )
    return lines


def _board(ctx: Ctx, state: ClassicState) -> list[str]:
    return board_lines(
        ctx.board,
        state.galleys,
        lambda index: _port_line(ctx, state, index, state.ports[index]),
        lambda galley: _galley_line(ctx, state, galley),
    )


def _port_line(ctx: Ctx, state: ClassicState, index: int, port: Port) -> list[str]:
    spec = ctx.board.ports[index]
    owner = "neutral" if port.owner is None else f"seat {port.owner}"
    garrison = f"garrison {port.garrison}" if port.owner is not None or port.garrison else ""
    forts = f"{port.forts} fort" + ("s" if port.forts > 1 else "") if port.forts else ""
    capital = ""
    if spec.capital_of is not None:
        nation = next((n.name for n in ctx.params.nations if n.id == spec.capital_of), "")
        capital = f"capital: {nation}"
    text = (
        f"  {spec.name:<11} {spec.good:<8} {owner:<7} {garrison:<11} {forts:<7} {capital:<18} "
        f"{slots(port.warehouse, spec.warehouse)}"
    )
    return wrap(text, " " * 14)


def _galley_line(ctx: Ctx, state: ClassicState, galley: Galley) -> str:
    phase = state.phase
    moving = phase.moving if isinstance(phase, Permission) else phase
    mark = "*" if isinstance(moving, Moving) and moving.galley == galley.id else " "
    cargo = ", ".join(galley.cargo) or "empty"
    used = galley.sailors + len(galley.cargo)
    return (
        f"   {mark} galley {galley.id:>2} of seat {galley.owner}: {galley.sailors} sailor(s), "
        f"cargo {cargo} ({used}/{ctx.params.galley.spaces} spaces used)"
    )
