"""The generated reference: what a ruleset's data says, for people to read.

The rules reference of a ruleset (:mod:`~serenissima.reference.rules`, with
the edition's parameters walked by :mod:`~serenissima.reference.params`), its
sections and tables (:mod:`~serenissima.reference.tables`) written as Markdown
or terminal text (:mod:`~serenissima.reference.formats`); rule catalogues
(:mod:`~serenissima.reference.catalogue`) and which tests name each rule
(:mod:`~serenissima.reference.coverage`); and the board drawn as SVG
(:mod:`~serenissima.reference.draw`, placed by
:mod:`~serenissima.reference.layout`). The terminal drawing of a state is the
editions' own (``Ruleset.render``), built from :mod:`serenissima.engine.sketch`.
This floor stands on the engine alone.
"""

from serenissima.reference.formats import format_markdown, format_text
from serenissima.reference.rules import EDGE_MARKS, ruleset_reference
from serenissima.reference.tables import Section, Table

__all__ = [
    "EDGE_MARKS",
    "Section",
    "Table",
    "format_markdown",
    "format_text",
    "ruleset_reference",
]
