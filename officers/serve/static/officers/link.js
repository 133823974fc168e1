// A game is a link: the URL's parameters say which game (and the moves played so far), so the
// same link gives the same deal. Reading checks every value and says what is wrong.
//
//   level    easy | normal | hard | expert          (default easy)
//   players  1-4                                     (default 2)
//   seat     the human's seat, 1-players             (default 1)
//   bot      a bot's name for the other seats, or none for hot-seat (default: the service's)
//   partner  beginner | club | strong | strongest: the computer takes the other seats at this
//            partner's level (officers.euler.bots.LEVELS), whatever bot says
//   seed     the deal, a whole number                (default: a fresh one, then written here)
//   start    ozanam | 1-4 (a generated riddle of that grade)
//   open     1: open hands;  coins  1: keep-free coins
//   setup    a game notation to start from instead (level, players, seed, start, open and
//            coins are then the notation's)
//   moves    the moves played, comma-separated (AS@r1c1,xr2c3,...)
//   lang     en | de;  clock  seconds a turn on a level with a clock;  pace  ms between bot moves

import { words } from "./i18n.js";

export const LEVELS = ["easy", "normal", "hard", "expert"];
/** The levels of a computer partner, weakest first (officers.euler.bots.LEVELS). */
export const PARTNER_LEVELS = ["beginner", "club", "strong", "strongest"];
const MOVE = /^(?:(?:[AKQJ][SHDC]@|x(?:[AKQJ][SHDC]@)?)r[1-4]c[1-4](?:\+(?:r[1-4]c[1-4]|off))?|concede|timeout)$/;
const WHOLE = /^[0-9]{1,18}$/;

/** A broken link: its message says what is wrong. */
export class LinkError extends Error {}

function whole(lang, params, key, least, most) {
  const text = params.get(key);
  if (text === null || text === "") return null;
  const value = Number(text);
  if (!WHOLE.test(text) || value < least || value > most) {
    const expected = most < 1e9 ? `${least}-${most}` : words(lang).wholeNumber;
    throw new LinkError(words(lang).badValue(key, text, expected));
  }
  return value;
}

function oneOf(lang, params, key, values, fallback) {
  const text = params.get(key);
  if (text === null || text === "") return fallback;
  if (!values.includes(text)) throw new LinkError(words(lang).badValue(key, text, words(lang).oneOf(values)));
  return text;
}

/** The options of a link's query string; a LinkError when a value is wrong. */
export function readLink(search) {
  const params = new URLSearchParams(search);
  const lang = params.get("lang") === "de" ? "de" : "en";
  oneOf(lang, params, "lang", ["en", "de"], "en");
  const options = {
    lang,
    level: oneOf(lang, params, "level", LEVELS, "easy"),
    players: whole(lang, params, "players", 1, 4) ?? 2,
    seat: whole(lang, params, "seat", 1, 4) ?? 1,
    bot: params.get("bot") || null,
    partner: oneOf(lang, params, "partner", PARTNER_LEVELS, null),
    seed: whole(lang, params, "seed", 0, Number.MAX_SAFE_INTEGER),
    start: oneOf(lang, params, "start", ["ozanam", "1", "2", "3", "4"], ""),
    open: oneOf(lang, params, "open", ["0", "1"], "0") === "1",
    coins: oneOf(lang, params, "coins", ["0", "1"], "0") === "1",
    setup: params.get("setup") || null,
    moves: [],
    clock: whole(lang, params, "clock", 1, 3600),
    pace: whole(lang, params, "pace", 0, 5000) ?? 450,
  };
  if (options.partner) options.bot = "partner";
  else if (options.bot === "partner") options.partner = "beginner";
  const moves = params.get("moves");
  if (moves) {
    options.moves = moves.split(",");
    const bad = options.moves.find((move) => !MOVE.test(move));
    if (bad !== undefined) throw new LinkError(words(lang).badValue("moves", bad, words(lang).moveList));
  }
  if (!options.setup && options.seat > options.players) {
    throw new LinkError(words(lang).seatOver(options.seat, options.players));
  }
  return options;
}

/** The query string of a game: its options and the moves played. */
export function writeLink(options, seed, moves) {
  const params = new URLSearchParams();
  if (options.setup) {
    params.set("setup", options.setup);
  } else {
    params.set("level", options.level);
    params.set("players", String(options.players));
    if (seed !== null && seed !== undefined) params.set("seed", String(seed));
    if (options.start) params.set("start", options.start);
    if (options.open) params.set("open", "1");
    if (options.coins) params.set("coins", "1");
  }
  if (options.players > 1 || options.setup) params.set("seat", String(options.seat));
  if (options.bot === "partner") params.set("partner", options.partner || "beginner");
  else if (options.bot) params.set("bot", options.bot);
  if (options.clock) params.set("clock", String(options.clock));
  if (options.pace !== 450) params.set("pace", String(options.pace));
  if (options.lang !== "en") params.set("lang", options.lang);
  if (moves.length) params.set("moves", moves.join(","));
  return `?${params.toString()}`;
}
