// The address holds the deal: /eightoff?variant=freecell&deal=11982&microsoft=1, and the moves
// played (moves=4h,1e,38v3), whether safe cards go up by themselves (auto=1) and the language
// (lang=de), so a link reopens the same game.

import { words } from "./i18n.js";
import { parseMove } from "./moves.js";

/** A link that cannot be read; its message says why, in the page's language. */
export class LinkError extends Error {}

/** What the query string asks for: ``{variant, deal, microsoft, moves, auto, lang}`` (``deal`` null
 * for a fresh random deal). */
export function readLink(search) {
  const params = new URLSearchParams(search);
  const lang = params.get("lang") === "de" ? "de" : "en";
  const t = words(lang);
  const broken = (what) => new LinkError(t.badLink(what));
  const deal = params.get("deal");
  if (deal !== null && !/^[1-9][0-9]{0,14}$/.test(deal)) throw broken(t.badDeal(deal));
  const variant = params.get("variant") || "eight-off";
  if (!/^[a-z][a-z0-9\-[\]=,]*$/.test(variant)) throw broken(t.badVariant(variant));
  const moves = (params.get("moves") || "").split(/[,\s]+/).filter(Boolean);
  if (moves.some((move) => !parseMove(move))) throw broken(t.badMoves(params.get("moves")));
  const yes = (name) => ["1", "true", "yes"].includes(params.get(name));
  return { lang, variant, deal: deal === null ? null : Number(deal), microsoft: yes("microsoft"), moves, auto: yes("auto") };
}

/** The query string of a game: its deal, the moves played and the language. */
export function writeLink({ variant, deal, microsoft, moves, lang, auto }) {
  let query = `?variant=${encodeURIComponent(variant)}&deal=${deal}`;
  if (microsoft) query += "&microsoft=1";
  if (auto) query += "&auto=1";
  if (moves.length) query += `&moves=${moves.join(",")}`;
  if (lang !== "en") query += `&lang=${lang}`;
  return query;
}
