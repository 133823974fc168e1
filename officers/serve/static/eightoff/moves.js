// The move notation of the service, read and chosen from: a move is its source, its target and,
// for a run of more than one card, "v" and the count in hexadecimal ("38v3"). Columns are 1 to 9
// and 10 (also written 0), cells a to g and k, the foundation h. A place is named here by its
// notation: "1" … "10", "a" … "k", "h".

export const CELLS = "abcdefgk";

const MOVE = /^(10|[1-9a-gk])(10|[0-9a-gkh])(?:v([0-9a-f]+))?$/;

/** The place of a notation: "0" is the tenth column, "10". */
function place(text) {
  return text === "0" ? "10" : text;
}

/** ``{text, source, target, count}`` of a move ("38v3"), count null when the notation leaves it
 * to the position; null for what is not a move. */
export function parseMove(text) {
  const found = MOVE.exec(text);
  if (!found) return null;
  return { text, source: place(found[1]), target: place(found[2]), count: found[3] ? parseInt(found[3], 16) : null };
}

/** The notation of a move from ``source`` to ``target`` with ``count`` cards (null: as many as
 * the position says). */
export function moveText(source, target, count) {
  return `${source}${target}${count && count > 1 ? `v${count.toString(16)}` : ""}`;
}

/** Is ``place`` a column ("1" … "10")? */
export function isColumn(place) {
  return /^[0-9]+$/.test(place);
}

/** The legal moves from ``source``: of ``count`` cards when it is given, else of any count. */
export function movesFrom(legal, source, count = null) {
  return legal.filter((move) => move.source === source && (count === null || (move.count || 1) === count));
}

/** The legal move from ``source`` to ``target``: the run from the chosen card when ``count`` is
 * given, else the longest run that may go there; null when none is legal. */
export function choose(legal, source, target, count = null) {
  const found = movesFrom(legal, source, count).filter((move) => move.target === target);
  found.sort((a, b) => (b.count || 1) - (a.count || 1));
  return found[0] || null;
}
