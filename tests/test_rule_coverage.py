"""The rule catalogue: well formed, and every rule named by a test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from serenissima.catalogue import (
    RULE_ID,
    load_catalogue,
    rule_ids_in_tests,
    uncovered,
    unknown_ids,
)
from serenissima.errors import RulesetError
from serenissima.registry import RulesetPlugin, load_ruleset

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SCRIPT = ROOT / "scripts" / "uncovered_rules.py"


def _id(spaced: str) -> str:
    """A rule ID written with spaces, so that this file itself names no rule."""
    return spaced.replace(" ", "-")


# The areas of the modern rules, in the order the rule book presents them.
MODERN_AREAS = (
    "COMP",
    "SETUP",
    "TURN",
    "ACT",
    "GAL",
    "PORT",
    "LOAD",
    "MOVE",
    "BLOCK",
    "SALE",
    "BAT",
    "CONQ",
    "INV",
    "END",
    "SCORE",
    "GAME",
    "NEG",
)


# --- the catalogue itself ----------------------------------------------------


def test_modern_catalogue_lists_every_area_in_order_without_gaps() -> None:
    catalogue = load_catalogue("modern")
    assert catalogue.ruleset == "modern"
    areas = [rule_id.split("-")[1] for rule_id in catalogue.ids]
    assert tuple(dict.fromkeys(areas)) == MODERN_AREAS
    for area in MODERN_AREAS:
        numbers = [int(r.split("-")[2]) for r in catalogue.ids if r.split("-")[1] == area]
        assert numbers == list(range(1, len(numbers) + 1)), area
    assert len(catalogue) == 108


def test_every_rule_has_a_title_and_a_summary_of_its_own() -> None:
    catalogue = load_catalogue("modern")
    for entry in catalogue:
        assert entry.section in catalogue.sections
        assert entry.title
        assert entry.title[0].isupper()
        assert len(entry.summary.split()) >= 5, entry.id
        assert entry.summary.endswith("."), entry.id
        assert "«" not in entry.summary, entry.id  # no quotations from the rule books
    assert len({entry.summary for entry in catalogue}) == len(catalogue)
    assert catalogue.rule(_id("M GAL 4")) in catalogue.in_section("Galleys")
    assert _id("M GAL 4") in catalogue
    assert _id("M GAL 99") not in catalogue
    with pytest.raises(KeyError):
        catalogue.rule(_id("M GAL 99"))


def test_every_switchable_decision_names_its_options() -> None:
    rules = load_ruleset("modern")
    catalogue = load_catalogue(rules)
    ids = [d.id for d in catalogue.decisions]
    assert ids == [f"X-M-{n:02d}" for n in range(1, len(ids) + 1)]
    for spec in rules.options:
        if spec.rule_id.startswith("X-"):
            assert spec.name in catalogue.decision(spec.rule_id).options, spec.name
    named = {option for d in catalogue.decisions for option in d.options}
    assert named <= {spec.name for spec in rules.options}
    assert catalogue.decision(_id("X M 18")).options == ("closed_ports", "closed_ports_conquerable")
    assert catalogue.decision(_id("X M 02")).options == ()


def test_a_folder_ruleset_shares_its_editions_catalogue(tmp_path: Path) -> None:
    (tmp_path / "ruleset.toml").write_text(
        '[ruleset]\nid = "modern-copy"\nengine = "modern"\nbase = "modern"\n', encoding="utf-8"
    )
    variant = load_ruleset(tmp_path)
    assert variant.id == "modern-copy"
    assert load_catalogue(variant).ids == load_catalogue("modern").ids


def _with_catalogue(monkeypatch: pytest.MonkeyPatch, folder: Path, text: str) -> None:
    """Make the installed modern plug-in read its catalogue from ``folder``."""
    import serenissima.registry as registry

    (folder / "catalogue.toml").write_text(text, encoding="utf-8")
    real = registry.get_plugin("modern")
    fake = RulesetPlugin(name="modern", folder=folder, engine=real.engine)
    monkeypatch.setattr(registry, "get_plugin", lambda name: fake)


def _rule(rule_id: str, summary: str = "Something happens.") -> str:
    return f'[[rule]]\nid = "{rule_id}"\nsection = "S"\ntitle = "T"\nsummary = "{summary}"\n'


_A1 = _id("M A 1")


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        (_rule(_A1).replace('summary = "Something happens."\n', ""), "rule[0].summary", "missing"),
        (_rule(_A1) + _rule(_A1, "Else."), "rule[1].id", _A1),
        (_rule("load-6"), "rule[0].id", "expected a rule ID"),
        (
            _rule(_A1) + '[[decision]]\nid = "X-M-1"\ntitle = "T"\nchoice = "c"\noption = "nope"\n',
            "decision[0].option[0]",
            "nope",
        ),
    ],
    ids=["missing-key", "duplicate-id", "bad-id", "unknown-option"],
)
def test_a_malformed_catalogue_names_the_key_at_fault(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, text: str, key: str, expected: str
) -> None:
    _with_catalogue(monkeypatch, tmp_path, text)
    with pytest.raises(RulesetError) as caught:
        load_catalogue(load_ruleset("modern"))
    assert caught.value.file == "catalogue.toml"
    assert caught.value.key == key
    assert expected in caught.value.expected


# --- finding rule IDs in tests -----------------------------------------------


def test_rule_ids_are_found_in_markers_docstrings_and_comments(tmp_path: Path) -> None:
    load6, load7, move3, gal1 = (_id(s) for s in ("M LOAD 6", "M LOAD 7", "C MOVE 3", "M GAL 1"))
    (tmp_path / "test_one.py").write_text(
        f'@pytest.mark.rules("{load6}", "{load7}")\n'
        "def test_x():\n"
        f'    """A second cube costs a ducat ({load6})."""\n'
        f"    # see also {move3}\n",
        encoding="utf-8",
    )
    nested = tmp_path / "deeper"
    nested.mkdir()
    others = f"{_id('X M 05')} and {_id('WE M 01')} are no rules"
    (nested / "test_two.py").write_text(f"# {load6} again; {others}\n")
    (nested / "helpers.py").write_text(f"# {gal1} in a helper is not a test\n")
    one, two = str(tmp_path / "test_one.py"), str(nested / "test_two.py")
    assert rule_ids_in_tests([tmp_path]) == {
        move3: [one],
        load6: sorted([one, two]),
        load7: [one],
    }
    helper = nested / "helpers.py"
    assert rule_ids_in_tests([helper]) == {gal1: [str(helper)]}
    assert RULE_ID.findall(f"{load6}x {load6} M{load6}") == [load6]


def test_uncovered_and_unknown_ids_of_a_folder(tmp_path: Path) -> None:
    catalogue = load_catalogue("modern")
    assert uncovered(catalogue, tmp_path) == list(catalogue.ids)
    everything = "\n".join(f"# {rule_id}" for rule_id in catalogue.ids)
    typo, classic = _id("M LOAD 99"), _id("C LOAD 1")
    (tmp_path / "test_all.py").write_text(f"{everything}\n# {typo} {classic}\n")
    assert uncovered(catalogue, tmp_path) == []
    assert unknown_ids(catalogue, tmp_path) == {typo: [str(tmp_path / "test_all.py")]}


def test_the_script_lists_uncovered_ids_and_fails(tmp_path: Path) -> None:
    first, second = load_catalogue("modern").ids[:2]
    (tmp_path / "test_some.py").write_text(f"# {first}\n")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--ruleset", "modern", "--tests", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    listed = [line.split("\t")[0] for line in run.stdout.splitlines()]
    assert first not in listed
    assert listed[0] == second
    assert len(listed) == 107


def test_the_script_passes_when_every_rule_is_named(tmp_path: Path) -> None:
    ids = load_catalogue("modern").ids
    (tmp_path / "test_all.py").write_text("\n".join(f"# {rule_id}" for rule_id in ids))
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--tests", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0
    assert run.stdout.strip() == "every rule ID of modern is named by a test"


# --- the project's own tests ---------------------------------------------------


def test_every_modern_rule_is_named_by_a_test() -> None:
    missing = uncovered(load_catalogue("modern"), TESTS)
    assert missing == [], f"{len(missing)} rule IDs are named by no test: {', '.join(missing)}"


def test_tests_name_no_modern_rule_that_does_not_exist() -> None:
    assert unknown_ids(load_catalogue("modern"), TESTS) == {}
