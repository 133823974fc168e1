"""The bots and the designers' checks: agreement with a plain reading of the rules, soundness,
the bots' definitions, and the exact bot winning every deal."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from officers import Card, NotationError, Rules, Square, finished_squares, is_completable
from officers.euler.bots import (
    BOTS,
    DesignersBot,
    ExactBot,
    HintedBot,
    NeighbourBot,
    RandomBot,
    designers_checks,
    get_bot,
    passes_checks,
)
from officers.euler.game import LEVELS, GameState, Move, Variant, new_game
from officers.euler.hints import PlayerView
from officers.euler.simulate import Task, run_tasks

PAIRINGS = [
    {frozenset({0, 1}), frozenset({2, 3})},
    {frozenset({0, 2}), frozenset({1, 3})},
    {frozenset({0, 3}), frozenset({1, 2})},
]


def reference_checks(square: Square, rules: Rules) -> int:
    """The four checks, written plainly from their words (slow, and sharing no code)."""
    unplaced = square.unplaced()
    empty = square.empty_cells()

    def legal(cell: int, card: int) -> bool:
        return rules.is_legal(square, cell, card)

    for cell in empty:  # 1
        if not any(legal(cell, card) for card in unplaced):
            return 1
    for card in unplaced:  # 2
        if not any(legal(cell, card) for cell in empty):
            return 2
    for line in rules.lines:  # 3
        placed = [square[cell] for cell in line.cells if square[cell] is not None]
        for attribute in ("rank", "suit"):
            have = {getattr(card, attribute) for card in placed}
            for symbol in set(range(4)) - have:
                if not any(
                    legal(cell, card)
                    for cell in line.cells
                    if square[cell] is None
                    for card in unplaced
                    if getattr(card, attribute) == symbol
                ):
                    return 3
    rows = [list(range(4 * r, 4 * r + 4)) for r in range(4)]
    columns = [list(range(c, 16, 4)) for c in range(4)]
    for lines, cross in ((rows, columns), (columns, rows)):  # 4
        for first, second in itertools.combinations(range(4), 2):
            for attribute in ("rank", "suit"):

                def of(cell: int, attribute: str = attribute) -> int | None:
                    card = square[cell]
                    return None if card is None else int(getattr(card, attribute))

                seen = [
                    frozenset({of(a), of(b)})
                    for a, b in zip(lines[first], lines[second], strict=True)
                    if of(a) is not None and of(b) is not None
                ]
                possible = [p for p in PAIRINGS if all(pair in p for pair in seen)]
                if not possible:
                    return 4
                if not seen:
                    continue
                (pairing,) = possible
                for i, (a, b) in enumerate(zip(lines[first], lines[second], strict=True)):
                    if (of(a) is None) == (of(b) is None):
                        continue
                    filled, hole, hole_line = (a, b, second) if of(a) is not None else (b, a, first)
                    forced = next(
                        (set(pair) - {of(filled)}).pop() for pair in pairing if of(filled) in pair
                    )
                    neighbours = set(lines[hole_line]) | set(cross[i])
                    if any(of(cell) == forced for cell in neighbours if cell != hole):
                        return 4
    return 0


def squares_from_play(games: int, seed: int, diagonals: bool) -> Iterator[Square]:
    """Every square met in random legal play (placements only, until nobody can place)."""
    rules = Rules(diagonals=diagonals)
    rng = random.Random(seed)
    for _ in range(games):
        square = Square()
        while True:
            legal = rules.legal_placements(square)
            if not legal:
                break
            square = square.place(*legal[rng.randrange(len(legal))])
            yield square


# --- the designers' checks ------------------------------------------------------------------------


@pytest.mark.parametrize("diagonals", [False, True])
def test_checks_agree_with_a_plain_reading(diagonals: bool) -> None:
    rules = Rules(diagonals=diagonals)
    verdicts: Counter[int] = Counter()
    for square in squares_from_play(120, seed=5 + diagonals, diagonals=diagonals):
        expected = reference_checks(square, rules)
        assert designers_checks(square, rules) == expected, square
        verdicts[expected] += 1
    assert all(verdicts[k] for k in (0, 1, 2, 3)), verdicts  # the sample meets every case
    if not diagonals:
        assert verdicts[4]


def test_checks_agree_on_hand_made_squares() -> None:
    cases = {
        "4/ AS JD 2/ 4/ KH QS 2": 4,  # two columns pair ♠ with ♥ and with ♦
        "AC3/1JS2/1AH1QD/4": 0,
        "AC2JS/3KH/4/QD3": 1,
        "4/1KD1QH/2QC1/QS3": 2,
        "2AD1/KS2AC/4/1KH2": 3,
    }
    for text, expected in cases.items():
        assert reference_checks(Square(text), Rules()) == expected
        assert designers_checks(Square(text)) == expected


def test_checks_never_call_a_live_square_dead() -> None:
    rng = random.Random(3)
    for rules in (Rules(), Rules(diagonals=True)):
        for finished in finished_squares(rules)[:: 7 if not rules.diagonals else 1]:
            values = list(finished.values)
            for cell in rng.sample(range(16), rng.randrange(17)):
                values[cell] = -1
            assert passes_checks(Square.from_values(values), rules)
        for square in squares_from_play(150, seed=9, diagonals=rules.diagonals):
            if is_completable(square, rules):
                assert passes_checks(square, rules)


def test_fourth_check_rests_on_a_fact_of_every_finished_square() -> None:
    # Any two rows (columns) of a finished square pair their ranks (suits) into two swaps.
    for square in finished_squares():
        assert designers_checks(square) == 0
        for first, second in itertools.combinations(range(4), 2):
            for cells in (
                (range(4 * first, 4 * first + 4), range(4 * second, 4 * second + 4)),
                (range(first, 16, 4), range(second, 16, 4)),
            ):
                for shift in (2, 0):
                    pairs = {
                        frozenset({square.values[a] >> shift & 3, square.values[b] >> shift & 3})
                        for a, b in zip(*cells, strict=True)
                    }
                    assert any(pairs <= pairing for pairing in PAIRINGS)


def test_checks_are_monotone() -> None:
    # Once the checks fail, they fail after every further legal placement.
    rules = Rules()
    for square in itertools.islice(squares_from_play(60, seed=4, diagonals=False), 400):
        if not passes_checks(square, rules):
            for cell, card in rules.legal_placements(square):
                assert not passes_checks(square.place(cell, card), rules)


def test_checks_want_order_four() -> None:
    with pytest.raises(NotationError):
        designers_checks(Square.parse("Aa1/1Bb", order=2), Rules(order=2))


# --- the designers' bot -----------------------------------------------------------------------------


def positions(players: int, games: int, seed: int, level: str = "normal") -> Iterator[GameState]:
    """States met while the designers' bots play, before each turn."""
    bot = DesignersBot()
    for number in range(games):
        game = new_game(level, players, seed * 1000 + number)
        rng = random.Random(number)
        while game.outcome() is None:
            yield game.clone()
            game.push(bot.choose(game.view(), rng))


def pair(move: Move) -> tuple[int, int]:
    assert move.kind == "place" and move.cell is not None and move.card is not None
    return move.cell, int(move.card)


def passing_pairs(view: PlayerView) -> list[tuple[int, int]]:
    rules, square = view.rules, view.square
    return [
        (cell, card)
        for cell, card in rules.legal_placements(square)
        if card in view.hand and reference_checks(square.place(cell, card), rules) == 0
    ]


def test_designers_bot_places_a_passing_pair_when_there_is_one() -> None:
    bot = DesignersBot()
    seen_fallback = False
    for state in itertools.islice(positions(2, 25, seed=1), 0, None, 4):
        view = state.view()
        move = bot.choose(view, random.Random(7))
        passing = passing_pairs(view)
        square_dead = reference_checks(view.square, view.rules) != 0
        if move.kind == "take":
            assert (square_dead and view.tokens > 0) or not state.legal_placements()
            continue
        assert state.is_legal(move)
        if passing:
            assert pair(move) in passing
        else:
            seen_fallback = True
    assert seen_fallback


def test_designers_bot_chooses_uniformly_among_passing_pairs() -> None:
    game = new_game("normal", 2, seed=31)
    for _ in range(3):
        game.push(DesignersBot().choose(game.view(), random.Random(0)))
    view = game.view()
    passing = set(passing_pairs(view))
    assert len(passing) >= 10
    counts: Counter[tuple[int, int]] = Counter()
    trials = 200 * len(passing)
    bot = DesignersBot()
    for seed in range(trials):
        move = bot.choose(view, random.Random(seed))
        counts[pair(move)] += 1
    assert set(counts) == passing
    expected = trials / len(passing)
    chi2 = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi2 < 3 * len(passing)  # far above the mean (len - 1) only if not uniform


def test_designers_bot_takes_back_when_its_checks_see_a_dead_end() -> None:
    """Whenever its checks fail and a token is left, it takes back: a repair card if there is
    one, else a card whose removal passes the checks, else any removable card."""
    bot = DesignersBot()
    kinds: Counter[str] = Counter()
    for state in positions(2, 80, seed=2, level="easy"):
        view = state.view()
        if view.tokens == 0 or reference_checks(view.square, view.rules) == 0:
            continue
        move = bot.choose(view, random.Random(1))
        removable = [cell for cell, _ in view.square.placed() if cell not in view.locked]
        passing = []  # removal leaves a square that passes the checks
        repairs = []  # ... and offers a passing placement other than putting the card back
        for cell, card in view.square.placed():
            if cell in view.locked:
                continue
            after = view.square.remove(cell)
            if reference_checks(after, view.rules):
                continue
            passing.append(cell)
            hand = set(view.hand) | {card}
            if any(
                (c, v) != (cell, card) and reference_checks(after.place(c, v), view.rules) == 0
                for c, v in view.rules.legal_placements(after)
                if v in hand
            ):
                repairs.append(cell)
        assert move.kind == "take", view
        if repairs:
            assert move.cell in repairs
            kinds["repair"] += 1
        elif passing:
            assert move.cell in passing
            kinds["passing"] += 1
        else:
            assert move.cell in removable
            kinds["any"] += 1
        # with no token left it places instead (or is stuck)
        no_token = PlayerView(view.square, view.rules, view.hand, view.others, 0, view.locked)
        if state.legal_placements():
            assert bot.choose(no_token, random.Random(1)).kind == "place"
    assert kinds["repair"] >= 5 and kinds["passing"] + kinds["any"] >= 5, kinds


def test_stuck_bots_take_back() -> None:
    state = GameState.parse("JDKHQC1/KC1JSAD/QSACKDJH/AHQD1KS normal 1 2 QH/ASJC - - 14")
    for name in BOTS:
        move = get_bot(name).choose(state.view(), random.Random(0))
        if name == "hinted" and move.kind == "concede":
            continue  # the hints know one take-back cannot save this square
        assert move.kind == "take" and state.is_legal(move), name


# --- the neighbour bot ---------------------------------------------------------------------------------


def adjacent(square: Square, cell: int) -> bool:
    row, column = divmod(cell, 4)
    near = [(row + dr, column + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    return any(0 <= r < 4 and 0 <= c < 4 and square.values[4 * r + c] >= 0 for r, c in near)


def test_neighbour_bot_prefers_cells_next_to_placed_cards() -> None:
    bot = NeighbourBot()
    checked = 0
    for state in itertools.islice(positions(3, 20, seed=3), 0, None, 3):
        view = state.view()
        move = bot.choose(view, random.Random(3))
        if not state.legal_placements():
            assert move.kind == "take"
            continue
        assert move.kind == "place"  # it never takes back while it can place
        passing = passing_pairs(view)
        near = [pair for pair in passing if adjacent(view.square, pair[0])]
        choice = pair(move)
        if near:
            assert choice in near
            checked += 1
        elif passing:
            assert choice in passing
    assert checked > 30


# --- the exact and hinted bots ---------------------------------------------------------------------


def test_exact_bot_wins_every_deal() -> None:
    tasks = [Task.make("exact", level, players) for level in LEVELS for players in (1, 2, 3, 4)]
    tasks += [
        Task.make("exact", level, players, variant=Variant(ozanam=True))
        for level in ("hard", "expert")
        for players in (2, 3, 4)
    ]
    results = run_tasks(tasks, deals=150, seed=2024, jobs=2)
    assert sum(result.deals for result in results) == 150 * len(tasks) >= 3000
    for result in results:
        assert result.wins == result.deals and result.take_backs == 0, result


def test_exact_bot_repairs_an_inherited_dead_square() -> None:
    from officers.euler.solve import safe_placements

    repaired = 0
    for seed in range(30):
        game = new_game("normal", 2, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2, 9)):
            game.push(ExactBot().choose(game.view(), rng))
        safe = safe_placements(game.square, game.rules)
        deadly = [(c, v) for c, v in game.legal_placements() if (c, v) not in safe]
        if not deadly:
            continue
        game.push(Move.place(*deadly[0]))  # the partner kills the square
        assert not is_completable(game.square, game.rules)
        move = ExactBot().choose(game.view(), rng)
        assert move.kind == "take" and move.cell is not None
        assert is_completable(game.square.remove(move.cell), game.rules)
        repaired += 1
    assert repaired >= 10


def test_hinted_bot_wins_every_deal() -> None:
    results = run_tasks(
        [Task.make("hinted", level, players) for level in ("hard", "expert") for players in (2, 4)],
        deals=40,
        seed=5,
        jobs=1,
    )
    assert all(result.wins == result.deals for result in results)


def test_random_bot_always_plays_legal_moves() -> None:
    bot = RandomBot()
    for seed in range(40):
        game = new_game("easy", 1 + seed % 4, seed)
        rng = random.Random(seed)
        while game.outcome() is None:
            move = bot.choose(game.view(), rng)
            assert game.is_legal(move)
            game.push(move)


def test_bots_depend_on_the_view_and_the_generator_only() -> None:
    # With three players, who holds which of the others' cards is not in the view, so moving
    # cards between the other hands cannot change a bot's move.
    game = new_game("normal", 3, seed=17)
    game.push(DesignersBot().choose(game.view(), random.Random(1)))
    assert game.turn == 1
    hands = game.hands
    swapped = GameState(
        game.square,
        [hands[0][:-1] + hands[2][-1:], hands[1], hands[2][:-1] + hands[0][-1:]],
        level=game.level,
        tokens=game.tokens,
        turn=game.turn,
        number=game.number,
    )
    assert swapped.hands != game.hands and swapped.view(1) == game.view(1)
    for name in BOTS:
        first = get_bot(name).choose(game.view(), random.Random(4))
        second = get_bot(name).choose(swapped.view(1), random.Random(4))
        assert first == second, name


def test_get_bot() -> None:
    assert isinstance(get_bot("Designers"), DesignersBot)
    assert isinstance(get_bot(" exact "), ExactBot)
    assert isinstance(get_bot("hinted"), HintedBot)
    bot = NeighbourBot()
    assert get_bot(bot) is bot
    with pytest.raises(NotationError, match="unknown bot 'clever'"):
        get_bot("clever")


def test_cards_are_ints_for_bots() -> None:
    view = PlayerView.of("AC3/1JS2/1AH1QD/4", "KD QS")
    move = DesignersBot().choose(view, random.Random(0))
    assert isinstance(move.card, Card)
