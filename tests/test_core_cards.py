"""The French playing card of :mod:`officers.core.cards`: every card of every deck, written in
every style and language, reads back as itself; the three games' decks number their cards as
the games do and read every spelling they share to the same rank and suit; a bad card is refused
in one shape by every game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.cards import LANGUAGES, STYLES, Deck, Rank, Style, Suit
from officers.core.errors import NotationError, UnsupportedError, excerpt
from officers.eightoff import deck as eightoff
from officers.euler import cards as euler
from officers.skat import cards as skat

GAME_DECKS: dict[str, Deck[Any]] = {
    "euler": euler.DECK,
    "eightoff": eightoff.DECK,
    "skat": skat.DECK,
}


def _read(game: str, text: object) -> tuple[Rank, Suit]:
    """The French rank and suit of a card as each game reads it, through the game's own reader
    and its own rank and suit (not through the deck)."""
    if game == "euler":
        card = euler.read_card(text)[0]
        return Rank[card.rank.name], Suit[card.suit.name]
    if game == "eightoff":
        playing = eightoff.read_card(text)
        return Rank[playing.rank.name], Suit[playing.suit.name]
    number = skat.parse_card(text)  # type: ignore[arg-type]
    letter = skat.RANKS[skat.rank_of(number)]
    return Rank(_RANK_OF_LETTER[letter]), Suit("CDHS".index(skat.SUITS[skat.suit_of(number)]))


_RANK_OF_LETTER = {letter: i + 1 for i, letter in enumerate("A23456789TJQK")}


@st.composite
def decks(draw: st.DrawFn) -> Deck[int]:
    """Any deck: some French ranks and suits, in any order, numbered by rank or by suit."""
    ranks = draw(st.lists(st.sampled_from(list(Rank)), min_size=1, max_size=13, unique=True))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    return Deck(
        "drawn",
        ranks,
        suits,
        by=draw(st.sampled_from(["rank", "suit"])),
        loose=draw(st.booleans()),
        german=draw(st.booleans()),
        absent="only some ranks play",
    )


def _readable(deck: Deck[Any]) -> list[tuple[Style, str]]:
    return [
        (style, lang)
        for style in STYLES
        for lang in (LANGUAGES if style == "name" else ("en",))
        if style != "name" or deck.reads_names
    ]


@given(decks(), st.data())
def test_every_card_of_any_deck_reads_back_from_every_style(
    deck: Deck[int], data: st.DataObject
) -> None:
    card = data.draw(st.sampled_from(deck.cards))
    for style, lang in _readable(deck):
        text = deck.write(card, style, lang)
        assert deck.read(text) == card, (style, lang, text)
        assert deck.read(f"  {text.lower()}\t") == card
        assert deck.read_spelling(text) == (
            card,
            lang if style == "name" else _spelling(deck, card),
        )
    rank, suit = deck.french(card)
    assert deck.index(rank, suit) == card
    assert deck.write(card) == rank.letter() + suit.letter()
    assert deck.write(card, "face") == rank.short() + suit.symbol()


def _spelling(deck: Deck[int], card: int) -> str:
    return "en" if deck.rank_of[card] in (Rank.QUEEN, Rank.JACK) else ""


@pytest.mark.parametrize("game", sorted(GAME_DECKS))
def test_every_card_of_every_game_reads_back_from_every_style(game: str) -> None:
    deck = GAME_DECKS[game]
    for card in deck.cards:
        for style, lang in _readable(deck):
            assert deck.read(deck.write(card, style, lang)) is card
            assert _read(game, deck.write(card, style, lang)) == deck.french(card)


def test_the_games_number_their_cards_as_before() -> None:
    assert euler.DECK.cards == euler.ALL_CARDS and eightoff.DECK.cards == eightoff.ALL_PLAYING_CARDS
    assert skat.DECK.cards == skat.CARDS
    for card in euler.ALL_CARDS:
        assert card == 4 * card.rank + card.suit
        assert euler.DECK.french(card) == (Rank[card.rank.name], Suit[card.suit.name])
    for playing in eightoff.ALL_PLAYING_CARDS:
        assert playing == 13 * playing.suit + playing.rank - 1
        assert eightoff.DECK.french(playing) == (Rank(playing.rank), Suit(playing.suit))
    for number in skat.CARDS:
        assert skat.DECK.write(number) == skat.card_notation(number)
        assert skat.DECK.write(number, "face") == skat.card_face(number)
        assert skat.DECK.write(number, "name", "de") == skat.card_name(number, "de")
        assert skat.DECK.write(number, "name").lower() == skat.card_name(number, "en")


def _shared_spellings(rank: Rank, suit: Suit) -> list[str]:
    """Texts of a card that each game reads."""
    ranks = {rank.letter(), rank.short(), rank.german_letter()}
    suits = {suit.letter(), suit.symbol()}
    return sorted(
        text for r in ranks for s in suits for text in (r + s, (r + s).lower(), f" {r}{s} ")
    )


def test_the_three_games_read_what_they_share_to_the_same_card() -> None:
    shared = set.intersection(
        *({deck.french(c) for c in deck.cards} for deck in GAME_DECKS.values())
    )
    assert len(shared) == 16  # the court cards, in all four suits
    for rank, suit in sorted(shared):
        for text in _shared_spellings(rank, suit):
            assert {_read(game, text) for game in GAME_DECKS} == {(rank, suit)}, text
    # D is the Dame in front and Diamonds at the end, in every game
    assert {_read(game, "dd") for game in GAME_DECKS} == {(Rank.QUEEN, Suit.DIAMONDS)}
    # Skat and Eight Off share the tens and the numbers from 7 up
    for text in ("TH", "10♥", "10h", "7♣", "9s"):
        assert _read("skat", text) == _read("eightoff", text)


_TEXT = st.lists(
    st.sampled_from([*"AKQJDBT1079SHCsdhcaqjbt ♠♥♦♣♤♡♢♧-ſ\ufe0f", " of ", "Pik", "Herz", "Ace"]),
    max_size=6,
).map("".join)


@given(_TEXT)
def test_any_text_two_games_read_is_the_same_card_in_both(text: str) -> None:
    read = {}
    for game in GAME_DECKS:
        try:
            read[game] = _read(game, text)
        except NotationError as error:
            message = str(error)
            assert message.startswith(f"cannot read card {excerpt(text)}: "), message
            assert len(message) < 250
    assert len(set(read.values())) <= 1, read


@pytest.mark.parametrize("game", sorted(GAME_DECKS))
@pytest.mark.parametrize(
    ("text", "why"),
    [
        (None, "expected a string such as"),
        ("", "it is empty (expected e.g."),
        ("x" * 41, "too long for a card (expected e.g."),
        ("XS", "unknown rank 'X' (expected ranks A "),
        ("AX", "unknown suit 'X' (expected suits "),
        ("2H", "play (ranks A "),
    ],
)
def test_a_bad_card_has_one_message_in_every_game(game: str, text: object, why: str) -> None:
    if game == "eightoff" and text == "2H":
        assert _read(game, text) == (Rank.TWO, Suit.HEARTS)  # the only deck with the 2s
        return
    with pytest.raises(NotationError) as caught:
        _read(game, text)
    message = str(caught.value)
    assert message.startswith(f"cannot read card {excerpt(text)}: ") and why in message


def test_what_the_messages_expect() -> None:
    with pytest.raises(NotationError) as caught:
        skat.parse_card("1H")
    assert str(caught.value) == (
        "cannot read card '1H': unknown rank '1' (expected ranks A T or 10 K Q J 9 8 7, German D B)"
    )
    with pytest.raises(NotationError, match=r"\(expected ranks A 2-9 T or 10 J Q K, German B D\)"):
        eightoff.read_card("1H")
    with pytest.raises(
        NotationError, match=r"only the court cards play \(ranks A K Q J, German D B\)"
    ):
        euler.read_card("9H")
    with pytest.raises(NotationError, match=r"only the cards from 7 up play"):
        skat.parse_card("6H")
    with pytest.raises(NotationError, match="expected a card such as 'TH' or '10♥'"):
        skat.parse_card("Herz-Zehn")  # Offiziersskat reads no names


def test_the_readers_keep_their_games_limits() -> None:
    assert euler.read_card("A♤\ufe0f") == (euler.ACE_OF_SPADES, "")
    with pytest.raises(NotationError):
        skat.parse_card("A♤")  # no outlined suits in Offiziersskat
    with pytest.raises(NotationError):
        skat.parse_card("A♠\ufe0f")
    for read in (skat.parse_card, eightoff.read_card):  # "ſ".upper() is "S", but ſ is no suit
        with pytest.raises(NotationError, match="unknown suit 'ſ'"):
            read("Aſ")
    assert eightoff.DECK.read_short("10♦") is eightoff.PlayingCard.TEN_OF_DIAMONDS
    with pytest.raises(NotationError, match="unknown rank ' '"):
        eightoff.DECK.read_short(" D")  # a short form is read as given, not stripped


def test_a_deck_is_checked_when_built() -> None:
    with pytest.raises(ValueError, match="comes twice"):
        Deck("twice", (Rank.ACE, Rank.ACE), (Suit.CLUBS,), by="rank", absent="x")
    with pytest.raises(ValueError, match="absent"):
        Deck("no absent", (Rank.ACE,), (Suit.CLUBS,), by="rank")
    with pytest.raises(ValueError, match="in order"):
        Deck("unordered", (Rank.ACE,), (Suit.CLUBS, Suit.SPADES), (1, 0), by="rank", absent="x")
    with pytest.raises(UnsupportedError, match="'fr'"):
        euler.DECK.write(0, "name", "fr")
    with pytest.raises(ValueError, match="style"):
        euler.DECK.write(0, "fancy")  # type: ignore[arg-type]
    assert repr(eightoff.DECK) == "Deck('Eight Off', 52 cards)"
