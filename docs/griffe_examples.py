"""A griffe extension that prepares the project's docstrings for the API pages.

Two things the docstrings say in reStructuredText habits are turned into what
mkdocstrings shows well:

- a Google docstring's ``Example:`` heading is read as ``Examples:``: griffe reads only
  the plural as a section of examples (code shown as code), and the singular would
  otherwise be shown as a plain note whose doctest lines render as Markdown;
- a cross-reference role such as ``:class:`~serenissima.engine.ruleset.Ruleset``` or
  ``:func:`play_game``` becomes a link to that object's entry when the site documents it,
  and plain code when it does not (an optional autorefs reference, so a name that is not
  on any page never breaks the strict build). A relative name is looked up from the
  documented object: its own members, then its module's names.

Named in mkdocs.yml.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_SINGULAR = re.compile(r"^(\s*)Example:\s*$", re.MULTILINE)
_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|data|attr|mod|exc|obj|const):`(~?)\.?([\w.]+)`")


def _resolve(obj: griffe.Object, target: str) -> str:
    """The full path that ``target``, as written in ``obj``'s docstring, names."""
    if target.startswith("serenissima"):
        return target
    head, _, rest = target.partition(".")
    for scope in (obj, obj.parent if obj.parent is not None else obj, obj.module):
        member = scope.members.get(head) if isinstance(scope, griffe.Object) else None
        if member is None:
            continue
        try:
            base = member.target_path if isinstance(member, griffe.Alias) else member.path
        except griffe.AliasResolutionError:  # pragma: no cover - an import griffe cannot follow
            base = member.path
        return f"{base}.{rest}" if rest else base
    return f"{obj.module.path}.{target}"


def _links(obj: griffe.Object, text: str) -> str:
    def link(match: re.Match[str]) -> str:
        short, target = match.group(1), match.group(2)
        shown = target.rsplit(".", 1)[-1] if short else target
        return (
            f'<autoref identifier="{_resolve(obj, target)}" optional><code>{shown}</code></autoref>'
        )

    return _ROLE.sub(link, text)


class ExampleSections(griffe.Extension):
    """Rewrite each docstring's ``Example:`` headings and cross-reference roles."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Rewrite every docstring once the whole package is loaded (so names resolve)."""
        _rewrite(pkg, set())


def _rewrite(obj: griffe.Object, seen: set[str]) -> None:
    if obj.path in seen:
        return
    seen.add(obj.path)
    if obj.docstring is not None:
        value = _SINGULAR.sub(r"\1Examples:", obj.docstring.value)
        obj.docstring.value = _links(obj, value)
    for member in obj.members.values():
        if not isinstance(member, griffe.Alias):
            _rewrite(member, seen)
