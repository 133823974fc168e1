"""What every game and every door of officers uses: the errors, the French playing card (one
reader and printer, :mod:`~officers.core.cards`), strict JSON on the wire, seeded deals and draws, a search's budget (a deadline and a cancel), the workers that die with their
parent, what every game's words share (:mod:`~officers.core.words`), the compiled parts'
loader (:func:`~officers.core.compiled.statuses`: which run), and the names of 0.3 that moved
or were renamed, each still working with a warning until 0.5.

Nothing here imports a game (:mod:`officers.euler`, :mod:`officers.eightoff`,
:mod:`officers.skat`) or a door (:mod:`officers.contract`, :mod:`officers.serve`,
:mod:`officers.rooms`, :mod:`officers.cli`); the layer tests keep it so.
"""
