"""Euler's Officers: the 16 court cards in a 4 × 4 square, and graeco-latin squares of any order.

The cards (:mod:`~officers.euler.cards`), squares (:mod:`~officers.euler.square`) and rules
(:mod:`~officers.euler.rules`); the exact solvers (:mod:`~officers.euler.solve`); the starts
and riddles (:mod:`~officers.euler.puzzles`); dead ends and their repairs
(:mod:`~officers.euler.analysis`); hints from one player's view (:mod:`~officers.euler.hints`);
the game, its notation and record (:mod:`~officers.euler.game`, :mod:`~officers.euler.record`);
bots and simulation; pictures (:mod:`~officers.euler.svg`); words in English and German
(:mod:`~officers.euler.words`).

``import officers`` gives the names a player of Euler's Officers uses most (``officers.Square``,
``officers.GameState``, ...), read from here.
"""
