"""A game's history: the ``Game`` driver that keeps it, records and JSON.

:mod:`~serenissima.records.game` drives one game with history and undo,
:mod:`~serenissima.records.record` stores a finished or running game as a
versioned :class:`~serenissima.records.record.GameRecord`,
:mod:`~serenissima.records.replay` replays a record,
:mod:`~serenissima.records.converter` configures the ``cattrs`` converter of
each edition, and :mod:`~serenissima.records.serialize` turns every value of a
ruleset into JSON and back with it. This floor stands on the engine alone.
"""

__all__: list[str] = []
