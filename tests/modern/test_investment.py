"""Investment (M-INV): recruits, galleys, forts and basilicas bought instead of an Action."""

from __future__ import annotations

import pytest

from modern.helpers_b import galley, legal, port, refused
from modern.scenario import G, P, activate, play, position, step
from serenissima_rulesets.modern.events import GalleyBought
from serenissima_rulesets.modern.phases import Choosing, Investing

BLACK, RED = 0, 1


def _investing(galleys, ports, ducats=(10, 5, 5, 5), options=None, number=9):
    """Black's galley ``number`` active, its owner having chosen Investment."""
    state = position(galleys=galleys, ports=ports, ducats=ducats, options=options)
    return play(activate(state, number), "invest")


@pytest.mark.rules("M-INV-1", "M-TURN-3")
def test_investing_leaves_the_galley_idle_and_buys_for_ports_anywhere():
    """The active galley neither loads, moves nor fights; purchases go to any own port.

    Rules: M-INV-1, M-TURN-3.
    """
    state = _investing(
        [G(9, BLACK, "tripoli", 2, "spice"), G(11, RED, "tripoli", 1)],
        {"constantinople": P(BLACK, 1), "antakya": P(BLACK, 1)},
    )
    assert isinstance(state.phase, Investing)
    assert not {t for t in legal(state) if t.split()[0] in {"move", "load", "sell", "attack"}}
    state = play(state, "recruit constantinople", "recruit antakya", "done")
    assert port(state, "constantinople").sailors == 2
    assert port(state, "antakya").sailors == 2
    assert galley(state, 9) == G(9, BLACK, "tripoli", 2, "spice")
    assert isinstance(state.phase, Choosing)
    assert state.act is not None
    assert state.act.galley == 11  # the wheel moved on


@pytest.mark.rules("M-INV-2", "M-PORT-2")
def test_a_recruit_costs_a_ducat_and_goes_to_an_own_port_or_a_galley_beside_one():
    """A recruit costs 1 ducat and goes into an own port or onto a galley beside one.

    Rules: M-INV-2, M-PORT-2.
    """
    state = _investing(
        [G(9, BLACK, "antakya", 1), G(10, BLACK, "famagusta", 1), G(12, BLACK, "tunis", 1)],
        {"antakya": P(BLACK, 2), "tunis": P(RED, 1), "genoa": P(RED, 1)},
    )
    after = play(state, "recruit antakya")
    assert port(after, "antakya").sailors == 3
    assert after.ducats[BLACK] == state.ducats[BLACK] - 1
    assert after.reserve[BLACK] == state.reserve[BLACK] - 1
    assert refused(after, "recruit antakya").rule_id == "M-PORT-2"  # Antakya holds 3
    after = play(after, "crew 9")
    assert galley(after, 9).sailors == 2
    assert refused(after, "crew 10").rule_id == "M-INV-2"  # neutral Famagusta's space
    assert refused(after, "crew 12").rule_id == "M-INV-2"  # Red's Tunis
    assert refused(after, "recruit tunis").rule_id == "M-INV-2"


@pytest.mark.rules("M-INV-3", "M-COMP-3")
def test_one_galley_per_investment_priced_at_the_galleys_already_owned():
    """A third galley costs 2 ducats plus its first sailor and enters at an own port.

    Rules: M-INV-3, M-COMP-3.
    """
    state = _investing(
        [G(9, BLACK, "tripoli", 2), G(12, BLACK, "naples", 2)],
        {"antakya": P(BLACK, 1), "genoa": P(RED, 1)},
    )
    assert refused(state, "buy 3 genoa").rule_id == "M-INV-3"  # not Black's port
    assert refused(state, "buy 9 antakya").rule_id == "M-INV-3"  # number in play
    after, events = step(state, "buy 3 antakya")
    assert GalleyBought(BLACK, 3, "antakya", 2) in events
    assert galley(after, 3) == G(3, BLACK, "antakya", 1)
    assert after.ducats[BLACK] == state.ducats[BLACK] - 3
    assert after.reserve[BLACK] == state.reserve[BLACK] - 1
    assert not any(text.startswith("buy") for text in legal(after))
    assert refused(after, "buy 4 antakya").rule_id == "M-INV-3"


@pytest.mark.rules("M-INV-3", "M-INV-6", "X-M-22")
def test_a_galley_is_bought_only_with_a_sailor_to_crew_it():
    """X-M-22: buying needs the price plus a ducat and a reserve sailor for its first crew.

    Rules: M-INV-3, M-INV-6, X-M-22.
    """
    ports = {"antakya": P(BLACK, 1)}
    short = _investing([G(9, BLACK, "tripoli", 2)], ports, ducats=(1, 5, 5, 5))
    assert refused(short, "buy 3 antakya").rule_id == "M-INV-6"  # 1 for it, 1 for a sailor
    enough = _investing([G(9, BLACK, "tripoli", 2)], ports, ducats=(2, 5, 5, 5))
    assert galley(play(enough, "buy 3 antakya"), 3).sailors == 1
    crews = [G(n, BLACK, "tripoli", 5) for n in (9, 10, 11, 12)]  # 20 sailors at sea
    crewless = _investing(crews, {"antakya": P(BLACK, 2)}, ducats=(9, 5, 5, 5))
    assert crewless.reserve[BLACK] == 0
    assert refused(crewless, "buy 3 antakya").rule_id == "M-COMP-2"


@pytest.mark.rules("M-INV-4")
def test_a_fort_needs_wood_and_stone_produced_or_stored_and_costs_two():
    """A fort costs 2 ducats where wood and stone are produced or stored; the cubes stay.

    Rules: M-INV-4.
    """
    state = _investing(
        [G(9, BLACK, "tripoli", 2)],
        {"valencia": P(BLACK, 1, "stone"), "marseille": P(BLACK, 1, "wood"), "genoa": P(BLACK, 1)},
    )
    assert {"fort valencia", "fort marseille"} <= legal(state)
    assert refused(state, "fort genoa").rule_id == "M-INV-4"  # wood but no stone
    after = play(state, "fort valencia")
    assert port(after, "valencia") == P(BLACK, 1, "stone", fort=True)
    assert after.ducats[BLACK] == state.ducats[BLACK] - 2
    assert refused(after, "fort valencia").rule_id == "M-INV-4"  # one fort per port
    assert "fort marseille" in legal(after)


@pytest.mark.rules("M-INV-5")
def test_a_basilica_needs_gold_and_marble_produced_or_stored_and_costs_two():
    """A basilica costs 2 ducats where gold and marble are produced or stored; one per port.

    Rules: M-INV-5.
    """
    state = _investing(
        [G(9, BLACK, "tripoli", 2)],
        {"antakya": P(BLACK, 1, "marble"), "algiers": P(BLACK, 1, "wood"), "tunis": P(BLACK, 1)},
    )
    assert refused(state, "basilica algiers").rule_id == "M-INV-5"  # gold, no marble
    assert refused(state, "basilica tunis").rule_id == "M-INV-5"  # marble, no gold
    after = play(state, "basilica antakya")
    assert port(after, "antakya") == P(BLACK, 1, "marble", basilica=True)
    assert after.ducats[BLACK] == state.ducats[BLACK] - 2
    assert refused(after, "basilica antakya").rule_id == "M-INV-5"


@pytest.mark.rules("M-INV-4", "M-INV-5", "M-COMP-6")
def test_only_five_forts_and_five_basilicas_exist():
    """With five forts and five basilicas on the board no more can be built.

    Rules: M-INV-4, M-INV-5, M-COMP-6.
    """
    built = {
        name: P(RED, 1, fort=True, basilica=True)
        for name in ("tunis", "naples", "palermo", "tripoli", "modon")
    }
    state = _investing(
        [G(9, BLACK, "tripoli", 2)],
        {**built, "antakya": P(BLACK, 1, "marble"), "valencia": P(BLACK, 1, "stone")},
    )
    assert refused(state, "fort valencia").rule_id == "M-COMP-6"
    assert refused(state, "basilica antakya").rule_id == "M-COMP-6"


@pytest.mark.rules("M-INV-6")
def test_nothing_can_be_bought_on_credit():
    """A player's ducats never go below 0: what he cannot pay for is refused.

    Rules: M-INV-6.
    """
    ports = {"valencia": P(BLACK, 1, "stone")}
    poor = _investing([G(9, BLACK, "valencia", 2)], ports, ducats=(1, 5, 5, 5))
    assert refused(poor, "fort valencia").rule_id == "M-INV-6"
    broke = play(poor, "recruit valencia")
    assert broke.ducats[BLACK] == 0
    assert refused(broke, "crew 9").rule_id == "M-INV-6"
    assert legal(broke) == {"done"}


@pytest.mark.rules("X-M-27", "M-COMP-2", "M-INV-2")
def test_no_recruit_once_the_reserve_is_empty():
    """X-M-27: with every sailor of his colour on the board a player cannot recruit.

    Rules: X-M-27, M-COMP-2, M-INV-2.
    """
    galleys = [G(9, BLACK, "valencia", 4), *(G(n, BLACK, "tripoli", 5) for n in (10, 11, 12))]
    state = _investing(galleys, {"valencia": P(BLACK, 3)})
    assert state.reserve[BLACK] == 0
    assert refused(state, "recruit valencia").rule_id == "M-COMP-2"
    assert refused(state, "crew 9").rule_id == "M-COMP-2"


@pytest.mark.rules("X-M-28", "M-COMP-3")
def test_no_galley_beyond_six_cubes_or_fifteen_numbers():
    """X-M-28: six galleys is a player's most, and nobody buys when every number is in play.

    Rules: X-M-28, M-COMP-3.
    """
    six = [G(n, BLACK, "tripoli", 1) for n in (1, 2, 3, 5, 7, 9)]
    state = _investing(six, {"valencia": P(BLACK, 1)}, ducats=(20, 5, 5, 5))
    assert refused(state, "buy 4 valencia").rule_id == "M-COMP-3"
    full = [G(n, BLACK if n < 6 else RED, "tripoli", 1) for n in range(1, 16)]
    crowded = _investing(full, {"valencia": P(BLACK, 1)}, ducats=(20, 5, 5, 5), number=5)
    assert not any(text.startswith("buy") for text in legal(crowded))


@pytest.mark.rules("X-M-38", "M-INV-2")
def test_the_port_limit_binds_only_sailors_who_stay_in_the_port():
    """X-M-38: recruits may board a galley beside a full port; its size does not count them.

    Rules: X-M-38, M-INV-2.
    """
    galleys = [G(9, BLACK, "tripoli", 1), G(12, BLACK, "antakya", 1)]
    state = _investing(galleys, {"antakya": P(BLACK, 3)})
    assert "recruit antakya" not in legal(state)
    state = play(state, "crew 12", "crew 12", "crew 12")
    assert galley(state, 12).sailors == 4
    assert port(state, "antakya").sailors == 3


@pytest.mark.rules("X-M-21", "M-TURN-2", "M-INV-3")
def test_a_galley_bought_ahead_of_the_token_acts_this_turn_one_behind_waits():
    """X-M-21: the token stops on a new galley still ahead of it; one behind it waits a turn.

    Rules: X-M-21, M-TURN-2, M-INV-3.
    """
    ports = {"valencia": P(BLACK, 1), "genoa": P(RED, 1)}
    galleys = [G(5, BLACK, "valencia", 2), G(7, RED, "genoa", 2), G(8, RED, "genoa", 2)]
    state = _investing(galleys, ports, ducats=(20, 5, 5, 5), number=5)
    red_idles = ("invest", "done", "invest", "done")  # galleys 7 and 8
    ahead = play(state, "buy 9 valencia", "done", *red_idles)
    assert ahead.act is not None
    assert ahead.act.galley == 9
    behind = play(state, "buy 2 valencia", "done", *red_idles)
    assert behind.act is None  # the turn is over without galley 2
    assert galley(behind, 2).owner == BLACK
    behind = play(behind, "doge wine")
    assert behind.act is not None
    assert behind.act.galley == 2  # first on the wheel next turn


@pytest.mark.rules("X-M-21")
def test_option_keeps_every_new_galley_idle_until_the_next_turn():
    """With new_galley_activates_same_turn=false even a galley ahead of the token waits.

    Rules: X-M-21.
    """
    ports = {"valencia": P(BLACK, 1), "genoa": P(RED, 1)}
    galleys = [G(5, BLACK, "valencia", 2), G(7, RED, "genoa", 2)]
    options = {"new_galley_activates_same_turn": False}
    state = _investing(galleys, ports, ducats=(20, 5, 5, 5), options=options, number=5)
    state = play(state, "buy 9 valencia", "done", "invest", "done")
    assert state.act is None
    assert galley(state, 9).owner == BLACK


@pytest.mark.rules("X-M-37", "M-INV-3")
def test_every_investment_may_buy_a_galley_by_default():
    """X-M-37: one galley per Investment, so two investing galleys can buy two in a turn.

    Rules: X-M-37, M-INV-3.
    """
    ports = {"valencia": P(BLACK, 1)}
    galleys = [G(3, BLACK, "valencia", 2), G(5, BLACK, "tripoli", 2)]
    state = _investing(galleys, ports, ducats=(20, 5, 5, 5), number=3)
    state = play(state, "buy 9 valencia", "done", "invest")
    assert state.act is not None
    assert state.act.galley == 5
    assert "buy 10 valencia" in legal(state)


@pytest.mark.rules("X-M-37", "M-INV-3")
def test_per_game_turn_option_allows_one_galley_per_player_each_turn():
    """With galley_purchase_limit=per_game_turn the second Investment of the turn cannot buy.

    Rules: X-M-37, M-INV-3.
    """
    ports = {"valencia": P(BLACK, 1)}
    galleys = [G(3, BLACK, "valencia", 2), G(5, BLACK, "tripoli", 2)]
    options = {"galley_purchase_limit": "per_game_turn"}
    state = _investing(galleys, ports, ducats=(20, 5, 5, 5), options=options, number=3)
    state = play(state, "buy 9 valencia", "done", "invest")
    assert not any(text.startswith("buy") for text in legal(state))
    error = refused(state, "buy 10 valencia")
    assert error.rule_id == "M-INV-3"
    assert "this game turn" in error.reason
