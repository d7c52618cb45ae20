"""A modern game drawn as plain text for a terminal.

The drawing has a header (edition, game turn, phase, who decides what), the
turn track and the Doge wheel, what the current activation or battle is
about, one line per seat, the goods left in the box, and the board: each sea
area with a port or a galley, its ports (owner, good, garrison, buildings,
warehouse) and its galleys (owner, sailors, cargo). Drawn for a seat, it
shows only what that seat may see: with hidden money, the other seats'
ducats (and so their scores) are ``?``.
"""

from __future__ import annotations

from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.sketch import HIDDEN, board_lines, slots, wrap

from .context import Ctx
from .observation import ModernObservation
from .phases import (
    Asking,
    PickingClosed,
    PickingGalley,
    PickingPort,
    Plundering,
    Pressing,
    Rolling,
    SpecialInvesting,
    Volley,
)
from .phases import Landing as LandingPhase
from .state import Galley, ModernState, Port

__all__ = ["render"]

_BOARD = "Board (port, good, owner, garrison, buildings, warehouse; galleys below their area):"


def render(ctx: Ctx, state: ModernState, seen: ModernObservation | None) -> str:
    """Draw ``state`` for the viewer of ``seen`` (a seat, a spectator, or all when ``None``).

    The header (turn, decision, viewer), the turn track, the Doge wheel and cards, the
    active galley, each seat's ducats, ports, galleys and reserve (ducats the viewer may
    not see drawn hidden), the goods in the box, then the board port by port with the
    galleys below it. The lines are at most :data:`~serenissima.engine.sketch.WIDTH`
    characters, without a final newline.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> text = rules.render(rules.new_game(3), seat=0)
        >>> text.splitlines()[0]
        'Serenissima (modern) - set-up - close-port (M-SETUP-7)'
    """
    ducats: tuple[int | None, ...] = state.ducats
    seat = None
    if seen is not None:
        ducats, seat = seen.ducats, seen.seat
    lines = [*_header(ctx, state, seen), *_track(ctx, state), *_situation(ctx, state)]
    lines += ["", "Seats:", *_seats(ctx, state, seat, ducats)]
    supply = ", ".join(
        f"{good.id} {n}" for good, n in zip(ctx.params.goods, state.supply, strict=True)
    )
    lines += wrap(f"Goods in the box: {supply}", "  ")
    lines += ["", _BOARD, *_board(ctx, state)]
    return "\n".join(line.rstrip() for line in lines)


def _who(state: ModernState) -> str:
    if state.to_act == CHANCE:
        return "Chance"
    if state.to_act == TERMINAL:
        return "Nobody"
    return f"Seat {state.to_act}"


def _header(ctx: Ctx, state: ModernState, seen: ModernObservation | None) -> list[str]:
    decision = ctx.rules.decision(state)
    when = f"game turn {state.turn}" if state.turn else "set-up"
    lines = [f"Serenissima ({ctx.rules.id}) - {when} - {decision.kind} ({decision.rule_id})"]
    if state.to_act == TERMINAL:
        lines.append("The game is over.")
    else:
        lines += wrap(f"{_who(state)} to act: {decision.prompt}", "  ")
    hidden = state.options.money_visibility == "hidden"
    if seen is None:
        lines.append("View: everything (no seat's view)")
    elif seen.seat is None:
        note = " (every seat's ducats are hidden)" if hidden else ""
        lines.append(f"View: a spectator's{note}")
    else:
        note = " (the other seats' ducats are hidden)" if hidden else ""
        lines.append(f"View: seat {seen.seat}{note}")
    return lines


def _track(ctx: Ctx, state: ModernState) -> list[str]:
    if state.first_player < 0:
        return []
    spaces = ctx.params.setup_for(state.players).scoring_spaces
    ends = ctx.params.scoring.game_ends_after
    track = (
        f"Turn track: white token on space {state.track} of {ctx.params.track.last_space}; "
        f"scoring at {', '.join(map(str, spaces))}; {state.scorings} of {ends} scorings done"
    )
    wheel = f"galley {state.wheel}" if state.wheel else "the Doge space"
    cards = ctx.params.doge_cards
    pile = sum(state.doge_pile)
    discard = ", ".join(
        f"{n} x {card.name}" for card, n in zip(cards, state.doge_discard, strict=True) if n
    )
    doge = f"Doge wheel: black token on {wheel}; Doge cards: {pile} in the pile"
    doge += f", face up: {discard}" if discard else ", none face up"
    lines = wrap(track, "  ") + wrap(doge, "  ")
    lines.append(f"First player: seat {state.first_player}")
    return lines


def _situation(ctx: Ctx, state: ModernState) -> list[str]:
    """What the current activation, battle or set-up step is about."""
    phase = state.phase
    lines: list[str] = []
    act = state.act
    if act is not None:
        galley = state.galley(act.galley)
        owner = f" (seat {galley.owner})" if galley is not None else ""
        where = _area_name(ctx, galley.area) if galley is not None else "the sea floor"
        text = f"Active galley {act.galley}{owner} in {where}"
        if galley is not None and act.start_area != galley.area:
            text += f" (from {_area_name(ctx, act.start_area)})"
        if act.allowance:
            text += f": moved {act.moves} of {act.allowance} spaces"
        if act.sold:
            text += f", {act.sold} cube(s) sold"
        if act.fought:
            text += f", {act.fought} battle(s) fought"
        lines += wrap(text, "  ")
    if isinstance(phase, Asking):
        target = {"move": "its move", "sale": f"its sale of {phase.good} to {phase.port}"}
        what = target.get(phase.purpose, f"its claim on {phase.port}")
        asked = ", ".join(f"seat {s}" for s in phase.candidates)
        lines += wrap(f"Blockade: may block {what}, asked in order: {asked}", "  ")
    elif isinstance(phase, Rolling | Pressing):
        against = f"port {phase.port}" if phase.port else f"galley {phase.galley}"
        lines.append(f"Battle: the active galley against {against}")
    elif isinstance(phase, Volley):
        lines.append(f"Battle: the fort of {phase.port} fires at the active galley")
    elif isinstance(phase, Plundering):
        loot = ", ".join(phase.loot) or "nothing"
        lines += wrap(f"Spoils: galley {phase.galley} (seat {phase.seat}) may take {loot}", "  ")
    elif isinstance(phase, LandingPhase):
        lines.append(f"Landing: the garrison of {phase.port} is gone; sailors may land")
    elif isinstance(phase, PickingGalley | PickingPort | SpecialInvesting):
        order = ", ".join(
            f"[seat {s}]" if i == phase.index else f"seat {s}" for i, s in enumerate(phase.order)
        )
        lines += wrap(f"Order of play in this step: {order}", "  ")
    elif isinstance(phase, PickingClosed):
        lines.append(f"Closing one port producing {phase.goods[0]}")
    return lines


def _seats(
    ctx: Ctx, state: ModernState, seat: int | None, ducats: tuple[int | None, ...]
) -> list[str]:
    lines = []
    for s in range(state.players):
        mark = ">" if s == state.to_act else " "
        you = " (you)" if s == seat else ""
        money = HIDDEN if ducats[s] is None else str(ducats[s])
        numbers = " ".join(str(g.number) for g in state.galleys if g.owner == s)
        galleys = f"galleys {numbers}" if numbers else "no galley"
        ports = ctx.owned_ports(state, s)
        lines.append(
            f" {mark} seat {s}{you:<6}  ducats {money:>4}  ports {ports:>2}  {galleys:<20}  "
            f"reserve {state.reserve[s]:>2} sailors  score {money}"
        )
    return lines


def _area_name(ctx: Ctx, area: str) -> str:
    for spec in ctx.board.spec.areas:
        if spec.id == area:
            return spec.name
    return area


def _board(ctx: Ctx, state: ModernState) -> list[str]:
    return board_lines(
        ctx.board,
        state.galleys,
        lambda index: _port_line(ctx, index, state.ports[index]),
        lambda galley: _galley_line(ctx, state, galley),
    )


def _port_line(ctx: Ctx, index: int, port: Port) -> list[str]:
    spec = ctx.board.ports[index]
    if port.closed:
        return [f"  {spec.name:<15} {spec.good:<6} closed for the game"]
    owner = "neutral" if port.owner is None else f"seat {port.owner}"
    built = (("fort", port.fort), ("basilica", port.basilica))
    buildings = " ".join(name for name, has in built if has)
    warehouse = slots(port.warehouse, spec.warehouse)
    garrison = f"garrison {port.sailors}" if port.owner is not None or port.sailors else ""
    text = f"  {spec.name:<15} {spec.good:<6} {owner:<7} {garrison:<11} {buildings:<13} {warehouse}"
    return wrap(text, " " * 20)


def _galley_line(ctx: Ctx, state: ModernState, galley: Galley) -> str:
    active = state.act is not None and state.act.galley == galley.number
    mark = "*" if active else " "
    cargo = ", ".join(galley.cargo) or "empty"
    text = f"   {mark} galley {galley.number:>2} of seat {galley.owner}: "
    text += f"{galley.sailors} sailor(s), cargo {cargo}"
    if state.options.galley_capacity == "shared5":
        text += f" ({galley.sailors + len(galley.cargo)}/{ctx.params.galley.spaces} spaces used)"
    return text
