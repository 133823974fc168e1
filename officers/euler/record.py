"""Game records: the record beside the game, as a chess PGN is beside a chess board.

Glossary
--------
record
    A :class:`GameRecord`: ``[Key "value"]`` headers, a blank line, then the moves, each turn
    numbered (``13. JH@r1c4``), and the result: ``won``, ``lost`` or ``*`` (still going on).
setup
    The ``Setup`` header: the game notation of the start, so that a record never depends on how
    the cards were dealt.

>>> from officers.euler.game import GameState, Move
>>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
>>> state.push(Move.parse("JH@r1c4"))
Move.parse('JH@r1c4')
>>> print(GameRecord.from_game(state))
[Game "Euler's Officers"]
[Level "hard"]
[Players "2"]
[Tokens "0"]
[Setup "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"]
[Result "*"]
<BLANKLINE>
13. JH@r1c4 *
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from officers.core.errors import IllegalPlacementError, InvalidGameError, NotationError, excerpt
from officers.euler.game import GameState
from officers.euler.game_notation import read_fields
from officers.euler.levels import Level
from officers.euler.moves import Move, Outcome

__all__ = ["GameRecord"]

_HEADER: Final = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')
_KEY: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
_SPACE: Final = re.compile(r"\s*")
_MOVE_NUMBER: Final = re.compile(r"([0-9]{1,9})\.")
_WHOLE: Final = re.compile(r"[0-9]{1,30}")
_SECONDS: Final = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?")
_RESULTS: Final = ("won", "lost", "*")


def _result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return "*"
    return "won" if outcome.won else f"lost ({outcome.reason})"


@dataclass(frozen=True)
class GameRecord:
    """A game record, like a chess PGN: headers, then the moves; it replays to the game.

    The ``Setup`` header holds the game notation of the start, so the record does not depend on
    how the cards were dealt. The movetext numbers each turn (``13. JH@r1c4``) and ends with the
    result: ``won``, ``lost`` or ``*`` (still going on).

    >>> record = GameRecord.parse('''
    ... [Setup "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"]
    ... 13. JH@r1c4 14. KD@r1c2 *
    ... ''')
    >>> record.replay().notation()
    'ACKD1JH/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KC/QS - - 15'
    """

    headers: tuple[tuple[str, str], ...]
    moves: tuple[Move, ...]
    first_number: int = 1

    @classmethod
    def from_game(cls, state: GameState, headers: Mapping[str, str] | None = None) -> GameRecord:
        """The record of a game: its start (the ``Setup``), its moves, and headers (``headers``
        are added last and win over the ones made here).

        >>> from officers.euler.game import new_game
        >>> game = new_game("expert", 2, seed=3)
        >>> game.push(game.legal_moves()[0])
        Move.parse('AS@r1c1')
        >>> record = GameRecord.from_game(game, {"Event": "example"})
        >>> record.header["Seed"], record.replay() == game
        ('3', True)
        """
        root = state.root()
        level = state.level
        fields: dict[str, str] = {"Game": "Euler's Officers", "Level": level.name}
        fields["Players"] = str(state.players)
        fields["Tokens"] = str(level.tokens)
        if level.clock != Level.get(level.name).clock:
            fields["Clock"] = "none" if level.clock is None else f"{level.clock:g}"
        variants = [
            name
            for name, on in (
                ("open hands", state.open_hands),
                ("keep-free coins", state.coins is not None),
                ("locked start", bool(state.locked)),
            )
            if on
        ]
        if variants:
            fields["Variants"] = ", ".join(variants)
        if state.seed is not None:
            fields["Seed"] = str(state.seed)
        fields["Setup"] = root.notation()
        fields["Result"] = _result_text(state.outcome())
        for key, value in (headers or {}).items():
            _check_header(key, value)
            if key == "Setup" and value != fields["Setup"]:
                raise InvalidGameError(
                    f"the Setup header is the game's start ({fields['Setup']!r}); "
                    f"it cannot be replaced by {excerpt(value)}"
                )
            fields[key] = value
        return cls(tuple(fields.items()), state.history, root.number)

    @property
    def header(self) -> dict[str, str]:
        """The headers as a dict."""
        return dict(self.headers)

    @property
    def setup(self) -> str:
        """The game notation of the start."""
        try:
            return self.header["Setup"]
        except KeyError:
            raise NotationError("the game record has no Setup header") from None

    def replay(self) -> GameState:
        """The state at the end of the record (with the record's moves as its history).

        The ``Tokens`` and ``Clock`` headers (``none`` for no clock) configure the level; without
        them the level's defaults apply. ``Seed`` is kept. The ``Result`` header, if any, must
        agree with how the moves end.
        """
        header = self.header
        state = GameState.parse(self.setup)
        changes: dict[str, Any] = {}
        tokens = header.get("Tokens")
        if tokens is not None:
            if not _WHOLE.fullmatch(tokens):
                raise NotationError(
                    f"cannot read game record: Tokens {excerpt(tokens)} is not a number"
                )
            changes["tokens"] = int(tokens)
        clock = header.get("Clock")
        if clock is not None:
            if clock.lower() != "none" and not _SECONDS.fullmatch(clock):
                raise NotationError(
                    f"cannot read game record: Clock {excerpt(clock)} is not seconds or 'none'"
                )
            changes["clock"] = None if clock.lower() == "none" else float(clock)
        if changes:
            try:
                state.level = state.level.replace(**changes)
            except InvalidGameError as error:
                raise NotationError(f"cannot read game record: {error}") from None
        seed = header.get("Seed")
        if seed is not None:
            if not _WHOLE.fullmatch(seed):
                raise NotationError(
                    f"cannot read game record: Seed {excerpt(seed)} is not a whole number >= 0"
                )
            state.seed = int(seed)
        for index, move in enumerate(self.moves):
            try:
                state.push(move)
            except IllegalPlacementError as error:
                raise IllegalPlacementError(
                    f"game record: move {index + 1} ({move.notation()}) cannot be played: {error}"
                ) from None
        result = header.get("Result")
        if result is not None:
            actual = _result_text(state.outcome())
            # "lost" alone leaves the reason out; given, the reason must agree too
            if result != actual and result != actual.split(" ")[0]:
                raise NotationError(
                    f"game record: the Result header says {excerpt(result)}, "
                    f"but the moves end {actual!r}"
                )
        return state

    def text(self) -> str:
        """The record as text (what ``str()`` gives)."""
        lines = [f'[{key} "{_escape(value)}"]' for key, value in self.headers]
        result = self.header.get("Result", "*").split(" ")[0]
        tokens: list[str] = []
        number = self.first_number
        for move in self.moves:
            if move.kind in ("concede", "timeout"):
                tokens.append(move.notation())
            else:
                tokens.append(f"{number}. {move.notation()}")
                number += 1
        tokens.append(result)
        body = []
        line = ""
        for token in tokens:
            if line and len(line) + 1 + len(token) > 79:
                body.append(line)
                line = token
            else:
                line = f"{line} {token}" if line else token
        body.append(line)
        return "\n".join(lines) + "\n\n" + "\n".join(body)

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read a game record: ``[Key "value"]`` header lines, then the movetext (move
        numbers ``N.`` are optional; ``{...}`` comments are skipped)."""
        if not isinstance(text, str):
            raise NotationError(f"cannot read game record {excerpt(text)}: expected text")
        headers, start = _read_headers(text)
        if not any(key == "Setup" for key, _ in headers):
            raise NotationError("cannot read game record: it has no Setup header (the start)")
        tokens = _movetext(text, start).split()
        moves: list[Move] = []
        for index, token in enumerate(tokens):
            if _MOVE_NUMBER.fullmatch(token):
                continue
            if token in _RESULTS:
                if index != len(tokens) - 1:
                    raise NotationError(
                        f"cannot read game record: the result {token!r} stands among the moves "
                        "(it ends the movetext)"
                    )
                _check_result(token, dict(headers).get("Result"))
                continue
            moves.append(Move.parse(token))
        number = read_fields(dict(headers)["Setup"]).number
        return cls(tuple(headers), tuple(moves), number)


def _read_headers(text: str) -> tuple[list[tuple[str, str]], int]:
    """The ``[Key "value"]`` headers at the start of the text, and where the movetext starts.

    One pass over the text: each header is matched where the last one ended.
    """
    headers: list[tuple[str, str]] = []
    position = _SPACE.match(text).end()  # type: ignore[union-attr]
    while text.startswith("[", position):
        match = _HEADER.match(text, position)
        if not match:
            end = text.find("\n", position, position + 200)
            line = text[position : end if end >= 0 else position + 200]
            raise NotationError(
                f'cannot read game record: bad header line {excerpt(line)} (expected [Key "value"])'
            )
        headers.append((match.group(1), _unescape(match.group(2))))
        position = _SPACE.match(text, match.end()).end()  # type: ignore[union-attr]
    return headers, position


def _movetext(text: str, start: int) -> str:
    """The movetext from ``start``, its ``{...}`` comments blanked (one pass)."""
    parts = []
    position = start
    while True:
        opening = text.find("{", position)
        if opening < 0:
            parts.append(text[position:])
            return " ".join(parts)
        closing = text.find("}", opening)
        if closing < 0:
            raise NotationError(
                f"cannot read game record: a comment opens ({excerpt(text[opening:], 40)}) "
                "but does not close"
            )
        parts.append(text[position:opening])
        position = closing + 1


def _check_result(word: str, header: str | None) -> None:
    """The result that ends the movetext must be the Result header's (its first word)."""
    if header is not None and header.split(" ")[0] != word:
        raise NotationError(
            f"cannot read game record: the movetext ends {word!r} but the Result header says "
            f"{excerpt(header)}"
        )


def _check_header(key: object, value: object) -> None:
    """A header that :meth:`GameRecord.parse` can read back, or ``ValueError``/``TypeError``."""
    if not isinstance(key, str) or not isinstance(value, str):
        raise TypeError(f"a header is two strings, got {excerpt(key)}: {excerpt(value)}")
    if not _KEY.fullmatch(key):
        raise InvalidGameError(
            f"cannot write the header key {excerpt(key)}: a letter, then letters, digits or _ "
            "(at most 64)"
        )
    if "\n" in value or "\r" in value:
        raise InvalidGameError(
            f"cannot write the header {key}: its value {excerpt(value)} spans lines"
        )


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)
