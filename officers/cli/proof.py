"""The command ``prove-order-6`` (also ``euler36``): Euler's 36 officers, proved impossible from
scratch, with the proof's summary (wired into ``officers`` by :func:`add_commands`).

It generates every reduced Latin square of order 6, counts the transversals of each and searches
for six disjoint ones (:func:`officers.prove_order_6`; docs/mathematics.md tells why this is a
proof). Exit status 0 when the proof holds (no square has an orthogonal mate), 1 otherwise.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from officers.cli.common import Commands, ExitCode, add_json, emit

if TYPE_CHECKING:
    from officers.latin.order6 import MateCensus

__all__ = ["add_commands", "proof_data"]


def proof_data(census: MateCensus) -> dict[str, object]:
    """The JSON form of the census: ``{"version": 2, "kind": "order-6-proof", ...}``.

    >>> from officers.latin import mate_census
    >>> data = proof_data(mate_census(4))
    >>> data["kind"], data["squares"], data["transversals"], data["holds"]
    ('order-6-proof', 4, [{'transversals': 0, 'squares': 3}, {'transversals': 8, 'squares': 1}], False)
    """
    from officers.contract.documents import head

    return {
        **head("order-6-proof"),
        "order": census.order,
        "squares": census.squares,
        "transversals": [
            {"transversals": count, "squares": squares}
            for count, squares in census.transversal_counts
        ],
        "covered": census.covered,
        "with_mates": census.with_mates,
        "mates": census.mates,
        "orthogonal_pairs": census.orthogonal_pairs(),
        "holds": census.with_mates == 0,
        "seconds": round(census.seconds, 3),
    }


def _prove(args: argparse.Namespace) -> ExitCode:
    from officers.latin.order6 import prove_order_6  # loaded when the command runs, not for --help

    census = prove_order_6()
    if args.json:
        emit(proof_data(census))
    else:
        print(census.summary_with_time())
    return ExitCode.OK if census.with_mates == 0 else ExitCode.NO


def add_commands(commands: Commands) -> None:
    """Add ``prove-order-6`` (alias ``euler36``) to the sub-parsers of ``officers``."""
    prove = commands.add_parser(
        "prove-order-6",
        aliases=["euler36"],
        help="prove that no graeco-latin square of order 6 exists (Euler's 36 officers)",
        description="Generate every reduced Latin square of order 6, count the transversals of "
        "each and search for six disjoint ones; print how many squares, the distribution of "
        "their transversals, how many have an orthogonal mate (none) and the time. Exit "
        "status 0 when the proof holds.",
    )
    add_json(prove)
    prove.set_defaults(run=_prove)
