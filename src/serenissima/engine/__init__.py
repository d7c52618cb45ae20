"""The engine: the floor every other part of serenissima stands on.

It holds the vocabulary of a game (states, actions, events, decisions, errors),
the declarative schema of a ruleset and its TOML loader, the board graph, the
small rules both editions share, the phase tables that give an edition its turn
structure, the :class:`~serenissima.engine.ruleset.Ruleset` with its ``Engine``
protocol, and the registry that finds rulesets installed as plug-ins.

The engine imports nothing above it, and it is all an edition may import. Its
public names are re-exported from :mod:`serenissima`.
"""

__all__: list[str] = []
