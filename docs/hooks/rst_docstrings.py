"""Read officers' docstrings for the reference site: numpydoc sections stay for mkdocstrings to
parse; the reStructuredText around them becomes Markdown.

The docstrings are written for ``help()``, for doctest and for numpydoc: glossaries as
definition lists under ``Glossary`` / ``--------``, doctest blocks, ``:class:`X``` roles,
``::`` literal blocks. Markdown reads none of these; this griffe extension rewrites them before
the docstrings are parsed, so that the source keeps its plain form:

- a numpydoc section (``Parameters``, ``Returns``, ``Raises``, ``Examples``, ...) is left as is;
- any other section title becomes a bold line, and its definition list a bulleted one;
- a doctest block becomes a ``pycon`` code block;
- a role becomes inline code (``:func:`~officers.euler.solve.count_completions``` → ``count_completions``);
- a literal block after ``::`` stays an indented code block.

Used by mkdocs.yml (``extensions`` of the python handler); not part of officers.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

NUMPYDOC_SECTIONS = {
    "parameters", "other parameters", "returns", "yields", "receives", "raises", "warns",
    "warnings", "see also", "notes", "references", "examples", "attributes", "methods",
    "functions", "classes", "modules", "deprecated",
}  # fmt: skip

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|attr|exc|data|obj|const|ref):`~?([^`]+)`")
_UNDERLINE = re.compile(r"^(-{3,}|={3,})\s*$")


def _role(match: re.Match[str]) -> str:
    target = match.group(1)
    if match.group(0).split("`")[1].startswith("~"):
        target = target.rsplit(".", 1)[-1]
    return f"`{target}`"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def to_markdown(text: str) -> str:
    """The docstring with its reStructuredText outside numpydoc sections made Markdown."""
    lines = text.splitlines()
    out: list[str] = []
    in_numpydoc = False
    i = 0
    while i < len(lines):
        line = lines[i]
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip() and _UNDERLINE.match(following) and not _indent(line):
            in_numpydoc = line.strip().lower() in NUMPYDOC_SECTIONS
            out += [line, following] if in_numpydoc else [f"**{line.strip()}**", ""]
            i += 2
            continue
        if in_numpydoc:
            out.append(line)
            i += 1
            continue
        if line.lstrip().startswith(">>>"):
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            out += ["", "```pycon", *block, "```", ""]
            continue
        if line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            out.append(_ROLE.sub(_role, line.rstrip()[:-1]))
            i += 1
            while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > _indent(line)):
                out.append(lines[i])
                i += 1
            continue
        if (
            line.strip()
            and not _indent(line)
            and following.strip()
            and _indent(following) >= 4
            and not line.lstrip().startswith(("-", "*", ">>>"))
        ):
            definition = []
            i += 1
            while i < len(lines) and lines[i].strip() and _indent(lines[i]) >= 4:
                definition.append(lines[i].strip())
                i += 1
            term = _ROLE.sub(_role, line.strip())
            if out and out[-1].strip() and not out[-1].startswith("- "):
                out.append("")
            out.append(f"- **{term}**: " + _ROLE.sub(_role, " ".join(definition)))
            continue
        out.append(_ROLE.sub(_role, line))
        i += 1
    return "\n".join(out)


class RstDocstrings(griffe.Extension):
    """Rewrite each docstring with :func:`to_markdown` as soon as its object is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = to_markdown(obj.docstring.value)
