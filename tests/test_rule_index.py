"""The rule ID as an index: handlers registered by ID, declarations and tests found by it."""

from __future__ import annotations

from pathlib import Path

import pytest

from serenissima.cli import main
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError
from serenissima.engine.rule_index import declarations, expand_rule_ids, rule, rule_handlers
from serenissima.reference.catalogue import load_catalogue
from serenissima.reference.rule_sources import rule_sources, rule_tests

TESTS = Path(__file__).resolve().parent
EDITIONS = ("classic", "modern")


def test_the_decorator_returns_the_function_itself_and_records_where_it_is() -> None:
    def bid() -> int:
        return 7

    assert rule("C-BID-2", "X-C-04")(bid) is bid
    (handler,) = [
        h for h in rule_handlers("X-C-04", package=__name__) if h.qualname.endswith("bid")
    ]
    assert handler.rule_ids == ("C-BID-2", "X-C-04")
    assert handler.module == __name__
    assert (Path(handler.file).name, handler.line) == (
        Path(__file__).name,
        bid.__code__.co_firstlineno,
    )


@pytest.mark.parametrize("bad", ["", "C-BID", "bid 2", "C-BID-2 ", "c-bid-2"])
def test_a_malformed_rule_id_is_refused_by_name(bad: str) -> None:
    with pytest.raises(ArgumentValueError, match="is not a rule ID"):
        rule(bad)


def test_no_rule_id_or_one_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(ArgumentValueError, match="at least one rule ID"):
        rule()
    with pytest.raises(ArgumentTypeError):
        rule(2)  # type: ignore[arg-type]


def test_ranges_and_alternatives_are_spelt_out_with_the_catalogues_digits() -> None:
    assert expand_rule_ids("M-BAT-3..5, M-CONQ-5/7 and X-C-08/09") == (
        "M-BAT-3",
        "M-BAT-4",
        "M-BAT-5",
        "M-CONQ-5",
        "M-CONQ-7",
        "X-C-08",
        "X-C-09",
    )
    assert expand_rule_ids("no rule here, WE-C") == ()


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_rule_is_carried_out_declared_or_given_a_reason(edition: str) -> None:
    """The catalogue, the declarations and the code are joined by the rule ID.

    A rule gives a reason exactly when no handler carries it out and no
    declaration names it: never neither, never a needless reason.
    """
    catalogue = load_catalogue(edition)
    found = {entry.id: rule_sources(edition, entry.id).found for entry in catalogue.rules}
    lacking = [entry.id for entry in catalogue.rules if not entry.reason and not found[entry.id]]
    needless = [entry.id for entry in catalogue.rules if entry.reason and found[entry.id]]
    assert not lacking, f"{edition}: rules with no handler, declaration or reason: {lacking}"
    assert not needless, f"{edition}: rules with a reason although code or a file carries them"


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_handler_names_rules_of_its_editions_catalogue(edition: str) -> None:
    catalogue = load_catalogue(edition)
    known = {entry.id for entry in catalogue.rules} | {entry.id for entry in catalogue.decisions}
    handlers = rule_handlers(package=f"serenissima_rulesets.{edition}")
    assert len(handlers) > 50
    strays = {(h.qualname, i) for h in handlers for i in h.rule_ids if i not in known}
    assert not strays


@pytest.mark.rules("C-BID-2")
def test_a_classic_bid_from_catalogue_to_code_declarations_and_tests() -> None:
    sources = rule_sources("classic", "C-BID-2", TESTS)
    assert [h.qualname for h in sources.handlers] == ["bid_actions", "apply_bid"]
    assert all(Path(h.file).parts[-2:] == ("bids", "bidding.py") for h in sources.handlers)
    assert (
        f"tests/{Path(__file__).name}::{test_a_classic_bid_from_catalogue_to_code_declarations_and_tests.__name__}"
        in sources.tests
    )


@pytest.mark.rules("C-SCORE-2")
def test_declarations_are_the_lines_of_the_editions_files_that_name_the_rule(
    tmp_path: Path,
) -> None:
    (tmp_path / "rules.toml").write_text("a = 1\nb = 2   # C-SCORE-1..3\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("C-SCORE-2\n", encoding="utf-8")
    (found,) = declarations(tmp_path, "C-SCORE-2")
    assert (found.file, found.line, found.text) == ("rules.toml", 2, "b = 2   # C-SCORE-1..3")
    assert rule_sources("classic", "C-SCORE-2").declarations


def test_tests_are_found_by_their_mark_or_their_docstring(tmp_path: Path) -> None:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "test_x.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.rules('M-SALE-1..3')\ndef test_marked(): ...\n\n"
        "def test_told():\n    '''M-SALE-2: said so.'''\n\n"
        "def test_other(): ...\n\n"
        "def helper():\n    '''M-SALE-2'''\n",
        encoding="utf-8",
    )
    assert rule_tests(folder, "M-SALE-2") == (
        "tests/test_x.py::test_marked",
        "tests/test_x.py::test_told",
    )


@pytest.mark.rules("M-TURN-2")
def test_the_command_shows_where_a_rule_lives(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["rules", "M-TURN-2", "--tests", str(TESTS), "--width", "200"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("M-TURN-2: ")
    assert (
        "Carried out by:\n  serenissima_rulesets.modern.flow.next_activation  modern/flow.py:"
        in out
    )
    assert f"tests/{Path(__file__).name}::test_the_command_shows_where_a_rule_lives" in out


def test_the_command_gives_the_reason_of_a_rule_of_absence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["rules", "rule", "M-NEG-3", "--ruleset", "modern", "--width", "300"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Why no code carries it out: A rule of absence" in out
    assert "Carried out by" not in out


def test_an_id_no_catalogue_holds_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    missing = "C-BID-" + "99"  # spelt in two parts: the coverage check reads whole IDs
    assert main(["rules", missing]) == 2
    assert f"no rule {missing!r}" in capsys.readouterr().err
