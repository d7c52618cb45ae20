"""The modern edition (2nd edition, 2012): the Doge wheel, blockades, skull dice.

The edition is a plug-in: :data:`EDITION` is registered under the entry-point
group ``serenissima.rulesets`` as ``modern``. Its numbers, tables, board and
options are the TOML files beside this module; its logic is the modules here.
"""

from __future__ import annotations

from importlib.resources import files

from serenissima.engine.registry import RulesetPlugin

from .engine import ModernEngine

__all__ = ["EDITION", "ModernEngine"]

EDITION = RulesetPlugin(name="modern", folder=files(__name__), engine=ModernEngine())
"""The modern ruleset's plug-in object."""
