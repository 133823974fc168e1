"""The result types are immutable values, as frozen data classes are: built by keyword,
compared and hashed by their fields, shown by them, refusing assignment, pickled and matched.
They were frozen data classes up to officers 0.2.0; what a user of that API wrote still works,
but for ``dataclasses.fields``, ``replace``, ``asdict`` and ``vars``."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import pickle
import random
import warnings
import weakref
from typing import Any

import pytest

from officers import (
    Card,
    GameState,
    NotationError,
    PlayerView,
    Rules,
    Square,
    explain,
    hint,
    new_game,
)
from officers.euler.analysis import Blocked, Explanation, Violation, check_euler
from officers.euler.hints import CardHint, ForcedMove, Hint, Placement, Recommendation
from officers.euler.repairs import Repair
from officers.euler.rules import Value
from officers.euler.symmetry import Automorphisms, Symmetry, automorphisms, symmetry_group

LIVE = PlayerView.of("AC3/1JS2/1AH1QD/4", "AS KD QC", tokens=1)
DEAD = PlayerView.of("AS1KS1/4/4/4", "AH QD JC", rules=Rules(diagonals=True), tokens=2)


def _blocked() -> Blocked:
    found = check_euler(Square("1JSQH1/1AHQC1/KCJH2/KHAD1KS"), Rules())
    blocked = next(b for violation in found for b in violation.blocked if b.line is not None)
    assert blocked.held is not None and blocked.facing is not None
    return blocked


def _examples() -> list[Value]:
    live, dead = hint(LIVE), hint(DEAD)
    found: list[Value] = [live, dead, live.view, dead.view, live.recommendation]
    found += [dead.recommendation, *live.cards[:1], *live.cards[0].safe[:1], *live.forced[:1]]
    found += [*dead.violations[:1], *dead.repairs[:1], explain(DEAD.square), _blocked()]
    found += [symmetry_group(Rules(diagonals=True)).generators[0], automorphisms()]
    return found


EXAMPLES = _examples()


def _fields(value: Value) -> dict[str, Any]:
    return {name: getattr(value, name) for name in value._fields}


def test_the_examples_cover_every_result_type() -> None:
    kinds = {type(value) for value in EXAMPLES}
    expected = {Hint, PlayerView, Recommendation, CardHint, Placement, ForcedMove, Violation}
    assert kinds == expected | {Repair, Explanation, Blocked, Symmetry, Automorphisms}


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_built_by_keyword_equal_and_hashed_alike(value: Value) -> None:
    again = type(value)(**_fields(value))
    assert again == value and hash(again) == hash(value) and again is not value
    assert value.__ne__(again) is False
    assert value != tuple(_fields(value).values()) and value != object()
    assert copy.copy(value) == value == pickle.loads(pickle.dumps(value))


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_a_changed_field_makes_another_value(value: Value) -> None:
    fields = _fields(value)
    numbers = [name for name, field in fields.items() if type(field) is int]
    if numbers:
        changed = fields | {numbers[-1]: fields[numbers[-1]] + 1}
    else:
        name = next(name for name, field in fields.items() if isinstance(field, tuple) and field)
        changed = fields | {name: ()}
    assert type(value)(**changed) != value


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_refuses_assignment_and_deletion(value: Value) -> None:
    name = value._fields[0]
    with pytest.raises(AttributeError, match=f"cannot assign to field '{name}'"):
        setattr(value, name, None)
    with pytest.raises(AttributeError, match="cannot assign"):
        setattr(value, "new_attribute", 1)  # noqa: B010
    with pytest.raises(AttributeError, match=f"cannot delete field '{name}'"):
        delattr(value, name)
    assert not hasattr(value, "__dict__")


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_shown_by_its_fields_in_order(value: Value) -> None:
    shown = ", ".join(f"{name}={field!r}" for name, field in _fields(value).items())
    assert repr(value) == f"{type(value).__name__}({shown})"


def test_defaults_and_positional_patterns() -> None:
    placement = Placement(cell=3, card=Card.ACE_OF_SPADES, completions=2)
    assert CardHint(Card.ACE_OF_SPADES, (placement,), ()).dead is False
    assert Recommendation("skip", "empty-hand") == Recommendation(
        action="skip", reason="empty-hand", cell=None, card=None, tokens=0
    )
    assert Violation("card", "no-cell").cells == () and Violation("card", "no-cell").quarter is None
    match placement:
        case Placement(cell, card, left):
            assert (cell, card, left) == (3, Card.ACE_OF_SPADES, 2)
        case _:  # pragma: no cover - the pattern above must match
            pytest.fail("no match")
    with pytest.raises(TypeError):
        Placement(3, Card.ACE_OF_SPADES)  # type: ignore[call-arg]


def test_a_view_checks_its_fields_when_built_and_unpickled() -> None:
    view = PlayerView(LIVE.square, LIVE.rules, tuple(reversed(LIVE.hand)), LIVE.others, 1)
    assert view.hand == tuple(sorted(LIVE.hand)) and view == LIVE and view.locked == ()
    with pytest.raises(ValueError, match="tokens left"):
        PlayerView(LIVE.square, LIVE.rules, LIVE.hand, LIVE.others, tokens=-1)
    assert pickle.loads(pickle.dumps(DEAD)) == DEAD


# --- what a user of the 0.2.0 data classes wrote ---------------------------------------------------

SIGNATURES_0_2 = {  # the data classes' fields in order, with their defaults, as officers 0.2.0 had
    Hint: "view, status, completions, cards, forced, stuck, violations, takebacks_needed, "
    "repairs, recommendation",
    CardHint: "card, safe, deadly, dead=False",
    Placement: "cell, card, completions",
    ForcedMove: "cell, card, yours, obvious",
    Recommendation: "action, reason, cell=None, card=None, completions=None, takebacks=None, "
    "tokens=0",
    PlayerView: "square, rules, hand, others, tokens=1, locked=()",
    Violation: "check, kind, cells=(), cards=(), lines=(), attribute=None, symbols=(), pairs=(), "
    "quarter=None, blocked=()",
    Blocked: "rank_swap, suit_swap, cell, opposite, card, blocker, facing=None, held=None, "
    "line=None",
    Explanation: "square, rules, locked, status, completions, violations, takebacks_needed, "
    "repairs",
    Repair: "cells, cards, completions",
    Symmetry: "cells, cards, name=''",
    Automorphisms: "rules, cell_candidates, card_candidates, cell_permutations, card_permutations",
}


@pytest.mark.parametrize("kind", SIGNATURES_0_2, ids=lambda kind: kind.__name__)
def test_built_and_matched_as_the_data_classes_were(kind: type[Value]) -> None:
    parameters = inspect.signature(kind).parameters.values()
    shown = ", ".join(
        p.name if p.default is inspect.Parameter.empty else f"{p.name}={p.default!r}"
        for p in parameters
    )
    assert shown == SIGNATURES_0_2[kind]
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters)
    assert vars(kind)["__match_args__"] == kind._fields == tuple(p.name for p in parameters)


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_equal_only_to_its_own_kind(value: Value) -> None:
    assert value.__eq__(object()) is NotImplemented
    assert value.__eq__(tuple(_fields(value).values())) is NotImplemented
    twin = type(f"Other{type(value).__name__}", (type(value),), {"__slots__": ()})
    other = twin(**_fields(value))  # a subclass with the same fields, as a data class has it
    assert other != value and value != other and value.__eq__(other) is NotImplemented
    assert value == type(value)(*_fields(value).values())
    with pytest.raises(TypeError):  # no order, as none of the data classes had order=True
        _ = value < copy.copy(value)  # type: ignore[operator]


def _mutable_parts(value: object, path: str) -> list[str]:
    """Where a value holds a list, a dict, a set or a bytearray (it could not be hashed)."""
    if isinstance(value, list | dict | set | bytearray):
        return [path]
    if isinstance(value, Value):
        found = []
        for name in value._fields:
            found += _mutable_parts(getattr(value, name), f"{path}.{name}")
        return found
    if isinstance(value, tuple):
        return [part for item in value for part in _mutable_parts(item, f"{path}[]")]
    return []


def test_no_field_holds_a_list_even_when_read_from_json() -> None:
    live, dead = hint(LIVE), hint(DEAD)
    read: list[Value] = [Hint.from_json(live.to_json())]
    read.append(Hint.from_json(dead.to_json(max_reasons=None)))
    read += [PlayerView.from_json(DEAD.to_json()), Repair.from_dict(dead.repairs[0].to_dict())]
    read.append(Explanation.from_json(explain(DEAD.square, DEAD.rules).to_json(max_reasons=None)))
    read.append(Violation.from_dict(json.loads(json.dumps(dead.violations[-1].to_dict()))))
    for value in [*EXAMPLES, *read]:
        assert _mutable_parts(value, type(value).__name__) == []
        assert hash(value) == hash(copy.deepcopy(value))
    assert read[1] == dead and read[2] == DEAD


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_copied_deeply_and_weakly_referred_to(value: Value) -> None:
    deep = copy.deepcopy(value)
    assert deep == value and deep is not value and hash(deep) == hash(value)
    assert weakref.ref(value)() is value
    name = value._fields[-1]
    changed = value.__replace__(**{name: getattr(deep, name)})  # copy.replace from Python 3.13
    assert changed == value and changed is not value
    with pytest.raises(TypeError):
        value.__replace__(no_such_field=1)


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_assignment_raises_what_a_frozen_data_class_raises(value: Value) -> None:
    name = value._fields[-1]
    with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
        setattr(value, name, getattr(value, name))
    with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
        delattr(value, name)
    assert _fields(value)[name] is getattr(value, name)


class _AsDataClassPickled:
    """Pickles a value as officers 0.2.0 pickled its data class: the class, then its fields' dict."""

    def __init__(self, value: Value, state: dict[str, Any] | None = None) -> None:
        self.value, self.state = value, _fields(value) if state is None else state

    def __reduce__(self) -> tuple[Any, ...]:
        return object.__new__, (type(self.value),), self.state


@pytest.mark.parametrize("value", EXAMPLES, ids=lambda v: type(v).__name__)
def test_a_pickle_of_the_data_classes_still_loads(value: Value) -> None:
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        loaded = pickle.loads(pickle.dumps(_AsDataClassPickled(value), protocol))
        assert type(loaded) is type(value) and loaded == value and hash(loaded) == hash(value)


def test_pickles_written_by_officers_0_2_0_load() -> None:
    placement = (  # pickle.dumps(Placement(3, Card.ACE_OF_SPADES, 2), 2) with officers 0.2.0
        b"\x80\x02cofficers.hints\nPlacement\nq\x00)\x81q\x01}q\x02(X\x04\x00\x00\x00cellq\x03K"
        b"\x03X\x04\x00\x00\x00cardq\x04cofficers.cards\nCard\nq\x05K\x00\x85q\x06Rq\x07X\x0b"
        b"\x00\x00\x00completionsq\x08K\x02ub."
    )
    repair = (  # pickle.dumps(Repair((1,), (Card.JACK_OF_CLUBS,), 5), 2) with officers 0.2.0
        b"\x80\x02cofficers.repairs\nRepair\nq\x00)\x81q\x01}q\x02(X\x05\x00\x00\x00cellsq\x03"
        b"K\x01\x85q\x04X\x05\x00\x00\x00cardsq\x05cofficers.cards\nCard\nq\x06K\x0f\x85q\x07"
        b"Rq\x08\x85q\tX\x0b\x00\x00\x00completionsq\nK\x05ub."
    )
    with warnings.catch_warnings():  # they name the modules' 0.3 places (officers.core.moved)
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pickle.loads(placement) == Placement(3, Card.ACE_OF_SPADES, 2)
        assert pickle.loads(repair) == Repair((1,), (Card.JACK_OF_CLUBS,), 5)


def test_an_unpickled_view_is_checked_as_a_new_one() -> None:
    state = _fields(DEAD) | {"hand": DEAD.others, "others": DEAD.hand}
    swapped = pickle.loads(pickle.dumps(_AsDataClassPickled(DEAD, state)))
    assert swapped.hand == DEAD.others and swapped.tokens == DEAD.tokens
    state = _fields(DEAD) | {"others": ()}  # the others' cards lost: it does not add up
    with pytest.raises(NotationError, match="nobody holds"):
        pickle.loads(pickle.dumps(_AsDataClassPickled(DEAD, state)))


def test_keyword_and_positional_patterns() -> None:
    matched: list[object] = []
    for value in [hint(DEAD), hint(LIVE), *hint(LIVE).cards]:
        match value:
            case Hint(status="dead", recommendation=Recommendation(action=action, cell=cell)):
                matched.append(("dead", action, cell))
            case Hint(view, status, completions):
                matched.append((status, completions, view is LIVE))
            case CardHint(card=card, safe=(Placement(cell, _, left), *_)):
                matched.append((card, cell, left))
            case _:
                matched.append(None)
    dead, live = hint(DEAD).recommendation, hint(LIVE)
    assert matched[0] == ("dead", dead.action, dead.cell)
    assert matched[1] == ("live", live.completions, True)
    assert matched[2:] == [
        (card.card, card.safe[0].cell, card.safe[0].completions) if card.safe else None
        for card in live.cards
    ]


def test_a_value_of_one_field_is_keyed_by_a_one_tuple() -> None:
    single = _Single(Card.KING_OF_HEARTS)
    assert single._key() == (Card.KING_OF_HEARTS,) and hash(single) == hash((Card.KING_OF_HEARTS,))
    assert pickle.loads(pickle.dumps(single)) == single == copy.deepcopy(single)
    assert repr(single) == "_Single(card=Card.KING_OF_HEARTS)"


class _Single(Value):
    __slots__ = _fields = __match_args__ = ("card",)
    card: Card

    def __init__(self, card: Card) -> None:
        self._set(card=card)


def test_a_game_view_is_a_checked_view_and_hides_who_holds_what() -> None:
    rng = random.Random(12)
    for seed in range(8):
        players = 2 + seed % 3
        state = new_game("expert" if seed % 2 else "normal", players=players, seed=seed)
        for _ in range(rng.randrange(0, 7)):
            state.push(rng.choice([m for m in state.legal_moves() if m.kind == "place"]))
        me = state.turn
        view = state.view(me)  # built from the state's parts without the checks
        assert view == PlayerView(**_fields(view)) and pickle.loads(pickle.dumps(view)) == view
        assert set(view.others) == {c for p in range(players) if p != me for c in state.hand(p)}
        advice = hint(view)
        hidden = list(view.others)
        rng.shuffle(hidden)  # the others' hidden cards dealt again among them, any sizes
        cuts = sorted(rng.randint(0, len(hidden)) for _ in range(players - 2))
        pieces = [hidden[a:b] for a, b in zip([0, *cuts], [*cuts, len(hidden)], strict=True)]
        hands = [*pieces[:me], state.hand(me), *pieces[me:]]
        again = GameState(state.square, hands, level=state.level, tokens=state.tokens, turn=me)
        assert again.view(me) == view and hint(again.view(me)) == advice
        assert hint(again.view(me)).to_json() == advice.to_json()
