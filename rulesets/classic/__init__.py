"""The classic edition (1996): six phases a round, secret bids for turn order, wealth points.

The edition is a plug-in: :data:`EDITION` is registered under the entry-point
group ``serenissima.rulesets`` as ``classic``. Its numbers, tables, board and
options are the TOML files beside this module; its logic is the modules here.
"""

from __future__ import annotations

from importlib.resources import files

from serenissima.engine.registry import RulesetPlugin

from .engine import ClassicEngine

__all__ = ["EDITION", "ClassicEngine"]

EDITION = RulesetPlugin(name="classic", folder=files(__name__), engine=ClassicEngine())
"""The classic ruleset's plug-in object."""
