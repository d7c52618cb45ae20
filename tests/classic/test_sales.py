"""Classic phase 6: sales to warehouses (C-SALE) and the new-market bonus (C-BONUS).

Also the decisions X-C-26 (bonus checks one sale at a time), X-C-31 (sales to
one's own port are paid), X-C-32 (full warehouses), X-C-33 (ports without a
garrison), X-C-34 (which capitals pay 1000), X-C-39 (space numbers) and X-C-40
(nothing is sold on the high seas).

On this board Smyrna (4 spaces) produces wood, Salonica (4) iron, Rhodes (2)
cloth, Crete (2) wine, Tunis (4) gold, Alexandria (4) spices, and the
capitals (6 spaces) Istanbul and Venice cloth, Genoa iron, Valencia wood.
"""

from __future__ import annotations

import pytest

from classic.scenario import G, P, galley, legal, play, port, position, refused, step
from serenissima_rulesets.classic.events import GoodSold, IncomePaid
from serenissima_rulesets.classic.phases import Selling
from serenissima_rulesets.classic.state import ClassicState, Galley

VENICE, GENOA, SPAIN, TURKEY = 0, 1, 2, 3


def selling(*galleys: Galley, ports=None, options=None, players=4, order=None) -> ClassicState:
    """Phase 6 with the Venetian (seat 0) on turn.

    His galley 9 at Naples carries gems, so that his turn never ends by
    itself in the middle of a test (income would be paid).
    """
    return position(
        players,
        phase=6,
        order=order,
        galleys=[*galleys, G(9, VENICE, "naples", 1, "gems")],
        ports=ports,
        options=options,
    )


def sold(state: ClassicState, text: str) -> tuple[ClassicState, GoodSold, int]:
    """Make a sale; return the new state, its GoodSold event and the seller's gain."""
    seller = state.to_act
    after, events = step(state, text)
    sales = [e for e in events if isinstance(e, GoodSold)]
    assert len(sales) == 1, events
    return after, sales[0], after.ducats[seller] - state.ducats[seller]


# --- C-SALE-1, C-SALE-2 ------------------------------------------------------------------------


@pytest.mark.rules("C-SALE-1")
def test_c_sale_1_goods_go_from_ones_galley_to_the_port_of_its_own_area():
    """C-SALE-1: only to the port beside the galley, only one's own goods aboard."""
    state = selling(
        G(1, VENICE, "crete", 1, "iron", "spice"),
        G(2, GENOA, "crete", 1, "gold"),
    )
    assert legal(state) == {
        "sell 1 iron crete",
        "sell 1 spice crete",
        "sell 9 gems naples",
        "done",
    }
    refused(state, "sell 1 iron rhodes", "C-SALE-1")  # a neighbouring area's port
    refused(state, "sell 2 gold crete", "C-SALE-1")  # the Genoese galley
    refused(state, "sell 1 gold crete", "C-SALE-1")  # no gold aboard
    after, event, gain = sold(state, "sell 1 iron crete")
    assert event == GoodSold(VENICE, 1, "iron", "crete", 1, 100, 0)
    assert gain == 100
    assert galley(after, 1).cargo == ("spice",)
    assert port(after, "crete").warehouse == ("iron",)


@pytest.mark.rules("C-SALE-1")
def test_c_sale_1_seats_sell_in_turn_order():
    """C-SALE-1: once the Venetian is done the Genoese sells; his income is paid as he ends."""
    state = selling(G(1, GENOA, "crete", 1, "iron"), order=[VENICE, GENOA, SPAIN, TURKEY])
    state, events = step(state, "done")
    assert IncomePaid(VENICE, 300) in events
    assert state.to_act == GENOA
    assert state.phase == Selling(1)
    assert legal(state) == {"sell 1 iron crete", "done"}


@pytest.mark.rules("C-SALE-2", "X-C-31", "C-BONUS-4")
def test_c_sale_2_a_sale_is_paid_at_neutral_foreign_and_own_ports_alike():
    """C-SALE-2, X-C-31, C-BONUS-4: the treasury pays at any port; one's own port gives no bonus.

    The Turk's garrison and his galley at Smyrna cannot stop the Venetian sale.
    """
    state = selling(
        G(1, VENICE, "crete", 1, "iron"),
        G(2, VENICE, "smyrna", 1, "iron"),
        G(3, VENICE, "rhodes", 1, "iron"),
        G(4, TURKEY, "smyrna", 5),
        ports={"smyrna": P(TURKEY, 5, forts=1), "rhodes": P(VENICE, 1)},
    )
    state, neutral, gain = sold(state, "sell 1 iron crete")
    assert (neutral.ducats, neutral.bonus, gain) == (100, 0, 100)
    state, foreign, gain = sold(state, "sell 2 iron smyrna")
    assert (foreign.ducats, foreign.bonus, gain) == (100, 500, 600)  # iron is new to the Turk
    state, own, gain = sold(state, "sell 3 iron rhodes")
    assert (own.ducats, own.bonus, gain) == (100, 0, 100)
    assert port(state, "rhodes").warehouse == ("iron",)


@pytest.mark.rules("C-SALE-2", "C-SALE-4", "X-C-31", "X-002-17")
@pytest.mark.parametrize(("pays", "price"), [(True, 100), (False, 0)])
def test_x_c_31_own_port_sales_pay_switches_only_the_sellers_own_ports(pays, price):
    """X-C-31, X-002-17: with ``own_port_sales_pay`` off, a sale to one's own port earns nothing.

    The piece still takes the space (C-SALE-2), so the port moves towards being
    full; the sale to a neutral port is paid either way.
    """
    state = selling(
        G(1, VENICE, "crete", 1, "iron"),
        G(3, VENICE, "rhodes", 1, "iron"),
        ports={"rhodes": P(VENICE, 1)},
        options={"own_port_sales_pay": pays},
    )
    state, neutral, gain = sold(state, "sell 1 iron crete")
    assert (neutral.ducats, gain) == (100, 100)
    state, own, gain = sold(state, "sell 3 iron rhodes")
    assert (own.space, own.ducats, own.bonus, gain) == (1, price, 0, price)
    assert port(state, "rhodes").warehouse == ("iron",)


# --- C-SALE-3, C-SALE-4, C-SALE-5 --------------------------------------------------------------


@pytest.mark.rules("C-SALE-3", "X-C-32")
def test_c_sale_3_no_sale_of_a_good_the_port_makes_or_stores_or_into_a_full_warehouse():
    """C-SALE-3, X-C-32: Crete makes wine, stores iron, and has its 2 spaces full."""
    state = selling(
        G(1, VENICE, "crete", 1, "wine", "iron", "gold"),
        ports={"crete": P(None, 0, "iron")},
    )
    assert legal(state) == {"sell 1 gold crete", "sell 9 gems naples", "done"}
    refused(state, "sell 1 wine crete", "C-SALE-3")
    refused(state, "sell 1 iron crete", "C-SALE-3")
    state = play(state, "sell 1 gold crete")
    assert port(state, "crete").warehouse == ("iron", "gold")
    full = selling(G(1, VENICE, "crete", 1, "spice"), ports={"crete": P(None, 0, "iron", "gold")})
    refused(full, "sell 1 spice crete", "X-C-32")


@pytest.mark.rules("C-SALE-4", "X-C-39")
def test_c_sale_4_the_lowest_free_space_pays_a_hundred_per_number():
    """C-SALE-4, X-C-39: spaces run 1..size; Venice's 6th space pays 600, Crete's 2nd 200."""
    state = selling(
        G(1, VENICE, "venice", 1, "spice"),
        G(2, VENICE, "crete", 1, "spice", "iron"),
        ports={
            "venice": P(VENICE, 1, "wine", "gold", "iron", "wood", "gems"),
            "crete": P(None, 0, "gold"),
        },
    )
    state, event, gain = sold(state, "sell 1 spice venice")
    assert (event.space, event.ducats, gain) == (6, 600, 600)
    state, event, gain = sold(state, "sell 2 spice crete")
    assert (event.space, event.ducats, gain) == (2, 200, 200)
    assert "sell 2 iron crete" not in legal(state)
    refused(state, "sell 2 iron crete", "X-C-32")
    empty = selling(G(1, VENICE, "sicily", 1, "spice"))
    assert sold(empty, "sell 1 spice sicily")[1].space == 1


@pytest.mark.rules("C-SALE-5")
def test_c_sale_5_several_sales_one_port_each_good_checked_on_its_own():
    """C-SALE-5: different goods go to the same port in turn; a second piece of one good cannot."""
    state = selling(G(1, VENICE, "sicily", 1, "iron", "iron", "gold"))
    state, first, _ = sold(state, "sell 1 iron sicily")
    state, second, _ = sold(state, "sell 1 gold sicily")
    assert (first.space, second.space) == (1, 2)
    assert port(state, "sicily").warehouse == ("iron", "gold")
    refused(state, "sell 1 iron sicily", "C-SALE-3")
    assert galley(state, 1).cargo == ("iron",)


@pytest.mark.rules("C-SALE-5")
def test_c_sale_5_selling_is_optional():
    """C-SALE-5: a seat may end its turn with goods aboard; they stay there, unpaid."""
    state = selling(G(1, VENICE, "sicily", 1, "iron"))
    after, events = step(state, "done")
    assert not any(isinstance(e, GoodSold) for e in events)
    assert galley(after, 1).cargo == ("iron",)
    assert port(after, "sicily").warehouse == ()
    assert after.ducats[VENICE] == state.ducats[VENICE] + 300  # only his income


# --- C-BONUS ------------------------------------------------------------------------------------


@pytest.mark.rules("C-BONUS-1")
def test_c_bonus_1_a_new_good_for_another_player_pays_500_more():
    """C-BONUS-1: spices are new to the Turk (stored and made nowhere of his): 100 + 500.

    The check comes before the piece is placed: the port holding spices
    afterwards does not cancel the bonus of this very sale.
    """
    state = selling(G(1, VENICE, "smyrna", 1, "spice"), ports={"smyrna": P(TURKEY, 1)})
    after, event, gain = sold(state, "sell 1 spice smyrna")
    assert event == GoodSold(VENICE, 1, "spice", "smyrna", 1, 100, 500)
    assert gain == 600
    assert after.treasury == state.treasury - 600


@pytest.mark.rules("C-BONUS-1")
def test_c_bonus_1_no_bonus_when_any_port_of_the_owner_stores_or_makes_the_good():
    """C-BONUS-1: a Turkish Salonica that stores spices, or a Turkish Alexandria that makes them."""
    galleys = [G(1, VENICE, "smyrna", 1, "spice")]
    stored = selling(*galleys, ports={"smyrna": P(TURKEY, 1), "salonica": P(TURKEY, 0, "spice")})
    made = selling(*galleys, ports={"smyrna": P(TURKEY, 1), "alexandria": P(TURKEY, 1)})
    elsewhere = selling(*galleys, ports={"smyrna": P(TURKEY, 1), "salonica": P(GENOA, 1, "spice")})
    assert sold(stored, "sell 1 spice smyrna")[1].bonus == 0
    assert sold(made, "sell 1 spice smyrna")[1].bonus == 0
    assert sold(elsewhere, "sell 1 spice smyrna")[1].bonus == 500  # another player's port


@pytest.mark.rules("C-BONUS-2", "X-C-34")
def test_c_bonus_2_a_capital_of_another_player_pays_1000():
    """C-BONUS-2, X-C-34: gold new to the Turk, sold in his Istanbul, earns 100 + 1000."""
    state = selling(G(1, VENICE, "istanbul", 1, "gold"), ports={"istanbul": P(TURKEY, 2)})
    _, event, gain = sold(state, "sell 1 gold istanbul")
    assert (event.ducats, event.bonus, gain) == (100, 1000, 1100)


@pytest.mark.rules("X-C-34", "C-BONUS-2")
def test_x_c_34_by_default_any_capital_pays_1000_with_the_option_only_the_owners_own():
    """X-C-34: the Turk holding Genoa; 1000 under any_capital, 500 under owners_own_capital."""
    galleys = [G(1, VENICE, "genoa", 1, "gold"), G(2, VENICE, "istanbul", 1, "gold")]
    ports = {"genoa": P(TURKEY, 1), "istanbul": P(TURKEY, 1)}
    anywhere = selling(*galleys, ports=ports)
    assert sold(anywhere, "sell 1 gold genoa")[1].bonus == 1000
    scope = {"capital_bonus_scope": "owners_own_capital"}
    own_only = selling(*galleys, ports=ports, options=scope)
    assert sold(own_only, "sell 1 gold genoa")[1].bonus == 500
    assert sold(own_only, "sell 2 gold istanbul")[1].bonus == 1000


@pytest.mark.rules("C-BONUS-3")
def test_c_bonus_3_goods_aboard_galleys_never_count():
    """C-BONUS-3: spices on the Turk's own galley at Smyrna do not make them old news to him."""
    state = selling(
        G(1, VENICE, "smyrna", 1, "spice"),
        G(2, TURKEY, "smyrna", 1, "spice"),
        G(3, GENOA, "smyrna", 1, "spice"),
        ports={"smyrna": P(TURKEY, 1)},
    )
    assert sold(state, "sell 1 spice smyrna")[1].bonus == 500


@pytest.mark.rules("C-BONUS-4")
def test_c_bonus_4_no_bonus_at_a_neutral_port_or_ones_own():
    """C-BONUS-4: new goods pay only their space at a neutral port or one's own, capital too."""
    state = selling(
        G(1, VENICE, "smyrna", 1, "spice"),
        G(2, VENICE, "venice", 1, "spice"),
        G(3, VENICE, "rhodes", 1, "spice"),
        ports={"rhodes": P(VENICE, 0)},
    )
    state, neutral, _ = sold(state, "sell 1 spice smyrna")
    state, capital, _ = sold(state, "sell 2 spice venice")
    state, own, _ = sold(state, "sell 3 spice rhodes")
    assert (neutral.bonus, capital.bonus, own.bonus) == (0, 0, 0)


# --- X-C-26, X-C-33, X-C-40 ----------------------------------------------------------------------


@pytest.mark.rules("X-C-26", "C-BONUS-1")
def test_x_c_26_bonuses_are_checked_one_sale_at_a_time():
    """X-C-26: spices to Turkish Smyrna earn the bonus; then to Turkish Salonica they do not."""
    state = selling(
        G(1, VENICE, "smyrna", 1, "spice"),
        G(2, VENICE, "salonica", 1, "spice"),
        ports={"smyrna": P(TURKEY, 1), "salonica": P(TURKEY, 1)},
    )
    state, first, _ = sold(state, "sell 1 spice smyrna")
    state, second, gain = sold(state, "sell 2 spice salonica")
    assert (first.bonus, second.bonus, gain) == (500, 0, 100)


@pytest.mark.rules("X-C-33")
def test_x_c_33_a_port_without_garrison_still_belongs_to_its_owner_for_the_bonus():
    """X-C-33: the Turk's Smyrna with 0 garrison still earns the Venetian the bonus."""
    state = selling(G(1, VENICE, "smyrna", 1, "spice"), ports={"smyrna": P(TURKEY, 0)})
    assert sold(state, "sell 1 spice smyrna")[1].bonus == 500


@pytest.mark.rules("X-C-35", "C-BONUS-2")
def test_x_c_35_an_unplayed_nations_capital_is_still_a_capital_for_the_bonus():
    """X-C-35: with 3 players the Genoese holds Istanbul; the Venetian's sale there earns 1000."""
    state = selling(
        G(1, VENICE, "istanbul", 1, "gold"),
        ports={"istanbul": P(GENOA, 1)},
        players=3,
    )
    assert sold(state, "sell 1 gold istanbul")[1].bonus == 1000


@pytest.mark.rules("X-C-40")
def test_x_c_40_nothing_is_sold_on_the_high_seas():
    """X-C-40: a galley on the Ionian Sea has no port to sell to."""
    state = selling(G(1, VENICE, "ionian_sea", 1, "iron"))
    assert legal(state) == {"sell 9 gems naples", "done"}
    refused(state, "sell 1 iron ionian_sea", "C-SALE-1")
    refused(state, "sell 1 iron sicily", "C-SALE-1")
