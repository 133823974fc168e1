"""The generation of isotopy classes and species by canonical augmentation: the same classes,
forms and groups as the listings of officers.latin.canonical, the published numbers, class sizes
summing to the number of Latin squares, the rectangle form against brute force, the state file
resumed, the time limit and bad input."""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, SolverTimeoutError, UnsupportedError
from officers.latin import canonical, classes_accel
from officers.latin.listing import (
    Level,
    _form,
    compiled_status,
    default_plan,
    enumerate_classes,
    rectangle_form,
)
from officers.latin.squares import latin_squares

A040082 = [1, 1, 1, 2, 2, 22, 564]
A003090 = [1, 1, 1, 2, 2, 12, 147]
LATIN_SQUARES = [1, 2, 12, 576, 161280, 812851200, 61479419904000]  # OEIS A002860


@pytest.mark.parametrize("n", range(1, 7))
def test_same_classes_as_the_listing(n: int) -> None:
    census = enumerate_classes(n)
    assert len(census.isotopy) == A040082[n - 1]
    assert len(census.species) == A003090[n - 1]
    assert census.isotopy == canonical.isotopy_classes(n)
    assert census.species == canonical.species(n)
    assert sum(c.size for c in census.isotopy) == LATIN_SQUARES[n - 1]
    assert sum(c.size for c in census.species) == LATIN_SQUARES[n - 1]


def test_order_7_on_two_processes_matches_the_listing(tmp_path: Path) -> None:
    census = enumerate_classes(7, jobs=2, state=tmp_path / "state.jsonl")
    assert len(census.isotopy) == 564
    assert len(census.species) == 147
    assert sum(c.size for c in census.isotopy) == LATIN_SQUARES[6]
    assert sum(c.size for c in census.species) == LATIN_SQUARES[6]
    # McKay's data pages: 149 isotopy classes and 103 species of order 7 have a nontrivial group
    assert sum(1 for c in census.isotopy if c.symmetries > 1) == 149
    assert sum(1 for c in census.species if c.symmetries > 1) == 103
    assert [c.form for c in census.isotopy] == sorted({c.form for c in census.isotopy})
    assert [c.form for c in census.species] == sorted({c.form for c in census.species})
    # every form listed is the canonical form of its square, with its group's order, by the
    # canonical forms' own search: as many distinct classes as published are then every class
    # canonical.isotopy_classes(7) and canonical.species(7) list (some 40 s; the slow tests)
    for item in census.isotopy:
        assert canonical.isotopy_form(item.form) == item.form
        assert canonical.autotopisms(item.form) == item.symmetries
    for item in census.species:
        assert canonical.species_form(item.form) == item.form
        assert canonical.autoparatopisms(item.form) == item.symmetries


def test_levels_are_reported() -> None:
    seen: list[Level] = []
    census = enumerate_classes(6, on_level=seen.append)
    assert [level.rows for level in census.levels] == [1, *default_plan(6)[1:]]
    assert census.levels[1:] == seen
    assert [level.classes for level in census.levels] == [1, 4, 16, 22]
    # the 2-row level: one class per cycle type of a derangement of 6 (6, 4+2, 3+3, 2+2+2)
    for above, below in itertools.pairwise(census.levels):
        assert below.parents == above.classes
        assert below.candidates >= below.classes


def test_any_plan_gives_the_same_classes() -> None:
    every_row = enumerate_classes(6, plan=(1, 2, 3, 4, 5, 6))
    jump = enumerate_classes(6, plan=(1, 3, 6))
    assert every_row.isotopy == jump.isotopy == canonical.isotopy_classes(6)
    assert every_row.species == jump.species
    assert [level.classes for level in every_row.levels] == [1, 4, 16, 56, 40, 22]
    # a rectangle of 5 rows of order 6 completes in one way: its classes are the squares'
    # classes with one row left out, counted here another way
    marked = {
        rectangle_form([row for r, row in enumerate(c.form) if r != out])
        for c in canonical.isotopy_classes(6)
        for out in range(6)
    }
    assert len(marked) == 40


def _brute_form(rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """The least rectangle over every isotopy whose rows are in the order of their first symbol
    and whose first row is 0 .. n-1, a different canonical choice: equal for isotopic ones."""
    n = len(rows[0])
    best = None
    for columns in itertools.permutations(range(n)):
        for first in range(len(rows)):
            label = {rows[first][c]: j for j, c in enumerate(columns)}
            made = tuple(sorted(tuple(label[row[c]] for c in columns) for row in rows))
            if best is None or made < best:
                best = made
    assert best is not None
    return best


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.integers(1, 5), st.randoms(use_true_random=False))
def test_rectangle_form_is_an_isotopy_invariant(n: int, k: int, rng: random.Random) -> None:
    k = min(k, n)
    squares = list(latin_squares(n)) if n <= 4 else None
    if squares is None:
        square = [[(r + c) % n for c in range(n)] for r in range(n)]
        for _ in range(3):
            a, b = rng.sample(range(n), 2)
            square[a], square[b] = square[b], square[a]
    else:
        square = [list(row) for row in rng.choice(squares)]
    rows = [list(row) for row in rng.sample(square, k)]
    form = rectangle_form(rows)
    cols_p, syms_p = rng.sample(range(n), n), rng.sample(range(n), n)
    moved = [[syms_p[rows[r][cols_p[c]]] for c in range(n)] for r in range(k)]
    rng.shuffle(moved)
    assert rectangle_form(moved) == form
    assert _brute_form(moved) == _brute_form(rows)
    # the form is isotopic to the rectangle
    assert _brute_form([list(row) for row in form]) == _brute_form(rows)


def test_square_form_is_the_isotopy_form() -> None:
    rng = random.Random(8)
    from officers.latin.random import random_latin_square

    for n in (6, 7, 8):
        for _ in range(5):
            square = random_latin_square(n, seed=rng.randrange(10**9))
            assert rectangle_form(square) == canonical.isotopy_form(square)


def test_state_file_resumes(tmp_path: Path) -> None:
    path = tmp_path / "state.jsonl"
    whole = enumerate_classes(6, state=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {"order": 6, "version": 1, "plan": list(default_plan(6))}
    # keep the header and the first parents, and a line cut short: the rest is found again
    path.write_text("\n".join(lines[:30]) + '\n{"rows": 6, "par', encoding="utf-8")
    again = enumerate_classes(6, state=path)
    assert again.isotopy == whole.isotopy and again.species == whole.species
    # a finished state gives the answer without new work
    before = path.read_text(encoding="utf-8")
    assert enumerate_classes(6, state=path).species == whole.species
    assert path.read_text(encoding="utf-8") == before


def test_state_of_another_order_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.jsonl"
    enumerate_classes(4, state=path)
    with pytest.raises(InvalidArgumentError, match="not one of order 5"):
        enumerate_classes(5, state=path)
    path.write_text("garbage\n", encoding="utf-8")
    with pytest.raises(InvalidArgumentError, match="'garbage'"):
        enumerate_classes(5, state=path)
    path.write_text("a file of its own\nwhose last line has no end", encoding="utf-8")
    with pytest.raises(InvalidArgumentError, match="'a file of its own'"):
        enumerate_classes(5, state=path)
    assert path.read_text(encoding="utf-8").endswith("whose last line has no end")  # untouched


def test_state_of_another_plan_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.jsonl"
    made = enumerate_classes(6, state=path, plan=(1, 2, 6))
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["plan"] == [1, 2, 6]
    with pytest.raises(InvalidArgumentError, match=r"made with the plan \[1, 2, 6\]"):
        enumerate_classes(6, state=path)
    assert enumerate_classes(6, state=path, plan=(1, 2, 6)).species == made.species
    # a header written before plans were kept is of the default plan
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["plan"]
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    assert enumerate_classes(6, state=path).species == made.species
    with pytest.raises(InvalidArgumentError, match="made with the plan"):
        enumerate_classes(6, state=path, plan=(1, 2, 6))


def test_time_limit_is_honoured_and_the_state_kept(tmp_path: Path) -> None:
    path = tmp_path / "state.jsonl"
    with pytest.raises(SolverTimeoutError, match="order 8"):
        enumerate_classes(8, time_limit=0.5, state=path)
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["order"] == 8
    with pytest.raises(SolverTimeoutError, match="order 8"):
        enumerate_classes(8, jobs=2, time_limit=3, state=path)
    finished = path.read_text(encoding="utf-8").splitlines()[1:]
    assert finished and all(json.loads(line)["children"] is not None for line in finished)


@pytest.mark.parametrize("n", [0, 9, -1, "7", 7.0, True])
def test_bad_orders_are_refused(n: object) -> None:
    with pytest.raises(UnsupportedError, match=repr(n)):
        enumerate_classes(n)  # type: ignore[arg-type]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="0"):
        enumerate_classes(4, jobs=0)
    with pytest.raises(TypeError, match="'2'"):
        enumerate_classes(4, jobs="2")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"\(1, 3\)"):
        enumerate_classes(4, plan=(1, 3))
    with pytest.raises(InvalidArgumentError, match="nan"):
        enumerate_classes(4, time_limit=math.nan)


@pytest.mark.parametrize(
    ("rows", "why"),
    [
        ([], "non-empty"),
        ([[0, 1], [0, 1]], "column 0 holds 0 twice"),
        ([[0, 2]], "permutation"),
        ([[0, 1], [1, 0], [0, 1]], "1 to n rows"),
        ([["a", "b"]], "not an int"),
        ("01", "non-empty list"),
    ],
)
def test_bad_rectangles_are_refused(rows: object, why: str) -> None:
    with pytest.raises(InvalidArgumentError, match=why):
        rectangle_form(rows)  # type: ignore[arg-type]


needs_compiled = pytest.mark.skipif(
    compiled_status() != "compiled", reason=f"officers.latin._classes: {compiled_status()}"
)


@needs_compiled
@pytest.mark.parametrize("n", range(2, 7))
def test_compiled_and_pure_python_give_the_same_census(n: int) -> None:
    compiled = enumerate_classes(n)
    pure = enumerate_classes(n, compiled=False)
    assert compiled.isotopy == pure.isotopy
    assert compiled.species == pure.species
    assert [(v.rows, v.parents, v.classes) for v in compiled.levels] == [
        (v.rows, v.parents, v.classes) for v in pure.levels
    ]


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8), st.integers(1, 8), st.integers(0, 2**32), st.booleans())
def test_compiled_form_is_the_python_form(n: int, k: int, seed: int, cyclic: bool) -> None:
    from officers.latin.random import random_latin_square

    module = classes_accel.module()
    assert module is not None
    rng = random.Random(seed)
    if cyclic:  # a large group: many layouts give the least rectangle
        square = tuple(tuple((r + c) % n for c in range(n)) for r in range(n))
    else:
        square = random_latin_square(n, seed=seed)
    rows = list(square)
    rng.shuffle(rows)
    rect = tuple(rows[: min(k, n)])
    form, hits = _form(rect, n)
    cells, compiled_hits = module.form(bytes(s for row in rect for s in row), n)
    assert cells == bytes(s for row in form for s in row)
    assert compiled_hits == hits


@needs_compiled
def test_compiled_part_refuses_bad_cells() -> None:
    module = classes_accel.module()
    assert module is not None
    with pytest.raises(ValueError, match="out of range or twice"):
        module.form(bytes([0, 5]), 2)
    with pytest.raises(ValueError, match="out of range or twice"):
        module.children(bytes([0, 1, 2, 0, 2, 1]), 3, 3)
    with pytest.raises(ValueError, match="rows"):
        module.form(bytes([0, 1, 1]), 2)
    with pytest.raises(ValueError, match="parent"):
        module.children(bytes([0, 1]), 2, 1)


def test_mate_table_of_order_7_is_the_listing_one() -> None:
    from officers.latin.listing import species_mate_table
    from officers.latin.orthogonal import mate_table

    census = enumerate_classes(7)
    table = species_mate_table(census, jobs=2)
    assert table == mate_table(7)
    assert sum(1 for s in table.species if s.mates) == 6
    assert str(table.share) == "5891/564736"


def test_the_command_line_lists_the_classes_it_generates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import json

    from officers.cli import main
    from tests.helpers import assert_valid

    state = tmp_path / "state.jsonl"
    args = ["latin", "classes", "6", "--species", "--no-progress", "--state", str(state)]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert_valid(data)
    assert data["count"] == 12 == data["published"] and state.exists()
    assert sum(c["size"] for c in data["classes"]) == 812851200  # every Latin square of order 6
    assert main(["latin", "classes", "5", "--mates", "--no-progress"]) == 0
    assert "Latin squares with a mate: 17,280 of 161,280 (3/28" in capsys.readouterr().out


def test_species_is_classes_with_species(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.cli import main

    assert main(["latin", "species", "6", "--no-progress"]) == 0
    listed = capsys.readouterr().out
    assert main(["latin", "classes", "6", "--species", "--no-progress"]) == 0
    assert capsys.readouterr().out == listed and listed.startswith("12 species of order 6\n")
    assert main(["latin", "species", "7", "--count"]) == 0
    assert capsys.readouterr().out.startswith("147 species of order 7")


def test_the_mates_table_shares_one_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.cli import main

    # the listing and the mates together within the limit: a limit too short for both answers
    # by the time limit's exit status, whichever of the two it stops
    assert main(["latin", "species", "7", "--mates", "--time-limit", "0.001", "--no-progress"]) == 3
    assert "time" in capsys.readouterr().err
