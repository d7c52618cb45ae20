"""The rule catalogues of both editions: well formed, and every rule named by a test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from serenissima.engine.errors import RulesetError
from serenissima.engine.registry import RulesetPlugin, available_rulesets, get_plugin, load_ruleset
from serenissima.reference.catalogue import (
    CATALOGUE_FILE,
    RULE_ID,
    Catalogue,
    load_catalogue,
    read_catalogue,
)
from serenissima.reference.coverage import rule_ids_in_tests, uncovered, unknown_ids

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

# The areas of the classic rules in the rule book's order, with the number of
# rules in each: numbered without gaps, they are exactly the specification's IDs.
CLASSIC_AREAS = {
    "COMP": 8,
    "SETUP": 6,
    "ROUND": 2,
    "BID": 7,
    "P2": 2,
    "BUY": 8,
    "BUILD": 6,
    "HIRE": 3,
    "ORG": 4,
    "DISC": 2,
    "TRADE": 2,
    "MOVE": 6,
    "BAT": 8,
    "PATK": 8,
    "LAND": 4,
    "SALE": 5,
    "BONUS": 4,
    "INC": 1,
    "SCORE": 3,
    "NEG": 3,
}

# The decisions of the classic edition that a rule option switches.
CLASSIC_SWITCHES = {
    "X-C-01": ("zero_bid_order",),
    "X-C-04": ("money_unit",),
    "X-C-05": ("recruit_limit",),
    "X-C-07": ("classic_garrison_cap",),
    "X-C-14": ("defender_may_capture",),
    "X-C-21": ("counter_offer_in_range",),
    "X-C-28": ("max_forts_per_port",),
    "X-C-31": ("own_port_sales_pay",),
    "X-C-34": ("capital_bonus_scope",),
    "X-C-36": ("capital_scores_port_point",),
    "X-C-38": ("classic_tiebreak",),
    "X-C-41": ("allow_barter",),
    "X-C-48": ("sailor_pool",),
    "X-C-50": ("goods_per_type",),
    "X-002-16": ("scoring_002_extras",),
    "X-002-17": ("own_port_sales_pay",),
}


def _catalogue(edition: str) -> Catalogue:
    """The catalogue of ``edition``: through the registry once installed, else from its folder."""
    if edition in available_rulesets():
        return load_catalogue(edition)
    return read_catalogue(ROOT / "rulesets" / edition, edition)


def _catalogued() -> list[str]:
    """The installed rulesets that have a catalogue, as the script finds them."""
    return [n for n in available_rulesets() if (get_plugin(n).folder / CATALOGUE_FILE).is_file()]


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


def test_classic_catalogue_lists_every_rule_of_the_specification_in_order() -> None:
    catalogue = _catalogue("classic")
    assert catalogue.ruleset == "classic"
    expected = [
        _id(f"C {area} {n}") for area, count in CLASSIC_AREAS.items() for n in range(1, count + 1)
    ]
    assert list(catalogue.ids) == expected
    assert len(catalogue) == 92
    assert len(catalogue.sections) == len(CLASSIC_AREAS)
    assert catalogue.rule(_id("C P2 1")) in catalogue.in_section("Phase 2")
    assert catalogue.rule(_id("C PATK 3")).section == "Port attack"
    assert catalogue.prefixes == frozenset({"C"})


def test_classic_decisions_follow_the_specification() -> None:
    catalogue = _catalogue("classic")
    ids = [d.id for d in catalogue.decisions]
    assert ids == [f"X-C-{n:02d}" for n in range(1, 54)] + [f"X-002-{n:02d}" for n in range(1, 23)]
    switches = {d.id: d.options for d in catalogue.decisions if d.options}
    assert switches == CLASSIC_SWITCHES
    for entry in catalogue.decisions:
        assert entry.title[0].isupper(), entry.id
        assert entry.choice.endswith("."), entry.id
        assert "«" not in entry.choice, entry.id


def test_every_switchable_classic_decision_names_its_options() -> None:
    rules = load_ruleset("classic")
    catalogue = load_catalogue(rules)
    for spec in rules.options:
        if spec.rule_id.startswith("X-"):
            assert spec.name in catalogue.decision(spec.rule_id).options, spec.name
    named = {option for d in catalogue.decisions for option in d.options}
    assert named <= {spec.name for spec in rules.options}


@pytest.mark.parametrize("edition", ["modern", "classic"])
def test_every_rule_has_a_title_and_a_summary_of_its_own(edition: str) -> None:
    catalogue = _catalogue(edition)
    for entry in catalogue:
        assert entry.section in catalogue.sections
        assert entry.title
        assert entry.title[0].isupper()
        assert len(entry.summary.split()) >= 5, entry.id
        assert entry.summary.endswith("."), entry.id
        assert "«" not in entry.summary, entry.id  # no quotations from the rule books
    assert len({entry.summary for entry in catalogue}) == len(catalogue)
    assert len({entry.title for entry in catalogue}) == len(catalogue)


def test_rules_are_looked_up_by_id() -> None:
    catalogue = load_catalogue("modern")
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
    import serenissima.engine.registry as registry

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
    phase2 = _id("C P2 1")
    assert RULE_ID.findall(f"{phase2} X-C-01 X-002-16 {_id('C 2 1')}") == [phase2]


def test_a_catalogue_is_read_from_a_folder_without_the_registry(tmp_path: Path) -> None:
    decision = '[[decision]]\nid = "X-002-01"\ntitle = "T"\nchoice = "c"\noption = "nope"\n'
    (tmp_path / "catalogue.toml").write_text(_rule(_id("C P2 1")) + decision, encoding="utf-8")
    catalogue = read_catalogue(tmp_path, "mine")
    assert catalogue.ruleset == "mine"
    assert catalogue.ids == (_id("C P2 1"),)
    assert catalogue.decision("X-002-01").options == ("nope",)
    with pytest.raises(RulesetError) as caught:
        read_catalogue(tmp_path, "mine", options=["other"])
    assert caught.value.key == "decision[0].option[0]"
    with pytest.raises(RulesetError) as caught:
        read_catalogue(tmp_path / "missing", "mine")
    assert caught.value.file == "catalogue.toml"


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


def _run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def test_the_script_passes_when_every_rule_is_named(tmp_path: Path) -> None:
    editions = _catalogued()
    assert "modern" in editions
    ids = [rule_id for name in editions for rule_id in load_catalogue(name).ids]
    (tmp_path / "test_all.py").write_text("\n".join(f"# {rule_id}" for rule_id in ids))
    run = _run_script("--tests", str(tmp_path))
    assert run.returncode == 0
    assert run.stdout.splitlines() == [
        f"every rule ID of {name} is named by a test" for name in editions
    ]


def test_the_script_checks_every_edition_unless_told_one(tmp_path: Path) -> None:
    ids = load_catalogue("modern").ids
    (tmp_path / "test_modern.py").write_text("\n".join(f"# {rule_id}" for rule_id in ids))
    alone = _run_script("--ruleset", "modern", "--tests", str(tmp_path))
    assert alone.returncode == 0
    assert alone.stdout.strip() == "every rule ID of modern is named by a test"
    every = _run_script("--tests", str(tmp_path))
    others = [name for name in _catalogued() if name != "modern"]
    assert every.returncode == (1 if others else 0)
    assert "every rule ID of modern is named by a test" in every.stdout.splitlines()
    for name in others:
        assert f"rule IDs of {name} are named by no test" in every.stderr


# --- the project's own tests ---------------------------------------------------


def test_every_modern_rule_is_named_by_a_test() -> None:
    missing = uncovered(load_catalogue("modern"), TESTS)
    assert missing == [], f"{len(missing)} rule IDs are named by no test: {', '.join(missing)}"


def test_tests_name_no_modern_rule_that_does_not_exist() -> None:
    assert unknown_ids(load_catalogue("modern"), TESTS) == {}


def test_every_classic_rule_is_named_by_a_test() -> None:
    missing = uncovered(load_catalogue("classic"), TESTS)
    assert missing == [], f"{len(missing)} rule IDs are named by no test: {', '.join(missing)}"


def test_tests_name_no_classic_rule_that_does_not_exist() -> None:
    assert unknown_ids(load_catalogue("classic"), TESTS) == {}
