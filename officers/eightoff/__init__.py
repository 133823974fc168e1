"""Eight Off and its family (FreeCell, Baker's Game, Seahaven Towers, ...), as parameters."""
