"""Regression tests of the reliability issue for the game: one test (or more) a class, named
after it. Class 5: the game's readers agree; class 7: runaway runs."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz import inputs as fuzz_inputs
from officers import IllegalPlacementError, NotationError, OfficersError
from officers.euler.game import GameState, view_from_notation
from officers.euler.record import GameRecord

CHECKED = (NotationError, IllegalPlacementError)


games = fuzz_inputs.games  # random games reached by legal moves (the fuzzers' strategy)

FIELD_VALUES = [
    "-",
    "?0",
    "?2",
    "?16",
    "1",
    "2",
    "3",
    "0",
    "13",
    "conceded",
    "timeout",
    "AS",
    "ASAS",
    "KDKC/KDKC",
    "r1c1",
    "r1c1/r1c1",
    "r1c1,r1c1",
    "./.",
    "4/4/4/4",
    "normal+open",
    "²",
    "1²",
    "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS",
    "ASKSQSJSAHKHQHJHADKDQDJDACKCQCJC",
    "A♠",
    "r9c9",
    "",
]


CELLS = [f"r{row}c{col}" for row in range(1, 5) for col in range(1, 5)]


@st.composite
def _field(draw: st.DrawFn, fields: list[str], i: int) -> str:
    """A new value for field ``i``: one that the grammar reads, but that may not fit the rest."""
    players = len(fields[4].split("/")) if len(fields) > 4 else 2
    if i == 3:
        return str(draw(st.integers(0, 5)))
    if i == 4:
        hands = fields[4].split("/")
        a, b = draw(st.integers(0, len(hands) - 1)), draw(st.integers(0, len(hands) - 1))
        hands[b] = draw(st.sampled_from([hands[a], "-", hands[a][:2] or "-", hands[a] + "AS"]))
        return "/".join(hands)
    if i == 5:
        return ",".join(draw(st.lists(st.sampled_from(CELLS), min_size=1, max_size=3, unique=True)))
    if i == 6:
        return "/".join(draw(st.sampled_from([*CELLS, "."])) for _ in range(players))
    return draw(st.sampled_from(FIELD_VALUES) | st.text(max_size=6))


@st.composite
def mutated_notations(draw: st.DrawFn) -> str:
    """A valid game notation, then a few of its fields replaced, doubled or dropped, or its
    characters changed: mostly near misses of the grammar."""
    game = draw(games)
    fields = game.notation().split(" ")
    for _ in range(draw(st.integers(1, 2))):
        i = draw(st.integers(0, len(fields) - 1))
        action = draw(
            st.sampled_from(
                ["field", "field", "field", "field", "replace", "double", "drop", "char", "end"]
            )
        )
        if action == "field":
            fields[i] = draw(_field(fields, i))
        elif action == "replace":
            fields[i] = draw(st.sampled_from(FIELD_VALUES) | st.text(max_size=6))
        elif action == "double":
            fields.insert(i, fields[i])
        elif action == "drop" and len(fields) > 1:
            del fields[i]
        elif action == "char" and fields[i]:
            j = draw(st.integers(0, len(fields[i]) - 1))
            c = draw(st.sampled_from("0123456789/.-?,+rcASKQJHDC²①") | st.characters())
            fields[i] = fields[i][:j] + c + fields[i][j + 1 :]
        elif action == "end":
            fields.append(draw(st.sampled_from(["conceded", "timeout"])))
    return " ".join(fields)


def _outcome(read: object) -> object:
    """What a reader does: its value or the class of its error (library errors only)."""
    assert callable(read)
    try:
        return read()
    except CHECKED as error:
        return type(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated_notations(), st.text(max_size=40)), st.integers(0, 3))
def test_class_5_view_and_game_readers_agree(text: str, player: int) -> None:
    state = _outcome(lambda: GameState.parse(text))
    view = _outcome(lambda: view_from_notation(text, player))
    if isinstance(state, GameState):
        if player < state.players:
            assert view == state.view(player)
        else:
            assert view is NotationError
    elif "?" not in text:  # GameState.parse refuses every unknown hand (?n); the view reads them
        assert view == state


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 3), st.integers(0, 3))
def test_class_5_views_of_a_game_are_read_back(game: GameState, viewer: int, k: int) -> None:
    viewer %= game.players
    text = game.notation(viewer)
    assert view_from_notation(text, viewer) == game.view(viewer)
    # the unknown hands with one card too many or too few are refused
    for hand in text.split(" ")[4].split("/"):
        if hand.startswith("?"):
            wrong = f"?{int(hand[1:]) + 1}"
            changed = (
                text.replace(f" {hand}", f" {wrong}", 1)
                if k % 2
                else text.replace(f"/{hand}", f"/{wrong}", 1)
            )
            if changed != text:
                with pytest.raises(NotationError):
                    view_from_notation(changed, viewer)


LATE = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"
OPEN_CELLS = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS"


@pytest.mark.parametrize(
    "text",
    [
        "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/KDKC - - 13",  # a hand given twice
        "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - r1c1/. 13",  # a coin on a filled cell
        "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - r1c2/r1c2 13",  # a shared cell
        "ASKDQHJC/QCJDAHKS/JHQSKCAD/KHACJSQD hard 0 1 -/- - - 17 conceded",  # finished
        "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKCQSJH/- - - 13",  # to move, no cards
        "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 KDKC/QSJHAS - - 13",  # a card also placed
        "5/5/5/5/5 hard 0 1 KDKC/QSJH - - 13",  # not order 4
    ],
)
def test_class_5_both_readers_refuse(text: str) -> None:
    with pytest.raises(CHECKED):
        GameState.parse(text)
    for player in (0, 1):
        with pytest.raises(CHECKED):
            view_from_notation(text, player)
    if "KDKC/KDKC" in text:
        return  # with the second hand unknown, the line is a fine view
    unknown = text.split(" ")
    hands = unknown[4].split("/")
    unknown[4] = "/".join([hands[0], f"?{len(hands[1]) // 2}"])
    with pytest.raises(CHECKED):
        view_from_notation(" ".join(unknown), 0)


def test_class_5_a_stated_hand_is_never_replaced() -> None:
    # player 2's hand is stated; the view of player 1 takes it as it is, or refuses the line
    assert view_from_notation(LATE, 0).others == GameState.parse(LATE).hand(1)
    with pytest.raises(NotationError):
        view_from_notation(LATE.replace("KDKC/QSJH", "KDKC/QS"), 0)


@settings(max_examples=30, deadline=None)
@given(games)
def test_class_5_records_read_back_to_the_state(game: GameState) -> None:
    record = GameRecord.from_game(game)
    again = GameRecord.parse(str(record))
    assert again.replay() == game
    assert GameState.parse(again.replay().notation()) == game


def test_class_5_errors_quote_a_bounded_excerpt() -> None:
    text = "4/4/4/4 easy 3 1 ?5/" + "AS" * 5000 + " - - 1"
    for read in (GameState.parse, view_from_notation):
        with pytest.raises(OfficersError) as error:
            read(text)
        assert len(str(error.value)) < 400


# --- class 7: runaway runs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--deals", "²"],
        ["simulate", "--deals", "0"],
        ["simulate", "--deals", "1000000001"],
        ["simulate", "--deals", "1_000"],
        ["simulate", "--jobs", "0"],
        ["simulate", "--jobs", "١"],
        ["simulate", "--seed", "-5"],
        ["simulate", "--seed", "9" * 5000],
        ["simulate", "--players", "①"],
        ["simulate", "--tokens", "²"],
        ["verify-rules", "--deals", "0"],
        ["verify-rules", "--games", "0"],
        ["verify-rules", "--games", "²"],
        ["deal", "--players", "5"],
        ["deal", "--seed", "³"],
        ["play", "--human", "٣"],
        ["state", "4/4/4/4 easy 3 1 ASAHADACKSKHKDKC/QSQHQDQCJSJHJDJC - - 1", "--viewer", "²"],
    ],
)
def test_class_7_numbers_are_ascii_digits_with_bounds(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from officers.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300


def test_class_7_jobs_are_capped_to_the_cpus(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.cli import main
    from officers.core import simulation
    from officers.euler import simulate

    assert simulation.jobs_for(300) == simulate.cpus() <= 300
    assert main(["simulate", "--deals", "3", "--jobs", "300", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert f"using {simulate.cpus()}" in err and err.count("\n") == 1


def test_class_7_chunks_are_submitted_a_few_at_a_time() -> None:
    import concurrent.futures
    import threading

    from officers.euler.simulate import IN_FLIGHT, Task, cpus, run_tasks

    class Counting(concurrent.futures.ThreadPoolExecutor):
        def __init__(self) -> None:
            super().__init__(2)
            self.lock = threading.Lock()
            self.pending = self.most = self.submitted = 0

        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            with self.lock:
                self.pending += 1
                self.submitted += 1
                self.most = max(self.most, self.pending)
            future = super().submit(fn, *args, **kwargs)
            future.add_done_callback(lambda _: self._done())
            return future

        def _done(self) -> None:
            with self.lock:
                self.pending -= 1

    tasks = [Task.make("random", "easy"), Task.make("random", "hard")]
    with Counting() as pool:
        streamed = run_tasks(tasks, 600, seed=4, executor=pool)
    assert pool.submitted > IN_FLIGHT * cpus()  # more chunks than may be in flight ...
    assert pool.most <= IN_FLIGHT * cpus()  # ... and never more in flight
    assert streamed == run_tasks(tasks, 600, seed=4, jobs=1)


def test_class_7_a_move_with_other_digits_is_refused_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from officers.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("AS@r²c1\nAS@r1c١\nxr①c1\nquit\n"))
    assert main(["play", "--human", "1", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert out.count("cannot read move") == 3
