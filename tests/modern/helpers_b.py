"""Small readers shared by the battle, conquest, investment and end-of-turn rule tests.

They turn engine answers into things a player talks about: which actions are
open, how many dice each side rolls, what a port holds, why an action was
refused.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from modern.scenario import modern
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima_rulesets.modern.actions import Dice, VolleyOutcome
from serenissima_rulesets.modern.state import Galley, ModernState, Port

__all__ = [
    "dice",
    "galley",
    "goods_in_box",
    "legal",
    "port",
    "refused",
    "ruleset_with_scoring_spaces",
    "volley_dice",
]


def legal(state: ModernState) -> set[str]:
    """The text forms of every legal action (or chance outcome) in ``state``."""
    return {action.text() for action in modern().legal_actions(state)}


def refused(state: ModernState, text: str) -> IllegalActionError:
    """Apply ``text`` expecting a refusal; return the error.

    States are immutable values, so a refused action cannot have changed
    ``state``; the caller keeps using it.
    """
    rules = modern()
    with pytest.raises(IllegalActionError) as caught:
        rules.apply(state, rules.parse_action(state, text))
    return caught.value


def dice(state: ModernState) -> tuple[int, int]:
    """Dice rolled by the attacker and by the defender in the pending battle round.

    Read from the chance outcomes: the most skulls each side can roll is the
    number of dice it throws, that is its combat value.
    """
    outcomes = [action for action, _ in modern().chance_outcomes(state)]
    rolls = [action for action in outcomes if isinstance(action, Dice)]
    assert rolls, "no battle round is pending"
    assert len(rolls) == len(outcomes)
    return max(r.attacker for r in rolls), max(r.defender for r in rolls)


def volley_dice(state: ModernState) -> int:
    """Dice thrown by a fort's volley: the most skulls it can roll."""
    outcomes = [action for action, _ in modern().chance_outcomes(state)]
    volleys = [action for action in outcomes if isinstance(action, VolleyOutcome)]
    assert volleys, "no fort volley is pending"
    assert len(volleys) == len(outcomes)
    return max(v.hits for v in volleys)


def port(state: ModernState, port_id: str) -> Port:
    """The pieces on port ``port_id``."""
    return state.ports[modern().board.port_index(port_id)]


def galley(state: ModernState, number: int) -> Galley:
    """Galley ``number``, which must still be in play."""
    found = state.galley(number)
    assert found is not None, f"galley {number} is not in play"
    return found


def goods_in_box(state: ModernState, good: str) -> int:
    """Cubes of ``good`` left in the box."""
    goods = [g.id for g in modern().params.goods]
    return state.supply[goods.index(good)]


def ruleset_with_scoring_spaces(folder: Path, spaces: str) -> Ruleset:
    """The shipped ruleset with another 4-player list of scoring spaces.

    A variant folder holding only its own ``rules.toml`` takes every other file
    from the installed modern ruleset, as a table's house variant would.

    Args:
        folder: An empty folder to write the variant into.
        spaces: The new TOML list, e.g. ``"[6, 7, 12]"``.
    """
    base = modern()
    (folder / "ruleset.toml").write_text(
        "[ruleset]\n"
        'id = "modern_close_scorings"\n'
        'name = "Modern, scoring spaces side by side"\n'
        'edition = "modern"\n'
        'version = "1.0.0"\n'
        "year = 2012\n"
        "players = [2, 3, 4]\n"
        'engine = "modern"\n'
        'base = "modern"\n',
        encoding="utf-8",
    )
    text = (files("serenissima_rulesets.modern") / "rules.toml").read_text(encoding="utf-8")
    old = "scoring_spaces = " + str(list(base.params.setup_for(4).scoring_spaces))
    assert old in text
    (folder / "rules.toml").write_text(text.replace(old, f"scoring_spaces = {spaces}", 1))
    return load_ruleset(folder)
