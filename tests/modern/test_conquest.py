"""Claiming and conquering ports (M-CONQ): neutral claims, port battles, forts, last ports."""

from __future__ import annotations

import pytest

from modern.helpers_b import dice, galley, goods_in_box, legal, port, refused, volley_dice
from modern.scenario import G, P, activate, play, position, step
from serenissima_rulesets.modern.events import DiceRolled, PortNeutralised
from serenissima_rulesets.modern.phases import Drawing, Landing, Rolling, Volley

BLUE, RED, ORANGE = 0, 1, 2


def _at(area, *galleys, ports, options=None, players=4, track=None):
    """Blue's galley 4 (the first galley given) active in ``area``, ready for step 3."""
    state = position(players, galleys=galleys, ports=ports, options=options, track=track)
    state = play(activate(state, 4), "action", "done")
    if galley(state, 4).area != area:
        raise AssertionError("galley 4 must start where the test fights")
    return play(state, "done")


@pytest.mark.rules("M-CONQ-1", "M-PORT-2")
def test_a_neutral_port_is_claimed_by_unloading_sailors_without_dice():
    """Unloading 1 or more sailors, up to the port's size, takes a neutral port and its card.

    Rules: M-CONQ-1, M-PORT-2.
    """
    state = _at("algiers", G(4, BLUE, "algiers", 5), ports={"valencia": P(BLUE, 1)})
    claims = {text for text in legal(state) if text.startswith("claim")}
    assert claims == {"claim algiers 1", "claim algiers 2", "claim algiers 3"}  # Algiers holds 3
    assert refused(state, "claim algiers 4").rule_id == "M-PORT-2"
    after = play(state, "claim algiers 2")
    assert port(after, "algiers") == P(BLUE, 2)
    assert galley(after, 4).sailors == 3
    assert after.reserve == state.reserve  # nobody died: no battle was fought
    assert isinstance(after.phase, Drawing)  # the activation is over


@pytest.mark.rules("M-CONQ-1", "M-GAL-4", "X-M-14")
def test_unloading_the_last_sailor_sinks_the_galley_and_its_goods_go_back_to_the_box():
    """X-M-14: the claimant's galley sinks with its cargo; the goods return to the box.

    Rules: M-CONQ-1, M-GAL-4, X-M-14.
    """
    blue = G(4, BLUE, "algiers", 1, "wood", "stone")
    state = _at("algiers", blue, ports={"valencia": P(BLUE, 1)})
    wood, stone = goods_in_box(state, "wood"), goods_in_box(state, "stone")
    after = play(state, "claim algiers 1")
    assert port(after, "algiers") == P(BLUE, 1)
    assert after.galley(4) is None
    assert (goods_in_box(after, "wood"), goods_in_box(after, "stone")) == (wood + 1, stone + 1)
    assert port(after, "algiers").warehouse == ()


@pytest.mark.rules("M-CONQ-1", "M-SETUP-8", "X-M-18")
def test_a_closed_port_cannot_be_claimed():
    """With three players a closed port stays out of play: it cannot be claimed.

    Rules: M-CONQ-1, M-SETUP-8, X-M-18.
    """
    state = _at(
        "naples",
        G(4, BLUE, "naples", 3, "wood"),
        G(7, RED, "naples", 1),
        ports={"valencia": P(BLUE, 1), "naples": P(None, closed=True)},
        players=3,
    )
    assert "attack 7" in legal(state)  # galleys may still fight there
    assert not any(text.startswith("claim") for text in legal(state))
    assert refused(state, "claim naples 1").rule_id == "M-SETUP-8"


@pytest.mark.rules("M-CONQ-2", "M-BLOCK-1")
def test_other_galleys_do_not_stop_a_claim_unless_they_can_blockade():
    """A rival galley with no more sailors than the claimant cannot stop him claiming the port.

    Rules: M-CONQ-2, M-BLOCK-1.
    """
    state = _at(
        "algiers",
        G(4, BLUE, "algiers", 3),
        G(7, RED, "algiers", 3),
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
    )
    after = play(state, "claim algiers 1")
    assert port(after, "algiers") == P(BLUE, 1)


@pytest.mark.rules("M-CONQ-3", "M-BLOCK-8", "X-M-11")
def test_the_owner_s_galleys_must_all_be_sunk_before_his_port_is_attacked():
    """X-M-11: every galley of the port's owner in the space must sink first; others don't count.

    Rules: M-CONQ-3, M-BLOCK-8, X-M-11.
    """
    state = _at(
        "naples",
        G(4, BLUE, "naples", 4),
        G(7, RED, "naples", 1),
        G(11, RED, "naples", 1),
        G(9, ORANGE, "naples", 5),
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": P(RED, 1)},
    )
    assert "attack naples" not in legal(state)
    assert refused(state, "attack naples").rule_id == "M-CONQ-3"
    state = play(state, "attack 7", "dice 1 0")
    assert "attack naples" not in legal(state)  # galley 11 is still afloat
    state = play(state, "attack 11", "dice 1 0")
    assert "attack naples" in legal(state)  # Orange's galley need not be fought
    state = play(state, "attack naples")
    assert isinstance(state.phase, Rolling)  # Orange, with more sailors, may not blockade


@pytest.mark.rules("M-CONQ-4", "M-CONQ-5", "X-M-04")
def test_the_fort_fires_two_dice_first_and_the_combat_value_is_set_after():
    """X-M-04: the fort's volley kills first; the attacker's dice are then his sailors left.

    Rules: M-CONQ-4, M-CONQ-5, X-M-04.
    """
    state = _at(
        "naples",
        G(4, BLUE, "naples", 4),
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": P(RED, 3, fort=True)},
    )
    state = play(state, "attack naples")
    assert isinstance(state.phase, Volley)
    assert volley_dice(state) == 2
    state, events = step(state, "volley 2")
    assert DiceRolled(0, 2, 0, 2) in events
    assert galley(state, 4).sailors == 2
    assert dice(state) == (2, 3)  # 4 - 2 killed, no move; the port rolls one die per sailor
    state = play(state, "dice 1 0", "continue")
    assert isinstance(state.phase, Rolling)  # the fort does not fire again
    assert dice(state) == (2, 2)


@pytest.mark.rules("M-CONQ-4", "X-M-14")
def test_a_volley_that_empties_the_galley_sinks_it_before_any_port_battle():
    """The fort can sink the attacker outright; its goods go back to the box, not to the port.

    Rules: M-CONQ-4, X-M-14.
    """
    blue = G(4, BLUE, "naples", 2, "gold")
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": P(RED, 1, fort=True)}
    state = play(_at("naples", blue, ports=ports), "attack naples")
    gold = goods_in_box(state, "gold")
    state = play(state, "volley 2")
    assert state.galley(4) is None
    assert port(state, "naples") == P(RED, 1, fort=True)
    assert goods_in_box(state, "gold") == gold + 1
    assert isinstance(state.phase, Drawing)


@pytest.mark.rules("M-CONQ-5", "M-CONQ-6", "M-PORT-4")
def test_an_emptied_port_turns_neutral_and_the_winner_may_land_in_it():
    """When the garrison dies the port is neutral at once; the attacker may unload to own it.

    Rules: M-CONQ-5, M-CONQ-6, M-PORT-4.
    """
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": P(RED, 2, "wood")}
    state = position(galleys=[G(4, BLUE, "genoa", 5)], ports=ports)
    state = play(activate(state, 4), "action", "done", "move naples", "done", "attack naples")
    assert dice(state) == (4, 2)  # 5 sailors - 1 space against a garrison of 2
    state, events = step(state, "dice 2 0")
    assert PortNeutralised("naples", RED) in events
    assert port(state, "naples") == P(None, 0, "wood")
    assert isinstance(state.phase, Landing)
    assert legal(state) == {"end"} | {f"claim naples {n}" for n in range(1, 5)}
    taken = play(state, "claim naples 3")
    assert port(taken, "naples") == P(BLUE, 3, "wood")
    assert galley(taken, 4).sailors == 2
    left = play(state, "end")
    assert port(left, "naples") == P(None, 0, "wood")


@pytest.mark.rules("M-CONQ-6", "M-GAL-4")
def test_landing_the_last_sailor_takes_the_port_and_sinks_the_galley():
    """After the battle the winner may put his last sailor ashore; his galley then sinks.

    Rules: M-CONQ-6, M-GAL-4.
    """
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": P(RED, 1)}
    state = _at("naples", G(4, BLUE, "naples", 1), ports=ports)
    state = play(state, "attack naples", "dice 1 0", "claim naples 1")
    assert port(state, "naples") == P(BLUE, 1)
    assert state.galley(4) is None


@pytest.mark.rules("M-CONQ-7", "M-CONQ-9", "X-M-14")
def test_port_and_galley_emptied_together_sink_the_galley_and_free_the_port():
    """Mutual destruction: the galley sinks with its goods, the port is freed, the fort stays.

    Rules: M-CONQ-7, M-CONQ-9, X-M-14.
    """
    blue = G(4, BLUE, "naples", 2, "spice")
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": P(RED, 1, fort=True)}
    state = play(_at("naples", blue, ports=ports), "attack naples", "volley 1")
    spice = goods_in_box(state, "spice")
    state = play(state, "dice 1 1")
    assert state.galley(4) is None
    assert port(state, "naples") == P(None, 0, fort=True)
    assert goods_in_box(state, "spice") == spice + 1
    assert isinstance(state.phase, Drawing)


@pytest.mark.rules("M-CONQ-8", "X-M-17")
def test_a_player_s_last_port_cannot_be_attacked_but_his_galleys_there_can():
    """X-M-17 (no_attack): nobody may fight a player's only port, only his galleys there.

    Rules: M-CONQ-8, X-M-17.
    """
    ports = {"valencia": P(BLUE, 1), "naples": P(RED, 1)}
    rivals = G(7, RED, "naples", 1), G(9, ORANGE, "naples", 1)
    state = _at("naples", G(4, BLUE, "naples", 3), *rivals, ports=ports)
    state = play(state, "attack 7", "dice 1 0")
    assert "attack 9" in legal(state)
    assert "attack naples" not in legal(state)
    assert refused(state, "attack naples").rule_id == "M-CONQ-8"


@pytest.mark.rules("M-CONQ-8", "X-M-17")
def test_no_landing_option_lets_the_last_port_be_emptied_but_not_taken():
    """Option no_landing: the only port may be fought and freed, but nobody lands in it.

    Rules: M-CONQ-8, X-M-17.
    """
    ports = {"valencia": P(BLUE, 1), "naples": P(RED, 1)}
    options = {"last_port_protection": "no_landing"}
    state = _at("naples", G(4, BLUE, "naples", 3, "wood"), ports=ports, options=options)
    assert "attack naples" in legal(state)
    state = play(state, "attack naples", "dice 1 0")
    assert port(state, "naples") == P(None, 0)
    assert not isinstance(state.phase, Landing)
    assert galley(state, 4).sailors == 3


@pytest.mark.rules("M-CONQ-9", "M-SCORE-3")
def test_a_conquered_port_keeps_its_fort_and_basilica_for_the_new_owner():
    """Buildings stay with the port; at the next scoring its basilica pays the conqueror.

    Rules: M-CONQ-9, M-SCORE-3.
    """
    naples = P(RED, 1, "wood", fort=True, basilica=True)
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": naples}
    state = _at("naples", G(4, BLUE, "naples", 4), ports=ports, track=5)
    state = play(state, "attack naples", "volley 0", "dice 1 0", "claim naples 1")
    assert port(state, "naples") == P(BLUE, 1, "wood", fort=True, basilica=True)
    ducats = state.ducats
    state = play(state, "doge hourglass2")  # the token passes scoring space 6
    assert state.ducats[BLUE] - ducats[BLUE] == 2 + 5  # 1 cube in Naples, plus the basilica
    assert state.ducats[RED] == ducats[RED]  # Genoa is empty and Red lost Naples


@pytest.mark.rules("X-M-32", "M-ACT-2")
def test_a_galley_arriving_at_its_own_port_cannot_reinforce_it():
    """X-M-32: after moving into his own port's space the player cannot unload sailors there.

    Rules: X-M-32, M-ACT-2.
    """
    state = position(galleys=[G(4, BLUE, "algiers", 4, "gold")], ports={"valencia": P(BLUE, 1)})
    state = play(activate(state, 4), "action", "done", "move valencia", "done")
    assert legal(state) == {"end", "sell gold valencia"}
    refused(state, "claim valencia 1")
    refused(state, "sailor 4>valencia")
    assert port(state, "valencia").sailors == 1


@pytest.mark.rules("X-M-34", "M-CONQ-1", "M-CONQ-4")
def test_a_neutral_port_s_fort_never_fires_but_fires_for_its_new_owner():
    """X-M-34: claiming a neutral fort port is bloodless; once owned, it fires for its owner.

    Rules: X-M-34, M-CONQ-1, M-CONQ-4.
    """
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "naples": P(None, fort=True)}
    state = _at("naples", G(4, BLUE, "naples", 1), G(7, RED, "genoa", 4), ports=ports)
    state = play(state, "claim naples 1")
    assert port(state, "naples") == P(BLUE, 1, fort=True)
    assert state.galley(4) is None
    state = play(state, "action", "done", "move naples", "done", "attack naples")
    assert isinstance(state.phase, Volley)  # Blue, now the owner, fires at Red's galley 7
    state = play(state, "volley 2")
    assert galley(state, 7).sailors == 2


@pytest.mark.rules("X-M-36", "M-CONQ-1")
def test_only_the_active_galley_s_sailors_can_be_unloaded_to_claim():
    """X-M-36: a second own galley in the space lends no sailors to the claim.

    Rules: X-M-36, M-CONQ-1.
    """
    state = _at(
        "naples", G(4, BLUE, "naples", 2), G(6, BLUE, "naples", 5), ports={"valencia": P(BLUE, 1)}
    )
    claims = {text for text in legal(state) if text.startswith("claim")}
    assert claims == {"claim naples 1", "claim naples 2"}
    after = play(state, "claim naples 2")
    assert after.galley(4) is None
    assert galley(after, 6).sailors == 5
