"""The fuzz targets by name: an entry point each, with its strategy of cases."""

from __future__ import annotations

from hypothesis import strategies as st

from fuzzing.cli_cases import cli_cases
from fuzzing.engine_cases import agent_cases, game_cases, ruleset_cases
from fuzzing.folder_cases import folder_cases
from fuzzing.harness import Case
from fuzzing.record_cases import record_cases

TARGETS: dict[str, st.SearchStrategy[Case]] = {
    "ruleset": ruleset_cases(),
    "game": game_cases(),
    "agents": agent_cases(),
    "records": record_cases(),
    "loader": folder_cases(),
    "cli": cli_cases(),
}
"""Each entry point under attack, and the cases thrown at it."""
