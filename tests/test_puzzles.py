"""Puzzle starts: verification, the census (three methods), classes (Burnside), grades, riddles."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import random
import subprocess
import sys
from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import (
    Card,
    NotationError,
    Rules,
    Square,
    UnsupportedError,
    completions,
    count_completions,
    finished_squares,
)
from officers.euler.puzzles import (
    HIGHEST_GRADE,
    OZANAM_DIAGONAL_START,
    OZANAM_START,
    RiddleNotFoundError,
    census,
    count_classes_burnside,
    grade_start,
    new_start,
    start_classes,
    verify_start,
)
from officers.euler.puzzles.counting import census_data, unique_sets
from officers.euler.puzzles.grade import Reasoner
from officers.euler.solve.index import CompletionIndex
from officers.euler.solve.verify import is_finished
from officers.euler.symmetry import Symmetry, symmetry_group

STANDARD = Rules()
DIAGONAL = Rules(diagonals=True)
BOTH = [STANDARD, DIAGONAL]
IDS = ["standard", "diagonals"]
EVERY_SET = (1 << 65536) - 1


def sub_square(values: tuple[int, ...], cells: int) -> Square:
    """The cards of a finished square on a set of cells (an int, bit c for cell c)."""
    return Square.from_values([v if cells >> c & 1 else -1 for c, v in enumerate(values)])


def cpsat_count(square: Square, rules: Rules) -> int:
    if importlib.util.find_spec("officers.euler.solve.cpsat") is None:
        pytest.skip("the CP-SAT method is not there yet")
    return count_completions(square, rules, method="cpsat", time_limit=60)


@st.composite
def sub_squares(draw: st.DrawFn, rules: Rules, min_cards: int = 0, max_cards: int = 16) -> Square:
    """A random sub-square of a random finished square."""
    values = draw(st.sampled_from(finished_squares(rules))).values
    k = draw(st.integers(min_cards, max_cards))
    cells = draw(st.permutations(range(16)))[:k]
    return sub_square(values, sum(1 << c for c in cells))


# --- the rules' two starts ---------------------------------------------------------------------


@pytest.mark.parametrize("method", ["index", "backtrack"])
def test_the_rules_two_starts(method: str) -> None:
    """Each is a minimal riddle under its own rules; under the other rules the first has no
    completion and the second has two."""
    own = verify_start(OZANAM_START, STANDARD, method=method)  # type: ignore[arg-type]
    assert (own.completions, own.minimal, own.redundant) == (1, True, ())
    other = verify_start(OZANAM_START, DIAGONAL, method=method)  # type: ignore[arg-type]
    assert other.completions == 0 and other.completion is None and not other.minimal
    own = verify_start(OZANAM_DIAGONAL_START, DIAGONAL, method=method)  # type: ignore[arg-type]
    assert (own.completions, own.minimal, own.redundant) == (1, True, ())
    other = verify_start(OZANAM_DIAGONAL_START, STANDARD, method=method)  # type: ignore[arg-type]
    assert other.completions == 2
    both = list(completions(OZANAM_DIAGONAL_START, STANDARD, method=method))  # type: ignore[arg-type]
    assert len(both) == 2 and all(is_finished(s) for s in both)
    assert sum(is_finished(s, diagonals=True) for s in both) == 1


def test_the_rules_two_starts_by_cpsat() -> None:
    assert cpsat_count(OZANAM_START, STANDARD) == 1
    assert cpsat_count(OZANAM_START, DIAGONAL) == 0
    assert cpsat_count(OZANAM_DIAGONAL_START, DIAGONAL) == 1
    assert cpsat_count(OZANAM_DIAGONAL_START, STANDARD) == 2


def test_the_starts_are_the_rules_words() -> None:
    parse = Card.parse
    assert OZANAM_START.placed() == [
        (0, parse("A♣")), (5, parse("J♠")), (9, parse("A♥")), (11, parse("Q♦"))
    ]  # fmt: skip
    assert OZANAM_DIAGONAL_START.placed() == [
        (0, parse("A♦")), (1, parse("J♣")), (8, parse("J♠")), (12, parse("K♣"))
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("start", "rules"), [(OZANAM_START, STANDARD), (OZANAM_DIAGONAL_START, DIAGONAL)]
)
def test_completion_of_the_starts(start: Square, rules: Rules) -> None:
    completion = verify_start(start, rules).completion
    assert completion is not None and is_finished(completion, diagonals=rules.diagonals)
    assert all(completion.values[c] == v for c, v in enumerate(start.values) if v != -1)


# --- verify_start ------------------------------------------------------------------------------


@settings(max_examples=60)
@given(data=st.data())
def test_verify_by_index_and_by_backtracking_agree(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(BOTH))
    start = data.draw(sub_squares(rules, 3, 9))
    by_index = verify_start(start, rules)
    by_search = verify_start(start, rules, method="backtrack")
    assert by_index == by_search
    if by_index.unique:
        for cell in range(16):
            if start.values[cell] != -1:
                left = count_completions(start.remove(cell), rules, method="backtrack")
                assert (left == 1) == (cell in by_index.redundant)


def test_reasons() -> None:
    assert verify_start(OZANAM_START).reason() == "exactly one completion, and every card is needed"
    text = verify_start(Square("ACKD2/1JS2/1AH1QD/4")).reason()
    assert text.startswith(
        "exactly one completion, but not minimal: any one of K♦ at row 1, column 2"
    )
    assert "2 completions" in verify_start(OZANAM_DIAGONAL_START).reason()
    broken = verify_start(Square("AS1AH1/4/4/4"))
    assert broken.completions == 0 and "row 1 holds two Aces" in broken.reason()
    dead = verify_start(OZANAM_START, DIAGONAL)
    assert dead.reason() == "no completion: the start cannot be finished"
    data = verify_start(Square("ACKD2/1JS2/1AH1QD/4")).to_dict()
    assert data["redundant"] == [{"cell": 1, "card": "KD"}, {"cell": 9, "card": "AH"}]
    assert json.loads(json.dumps(data)) == data


def test_verify_other_orders() -> None:
    square = Square.parse("Aa2/3/3", order=3)
    report = verify_start(square)
    assert report.completions == count_completions(square, method="backtrack") > 1
    with pytest.raises(NotationError):
        verify_start("AC3/1JS2/1AH1QD/4")  # type: ignore[arg-type]


# --- the census --------------------------------------------------------------------------------


def agree_methodunique_sets(rules: Rules) -> list[int]:
    """Independent of the index bitsets: the cells ``T`` of a representative ``S`` are unique iff
    ``T`` lies inside no set of cells where ``S`` agrees with another finished square."""
    squares = [s.values for s in finished_squares(rules)]
    contains = []
    for cell in range(16):
        bits = bytearray(65536 // 8)
        for subset in range(65536):
            if subset >> cell & 1:
                bits[subset >> 3] |= 1 << (subset & 7)
        contains.append(int.from_bytes(bits, "little"))
    result = []
    for values in squares:
        if values[:4] != (0, 5, 10, 15):
            continue
        agree = 0
        for other in squares:
            if other != values:
                agree |= 1 << sum(1 << c for c in range(16) if other[c] == values[c])
        for cell in range(16):  # every subset of a set where they agree
            agree |= (agree & contains[cell]) >> (1 << cell)
        result.append(EVERY_SET & ~agree)
    return result


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_census_unique_sets_by_agreement(rules: Rules) -> None:
    data = census_data(rules.diagonals)
    assert list(data.unique_sets) == agree_methodunique_sets(rules)


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_census_minimal_by_definition(rules: Rules) -> None:
    data = census_data(rules.diagonals)
    table = census(rules)
    for k in range(3, 8):
        minimal = 0
        for sets in data.unique_sets:
            for cells in itertools.combinations(range(16), k):
                subset = sum(1 << c for c in cells)
                if sets >> subset & 1 and not any(sets >> (subset & ~(1 << c)) & 1 for c in cells):
                    minimal += 1
        assert table.row(k).minimal == 576 * minimal


def subset_orbits(k: int, rules: Rules) -> list[tuple[int, int]]:
    """The orbits of the k-sets of cells under the cell parts: (a member, orbit size)."""
    cell_parts = symmetry_group(rules).cell_permutations
    seen: set[int] = set()
    orbits = []
    for cells in itertools.combinations(range(16), k):
        subset = sum(1 << c for c in cells)
        if subset in seen:
            continue
        orbit = {sum(1 << p[c] for c in cells) for p in cell_parts}
        seen |= orbit
        orbits.append((subset, len(orbit)))
    return orbits


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_census_by_grouping_the_finished_squares(rules: Rules) -> None:
    """Independent of bitsets and relabelling: on each set of cells, group the finished squares
    by their cards there; the groups are the sub-squares, the groups of one the unique starts."""
    squares = [s.values for s in finished_squares(rules)]
    table = census(rules)
    for k in range(1, 7):
        unique = sub = 0
        for subset, size in subset_orbits(k, rules):
            cells = [c for c in range(16) if subset >> c & 1]
            groups = Counter(tuple(values[c] for c in cells) for values in squares)
            sub += size * len(groups)
            unique += size * sum(1 for n in groups.values() if n == 1)
        assert (table.row(k).sub_squares, table.row(k).unique) == (sub, unique), k


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_census_against_the_backtracker_on_random_starts(rules: Rules) -> None:
    """For random starts (any finished square, any cells) the backtracker counts completions;
    the census's sets of that square (not only of representatives) must agree, and the counts
    of the square must equal those of its representative (the relabelling argument)."""
    index = CompletionIndex.get(rules)
    rng = random.Random(4)
    data = census_data(rules.diagonals)
    for _ in range(25):
        number = rng.randrange(len(index))
        sets, _ = unique_sets(index, number)
        values = index.values[number]
        for k in (3, 4, 5, 6, 8):
            cells = rng.sample(range(16), k)
            subset = sum(1 << c for c in cells)
            count = count_completions(sub_square(values, subset), rules, method="backtrack")
            assert (count == 1) == bool(sets >> subset & 1)
        # the representative of this square: rename ranks and suits so the first row is A♠ K♥ Q♦ J♣
        ranks = {values[i] >> 2: i for i in range(4)}
        suits = {values[i] & 3: i for i in range(4)}
        renamed = tuple(4 * ranks[v >> 2] + suits[v & 3] for v in values)
        rep = data.representatives.index(index.values.index(renamed))
        assert sets == data.unique_sets[rep]


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_census_known_rows(rules: Rules) -> None:
    table = census(rules)
    finished = len(finished_squares(rules))
    assert table.finished == finished
    assert (table.row(0).unique, table.row(0).sub_squares) == (0, 1)
    assert table.row(1).sub_squares == 256  # any card on any cell can be finished
    assert table.row(16).unique == table.row(16).sub_squares == finished
    assert table.row(15).unique == table.row(15).sub_squares == 16 * finished
    for row in table.rows:
        assert row.unique <= row.sub_squares <= comb(16, row.k) * finished
        assert row.minimal <= row.unique
    assert table.smallest == 4
    assert all(table.row(k).unique == 0 for k in range(4))
    assert table.largest_minimal == (5 if not rules.diagonals else 4)
    assert json.loads(json.dumps(table.to_dict()))["smallest"] == 4


# --- classes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "k"), [(STANDARD, 4), (DIAGONAL, 4), (DIAGONAL, 5)], ids=["standard-4", "diagonals-4", "diagonals-5"])  # fmt: skip
def test_classes_against_burnside(rules: Rules, k: int) -> None:
    classes = start_classes(rules, k)
    assert len(classes) == count_classes_burnside(rules, k)
    group = symmetry_group(rules)
    assert sum(c.size for c in classes) == census(rules).row(k).unique
    assert len({c.representative for c in classes}) == len(classes)
    for item in classes:
        start = item.representative
        assert start.placed_count() == k
        assert group.canonical(start) == start
        assert group.stabilizer_order(start) == item.stabilizer
        assert item.size * item.stabilizer == group.order
        assert count_completions(start, rules, method="backtrack") == 1


def test_the_rules_starts_are_in_the_classes() -> None:
    for start, rules in ((OZANAM_START, STANDARD), (OZANAM_DIAGONAL_START, DIAGONAL)):
        canonical = symmetry_group(rules).canonical(start)
        assert canonical in {c.representative for c in start_classes(rules)}


# --- grading -----------------------------------------------------------------------------------


def replay(start: Square, rules: Rules) -> Square:
    square = start
    for step in grade_start(start, rules).steps:
        square = rules.place(square, step.cell, step.card)
    return square


@settings(max_examples=60)
@given(data=st.data())
def test_grade_path_reaches_the_only_completion(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(BOTH))
    start = data.draw(sub_squares(rules, 4, 12))
    if count_completions(start, rules) != 1:
        with pytest.raises(UnsupportedError, match="exactly one completion"):
            grade_start(start, rules)
        return
    grade = grade_start(start, rules)
    assert replay(start, rules) == next(completions(start, rules, method="backtrack"))
    assert 1 <= grade.level <= HIGHEST_GRADE and grade.depth == 0
    assert dict(grade.uses)  # some reasoning was used


@settings(max_examples=60)
@given(data=st.data())
def test_reasoning_never_rules_out_a_completion(data: st.DataObject) -> None:
    """On any completable square (one completion or many), reasoning without guesses keeps
    every card that some completion has on that cell; level 3 includes Euler's trap."""
    rules = data.draw(st.sampled_from(BOTH))
    start = data.draw(sub_squares(rules, 0, 10))
    level = data.draw(st.sampled_from([1, 2, 3]))
    state = Reasoner(rules, level, 0).propagate(start)
    assert state is not None
    placed, candidates = state
    for completion in completions(start, rules):
        for cell, value in enumerate(completion.values):
            assert candidates[cell] >> value & 1
            assert placed[cell] in (-1, value)


def test_every_finished_diagonal_square_fills_its_quarters() -> None:
    """Grade 3 with the diagonals treats the 2 x 2 corner quarters as lines: sound?"""
    quarters = [[4 * (r0 + r) + c0 + c for r in range(2) for c in range(2)] for r0 in (0, 2) for c0 in (0, 2)]  # fmt: skip
    for square in finished_squares(DIAGONAL):
        for quarter in quarters:
            assert {square.values[c] >> 2 for c in quarter} == {0, 1, 2, 3}
            assert {square.values[c] & 3 for c in quarter} == {0, 1, 2, 3}


def test_eulers_trap_at_grade_3() -> None:
    """Rows 2 and 3 pair J with Q (J♦ above Q♠), so row 2, column 2, opposite J♥, needs a
    Queen, and row 2 has one (Q♥): dead. Grade 2 reasoning does not see it; grade 3 does."""
    square = Square("4/2JDQH/1JHQS1/4")
    assert STANDARD.is_valid(square) and count_completions(square) == 0
    assert Reasoner(STANDARD, 2, 0).propagate(square) is not None
    assert Reasoner(STANDARD, 3, 0).propagate(square) is None
    fine = Square("ASKHQDJC/KDACJSQH/4/4")  # A K Q J over K A J Q: pairs by swaps
    assert count_completions(fine) > 0
    assert Reasoner(STANDARD, 3, 0).propagate(fine) is not None


def test_guessing_does_what_the_missing_techniques_would() -> None:
    start = Square("1KH1JC/KD3/QC3/4")  # grade 2: level 1 alone is stuck
    assert grade_start(start).level == 2
    assert not Reasoner(STANDARD, 1, 0).solve(start)
    assert Reasoner(STANDARD, 1, 1).solve(start)  # level 1 with one guess at a time
    assert Reasoner(STANDARD, 3, 0).solve(start)


def all_riddles(rules: Rules, k: int, *, minimal: bool) -> list[Square]:
    """Every unique (minimal) k-card start of the representatives: one per class of 576."""
    index = CompletionIndex.get(rules)
    data = census_data(rules.diagonals)
    starts = []
    for number, sets in zip(data.representatives, data.unique_sets, strict=True):
        for cells in itertools.combinations(range(16), k):
            subset = sum(1 << c for c in cells)
            if not sets >> subset & 1:
                continue
            if minimal and any(sets >> (subset & ~(1 << c)) & 1 for c in cells):
                continue
            starts.append(sub_square(index.values[number], subset))
    return starts


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_highest_grade_over_every_minimal_riddle(rules: Rules) -> None:
    """Every minimal riddle (4 or 5 cards, the census) has a grade of at most HIGHEST_GRADE;
    renaming ranks and suits does not change a grade, so the representatives cover all."""
    table = census(rules)
    grades: Counter[int] = Counter()
    for k in range(table.smallest, table.largest_minimal + 1):
        riddles = all_riddles(rules, k, minimal=True)
        assert 576 * len(riddles) == table.row(k).minimal
        grades.update(grade_start(start, rules).level for start in riddles)
    assert max(grades) == HIGHEST_GRADE and set(grades) == {1, 2}


@settings(max_examples=40)
@given(data=st.data())
def test_grade_is_kept_by_symmetries_and_never_rises_with_more_cards(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(BOTH))
    group = symmetry_group(rules)
    start = data.draw(sub_squares(rules, 4, 8))
    if count_completions(start, rules) != 1:
        return
    grade = grade_start(start, rules).level
    image = Symmetry(data.draw(st.sampled_from(group.cell_permutations)), data.draw(st.sampled_from(group.card_permutations))).apply(start)  # fmt: skip
    assert grade_start(image, rules).level == grade
    completion = next(completions(start, rules))
    cell = data.draw(st.sampled_from(start.empty_cells()))
    assert grade_start(start.place(cell, completion.values[cell]), rules).level <= grade


def test_grade_of_the_rules_starts() -> None:
    assert grade_start(OZANAM_START).level == 1
    assert grade_start(OZANAM_DIAGONAL_START, DIAGONAL).level == 1
    assert grade_start(OZANAM_START).name == "Easy"
    with pytest.raises(UnsupportedError, match="0 completions"):
        grade_start(OZANAM_START, DIAGONAL)


# --- new riddles -------------------------------------------------------------------------------


RIDDLE_REQUESTS = [
    {"k": None, "rules": STANDARD, "seed": 1},
    {"k": 4, "rules": DIAGONAL, "seed": 2},
    {"k": 5, "rules": STANDARD, "seed": "five", "minimal": True},
    {"k": 4, "rules": STANDARD, "seed": 3, "difficulty": 1},
    {"k": 4, "rules": STANDARD, "seed": 4, "difficulty": "normal"},
    {"k": 4, "rules": DIAGONAL, "seed": 5, "difficulty": 2},
    {"k": 7, "rules": DIAGONAL, "seed": 6},
    {"k": 10, "rules": STANDARD, "seed": 7, "difficulty": "Easy"},
]


@pytest.mark.parametrize("request_", RIDDLE_REQUESTS, ids=lambda r: str(r["seed"]))
def test_new_riddles_are_unique_by_cpsat(request_: dict[str, object]) -> None:
    kwargs = dict(request_)
    k, rules = kwargs.pop("k"), kwargs.pop("rules")
    assert isinstance(rules, Rules)
    riddle = new_start(k, rules, **kwargs)  # type: ignore[arg-type]
    start = riddle.start
    assert start.placed_count() == (4 if k is None else k)
    report = verify_start(start, rules, method="backtrack")
    assert report.completion == riddle.solution and report.minimal == riddle.minimal
    if kwargs.get("minimal"):
        assert report.minimal
    if "difficulty" in kwargs:
        wanted = {"normal": 2, "easy": 1}.get(
            str(kwargs["difficulty"]).lower(), kwargs["difficulty"]
        )
        assert riddle.grade.level == wanted
    assert new_start(k, rules, **kwargs) == riddle  # type: ignore[arg-type]
    assert cpsat_count(start, rules) == 1


def test_same_seed_same_riddle_and_seeds_differ() -> None:
    assert new_start(seed=11) == new_start(seed=11)
    starts = {new_start(seed=seed).start for seed in range(20)}
    assert len(starts) > 15
    fresh = new_start()
    assert new_start(seed=fresh.seed) == fresh


def test_same_seed_same_riddle_in_other_processes() -> None:
    """Hash randomisation must not matter: two interpreters with different hash seeds."""
    code = (
        "from officers import Rules\n"
        "from officers.euler.puzzles import new_start\n"
        "for seed in (0, 1, 'x', 2**70):\n"
        "    print(new_start(seed=seed).start.notation())\n"
        "    print(new_start(5, Rules(diagonals=True), seed=seed).start.notation())\n"
        "    print(new_start(5, seed=seed, minimal=True, difficulty=2).start.notation())\n"
    )
    outputs = []
    for hash_seed in ("0", "98765"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]
    here = []
    for seed in (0, 1, "x", 2**70):
        here.append(new_start(seed=seed).start.notation())
        here.append(new_start(5, DIAGONAL, seed=seed).start.notation())
        here.append(new_start(5, seed=seed, minimal=True, difficulty=2).start.notation())
    assert outputs[0].split() == here


def test_impossible_riddles_are_refused() -> None:
    with pytest.raises(UnsupportedError, match="at least 4 cards"):
        new_start(3)
    with pytest.raises(UnsupportedError, match="minimal"):
        new_start(5, DIAGONAL, minimal=True)
    with pytest.raises(UnsupportedError, match="grade 3"):
        new_start(difficulty="hard")
    with pytest.raises(NotationError, match="difficulty"):
        new_start(difficulty="impossible")
    with pytest.raises(NotationError, match="0-16"):
        new_start(17)
    with pytest.raises(NotationError, match="seed"):
        new_start(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(UnsupportedError, match="order 4 only"):
        new_start(rules=Rules(order=5))
    # a 15-card start leaves one cell, which can take one card: never grade 2
    with pytest.raises(RiddleNotFoundError, match="15-card riddle of grade 2"):
        new_start(15, seed=1, difficulty=2, max_tries=50)


class _OnlyRandom(random.Random):
    """A generator that fails on every draw but ``random()``."""

    def getrandbits(self, k: int) -> int:
        raise AssertionError("only random() may be drawn")


@given(st.integers(min_value=1, max_value=5000), st.integers(min_value=0, max_value=2**32))
def test_draws_are_uniform_ranges_from_random_only(n: int, seed: int) -> None:
    from officers.core.draw import below, shuffled

    rng = _OnlyRandom(seed)
    assert all(0 <= below(rng, n) < n for _ in range(20))
    assert sorted(shuffled(rng, min(n, 40))) == list(range(min(n, 40)))


def test_new_start_draws_from_random_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from officers.euler.puzzles import generate

    monkeypatch.setattr(generate.random, "Random", _OnlyRandom)
    riddle = new_start(5, seed="only random()")
    assert verify_start(riddle.start).unique


# --- collections, the report, the sheet ---------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "k", "diagonals", "difficulty", "minimal"),
    [(6, 6, False, 2, False), (4, 5, True, None, False), (3, 4, False, None, True)],
)
def test_collections_are_unique_pairwise_different_and_graded(
    count: int, k: int, diagonals: bool, difficulty: int | None, minimal: bool
) -> None:
    from officers.euler.puzzles.collection import new_collection
    from officers.euler.symmetry import canonical_form

    rules = Rules(diagonals=diagonals)
    riddles = new_collection(count, k, rules, seed="sheet", difficulty=difficulty, minimal=minimal)
    assert len(riddles) == count
    forms = set()
    for riddle in riddles:
        report = verify_start(riddle.start, rules)
        assert report.unique and report.completion == riddle.solution
        assert riddle.start.placed_count() == k
        assert not minimal or report.minimal
        if difficulty is not None:
            assert grade_start(riddle.start, rules).level == difficulty
        forms.add(canonical_form(riddle.start, rules, "puzzle"))
        assert new_start(k, rules, seed=riddle.seed, minimal=minimal,
                         difficulty=difficulty).start == riddle.start  # fmt: skip
    assert len(forms) == count  # pairwise different puzzles
    again = new_collection(count, k, rules, seed="sheet", difficulty=difficulty, minimal=minimal)
    assert [r.start for r in again] == [r.start for r in riddles]


def test_report_of_a_start() -> None:
    from officers.euler.puzzles.report import start_report

    report = start_report(Square("ACKD2/1JS2/1AH1QD/4"))
    assert report.verification.redundant == (1, 9)
    assert report.grade is not None and len(report.path) == 16 - 5
    placed = list(Square("ACKD2/1JS2/1AH1QD/4").values)
    for step in report.path:
        assert placed[step.step.cell] == -1 and step.reason
        placed[step.step.cell] = int(step.step.card)
    assert report.verification.completion is not None
    assert tuple(placed) == report.verification.completion.values
    data = report.to_dict()
    assert data["kind"] == "start-report" and data["version"] == 2
    assert data["rating"].startswith("only card for the cell")
    assert set(data["classes"]) == {"lines", "puzzle"}
    for kind, text in data["classes"].items():
        from officers.euler.symmetry import canonical_form

        assert canonical_form(Square(text), Rules(), kind) == canonical_form(
            Square("ACKD2/1JS2/1AH1QD/4"), Rules(), kind
        )
    not_a_riddle = start_report(Square("4/4/4/4"))
    assert not_a_riddle.grade is None and not_a_riddle.rating is None
    assert "solving path" not in not_a_riddle.text()


def test_sheets_draw_every_start_and_solution() -> None:
    import xml.etree.ElementTree as ET

    from officers.euler.puzzles.collection import new_collection
    from officers.euler.puzzles.sheet import sheet_html, sheet_svg

    riddles = new_collection(4, 6, seed=3)
    svg = ET.fromstring(sheet_svg(riddles))
    cards = svg.findall(".//{http://www.w3.org/2000/svg}g[@class='card']")
    assert len(cards) == 4 * 6 + 4 * 16
    html = sheet_html(riddles)
    assert html.count('<figure class="start">') == 4 and html.count('class="solution"') == 4
    assert html.index("<h2>Solutions") > html.rindex('<figure class="start">')
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    assert html == sheet_html(riddles)
