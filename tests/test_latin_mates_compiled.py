"""The compiled count of mates (``officers.latin._mates``) on the squares of order 8 to 10 that
Python counts too slowly: the cyclic square of order 9 (OEIS A091261: 2,049,219 mates up to
renaming symbols), the elementary abelian group of order 9, and Knuth's square of order 10
(TAOCP 7.2.2.1: 808 transversals and one mate)."""

from __future__ import annotations

import pytest

from officers.latin.orthogonal import count_mates, count_transversals, mates_module
from officers.latin.squares import cyclic_square
from tests.test_latin import KNUTH_A
from tests.test_latin_mates import elementary

pytestmark = pytest.mark.skipif(mates_module() is None, reason="officers.latin._mates is not built")


def test_the_cyclic_square_of_order_9() -> None:
    count = count_mates(cyclic_square(9))
    assert (count.transversals, count.mates, count.method) == (2025, 2049219, "compiled")


def test_the_elementary_abelian_group_of_order_9() -> None:
    count = count_mates(elementary(3, 2))
    assert count.transversals == 2241  # A090741(9)
    assert count.mates == 12445836
    assert count.firsts < 20  # 249 transversals through a cell, in orbits of 48 autotopisms


def test_knuths_square_of_order_10() -> None:
    count = count_mates(KNUTH_A)
    assert (count.transversals, count.mates) == (808, 1)
    assert count_mates(KNUTH_A, symmetry=False).mates == 1


def test_orders_beyond_the_compiled_mates_are_counted_in_python() -> None:
    assert count_transversals(cyclic_square(13)) == 1_030_367  # A006717: 13 * 79,259
    with pytest.raises(Exception, match="orders to 11"):
        count_mates(cyclic_square(12), compiled=True)


def test_the_module_refuses_malformed_arguments() -> None:
    module = mates_module()
    assert module is not None

    def check(found: int) -> None:
        del found

    square = bytes([0, 1, 2, 1, 2, 0, 2, 0, 1])
    assert module.count_mates(square, 3, check, 0, bytes([0, 1, 2])) == ((1,), 3)
    assert module.count_mates(bytes([0]), 1, check, 0, bytes([0])) == ((1,), 1)
    for args, error in [
        ((square[:-1], 3, check, 0), "expected 9 bytes"),
        ((square, 3, check, 0, bytes([0, 1, 5])), "out of range"),
        ((square, 3, check, 0, bytes([0, 0, 0])), "not a transversal"),
        ((square, 3, check, 0, bytes([0, 1])), "n columns"),
        ((bytes(144), 12, check, 0), "order must be 1 .. 11"),
        ((bytes([0, 1, 2, 1, 2, 0, 2, 0, 5]), 3, check, 0), "out of range"),
    ]:
        with pytest.raises(ValueError, match=error):
            module.count_mates(*args)
    with pytest.raises(TypeError, match="callable"):
        module.count_transversals(square, 3, 5)
