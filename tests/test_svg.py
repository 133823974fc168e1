"""Pictures: well-formed SVG, one card element per filled cell, accessible, deterministic."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings

from officers import Card, Square, UnsupportedError
from officers.euler.svg import card_svg, square_svg
from tests.strategies import partial_squares

SVG = "{http://www.w3.org/2000/svg}"


@settings(max_examples=60, deadline=None)
@given(square=partial_squares())
def test_square_svg_has_a_card_per_filled_cell(square: Square) -> None:
    text = square_svg(square)
    root = ET.fromstring(text)  # well-formed XML
    assert root.tag == SVG + "svg" and root.find(SVG + "title") is not None
    cards = root.findall(f".//{SVG}g[@class='card']")
    assert len(cards) == square.placed_count()
    cells = root.findall(f".//{SVG}g[@class='cell']")
    assert [int(c.get("data-cell", "-1")) for c in cells] == list(range(16))
    for cell in cells:
        value = square.values[int(cell.get("data-cell", "-1"))]
        assert cell.get("data-card") == (None if value == -1 else Card(value).notation())
        assert cell.get("aria-label", "").startswith("row ")
    for card in cards:
        name = Card.parse(card.get("data-card", "")).name_en()
        assert card.get("aria-label") == name and card.findtext(SVG + "title") == name
    assert text == square_svg(square)  # deterministic


def _corner_letters(root: ET.Element) -> list[str]:
    """The texts of a card face's ``<text>`` elements: the rank letter in its two corners."""
    return [text.text or "" for text in root.iter(SVG + "text")]


@pytest.mark.parametrize("value", range(16))
def test_every_card_face(value: int) -> None:
    card = Card(value)
    root = ET.fromstring(card_svg(card))
    assert root.findtext(SVG + "title") == card.name_en()
    assert _corner_letters(root) == [card.rank.letter()] * 2
    assert "<image" not in card_svg(card) and "href" not in card_svg(card)  # drawn, not loaded
    german = ET.fromstring(card_svg(card, lang="de"))
    assert german.findtext(SVG + "title") == card.name_de()
    assert _corner_letters(german) == ["AKDB"[card.rank]] * 2


@pytest.mark.parametrize(
    ("notation", "english", "german"),
    [("AS", "A", "A"), ("KD", "K", "K"), ("QH", "Q", "D"), ("JC", "J", "B"), ("JS", "J", "B")],
)
def test_german_faces_show_the_german_rank_letter(notation: str, english: str, german: str) -> None:
    """A German face shows Ass, König, Dame, Bube as A K D B, never the suit's initial."""
    card = Card.parse(notation)
    assert _corner_letters(ET.fromstring(card_svg(card))) == [english, english]
    assert _corner_letters(ET.fromstring(card_svg(card, lang="de"))) == [german, german]
    square = ET.fromstring(square_svg(Square(f"{notation}3/4/4/4"), labels=False, lang="de"))
    assert _corner_letters(square) == [german, german]


def test_options() -> None:
    square = Square("ADJC2/4/JS3/KC3")
    plain = ET.fromstring(square_svg(square, labels=False))
    marked = ET.fromstring(square_svg(square, diagonals=True, size=300, title="Expert"))
    assert len(marked.findall(f".//{SVG}line")) == 2 and not plain.findall(f".//{SVG}line")
    assert marked.get("width") == "300" and marked.findtext(SVG + "title") == "Expert"
    assert not plain.findall(f".//{SVG}text[@x='8']")  # no row numbers
    with pytest.raises(UnsupportedError, match=r"at order 5$"):
        square_svg(Square.empty(5))
    with pytest.raises(UnsupportedError) as caught:
        square_svg(Square.empty(256))  # a large square is named, not spelled out
    assert len(str(caught.value)) < 80
