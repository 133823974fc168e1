"""Every sentence of every game, in English and German, against the committed golden file.

``golden/words.json`` holds what the words of each game say over a set of facts that covers
every kind of fact each game has: for Euler's Officers every violation, explanation, repair,
hint, illegal placement, conflict, refusal and outcome of :mod:`tests.test_words`; for Eight Off
every place, every kind of refusal (met in games of every preset, and made by hand with the
fields a refusal may lack), every outcome, hint and line of the terminal game, and positions; for
Offiziersskat every pile, lane and game, every kind of refusal (met in games of every choice, and
made by hand), every outcome, line of the terminal game, and the tip's reasons, estimates, chances,
card tips and game tips. A change of any sentence fails this test until the file is written again,
from the root of the checkout, with::

    python -m tests.test_words_golden

and the diff is reviewed and committed with the change.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden" / "words.json"

Line = tuple[str, str, str]
"""One rendered fact: what it is (a label), its English and its German sentence."""


def _say(label: str, say: Callable[..., str], *args: Any, **kwargs: Any) -> Line:
    """``say(*args, lang=..., **kwargs)`` in each language."""
    return (label, say(*args, lang="en", **kwargs), say(*args, lang="de", **kwargs))


def _lines(items: Iterator[tuple[str, Callable[[str], str]]]) -> list[Line]:
    return [_say(label, say) for label, say in items]


def _capped(found: Iterator[tuple[str, str, Any]], cap: int) -> Iterator[tuple[str, Any]]:
    """Of ``(label, kind, fact)``: at most ``cap`` facts of each kind, each English sentence
    once, as ``(label, fact)``."""
    seen: set[str] = set()
    kinds: Counter[str] = Counter()
    for label, kind, fact in found:
        text = fact.text("en")
        if text in seen or kinds[kind] >= cap:
            continue
        seen.add(text)
        kinds[kind] += 1
        yield label, fact


# --- Euler's Officers ------------------------------------------------------------------------


def euler() -> list[Line]:
    """Every kind of fact of Euler's Officers (the facts of :mod:`tests.test_words`)."""
    from officers.euler.analysis import explain
    from officers.euler.cards import Card
    from officers.euler.game import GameState
    from officers.euler.hints import PlayerView, hint
    from officers.euler.moves import Outcome
    from officers.euler.rules import Rules
    from officers.euler.square import Square
    from tests.test_words import _violations

    facts: list[Any] = list(_violations())
    dead = explain(Square("AS1KS1/4/4/4"), locked=[0])
    live = explain(Square("AC3/1JS2/1AH1QD/4"))
    facts += [dead, live, *dead.repairs, *live.repairs]
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
    facts += rules.conflicts(Square("AS1AH1/4/4/4"))
    facts += Rules(order=5).conflicts(Square("Aa1Ab2/5/5/5/5", order=5))
    late = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
    facts += [late.refusal(text) for text in ("QS@r1c4", "KD@r1c2", "xr1c1", "QS r1c3")]
    for reason in ("finished", "stuck", "conceded", "out of time"):
        for player in (None, 0, 2):
            facts.append(Outcome(reason == "finished", reason, player))
    return _lines((f"{type(fact).__name__} {index}", fact.text) for index, fact in enumerate(facts))


# --- Eight Off -------------------------------------------------------------------------------


NEAR_THE_END = "eight-off KS/-/-/-/-/-/-/- QS------- C13D13H13S11"


def _eightoff_games() -> Iterator[tuple[str, Any]]:
    """Positions of games of every preset (and one without cells), every fifth move of a
    seeded random game: ``(label, game)``."""
    from officers.eightoff.game import EightOffGame
    from officers.eightoff.position import Position
    from officers.eightoff.variant import PRESETS, Variant

    yield "near the end", EightOffGame(Position.parse(NEAR_THE_END))  # an empty column: kings-only
    variants = [*PRESETS.values(), Variant.parse("bakers-game[cells=0]")]
    for variant in variants:
        for number in (1, 2):
            game = EightOffGame.deal(number, variant)
            pick = random.Random(number)
            for step in range(60):
                if step % 6 == 0:
                    yield f"{variant.notation()} deal {number} after {step} moves", game.clone()
                legal = game.legal_moves()
                if not legal:
                    break
                game.push(legal[pick.randrange(len(legal))])


_PLACES = [*"1234567890", *"abcdefgk"]


def _eightoff_refusals(games: list[tuple[str, Any]]) -> Iterator[tuple[str, str, Any]]:
    for label, game in games:
        for source in _PLACES:
            for target in [*_PLACES, "h"]:
                runs = ["", "v2", "vd"] if source.isdigit() else [""]
                for run in runs:
                    fact = game.refusal(source + target + run)
                    if fact is not None:
                        yield f"{label}: {source}{target}{run}", fact.kind, fact
        for text in ("3x", "", "1" * 40):  # no move at all
            fact = game.refusal(text)
            assert fact is not None
            yield f"{label}: {text}", fact.kind, fact


def _eightoff_by_hand() -> Iterator[tuple[str, Any]]:
    """Refusals with the fields a refusal may lack, outcomes and hints."""
    from officers.eightoff.hints import Hint
    from officers.eightoff.moves import FOUNDATION, REFUSALS, Move, Outcome, Refusal, cell, column

    for kind in REFUSALS:
        yield f"bare {kind}", Refusal(kind, Move.parse("12"))
        yield f"bare {kind} at the foundation", Refusal(kind, Move.parse("1h"), place=FOUNDATION)
    for building in ("suit", "alternate"):
        for card in (0, 12, 13, 25, 26, 38, 51):
            yield (
                f"no-fit {card} on 5 ({building})",
                Refusal("no-fit", Move.parse("12"), column(1), card, 5, building=building),
            )
    yield (
        "too-few-cards of 1",
        Refusal("too-few-cards", Move.parse("12v2"), column(0), count=2, limit=1),
    )
    yield (
        "no-such-cell",
        Refusal("no-such-cell", Move.parse("1k"), cell(7), limit=4, variant="freecell"),
    )
    yield "won", Outcome(True, "finished", 0)
    for left in (0, 1, 3, 52):
        yield f"lost with {left} left", Outcome(False, "stuck", left)
    yield "hint won", Hint("won")
    yield "hint winnable", Hint("winnable", move=Move.parse("4h"))
    for reason in (None, "time", "memory", "cancelled", "other"):
        yield f"hint unknown {reason}", Hint("unknown", reason=reason)
        yield f"hint lost somewhere {reason}", Hint("lost", reason=reason)
    yield "hint lost at the start", Hint("lost", lost_at=0)


def _eightoff_lost_hints(games: list[tuple[str, Any]]) -> Iterator[tuple[str, str, Any]]:
    """Hints of games lost by each legal move of the positions (their sentence names the card
    the move took and where)."""
    from officers.eightoff.hints import Hint
    from officers.eightoff.moves import Move

    for label, game in games:
        for undos, move in enumerate(game.legal_moves(), start=1):
            kind = (
                f"{move.source.kind} {move.target.kind} {min(move.count or 1, 3)} {min(undos, 2)}"
            )
            fact = Hint(
                "lost", move=Move.parse("a1"), lost_at=7, losing_move=move,
                before=game.position, undos=undos,
            )  # fmt: skip
            yield f"{label}: lost by {move.notation()}, {undos} undos", kind, fact


def eightoff() -> list[Line]:
    """Every kind of fact of Eight Off, and the terminal game's lines and positions."""
    from officers.eightoff import words
    from officers.eightoff.game import EightOffGame
    from officers.eightoff.position import Position
    from officers.eightoff.variant import Variant

    games = list(_eightoff_games())
    lines = [
        _say(f"place {kind} {index}", words.place_name, kind, index)
        for kind, count in (("column", 10), ("cell", 8), ("foundation", 1))
        for index in range(count)
    ]
    lines += _lines((label, fact.text) for label, fact in _capped(_eightoff_refusals(games), 12))
    lines += _lines((label, fact.text) for label, fact in _eightoff_by_hand())
    lines += _lines((label, fact.text) for label, fact in _capped(_eightoff_lost_hints(games), 3))
    lines += [
        _say(f"terminal {key}", words.terminal, key, word="x7", count=77)
        for key in words.TERMINAL["en"]
    ]
    for variant in ("eight-off", "freecell", "bakers-game[cells=0]", "seahaven-towers"):
        game = EightOffGame.deal(3, Variant.parse(variant))
        for move in game.legal_moves()[:1]:  # (Baker's Game without cells has none)
            game.push(move)
        lines.append(_say(f"position {variant}", words.position_text, game.position))
    end = Position.parse(NEAR_THE_END)
    return [*lines, _say("position near the end", words.position_text, end)]


# --- Offiziersskat ---------------------------------------------------------------------------


def _skat_refusals() -> Iterator[tuple[str, str, Any]]:
    from officers.skat.cards import CARDS, card_notation
    from officers.skat.game import SkatGame

    notations = ["C", "S", "H", "D", "G", "QH@9", "", "x" * 40]  # the last three no move at all
    for card in CARDS:
        notations += [card_notation(card)] + [f"{card_notation(card)}@{p}" for p in range(1, 9)]
    for number in (1, 2, 3):
        for choice in (None, "C", "S", "H", "D", "G"):
            game = SkatGame.deal(number)
            pick = random.Random(number)
            if choice is not None:
                game.push(choice)
            for step in range(33):
                if step % 3 == 0 or game.is_over():
                    label = f"deal {number} {choice or '-'} after {step} moves"
                    for text in notations:
                        fact = game.refusal(text)
                        if fact is not None:
                            yield f"{label}: {text}", fact.kind, fact
                if game.is_over() or choice is None:
                    break
                legal = game.legal_moves()
                game.push(legal[pick.randrange(len(legal))])


def _skat_by_hand() -> Iterator[tuple[str, Any]]:
    from officers.skat.moves import REFUSALS, Move, Outcome, Refusal

    for kind in REFUSALS:
        yield f"bare {kind}", Refusal(kind, Move.parse("QH"))
    for game in ("C", "S", "H", "D", "G"):
        yield f"chosen {game}", Refusal("chosen", Move.parse("G"), game=game)
    for held in (None, *range(0, 32, 3), 4, 5, 6, 7):
        for lane in (0, 2, 4):
            yield (
                f"must-follow {lane} holding {held}",
                Refusal("must-follow", Move.parse("QH@2"), 18, 1, held, 5, lane),
            )
    for points in ((0, 120), (45, 75), (60, 60), (61, 59), (120, 0)):
        yield f"outcome {points}", Outcome(points)


def _skat_tip_lines() -> list[Line]:
    from officers.skat.words import (
        REASONS,
        GameLine,
        Reason,
        chance_text,
        estimate_text,
        game_tip_text,
        join_reasons,
        play_tip_text,
        reason_text,
    )

    lines = [
        _say(f"reason {kind} {card} {n}", reason_text, Reason(kind, card, n))
        for kind in REASONS
        for card in (None, 4, 17, 31)
        for n in (0, 1, 14)
    ]
    phrases = ["a", "b c", "d", "e"]
    lines += [_say(f"join {count}", join_reasons, phrases[:count]) for count in range(4)]
    lines += [
        _say(f"estimate {samples} {interval}", estimate_text, samples, interval)
        for samples in (0, 1, 2, 12)
        for interval in (None, (0.25, 0.75), (0.0, 1.0))
    ]
    ways = ((True, None), (False, None), (False, 0), (False, 1), (False, 12))
    lines += [
        _say(
            f"chance {value:.3f} {exact} {samples}",
            chance_text,
            value,
            exact,
            samples=samples,
            interval=(0.25, 0.75),
        )
        for value in (0.0, 1 / 3, 0.5, 1.0)
        for exact, samples in ways
    ]
    for reasons in (
        [],
        [Reason("wins", 17, 14)],
        [Reason("turns-up", 4), Reason("keeps-trump", 4)],
    ):
        lines += [
            _say(
                f"play tip {len(reasons)} {exact} {samples}",
                play_tip_text,
                17,
                1,
                reasons,
                0.5,
                exact,
                samples=samples,
                interval=(0.25, 0.75),
            )
            for exact, samples in ways
        ]
    tables: list[list[Any]] = [
        [("H", 0.5), ("C", 0.25)],
        [GameLine("G", 1.0, (0.76, 1.0), 88.5), GameLine("C", 1.0, (0.76, 1.0), 71.0)],
        [GameLine("D", 0.4, (0.1, 0.7)), GameLine("S", 0.3, (0.05, 0.6), None)],
    ]
    for trumps in (0, 1, 3):
        reasons = [Reason("most-trumps", None, trumps)] if trumps else []
        for number, table in enumerate(tables):
            best = table[0][0] if isinstance(table[0], tuple) else table[0].game
            lines += [
                _say(
                    f"game tip {number} {trumps} {exact} {samples}",
                    game_tip_text,
                    best,
                    table,
                    exact,
                    reasons,
                    samples=samples,
                    points_samples=2,
                )
                for exact, samples in ways
            ]
    return lines


def skat() -> list[Line]:
    """Every kind of fact of Offiziersskat, the terminal game's lines and the tips' words."""
    from officers.skat import words

    lines = [_say(f"pile {pile}", words.pile_name, pile) for pile in range(8)]
    lines += [_say(f"lane {lane}", words.lane_name, lane) for lane in range(5)]
    lines += [
        _say(f"game {game}", words.game_name, game) for game in (None, "C", "S", "H", "D", "G", "X")
    ]
    lines += _lines((label, fact.text) for label, fact in _capped(_skat_refusals(), 12))
    lines += _lines((label, fact.text) for label, fact in _skat_by_hand())
    values = {"game": "H", "trick": 3, "points": "10:20", "word": "x7", "moves": 4, "n": 2}
    lines += [
        _say(f"terminal {key}", words.terminal, key, bot="greedy", move="QH@2", **values)
        for key in words.TERMINAL["en"]
        if key != "stopped"
    ]
    for count in (1, 4):  # the count of moves said in the line's own language

        def stopped(lang: Any, count: int = count) -> str:
            moves = words.terminal("moves_1" if count == 1 else "moves_n", lang, n=count)
            return words.terminal("stopped", lang, moves=moves, points="10:20")

        lines.append(_say(f"terminal stopped {count}", stopped))
    return lines + _skat_tip_lines()


def current() -> dict[str, list[Line]]:
    """The sentences the words of each game say now, in English and German."""
    return {"officers": euler(), "eightoff": eightoff(), "skat": skat()}


def render(data: dict[str, list[Line]]) -> str:
    """The golden file's text: one fact to a line, JSON."""
    parts = []
    for game, lines in data.items():
        rows = ",\n".join("    " + json.dumps(list(line), ensure_ascii=False) for line in lines)
        parts.append(f"  {json.dumps(game)}: [\n{rows}\n  ]")
    return "{\n" + ",\n".join(parts) + "\n}\n"


@pytest.fixture(scope="module")
def now() -> dict[str, list[Line]]:
    return current()


@pytest.mark.parametrize("game", ["officers", "eightoff", "skat"])
def test_every_sentence_is_what_it_was(game: str, now: dict[str, list[Line]]) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[game]
    said = [list(line) for line in now[game]]
    assert len(said) == len(golden)
    changed = [(old, new) for old, new in zip(golden, said, strict=True) if old != new]
    assert not changed, f"{len(changed)} sentences changed, the first: {changed[0]}"


def test_the_facts_cover_every_kind(now: dict[str, list[Line]]) -> None:
    from officers.eightoff.moves import REFUSALS as EIGHTOFF_REFUSALS
    from officers.skat.moves import REFUSALS as SKAT_REFUSALS

    # every kind of refusal met in a game, not only made by hand
    assert {kind for _, kind, _ in _eightoff_refusals(list(_eightoff_games()))} == set(
        EIGHTOFF_REFUSALS
    )
    assert {kind for _, kind, _ in _skat_refusals()} == set(SKAT_REFUSALS)
    kinds = {game: Counter(line[0].split(" ")[0] for line in lines) for game, lines in now.items()}
    assert set(kinds["officers"]) == {
        "Violation", "Explanation", "Repair", "Hint", "Recommendation", "CardHint",
        "ForcedMove", "Illegal", "Conflict", "Refusal", "Outcome",
    }  # fmt: skip
    for lines in now.values():  # every sentence told in each language, in its own words
        for label, en, de in lines:
            assert (en and de) or label == "join 0", label
            assert "None" not in en + de or label.startswith("bare"), label
            assert en != de or label in SAME_IN_BOTH, label


SAME_IN_BOTH = {"game None", "game G", "game X", "terminal bot", "join 0", "join 1"}
"""What both languages say alike: a game's name (Grand), a bot's move, a single phrase."""


if __name__ == "__main__":
    GOLDEN.write_text(render(current()), encoding="utf-8")
    print(f"wrote {GOLDEN}")
    sys.exit(0)
