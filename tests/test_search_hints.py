"""A ruleset's search hints (``[ruleset.search]``) and how the search bot takes them."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from serenissima.agents import GreedyAgent, ISMCTSAgent, choice_states, make_agent
from serenissima.agents._tree import DEFAULT_WIDTH, Settings
from serenissima.engine.core import State
from serenissima.engine.errors import ArgumentTypeError, RulesetError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spec import SearchHints, SeatHints

CLASSIC = load_ruleset("classic")
MODERN = load_ruleset("modern")
BOARD_KINDS = ("movement", "passage", "battles", "spoils")


def game(rules: Ruleset, players: int, seed: int) -> list[State]:
    """Every decision state with a choice of a game of greedy bots."""
    seats = [GreedyAgent(seed + seat, samples=1) for seat in range(players)]
    return choice_states(rules, players, seats, seed, count=1_000_000)


FOUR = game(CLASSIC, 4, 3)


def of_kind(rules: Ruleset, states: list[State], kind: str, count: int = 3) -> list[State]:
    found = [s for s in states if rules.decision(s).kind == kind]
    assert len(found) >= count, kind
    return found[:count]


class Recorder:
    """Stands in for a search class; records which class ran with which settings."""

    def __init__(self, seen: list[tuple[str, Settings]], name: str) -> None:
        self.seen, self.name = seen, name

    def __call__(self, settings: Settings, *args: object) -> Recorder:
        self.seen.append((self.name, settings))
        self.offered = args[2]
        return self

    def run(self) -> object:
        return self.offered[0]  # type: ignore[index]


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Settings]]:
    """Which search (``"tree"``, ``"greedy"`` or ``"greedy-tree"``) each ``act`` ran, and how."""
    seen: list[tuple[str, Settings]] = []
    monkeypatch.setattr("serenissima.agents.ismcts.Search", Recorder(seen, "tree"))
    monkeypatch.setattr("serenissima.agents.ismcts.RolloutSearch", Recorder(seen, "greedy"))
    monkeypatch.setattr("serenissima.agents.ismcts.LineTreeSearch", Recorder(seen, "greedy-tree"))
    return seen


def hinted(search: SearchHints) -> Ruleset:
    """The classic ruleset with other search hints."""
    info = attrs.evolve(CLASSIC.info, search=search)
    return Ruleset(info, CLASSIC.board, CLASSIC.options, CLASSIC.params, CLASSIC.engine)


def test_the_classic_edition_declares_greedy_rollouts_on_the_board() -> None:
    hints = CLASSIC.info.search
    assert (hints.rollout, hints.kinds, hints.width, hints.horizon, hints.players) == (
        "greedy",
        BOARD_KINDS,
        None,
        None,
        (),
    )
    assert attrs.evolve(MODERN.info.search, values=None, values_sha256=None) == SearchHints()
    assert MODERN.info.search.values == CLASSIC.info.search.values == "values.json"
    assert hints.applies(2)
    assert hints.applies(4)
    # at two seats, the tree of greedy lines scaled among siblings; the rest as it is
    assert hints.seats == {"2": SeatHints(rollout="greedy-tree", scale="siblings")}
    assert hints.at(2) == attrs.evolve(hints, rollout="greedy-tree", scale="siblings", seats={})
    assert hints.at(3) is hints.at(4) is hints
    assert SearchHints(players=(4,)).applies(4)
    assert not SearchHints(players=(4,)).applies(2)


def test_the_search_bot_plays_the_classic_hints_by_default(
    searches: list[tuple[str, Settings]],
) -> None:
    for kind in BOARD_KINDS[:3]:  # spoils are rare in a game of greedy bots
        for state in of_kind(CLASSIC, FOUR, kind, 2):
            ISMCTSAgent(seed=1, iterations=4).act(CLASSIC, state)
    assert [name for name, _ in searches] == ["greedy"] * 6
    # four seats: lines to the end of the stage
    assert {(settings.width, settings.whole_turn) for _, settings in searches} == {
        (DEFAULT_WIDTH, False)
    }
    searches.clear()
    # bids and trade: the honest greedy bot's choice, with the agent's seed
    for kind in ("bid", "purchases"):
        for state in of_kind(CLASSIC, FOUR, kind):
            chosen = ISMCTSAgent(seed=7, iterations=4).act(CLASSIC, state)
            assert chosen == GreedyAgent(7).act(CLASSIC, state)
    assert searches == []


def test_the_search_bot_grows_a_tree_of_greedy_lines_at_two_classic_seats(
    searches: list[tuple[str, Settings]],
) -> None:
    two = game(CLASSIC, 2, 5)
    for kind in BOARD_KINDS[:2]:
        for state in of_kind(CLASSIC, two, kind, 2):
            ISMCTSAgent(seed=1, iterations=4).act(CLASSIC, state)
    ISMCTSAgent(seed=1, iterations=4).act(CLASSIC, of_kind(CLASSIC, FOUR, "movement", 1)[0])
    ISMCTSAgent(seed=1, iterations=4, rollout="greedy").act(
        CLASSIC, of_kind(CLASSIC, two, "movement", 1)[0]
    )
    assert [name for name, _ in searches] == ["greedy-tree"] * 4 + ["greedy", "greedy"]
    assert {settings.kinds for name, settings in searches[:4]} == {frozenset(BOARD_KINDS)}
    # the bids and the trade stay the greedy bot's at two seats too
    searches.clear()
    for state in of_kind(CLASSIC, two, "bid"):
        assert ISMCTSAgent(seed=7, iterations=4).act(CLASSIC, state) == GreedyAgent(7).act(
            CLASSIC, state
        )
    assert searches == []


def test_the_tree_of_greedy_lines_is_told_the_kinds_it_searches(
    searches: list[tuple[str, Settings]],
) -> None:
    state = of_kind(CLASSIC, FOUR, "movement", 1)[0]
    ISMCTSAgent(seed=1, iterations=4, rollout="greedy-tree").act(CLASSIC, state)
    ISMCTSAgent(seed=1, iterations=4, rollout="greedy-tree", kinds={"movement"}).act(CLASSIC, state)
    assert [(name, settings.kinds) for name, settings in searches] == [
        ("greedy-tree", frozenset(BOARD_KINDS)),
        ("greedy-tree", frozenset({"movement"})),
    ]


def test_settings_given_win_over_the_hints(searches: list[tuple[str, Settings]]) -> None:
    move = of_kind(CLASSIC, FOUR, "movement", 1)[0]
    bid = of_kind(CLASSIC, FOUR, "bid", 1)[0]
    ISMCTSAgent(seed=1, iterations=4, rollout="random").act(CLASSIC, move)
    ISMCTSAgent(seed=1, iterations=4, width=2, horizon="turn").act(CLASSIC, move)
    ISMCTSAgent(seed=1, iterations=4, kinds={"bid"}).act(CLASSIC, bid)
    ISMCTSAgent(seed=1, iterations=4, hints=False).act(CLASSIC, bid)
    ISMCTSAgent(seed=1, iterations=4, hints=False).act(CLASSIC, move)
    assert [(name, settings.width, settings.whole_turn) for name, settings in searches] == [
        ("tree", DEFAULT_WIDTH, False),
        ("greedy", 2, True),
        ("greedy", DEFAULT_WIDTH, False),
        ("tree", DEFAULT_WIDTH, False),
        ("tree", DEFAULT_WIDTH, False),
    ]
    searches.clear()
    # kinds given that leave out the movement: the greedy bot moves
    chosen = ISMCTSAgent(seed=3, iterations=4, kinds={"bid"}).act(CLASSIC, move)
    assert chosen == GreedyAgent(3).act(CLASSIC, move)
    assert searches == []


def test_lines_run_to_the_end_of_the_round_at_two_seats_unless_told(
    searches: list[tuple[str, Settings]],
) -> None:
    move = of_kind(CLASSIC, game(CLASSIC, 2, 5), "movement", 1)[0]
    ISMCTSAgent(seed=1, iterations=4).act(CLASSIC, move)
    ISMCTSAgent(seed=1, iterations=4, horizon="stage").act(CLASSIC, move)
    staged = hinted(attrs.evolve(CLASSIC.info.search, horizon="stage"))
    ISMCTSAgent(seed=1, iterations=4).act(staged, move)  # a ruleset's hint wins over the default
    ISMCTSAgent(seed=1, iterations=4, horizon="turn").act(staged, move)
    assert [settings.whole_turn for _, settings in searches] == [True, False, False, True]


def test_a_scale_hint_is_read_unless_the_agent_is_given_one(
    searches: list[tuple[str, Settings]],
) -> None:
    move = of_kind(CLASSIC, game(CLASSIC, 2, 5), "movement", 1)[0]
    search = attrs.evolve(CLASSIC.info.search, seats={"2": SeatHints(scale="siblings")})
    scaled = hinted(search)
    ISMCTSAgent(seed=1, iterations=4).act(scaled, move)
    ISMCTSAgent(seed=1, iterations=4, scale="tree").act(scaled, move)
    ISMCTSAgent(seed=1, iterations=4, hints=False).act(scaled, move)
    ISMCTSAgent(seed=1, iterations=4, scale="siblings", hints=False).act(scaled, move)
    assert [settings.siblings for _, settings in searches] == [True, False, False, True]
    assert scaled.info.search.at(2).scale == "siblings"
    assert scaled.info.search.at(4).scale is None


def test_hints_hold_only_for_the_player_counts_they_name(
    searches: list[tuple[str, Settings]],
) -> None:
    hints = attrs.evolve(CLASSIC.info.search, players=(4,), width=3)
    rules = hinted(hints)
    two = of_kind(rules, game(rules, 2, 5), "bid", 1)[0]
    ISMCTSAgent(seed=1, iterations=4).act(rules, two)
    ISMCTSAgent(seed=1, iterations=4).act(rules, of_kind(rules, FOUR, "movement", 1)[0])
    assert [(name, settings.width) for name, settings in searches] == [
        ("tree", DEFAULT_WIDTH),
        ("greedy", 3),
    ]


def test_the_modern_edition_keeps_the_tree(searches: list[tuple[str, Settings]]) -> None:
    states = game(MODERN, 3, 2)
    for state in states[:: max(1, len(states) // 8)]:
        make_agent("ismcts:5", seed=1).act(MODERN, state)
    assert {name for name, _ in searches} == {"tree"}
    assert len(searches) >= 8


def test_hints_must_be_true_or_false_and_show_when_ignored() -> None:
    with pytest.raises(ArgumentTypeError, match="hints"):
        ISMCTSAgent(seed=1, hints=1)  # type: ignore[arg-type]
    assert repr(ISMCTSAgent(seed=1, iterations=5)) == "ISMCTSAgent(seed=1, iterations=5)"
    assert repr(ISMCTSAgent(seed=1, iterations=5, hints=False)).endswith(", hints=False)")


def write_variant(folder: Path, search: str) -> Path:
    folder.mkdir()
    (folder / "ruleset.toml").write_text(
        f"""
[ruleset]
id = "classic-hinted"
name = "The classic edition, with other search hints"
version = "0.1.0"
engine = "classic"
base = "classic"

{search}
""",
        encoding="utf-8",
    )
    return folder


def test_a_variant_inherits_the_hints_or_declares_its_own(tmp_path: Path) -> None:
    same = load_ruleset(write_variant(tmp_path / "same", ""))
    assert same.info.search == CLASSIC.info.search
    own = load_ruleset(
        write_variant(
            tmp_path / "own",
            '[ruleset.search]\nrollout = "heuristic"\nwidth = 3\nplayers = [2, 3]',
        )
    )
    # the variant's table replaces the base's whole: no kinds, so every kind
    assert own.info.search == SearchHints(rollout="heuristic", width=3, players=(2, 3))
    counted = load_ruleset(
        write_variant(
            tmp_path / "counted",
            '[ruleset.search]\nrollout = "greedy"\nkinds = ["movement"]\n'
            '[ruleset.search.seats.3]\nkinds = ["movement", "battles"]\nwidth = 2',
        )
    )
    hints = counted.info.search
    assert (hints.at(3).rollout, hints.at(3).kinds, hints.at(3).width) == (
        "greedy",
        ("movement", "battles"),
        2,
    )
    assert hints.at(2).kinds == ("movement",)
    assert hints.at(2).width is None
    # a table for a count the ruleset does not offer is never read, as with the options
    five = load_ruleset(
        write_variant(tmp_path / "five", "[ruleset.search]\n[ruleset.search.seats.5]\nwidth = 2")
    )
    assert five.info.search.seats == {"5": SeatHints(width=2)}
    assert five.info.search.at(4) is five.info.search


@pytest.mark.parametrize(
    ("table", "key", "expected"),
    [
        ('rollout = "smart"', "ruleset.search.rollout", "one of random, heuristic, greedy"),
        ("rollout = 3", "ruleset.search.rollout", "a string"),
        ('kinds = "movement"', "ruleset.search.kinds", "a list"),
        ('kinds = ["movement", "dancing"]', "ruleset.search.kinds[1]", "one of "),
        ('kinds = ["bid", "bid"]', "ruleset.search.kinds[1]", "bid"),
        # dice and the end of the game are no decisions
        ('kinds = ["movement", "battle-dice"]', "ruleset.search.kinds[1]", "one of "),
        ('kinds = ["game-over"]', "ruleset.search.kinds[0]", "one of "),
        ("width = 0", "ruleset.search.width", "at least 1"),
        ('horizon = "game"', "ruleset.search.horizon", "one of stage, turn"),
        ('scale = "log"', "ruleset.search.scale", "one of tree, siblings"),
        ('[ruleset.search.seats.2]\nscale = "log"', "ruleset.search.seats.2.scale", "one of"),
        ("players = [4, 0]", "ruleset.search.players[1]", "at least 1"),
        ("depth = 2", "ruleset.search", "unknown key 'depth'"),
        # what differs at one player count: a table named by a count, and the same checks
        ('[ruleset.search.seats.0]\nrollout = "greedy"', "ruleset.search.seats.0", "player count"),
        ("[ruleset.search.seats.two]\nwidth = 2", "ruleset.search.seats.two", "player count"),
        ('[ruleset.search.seats.2]\nrollout = "smart"', "ruleset.search.seats.2.rollout", "one of"),
        ("[ruleset.search.seats.3]\nwidth = 0", "ruleset.search.seats.3.width", "at least 1"),
        (
            '[ruleset.search.seats.4]\nkinds = ["dancing"]',
            "ruleset.search.seats.4.kinds[0]",
            "one of ",
        ),
        ("[ruleset.search.seats.2]\ndepth = 2", "ruleset.search.seats.2", "unknown key 'depth'"),
    ],
)
def test_a_broken_search_table_names_its_key(
    tmp_path: Path, table: str, key: str, expected: str
) -> None:
    folder = write_variant(tmp_path / "broken", f"[ruleset.search]\n{table}")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(folder)
    assert caught.value.file == "ruleset.toml"
    assert caught.value.key == key
    assert expected in caught.value.expected
    if "dancing" in table:
        # the message lists the kinds the engine asks for
        assert "movement" in caught.value.expected
        assert "bid" in caught.value.expected
