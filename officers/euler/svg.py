"""Pictures of cards and squares as SVG, drawn by officers itself: one drawing for the printed
sheets, the docs and the web page.

Glossary
--------
card face
    A rounded rectangle with the rank letter in two corners (``A K Q J``; on German faces
    ``A K D B``: Ass, König, Dame, Bube) and the suit drawn as a shape in the middle: paths and
    circles, no fonts for the suits and no images. The letters use the reader's own sans-serif
    font; hearts and diamonds are red, spades and clubs black.
hooks
    Every card is a ``<g class="card" data-card="AS">`` with a ``<title>`` and an
    ``aria-label`` (``Ace of Spades``); every cell of a square a ``<g class="cell"
    data-cell="0">`` (``data-card`` too when it holds one), labelled ``row 1, column 1``.

The output is deterministic: the same square gives the same text, byte for byte.

>>> from officers import Card, Square
>>> import xml.etree.ElementTree as ET
>>> picture = square_svg(Square("AC3/1JS2/1AH1QD/4"))
>>> root = ET.fromstring(picture)
>>> len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='card']"))
4
>>> 'aria-label="Ace of Clubs"' in picture, picture == square_svg(Square("AC3/1JS2/1AH1QD/4"))
(True, True)
>>> card_svg(Card.parse("QD")).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

from typing import Final, Literal
from xml.sax.saxutils import escape, quoteattr

from officers.core.errors import UnsupportedError
from officers.euler.cards import Card
from officers.euler.square import EMPTY, Square

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "card_face", "card_svg", "square_svg"]

Language = Literal["en", "de"]

CARD_WIDTH: Final = 60
"""The width of a card face in SVG units (its height is :data:`CARD_HEIGHT`)."""
CARD_HEIGHT: Final = 84

_NS: Final = "http://www.w3.org/2000/svg"
_RED: Final = "#b3261e"
_BLACK: Final = "#1a1a1a"
_GAP: Final = 6
_MARGIN: Final = 22

# The suits in a 100 x 100 box.
_HEART: Final = (
    '<path d="M50 92C22 68 2 50 2 30C2 13 14 3 28 3C39 3 47 10 50 20C53 10 61 3 72 3'
    'C86 3 98 13 98 30C98 50 78 68 50 92Z"/>'
)
_DIAMOND: Final = '<path d="M50 2L88 50L50 98L12 50Z"/>'
_SPADE: Final = (
    '<path d="M50 2C72 28 98 42 98 64C98 79 87 88 74 88C65 88 58 83 54 76C55 87 60 94 68 98'
    'H32C40 94 45 87 46 76C42 83 35 88 26 88C13 88 2 79 2 64C2 42 28 28 50 2Z"/>'
)
_CLUB: Final = (
    '<circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/>'
    '<circle cx="74" cy="60" r="22"/><path d="M45 55H55L62 98H38Z"/>'
)
_SUITS: Final = (_SPADE, _HEART, _DIAMOND, _CLUB)


def _name(card: Card, lang: Language) -> str:
    return card.name_de() if lang == "de" else card.name_en()


def _letter(card: Card, lang: Language) -> str:
    """The rank letter in the corners: ``A K Q J``, German ``A K D B`` (Ass, König, Dame, Bube).

    >>> [_letter(card, "de") for card in (Card.parse("AS"), Card.parse("QH"), Card.parse("JC"))]
    ['A', 'D', 'B']
    """
    return card.rank.letter() if lang == "en" else card.rank.name_de()[0]


def card_face(card: Card, x: float = 0, y: float = 0, *, lang: Language = "en") -> str:
    """The SVG element (a ``<g>``) of a card face of :data:`CARD_WIDTH` × :data:`CARD_HEIGHT`
    with its top left corner at ``(x, y)``: for embedding in a larger picture.

    >>> face = card_face(Card.parse("KH"))
    >>> face.startswith('<g class="card" data-card="KH" role="img" aria-label="King of Hearts"')
    True
    """
    colour = _RED if card.suit in (1, 2) else _BLACK
    name = escape(_name(card, lang))
    letter = _letter(card, lang)
    w, h = CARD_WIDTH, CARD_HEIGHT
    return (
        f'<g class="card" data-card="{card.notation()}" role="img" aria-label="{name}" '
        f'transform="translate({_num(x)} {_num(y)})">'
        f"<title>{name}</title>"
        f'<rect width="{w}" height="{h}" rx="6" fill="#fffdf8" stroke="#555" stroke-width="1"/>'
        f'<g fill="{colour}" font-family="sans-serif" font-weight="bold" font-size="16" '
        f'aria-hidden="true">'
        f'<text x="6" y="18">{letter}</text>'
        f'<text x="{w - 6}" y="{h - 6}" text-anchor="end">{letter}</text>'
        f'<g transform="translate(5 22) scale(0.12)">{_SUITS[card.suit]}</g>'
        f'<g transform="translate(15 27) scale(0.3)">{_SUITS[card.suit]}</g>'
        "</g></g>"
    )


def card_svg(card: Card, *, lang: Language = "en") -> str:
    """A card face as a whole SVG document.

    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(card_svg(Card.parse("JC"))).find("{http://www.w3.org/2000/svg}title").text
    'Jack of Clubs'
    """
    name = escape(_name(card, lang))
    return (
        f'<svg xmlns="{_NS}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" width="{CARD_WIDTH}" '
        f'height="{CARD_HEIGHT}" role="img" aria-label="{name}"><title>{name}</title>'
        f"{card_face(card, lang=lang)}</svg>"
    )


def square_svg(
    square: Square,
    *,
    size: float | None = None,
    labels: bool = True,
    diagonals: bool = False,
    title: str | None = None,
    lang: Language = "en",
) -> str:
    """A square drawn as cards on a 4 × 4 board, as a whole SVG document.

    Parameters
    ----------
    square : Square
        The square (order 4); empty cells are drawn as dashed outlines.
    size : float or None
        The width in pixels (the height follows); by default the natural size.
    labels : bool
        Number the rows and columns (1-4) around the board.
    diagonals : bool
        Mark the two diagonals (the Expert level's extra lines).
    title : str or None
        The picture's title (default: the square's notation).
    lang : {"en", "de"}
        The language of the card names and the cells' labels.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(square_svg(Square("ADJC2/4/JS3/KC3"), diagonals=True, size=200))
    >>> root.get("width"), len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='cell']"))
    ('200', 16)
    """
    if square.order != 4:
        raise UnsupportedError(f"squares are drawn at order 4 only, not at order {square.order}")
    margin = _MARGIN if labels else _GAP
    step_x, step_y = CARD_WIDTH + _GAP, CARD_HEIGHT + _GAP
    width = margin + 4 * step_x
    height = margin + 4 * step_y
    text = escape(title if title is not None else square.notation())
    scale = "" if size is None else f' width="{_num(size)}" height="{_num(size * height / width)}"'
    parts = [
        f'<svg xmlns="{_NS}" viewBox="0 0 {width} {height}"{scale} role="img" '
        f"aria-label={quoteattr(title if title is not None else square.notation())}>",
        f"<title>{text}</title>",
        f'<rect width="{width}" height="{height}" fill="#2e6b3f" rx="8"/>',
    ]
    if labels:
        parts.append(_labels(margin))
    if diagonals:
        parts.append(_diagonals(margin, width, height))
    parts.extend(_cell(cell, value, margin, lang) for cell, value in enumerate(square.values))
    parts.append("</svg>")
    return "".join(parts)


def _labels(margin: int) -> str:
    """The row and column numbers around the board."""
    step_x, step_y = CARD_WIDTH + _GAP, CARD_HEIGHT + _GAP
    parts = ['<g fill="#f4f1e8" font-family="sans-serif" font-size="12" aria-hidden="true">']
    for i in range(4):
        parts.append(
            f'<text x="{margin + i * step_x + CARD_WIDTH // 2}" y="15" '
            f'text-anchor="middle">{i + 1}</text>'
        )
        parts.append(f'<text x="8" y="{margin + i * step_y + CARD_HEIGHT // 2 + 4}">{i + 1}</text>')
    parts.append("</g>")
    return "".join(parts)


def _diagonals(margin: int, width: int, height: int) -> str:
    """The two diagonals, drawn faintly across the board."""
    right, bottom = width - _GAP // 2, height - _GAP // 2
    left, top = margin - _GAP // 2, margin - _GAP // 2
    return (
        f'<g stroke="#f4f1e8" stroke-opacity="0.5" stroke-width="2" aria-hidden="true">'
        f'<line x1="{left}" y1="{top}" x2="{right}" y2="{bottom}"/>'
        f'<line x1="{right}" y1="{top}" x2="{left}" y2="{bottom}"/></g>'
    )


def _cell(cell: int, value: int, margin: int, lang: Language) -> str:
    """One cell: a dashed outline, or the card on it."""
    row, column = divmod(cell, 4)
    x, y = margin + column * (CARD_WIDTH + _GAP), margin + row * (CARD_HEIGHT + _GAP)
    where = _where(row, column, lang)
    if value == EMPTY:
        return (
            f'<g class="cell" data-cell="{cell}" aria-label="{where}">'
            f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" '
            f'fill="none" stroke="#f4f1e8" stroke-opacity="0.6" stroke-dasharray="4 3"/></g>'
        )
    card = Card(value)
    return (
        f'<g class="cell" data-cell="{cell}" data-card="{card.notation()}" '
        f'aria-label="{where}">{card_face(card, x, y, lang=lang)}</g>'
    )


def _where(row: int, column: int, lang: Language) -> str:
    if lang == "de":
        return f"Zeile {row + 1}, Spalte {column + 1}"
    return f"row {row + 1}, column {column + 1}"


def _num(value: float) -> str:
    """A number as SVG writes it: no trailing zeros, the same text every time."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"
