"""The generated reference: what a ruleset's data says, for people to read.

Rules reference tables (:mod:`~serenissima.reference.rules`), rule catalogues
and which tests name each rule (:mod:`~serenissima.reference.catalogue`), and
the board drawn as SVG (:mod:`~serenissima.reference.draw`). The terminal
drawing of a state is the editions' own (``Ruleset.render``), built from
:mod:`serenissima.engine.sketch`. This floor stands on the engine alone.
"""

from serenissima.reference.rules import (
    EDGE_MARKS,
    Section,
    Table,
    format_markdown,
    format_text,
    ruleset_reference,
)

__all__ = [
    "EDGE_MARKS",
    "Section",
    "Table",
    "format_markdown",
    "format_text",
    "ruleset_reference",
]
