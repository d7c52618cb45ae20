"""serenissima rules: show, list, rule and board, run through main() on the shipped editions."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import serenissima as ser
from serenissima.cli import main
from serenissima.reference.catalogue import load_catalogue

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "--help"],
        ["rules", "show", "--help"],
        ["rules", "list", "--help"],
        ["rules", "rule", "--help"],
        ["rules", "board", "--help"],
    ],
)
def test_help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("usage: serenissima rules")


def test_rules_is_listed_in_the_main_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "rules" in capsys.readouterr().out


def test_rules_needs_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["rules"])
    assert info.value.code == 2


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rules", "show", "modern", "--width", "90")
    assert (status, err) == (0, "")
    for title in ("Identity", "Numbers and tables", "Options", "Board", "Turn structure"):
        assert f"{title}\n{'=' * len(title)}" in out
    assert max(len(line) for line in out.splitlines()) <= 90


def test_show_one_section_as_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "rules", "show", "classic", "--section", "board", "--format", "markdown"
    )
    assert status == 0
    assert out.startswith("## Board\n")
    assert "## Options" not in out
    assert "### Adjacency" in out
    for port in ser.load_ruleset("classic").board.ports:
        assert f"| {port.id} |" in out


def test_show_sections_by_prefix_and_in_order_given(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "rules", "show", "modern", "--section", "turn", "--section", "ident"
    )
    assert status == 0
    assert out.index("Turn structure") < out.index("Identity")


def test_show_unknown_section(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rules", "show", "modern", "--section", "nowhere")
    assert (status, out) == (2, "")
    assert "'nowhere' is not a section" in err
    assert "Board" in err


def test_show_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "show", str(RULESETS / "modern"), "--section", "identity")
    assert status == 0
    assert "Serenissima, second edition" in out


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "list", "modern")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["id", "section", "title"]
    catalogue = load_catalogue("modern")
    assert [line.split()[0] for line in lines[1:]] == list(catalogue.ids)


def test_list_grep(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "list", "classic", "--grep", "MOVE")
    assert status == 0
    ids = [line.split()[0] for line in out.splitlines()[1:]]
    catalogue = load_catalogue("classic")
    expected = [
        r.id
        for r in catalogue.rules
        if any("move" in t.lower() for t in (r.id, r.section, r.title, r.summary))
    ]
    assert ids == expected
    assert "C-MOVE-1" in ids


def test_list_grep_without_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "list", "classic", "--grep", "zzzz-nothing")
    assert status == 0
    assert "no rule" in out


def test_list_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "list", "modern", "--decisions")
    assert status == 0
    assert "X-M-01" in out


def test_rule(capsys: pytest.CaptureFixture[str]) -> None:
    rule = load_catalogue("modern").rule("M-LOAD-6")
    status, out, _ = run(capsys, "rules", "rule", "m-load-6", "--width", "200")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"M-LOAD-6: {rule.title}"
    assert lines[1] == f"section: {rule.section} (modern)"
    assert " ".join(rule.summary.split()) in out


def test_rule_of_a_named_ruleset_and_a_decision(capsys: pytest.CaptureFixture[str]) -> None:
    decision = load_catalogue("classic").decision("X-C-14")
    status, out, _ = run(capsys, "rules", "rule", "X-C-14", "--ruleset", "classic")
    assert status == 0
    assert out.startswith(f"X-C-14: {decision.title}")
    assert "defender_may_capture" in out


@pytest.mark.rules("X-C-36", "X-C-31")
@pytest.mark.parametrize(
    ("decision_id", "cited"), [("X-C-36", "14 points"), ("X-C-31", "no money")]
)
def test_a_decision_resting_on_an_outside_account_shows_its_evidence(
    capsys: pytest.CaptureFixture[str], decision_id: str, cited: str
) -> None:
    decision = load_catalogue("classic").decision(decision_id)
    assert cited in decision.evidence
    status, out, _ = run(
        capsys, "rules", "rule", decision_id, "--ruleset", "classic", "--width", "400"
    )
    assert status == 0
    assert f"Evidence: {decision.evidence}" in out


def test_a_decision_without_evidence_shows_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert load_catalogue("classic").decision("X-C-14").evidence == ""
    _, out, _ = run(capsys, "rules", "rule", "X-C-14", "--ruleset", "classic")
    assert "Evidence" not in out


def test_unknown_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "rules", "rule", "M-LOAD-6", "--ruleset", "classic")
    assert status == 2
    assert "no rule 'M-LOAD-6'" in err


def test_board_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "board", "modern", "--width", "120")
    assert status == 0
    assert "Adjacency" in out
    assert "Sea areas" in out
    assert "Marseille*" in out
    assert "Ports\n" not in out


def test_board_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "board.svg"
    status, out, _ = run(capsys, "rules", "board", "classic", "--svg", str(path))
    assert status == 0
    assert str(path) in out
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")


def test_board_svg_to_a_bad_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(
        capsys, "rules", "board", "modern", "--svg", str(tmp_path / "no" / "b.svg")
    )
    assert status == 2
    assert "cannot write" in err
