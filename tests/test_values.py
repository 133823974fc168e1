"""The result types are immutable values, as frozen data classes are: built by keyword,
compared and hashed by their fields, shown by them, refusing assignment, pickled and matched."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from officers import Card, PlayerView, Rules, Square, explain, hint
from officers.analysis import Blocked, Explanation, Violation, check_euler
from officers.hints import CardHint, ForcedMove, Hint, Placement, Recommendation
from officers.repairs import Repair
from officers.rules import Value

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
    return found


EXAMPLES = _examples()


def _fields(value: Value) -> dict[str, Any]:
    return {name: getattr(value, name) for name in value._fields}


def test_the_examples_cover_every_result_type() -> None:
    kinds = {type(value) for value in EXAMPLES}
    expected = {Hint, PlayerView, Recommendation, CardHint, Placement, ForcedMove, Violation}
    assert kinds == expected | {Repair, Explanation, Blocked}


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
