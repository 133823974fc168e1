"""Printable sheets of riddles: the starts drawn as cards, the solutions on a later page.

Two forms, both self-contained (no external fonts, images, scripts or style sheets) and
deterministic: :func:`sheet_html`, an HTML page with print CSS (A4, the solutions after a page
break), and :func:`sheet_svg`, one SVG picture (the starts, then the solutions below a rule).
The cards are drawn by :mod:`officers.euler.svg`.

>>> import xml.etree.ElementTree as ET
>>> from officers.euler.puzzles import new_start
>>> riddles = [new_start(k=6, seed=n) for n in (1, 2)]
>>> root = ET.fromstring(sheet_svg(riddles))
>>> len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='card']"))  # 6 + 6 + 16 + 16
44
>>> "break-before: page" in sheet_html(riddles)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from officers.euler.puzzles.generate import Riddle
from officers.euler.svg import square_svg

__all__ = ["caption", "sheet_html", "sheet_svg"]

_CSS = """
body { font-family: sans-serif; color: #1a1a1a; margin: 2em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; }
.grid { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figure.start svg { width: 15em; height: auto; }
figure.solution svg { width: 9em; height: auto; }
figcaption { font-size: 0.85em; margin-top: 0.3em; }
.solutions { break-before: page; page-break-before: always; }
@page { size: A4; margin: 15mm; }
@media print { body { margin: 0; } }
""".strip()


def caption(number: int, riddle: Riddle) -> str:
    """The caption of a riddle on a sheet.

    >>> from officers.euler.puzzles import new_start
    >>> caption(1, new_start(k=6, seed=1))
    'Riddle 1: 6 cards, grade 1 (Easy), rows and columns'
    """
    return (
        f"Riddle {number}: {riddle.start.placed_count()} cards, grade {riddle.grade.level} "
        f"({riddle.grade.name}), {riddle.rules.describe()}"
    )


def sheet_html(riddles: Sequence[Riddle], *, title: str = "Euler's Officers: riddles") -> str:
    """An HTML page of riddles for printing (see the module doc)."""
    heading = escape(title)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{heading}</title><style>{_CSS}</style></head><body>",
        f"<h1>{heading}</h1>",
        "<p>Lay out the remaining cards so that no row or column (and, where marked, no "
        "diagonal) holds two cards of one rank or one suit. Each riddle has exactly one "
        "solution.</p>",
        '<section class="starts"><div class="grid">',
    ]
    for number, riddle in enumerate(riddles, 1):
        text = escape(caption(number, riddle))
        picture = square_svg(riddle.start, diagonals=riddle.rules.diagonals, title=text)
        parts.append(f'<figure class="start">{picture}<figcaption>{text}</figcaption></figure>')
    parts.append('</div></section><section class="solutions"><h2>Solutions</h2><div class="grid">')
    for number, riddle in enumerate(riddles, 1):
        text = f"Solution {number}"
        picture = square_svg(riddle.solution, diagonals=riddle.rules.diagonals, title=text)
        parts.append(f'<figure class="solution">{picture}<figcaption>{text}</figcaption></figure>')
    parts.append("</div></section></body></html>")
    return "\n".join(parts) + "\n"


def sheet_svg(riddles: Sequence[Riddle], *, title: str = "Euler's Officers: riddles") -> str:
    """One SVG picture of riddles: the starts in rows of three, then the solutions."""
    columns, cell_w, cell_h, gap = 3, 286.0, 400.0, 30.0
    starts = [(caption(n, r), r.start, r.rules.diagonals) for n, r in enumerate(riddles, 1)]
    solutions = [(f"Solution {n}", r.solution, r.rules.diagonals) for n, r in enumerate(riddles, 1)]
    rows_starts = -(-len(starts) // columns)
    top_solutions = 60 + rows_starts * (cell_h + gap) + 60
    height = top_solutions + -(-len(solutions) // columns) * (cell_h + gap) + 20
    width = columns * (cell_w + gap) + gap
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
        f'<rect width="{width:g}" height="{height:g}" fill="white"/>',
        f'<text x="{gap:g}" y="40" font-family="sans-serif" font-size="26">{escape(title)}</text>',
        f'<line x1="{gap:g}" y1="{top_solutions - 40:g}" x2="{width - gap:g}" '
        f'y2="{top_solutions - 40:g}" stroke="#888" stroke-dasharray="6 4"/>',
        f'<text x="{gap:g}" y="{top_solutions - 10:g}" font-family="sans-serif" '
        'font-size="22">Solutions</text>',
    ]
    for top, items in ((60.0, starts), (top_solutions + 10, solutions)):
        for i, (text, square, diagonals) in enumerate(items):
            x = gap + (i % columns) * (cell_w + gap)
            y = top + (i // columns) * (cell_h + gap)
            inner = square_svg(square, diagonals=diagonals, title=text, size=cell_w)
            inner = inner.replace("<svg ", f'<svg x="{x:g}" y="{y:g}" ', 1)
            parts.append(inner)
            parts.append(
                f'<text x="{x:g}" y="{y + cell_w * 382 / 286 + 24:g}" font-family="sans-serif" '
                f'font-size="15">{escape(text)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
