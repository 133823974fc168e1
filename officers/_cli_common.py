"""What the commands of the command line share: exit statuses, common arguments, JSON output.

:mod:`officers.cli` and the ``officers._cli_*`` modules import this module, which imports none
of them (so there is no import cycle).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

EXIT_OK = 0
EXIT_NO = 1


def add_square(parser: argparse.ArgumentParser, what: str = "a square") -> None:
    """The positional ``SQUARE`` argument (``what`` it is: a square, a start)."""
    parser.add_argument(
        "square", metavar="SQUARE", help=f"{what} in the square notation, e.g. 'AC3/1JS2/1AH1QD/4'"
    )


def add_diagonals(
    parser: argparse.ArgumentParser, help: str = "the diagonals are lines too (Expert)"
) -> None:
    """The ``--diagonals`` switch."""
    parser.add_argument("--diagonals", action="store_true", help=help)


def add_json(parser: argparse.ArgumentParser, help: str = "answer in JSON") -> None:
    """The ``--json`` switch."""
    parser.add_argument("--json", action="store_true", help=help)


def emit(data: dict[str, Any]) -> None:
    """Print ``data`` as one line of JSON (other than ASCII characters as they are)."""
    print(json.dumps(data, ensure_ascii=False))
