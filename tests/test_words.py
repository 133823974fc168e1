"""Words (officers.euler.words): every language renders every kind of fact."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers import Card, Rules, Square, UnsupportedError
from officers.euler import words
from officers.euler.analysis import Check, Violation, check_square, explain
from officers.euler.game import GameState
from officers.euler.hints import PlayerView, hint
from officers.euler.repairs import Repair
from officers.euler.words import FACTS, VIOLATIONS, languages, speaker

# A square (and whether the diagonals count) on which each kind of violation shows.
WITNESSES: dict[tuple[Check, str], tuple[str, bool]] = {
    ("rule", "twice"): ("AS1AH1/4/4/4", False),
    ("cell", "no-card"): ("QD2AS/2KCJD/4/JH3", True),
    ("line", "missing"): ("QD2AS/2KCJD/4/JH3", True),
    ("matching", "cells"): ("QD2AS/2KCJD/4/JH3", True),
    ("euler", "blocked"): ("QD2AS/2KCJD/4/JH3", True),
    ("quarter", "missing"): ("QD2AS/2KCJD/4/JH3", True),
    ("card", "no-cell"): ("QH2JS/4/AS2KC/1JD2", True),
    ("matching", "cards"): ("QH2JS/4/AS2KC/1JD2", True),
    ("euler", "broken"): ("QH2JS/4/AS2KC/1JD2", True),
    ("quarter", "twice"): ("4/1KCASJH/QH2AC/1AH1QD", True),
}


def _violations() -> list[Violation]:
    found = []
    for (check, kind), (text, diagonals) in WITNESSES.items():
        violations = check_square(Square(text), Rules(diagonals=diagonals), checks=[check])
        found.append(next(v for v in violations if v.kind == kind))
    # The short forms of the matching check: one card without a cell, one cell without a card.
    found.append(Violation("matching", "cards", cards=(Card.ACE_OF_SPADES,)))
    found.append(Violation("matching", "cells", cells=(5,)))
    return found


def test_the_witnesses_cover_every_kind_of_violation() -> None:
    assert sorted(WITNESSES) == sorted(VIOLATIONS)
    assert {(v.check, v.kind) for v in _violations()} == set(VIOLATIONS)


@pytest.mark.parametrize("lang", languages())
def test_every_language_renders_every_kind_of_fact(lang: str) -> None:
    module = speaker(lang)
    for name in (*FACTS, "join"):
        assert callable(getattr(module, name)), (lang, name)
    assert set(module.SENTENCES) == set(VIOLATIONS)
    for violation in _violations():
        sentence = violation.text(lang)
        assert sentence.endswith(".") and "None" not in sentence, sentence
    dead = explain(Square("AS1KS1/4/4/4"), locked=[0])
    live = explain(Square("AC3/1JS2/1AH1QD/4"))
    facts: list[object] = [dead, live, *dead.repairs, *live.repairs]
    for view in (
        PlayerView.of("AS1KS1/4/4/4", "QD JC KH", tokens=1),
        PlayerView.of("AC3/1JS2/1AH1QD/4", "KD QS AS JH KH JD"),
        PlayerView.of("AS1KS1/4/4/4", "QD JC KH", tokens=0, locked="r1c1"),
    ):
        advice = hint(view)
        facts += [advice, advice.recommendation, *advice.cards, *advice.forced]
    start, rules = Square("AC3/1JS2/1AH1QD/4"), Rules(diagonals=True)
    for cell, card in [(0, 4), (1, 13), (7, 9), (6, 14), (15, 3)]:
        facts.append(rules.illegal(start, cell, Card(card)))
    facts += rules.conflicts(Square("AS1AH1/4/4/4")) + Rules(order=5).conflicts(
        Square("Aa1Ab2/5/5/5/5", order=5)
    )
    late = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
    facts += [late.refusal(text) for text in ("QS@r1c4", "KD@r1c2", "xr1c1", "QS r1c3")]
    kinds = set()
    for fact in facts:
        text = fact.text(lang)  # type: ignore[attr-defined]
        assert text and "None" not in text and "?" not in text, (lang, fact)
        kinds.add(type(fact).__name__)
    assert kinds == {
        "Conflict",
        "Illegal",
        "Explanation",
        "Repair",
        "Hint",
        "Recommendation",
        "CardHint",
        "ForcedMove",
        "Refusal",
    }


def test_languages_say_different_things() -> None:
    for violation in _violations():
        assert len({violation.text(lang) for lang in languages()}) == len(languages())


def test_text_en_and_text_de_are_text_in_that_language() -> None:
    for violation in _violations():
        assert violation.text_en == violation.text("en") == str(violation)
        assert violation.text_de == violation.text("de")
    repair = Repair((1,), (Card.JACK_OF_CLUBS,), 5)
    assert repair.text_de == speaker("de").repair(repair)


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(UnsupportedError, match="'fr'"):
        explain(Square("AS3/4/4/4")).text("fr")


def test_a_third_language_is_one_new_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "xx.py").write_text(
        "from officers.euler.words.en import *  # noqa: F403\n"
        "from officers.euler.words.en import SENTENCES, join  # noqa: F401\n"
        "def repair(fact):\n"
        "    return 'xx ' + str(fact.completions)\n"
    )
    monkeypatch.setattr(words, "__path__", [*words.__path__, str(tmp_path)])
    words.languages.cache_clear()
    try:
        assert "xx" in languages()
        explanation = explain(Square("AS1KS1/4/4/4"))
        assert explanation.repairs[0].text("xx") == "xx 432"
        assert explanation.violations[0].text("xx") == explanation.violations[0].text("en")
    finally:
        monkeypatch.undo()
        words.languages.cache_clear()
    assert "xx" not in languages()
