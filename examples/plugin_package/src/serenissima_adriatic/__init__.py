"""A ruleset plug-in: the modern edition's logic on a board of this package's own.

The package holds the ruleset's TOML files beside this module (``ruleset.toml``
and ``board.toml``; the rest comes from the ``base`` it names) and exposes one
:class:`~serenissima.engine.registry.RulesetPlugin`, :data:`EDITION`, which its
``pyproject.toml`` registers under the entry-point group
``serenissima.rulesets``.
"""

from __future__ import annotations

from importlib.resources import files

from serenissima.engine.registry import RulesetPlugin
from serenissima_rulesets.modern import ModernEngine

__all__ = ["EDITION"]

EDITION = RulesetPlugin(name="modern-adriatic", folder=files(__name__), engine=ModernEngine())
"""The plug-in: its files are this package's folder, its logic the modern engine."""
