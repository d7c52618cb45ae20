"""A griffe extension: a Google docstring's ``Example:`` section is read as ``Examples:``.

griffe reads only the plural heading as a section of examples (code shown as code);
the singular, which the project's docstrings use as often, would otherwise be shown
as a plain note whose doctest lines render as Markdown. Named in mkdocs.yml.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_SINGULAR = re.compile(r"^(\s*)Example:\s*$", re.MULTILINE)


class ExampleSections(griffe.Extension):
    """Rename the ``Example:`` heading of every docstring to ``Examples:``."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite the heading before the docstring is parsed."""
        if obj.docstring is not None:
            obj.docstring.value = _SINGULAR.sub(r"\1Examples:", obj.docstring.value)
