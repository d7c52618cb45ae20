"""Modern turn structure (M-TURN), the Action's steps (M-ACT), and what players cannot do."""

from __future__ import annotations

import random

import pytest

from modern.helpers_a import legal, rejects
from modern.scenario import G, P, activate, modern, play, position, step
from serenissima.engine.core import CHANCE
from serenissima.engine.errors import ActionParseError
from serenissima_rulesets.modern.actions import (
    ACTION_TYPES,
    Claim,
    LoadGood,
    Pass,
    ShiftGood,
    ShiftSailor,
    Take,
)
from serenissima_rulesets.modern.events import GalleyActivated
from serenissima_rulesets.modern.phases import Choosing, Drawing, Plundering
from serenissima_rulesets.modern.state import ModernState


def three_galleys() -> ModernState:
    """Galleys 2 (seat 1), 5 (seat 0) and 9 (seat 2), waiting for the Doge card."""
    return position(
        galleys=[G(9, 2, "tunis", 2), G(2, 1, "ionian_sea", 3), G(5, 0, "ionian_sea", 1)]
    )


def activations(state: ModernState, *texts: str) -> list[int]:
    """The galleys activated while ``texts`` are played."""
    seen = []
    for text in texts:
        state, events = step(state, text)
        seen += [e.galley for e in events if isinstance(e, GalleyActivated)]
    return seen


@pytest.mark.rules("M-TURN-1", "M-TURN-2", "M-END-1")
def test_a_turn_activates_every_galley_once_in_wheel_order_then_draws_a_doge_card():
    """Each galley is activated once, lowest number first; then a Doge card is drawn.

    Rules: M-TURN-1, M-TURN-2, M-END-1.
    """
    state = play(three_galleys(), "doge wine")
    assert state.turn == 2
    order = [state.act.galley]
    owners = [state.to_act]
    for _ in range(2):
        state = play(state, "invest", "done")
        order.append(state.act.galley)
        owners.append(state.to_act)
    assert order == [2, 5, 9]
    assert owners == [1, 0, 2]  # the active player is the galley's owner
    state = play(state, "invest", "done")
    assert isinstance(state.phase, Drawing)
    assert state.to_act == CHANCE
    assert state.wheel == 0
    assert state.act is None
    nxt = play(state, "doge hourglass1")
    assert nxt.turn == 3
    assert nxt.act.galley == 2


@pytest.mark.rules("M-TURN-2")
def test_the_black_token_stops_on_every_galley_cube():
    """The token stops on every numbered space holding a cube, whoever owns the galley.

    Rules: M-TURN-2.
    """
    texts = ("doge wine", *("invest", "done") * 3)
    assert activations(three_galleys(), *texts) == [2, 5, 9]


@pytest.mark.rules("M-TURN-3")
def test_the_active_player_chooses_action_or_investment():
    """The active player's only choices are Action or Investment.

    Rules: M-TURN-3.
    """
    state = activate(three_galleys(), 5)
    assert isinstance(state.phase, Choosing)
    assert legal(state) == {"action", "invest"}
    rejects(state, "move ionian_sea", "M-TURN-3")
    rejects(state, "done", "M-TURN-3")


@pytest.mark.rules("M-TURN-4", "M-GAL-4")
def test_a_galley_sunk_before_its_activation_is_not_activated():
    """Galley 5 sunk by galley 2 is skipped: the token goes on to galley 9.

    Rules: M-TURN-4, M-GAL-4.
    """
    state = play(three_galleys(), "doge wine")
    seen = activations(state, "action", "done", "done", "attack 5", "dice 1 0")
    assert seen == [9]
    after = play(state, "action", "done", "done", "attack 5", "dice 1 0", "invest", "done")
    assert isinstance(after.phase, Drawing)  # the turn ends after galley 9


@pytest.mark.rules("M-ACT-1")
def test_every_step_is_optional_a_galley_may_sell_without_loading_or_moving():
    """A galley may skip Loading and Movement and sell where it is.

    Rules: M-ACT-1.
    """
    state = position(galleys=[G(4, 0, "algiers", 2, "wood")])
    state = play(activate(state, 4), "action", "done", "done", "sell wood algiers")
    assert state.ducats[0] == 7


@pytest.mark.rules("M-ACT-1")
def test_steps_come_in_order_loading_movement_then_sale_or_battle():
    """Once a later step has begun, an earlier step cannot be taken up again.

    Rules: M-ACT-1.
    """
    state = position(galleys=[G(4, 0, "valencia", 3, "gold")], ports={"valencia": P(0, 1)})
    state = play(activate(state, 4), "action", "done", "move algiers")
    rejects(state, "sailor 4>valencia", "M-ACT-1")
    state = play(state, "done")
    rejects(state, "move valencia", "M-ACT-1")
    rejects(state, "jettison gold", "M-ACT-1")
    assert "claim algiers 1" in legal(state)


@pytest.mark.rules("M-ACT-2")
def test_step_three_is_a_sale_or_a_battle_never_both():
    """After selling the galley cannot fight, and after fighting it cannot sell.

    Rules: M-ACT-2.
    """
    galleys = [G(4, 0, "algiers", 3, "wood", "spice"), G(7, 1, "algiers", 1)]
    trading = play(activate(position(galleys=galleys), 4), "action", "done", "done")
    assert {"sell wood algiers", "attack 7", "claim algiers 1"} <= legal(trading)
    sold = play(trading, "sell wood algiers")
    assert legal(sold) == {"end", "sell spice algiers"}
    rejects(sold, "attack 7", "M-ACT-2")
    rejects(sold, "claim algiers 1", "M-ACT-2")
    fought = play(trading, "attack 7", "dice 1 0")
    assert fought.galley(7) is None
    rejects(fought, "sell wood algiers", "M-ACT-2")


@pytest.mark.rules("X-M-16")
def test_there_is_no_sink_action():
    """No action sinks a galley outright; sinking needs its sailors to leave it.

    Rules: X-M-16.
    """
    state = activate(three_galleys(), 5)
    with pytest.raises(ActionParseError):
        modern().parse_action(state, "sink 5")
    names = {cls.__name__.lower() for cls in ACTION_TYPES}
    assert not any("sink" in name or "scuttle" in name for name in names)


def _cargo_of(state: ModernState, seat: int) -> int:
    return sum(len(g.cargo) for g in state.galleys if g.owner == seat)


def _holder(state: ModernState, place: str | int) -> int | None:
    """Who owns a galley (given by number) or a port (given by id)."""
    if str(place).isdigit():
        return state.galley(int(place)).owner
    return state.ports[modern().board.port_index(str(place))].owner


def _check_no_transfer(state: ModernState, action, new: ModernState) -> None:
    """No other player gains ducats (save a loading fee) or goods; no galley is scuttled."""
    actor = state.to_act
    if isinstance(action, ShiftSailor | ShiftGood):
        assert _holder(state, action.source) == actor
        assert _holder(state, action.target) == actor
    if isinstance(action, Take):
        assert isinstance(state.phase, Plundering)  # spoils of a battle, not a gift
    gainers = {actor}
    if isinstance(action, Pass) and state.act is not None:
        gainers.add(state.galley(state.act.galley).owner)  # the sale or claim goes ahead
    fee_to = _holder(state, action.port) if isinstance(action, LoadGood) else None
    for seat in set(range(state.players)) - gainers:
        gained = new.ducats[seat] - state.ducats[seat]
        assert gained <= (1 if seat == fee_to else 0), (action, seat, gained)
        assert _cargo_of(new, seat) <= _cargo_of(state, seat), (action, seat)
    gone = {g.number for g in state.galleys if g.owner == actor} - {g.number for g in new.galleys}
    if gone:  # X-M-16: only by taking its sailors off, or unloading the last one
        assert isinstance(action, ShiftSailor | Claim), action


@pytest.mark.rules("M-BLOCK-5", "M-NEG-2", "X-M-16")
@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 2), (2, 3)])
def test_no_action_in_a_random_game_gives_goods_or_ducats_to_another_player(players, seed):
    """In every phase of a random game no action hands goods or ducats to another player.

    Rules: M-BLOCK-5, M-NEG-2, X-M-16.
    """
    rules = modern()
    rng = random.Random(seed)
    offered: set[type] = set()
    for _ in range(5):  # five whole games
        state = rules.new_game(players)
        while not rules.is_over(state):
            if state.to_act == CHANCE:
                outcomes = rules.chance_outcomes(state)
                weights = [float(p) for _, p in outcomes]
                state = rules.apply(state, rng.choices([a for a, _ in outcomes], weights)[0])
                continue
            actions = rules.legal_actions(state)
            offered |= {type(a) for a in actions}
            for candidate in actions:
                _check_no_transfer(state, candidate, rules.apply(state, candidate))
            state = rules.apply(state, rng.choice(actions))
    assert offered <= set(ACTION_TYPES)
    names = {cls.__name__.lower() for cls in offered}
    assert not any(word in name for name in names for word in ("give", "trade", "pay", "bribe"))
    assert len(offered) >= 15  # the game went through its phases
