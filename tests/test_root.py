"""The root package: the engine's vocabulary at once, the rest of the library on first use."""

from __future__ import annotations

import importlib
import importlib.resources
import subprocess
import sys

import pytest

import serenissima

UPPER = ("agents", "analysis", "cli", "env", "records", "reference", "server", "spiel", "testing")


def _loaded_after(code: str) -> set[str]:
    """The floors of ``serenissima`` a fresh interpreter has imported after running ``code``."""
    shown = "import sys; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\n{shown}"], capture_output=True, text=True, check=True
    ).stdout
    return {name.split(".")[1] for name in out.split() if name.startswith("serenissima.")}


def test_importing_the_root_loads_the_engine_and_nothing_above_it() -> None:
    assert _loaded_after("import serenissima") == {"engine"}


def test_playing_a_game_of_each_edition_loads_nothing_above_the_engine() -> None:
    code = (
        "import serenissima as ser\n"
        "for name in ('classic', 'modern'):\n"
        "    rules = ser.load_ruleset(name)\n"
        "    state = rules.new_game(2)\n"
        "    for _ in range(30):\n"
        "        if state.to_act == ser.CHANCE:\n"
        "            state = rules.apply(state, rules.chance_outcomes(state)[0][0])\n"
        "        else:\n"
        "            state = rules.apply(state, rules.legal_actions(state)[0])\n"
        "        rules.observe(state, 0)\n"
    )
    assert _loaded_after(code) == {"engine"}


def test_reading_a_lazy_name_loads_its_module_only() -> None:
    loaded = _loaded_after("import serenissima as ser\nser.make_agent")
    assert "agents" in loaded
    assert "analysis" not in loaded


@pytest.mark.parametrize("name", sorted(serenissima.__all__))
def test_every_name_of_the_root_is_its_modules_own_object(name: str) -> None:
    value = getattr(serenissima, name)
    home = serenissima._LAZY.get(name)
    if home is not None:
        assert value is getattr(importlib.import_module(home), name)
    assert name in dir(serenissima)


def test_from_import_of_a_lazy_name_works() -> None:
    from serenissima import GameRecord, simulate

    assert GameRecord.__module__ == "serenissima.records.record"
    assert callable(simulate)


@pytest.mark.parametrize("name", UPPER)
def test_each_sub_package_loads_when_read(name: str) -> None:
    assert getattr(serenissima, name) is importlib.import_module(f"serenissima.{name}")


def test_every_lazy_name_is_public_and_every_sub_package_is_known() -> None:
    assert set(serenissima._LAZY) <= set(serenissima.__all__)
    assert set(serenissima._SUBPACKAGES) == set(UPPER)


def test_a_name_the_root_lacks_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="'lod_ruleset'"):
        serenissima.lod_ruleset  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize("package", ["serenissima", "serenissima_rulesets"])
def test_both_packages_tell_type_checkers_they_are_typed(package: str) -> None:
    assert importlib.resources.files(package).joinpath("py.typed").is_file()
