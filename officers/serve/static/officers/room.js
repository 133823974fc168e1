// Euler's Officers in a room of the service (docs/rooms.md): the server holds the game and each
// seat sees its own hand only. "Play online" makes a room with the form's settings; the others
// join by the invitation link (the room and the invitation in the fragment, never sent to a
// server); the seat's token is kept in localStorage (officers-room-ROOM), so a reload finds the
// seat again. The address says the room alone (#room=ROOM): never a token, never the seed.
// The others' moves arrive over the live WebSocket (polling /events when none can be had),
// through the room client shared with the Offiziersskat page (../rooms.js). The learning aids work
// here too: the hint comes from the room (POST /v1/rooms/ROOM/hint, made from this seat's view
// alone), the "alive?" check from /v1/explain with the public square; a move is sent with the
// page's language, so that a refusal comes back in it. Where the room keeps a clock (Expert, or
// the option "clock"), the page counts the turn's seconds down from the ``left`` of the last
// state, on its own monotonic clock (performance.now), never the browser's time against the
// server's deadline; the server ends a turn that runs out and the live feed brings the end.

import { drawPresence, request, roomFields, roomPage, sayRoom as say, Seats } from "../rooms.js";
import { $, keep, showError, startLang } from "../shell.js";
import { cellName, words } from "./i18n.js";
import {
  cellMarks, drawAdvice, drawBoard, drawHand, drawOthers, legalCells, legalOf, moveText, nowhere, statusOf, writeStatus,
} from "./view.js";

const SEATS = new Seats("officers");
const LANG = "officers-lang"; // the language of the rooms' pages, whose address holds no settings

const R = {
  ...roomFields(), // room, token, state, stateSeq, eventSeq, log, feed, busy
  lang: "en",
  selected: null, // the chosen card of the hand
  mode: "play", // play | takeback | coin
  coin: null, // the pending coin: a cell, "off" or null
  focusCell: 0,
  hint: null, // {seq, lang, doc}: the room's hint for this seat at seq
  hintShown: false,
  explanation: null, // {seq, lang, doc}: the "alive?" check of the square at seq
  clock: null, // {left, at}: the turn's seconds left as the last state arrived, at performance.now()
  ticking: null, // the interval that redraws the clock
};

const t = () => words(R.lang);
const view = () => (R.state && R.state.view) || null;
const playing = () => Boolean(R.state && R.state.status === "playing" && view());
const myTurn = () => playing() && view().to_move === R.state.seat;
const cellText = (cell) => `r${Math.floor(cell / 4) + 1}c${(cell % 4) + 1}`;
const aids = () => $("#aids").checked;
const current = (kept) => (kept && kept.seq === R.stateSeq ? kept.doc : null);

const ROOM = roomPage(R, {
  seats: SEATS, words: t, fail, render, renderLog,
  shown: (state, before) => {
    if (state.seq !== before) R.hintShown = false; // the hint was for the position before
    const clock = state.clock;
    const running = clock && clock.deadline !== null && typeof clock.left === "number";
    R.clock = running ? { left: clock.left, at: performance.now() } : null;
    if (!myTurn()) Object.assign(R, { selected: null, mode: "play", coin: null });
  },
  heard: (moves) => { // the last of the others' moves, in words
    const heard = moves.filter((event) => R.state && event.seat !== R.state.seat).pop();
    if (heard) say(moveText(R.lang, heard.seat, heard.move));
  },
  entered: () => {
    for (const box of ["#aids", "#marks"]) $(box).addEventListener("change", () => render());
  },
});
const { path } = ROOM;

/** The page is in a room (its address names one). */
export const inRoom = () => R.room !== null;

/** The language kept for the rooms' pages. */
export const keptLang = () => startLang(LANG);

/** The way back to the last room this browser holds a seat of (none: nothing shown). */
export const showResume = () => ROOM.resume("./");

function fail(message) {
  showError(message);
  $("#setup").open = true;
}

// --- making, joining, entering ------------------------------------------------------------

/** The body that makes a room of the form's settings (a generated riddle is made on the
 * server, for each round). */
function roomRequest(form) {
  const players = Number(form.players.value);
  const seats = [];
  for (let seat = 1; seat <= players; seat += 1) seats.push(form[`kind${seat}`].value);
  const options = {
    level: form.level.value,
    variant: { open_hands: form.open.checked, coins: form.coins.checked, ozanam: form.start.value === "ozanam" },
  };
  const tokens = form.tokens.value.trim();
  if (tokens !== "") options.tokens = Number(tokens);
  const clock = form.clock.value.trim(); // empty: the level's (Expert 30 s, the others none)
  if (clock !== "") options.clock = Number(clock);
  if (/^[1-4]$/.test(form.start.value)) options.riddle = Number(form.start.value);
  return { game: "officers", options, seats };
}

/** Make a room of the form's settings and take its first person's seat: the page starts
 * again at the room's address (the solo game's settings and seed leave the address). */
export async function createRoom(form, lang) {
  try {
    const made = await ROOM.create(roomRequest(form));
    keep(LANG, lang);
    history.replaceState(null, "", `${location.pathname}#room=${encodeURIComponent(made.room)}`);
    location.reload();
  } catch (error) {
    say(error.message, error.code);
  }
}

/** Open the room of the address: the seat this browser keeps, else the invitation's. */
export async function openRoom({ room, invite }, lang) {
  R.lang = lang;
  R.room = room;
  $("#replay").hidden = true;
  $("#loading").hidden = false;
  $("#records").hidden = true;
  await ROOM.open(room, invite);
}

/** Play ``move`` (with the coin set) at the seq shown; a refusal shows the service's sentence. */
async function play(text) {
  if (R.busy || !myTurn()) return;
  let move = text;
  if (R.coin !== null) move += `+${R.coin === "off" ? "off" : cellText(R.coin)}`;
  await ROOM.play(move, () => Object.assign(R, { selected: null, mode: "play", coin: null }));
}

/** The room's hint for this seat at the seq shown (asked once a position and language). */
async function hintDoc() {
  const seq = R.stateSeq;
  if (!R.hint || R.hint.seq !== seq || R.hint.lang !== R.lang) {
    const doc = await request("POST", path("/hint"), { lang: R.lang }, R.token);
    R.hint = { seq, lang: R.lang, doc };
  }
  return R.hint.doc;
}

async function showHint() {
  if (!myTurn() || !aids()) return;
  try {
    await hintDoc();
    R.hintShown = true;
  } catch (error) {
    say(error.message, error.code);
  }
  render();
}

/** Whether the square can still be finished: the public square alone, so any seat may ask. */
async function showAlive() {
  const game = view();
  if (!game || !aids() || game.outcome) return;
  const seq = R.stateSeq;
  try {
    const doc = await request("POST", "explain", {
      square: game.square, diagonals: game.rules.diagonals, locked: game.locked, lang: R.lang,
    });
    R.explanation = { seq, lang: R.lang, doc };
  } catch (error) {
    say(error.message, error.code);
  }
  render();
}

/** The marks of the cells (cellMarks: when the aids and the marks are on) and their legend. */
function marks() {
  const hint = current(R.hint);
  const shown = R.selected && hint && aids() && $("#marks").checked && myTurn() ? hint : null;
  const { found, counts } = cellMarks(shown, R.selected, aids() ? current(R.explanation) : null);
  const legend = $("#legend");
  const kinds = new Set(found.values());
  for (const item of legend.querySelectorAll("[data-mark]")) item.hidden = !kinds.has(item.dataset.mark);
  legend.hidden = kinds.size === 0;
  return { found, counts };
}

// --- drawing -------------------------------------------------------------------------------

function kindOf(seat) {
  const held = R.state.seats.find((item) => item.seat === seat);
  return held ? held.kind : "human";
}

function statusText(game) {
  const words_ = t();
  const look = { who: game.outcome && game.outcome.seat, late: "outOfTime", mode: R.mode, selected: R.selected };
  if (game.outcome) return statusOf(R.lang, game, look);
  if (!myTurn()) return kindOf(game.to_move) === "human" ? words_.waitTurn(game.to_move) : words_.botTurn(game.to_move);
  return statusOf(R.lang, game, look) || words_.yourTurn;
}

/** Where the keyboard's focus is on the table (a cell, a card of the hand), to give it back
 * after drawing; null when elsewhere. */
function focusedPlace() {
  const active = document.activeElement;
  if (!active || !active.closest) return null;
  if (active.closest("#board") && active.dataset.cell !== undefined) return `#board [data-cell="${active.dataset.cell}"]`;
  if (active.closest("#hand") && active.dataset.card) return `#hand [data-card="${active.dataset.card}"]`;
  return null;
}

/** Draw the room, the focus kept where it was: on the same cell or card, else on the first card
 * that may be played; once the game is over, on "Play again". */
function render() {
  const place = focusedPlace();
  draw();
  if (!place || !R.state) return;
  const again = $(place);
  if (R.state.status === "over") $('[data-action="again"]').focus();
  else if (again && !again.disabled) again.focus();
  else if (place.startsWith("#hand")) {
    const first = $("#hand .card:not(:disabled)") || $(`#board [data-cell="${R.focusCell}"]`);
    if (first) first.focus();
  }
}

function draw() {
  const state = R.state;
  if (!state) return;
  const game = view();
  const status = $("#status");
  const missing = state.seats.filter((seat) => !seat.taken).length;
  Object.assign(status.dataset, {
    room: state.status, seq: String(state.seq), round: String(state.round), seat: String(state.seat),
    turn: myTurn() ? "mine" : "theirs", toMove: game && game.to_move ? String(game.to_move) : "",
  });
  ROOM.showInvite(state);
  drawPresence($("#presence"), state, (seat) => t().presence(seat.name || t().playerName(seat.seat), seat.online));
  $("#board").hidden = !game;
  $(".side").hidden = !game;
  drawClock();
  if (!game) {
    status.dataset.status = "waiting";
    status.textContent = t().waitingFor(missing);
    return;
  }
  status.dataset.status = game.outcome ? (game.outcome.won ? "won" : "lost") : "ongoing";
  writeStatus(status, statusText(game), myTurn() ? legalOf(R.lang, game, { mode: R.mode, selected: R.selected }) : "");
  $("#tokens").textContent = t().tokens(game.tokens);
  $("#tokens").dataset.tokens = game.tokens;
  const where = game.last && game.last.match(/r(\d)c(\d)/);
  const board = $("#board");
  board.classList.toggle("takeback", R.mode === "takeback");
  const hint = R.hintShown && aids() && myTurn() ? current(R.hint) : null;
  const { found, counts } = marks();
  drawBoard(board, game, {
    lang: R.lang, focus: R.focusCell, marks: found, counts, hinted: hint ? hint.recommendation.cell : null,
    last: where ? (Number(where[1]) - 1) * 4 + Number(where[2]) - 1 : null,
    chosen: myTurn() ? R.selected : null, fits: myTurn() && R.selected ? legalCells(game, R.selected) : [],
    takes: myTurn() && R.mode === "takeback" ? legalCells(game, null) : [],
  });
  if (R.coin !== null && R.coin !== "off") {
    board.querySelector(`[data-cell="${R.coin}"]`).append(Object.assign(document.createElement("span"), { className: "coin", textContent: String(state.seat) }));
  }
  $("#hand-label").textContent = t().roomHand(state.seat);
  drawHand($("#hand"), game.hand, {
    lang: R.lang, selected: R.selected, hinted: hint ? hint.recommendation.card : null, focus: 0,
    enabled: myTurn() && !R.busy, stuck: myTurn() ? nowhere(game, game.hand) : new Set(),
  });
  const open = game.open_hands || Boolean(game.outcome);
  // a hidden hand is its number of cards alone: as many backs are drawn
  const hands = game.hands.map((cards) => (Array.isArray(cards) ? cards : Array(cards).fill(null)));
  drawOthers($("#others"), { ...game, hands }, {
    lang: R.lang, viewer: state.seat, open,
    botName: (seat) => (kindOf(seat) === "human" ? null : kindOf(seat)),
  });
  renderActions(game, hint);
  renderLog();
}

const URGENT = 10; // s: the last seconds of a turn are shown as urgent
const TICK = 200; // ms between two redraws of the clock

/** The turn's clock, while a seat of a room with a clock is to move: whose turn, and the whole
 * seconds left (counted down from the last state's ``left`` on the page's own clock), urgent in
 * the last 10 s. At 0 it waits for the server, which ends the turn and tells every seat. */
function drawClock() {
  const node = $("#clock");
  const game = view();
  const seat = playing() && game.to_move;
  if (!R.clock || !seat) {
    node.hidden = true;
    node.classList.remove("urgent");
    for (const key of ["left", "seat"]) delete node.dataset[key];
    clearInterval(R.ticking);
    R.ticking = null;
    return;
  }
  const gone = (performance.now() - R.clock.at) / 1000;
  const left = Math.max(0, Math.ceil(R.clock.left - gone));
  node.hidden = false;
  node.textContent = seat === R.state.seat ? t().yourClock(left) : t().seatClock(seat, left);
  Object.assign(node.dataset, { left: String(left), seat: String(seat) });
  node.classList.toggle("urgent", left <= URGENT);
  if (left === 0) {
    clearInterval(R.ticking);
    R.ticking = null;
  } else if (!R.ticking) R.ticking = setInterval(drawClock, TICK);
}

function renderActions(game, hint) {
  const mine = myTurn() && !R.busy;
  const over = R.state.status === "over";
  const again = $('[data-action="again"]');
  again.hidden = !over;
  again.textContent = t().rematch;
  $('[data-action="concede"]').hidden = true;
  for (const action of ["hint", "alive"]) $(`[data-action="${action}"]`).hidden = !aids();
  $('[data-action="hint"]').disabled = !mine;
  $('[data-action="alive"]').disabled = over;
  const explanation = current(R.explanation);
  drawAdvice($("#advice"), hint, over ? null : explanation, R.lang);
  $("#advice").hidden = !aids();
  const takeback = $('[data-action="takeback"]');
  takeback.hidden = over;
  takeback.disabled = !mine || !game.legal_moves.some((move) => move.startsWith("x"));
  takeback.setAttribute("aria-pressed", String(R.mode === "takeback"));
  const coin = $('[data-action="coin"]');
  coin.hidden = !game.coins || over;
  coin.disabled = !mine;
  coin.setAttribute("aria-pressed", String(R.mode === "coin"));
}

function renderLog() {
  const me = R.state ? R.state.seat : 0;
  $("#moves").hidden = false;
  ROOM.drawLog((event) => moveText(R.lang, event.seat, event.move) + (event.seat === me ? ` (${t().you})` : ""));
}

// --- what the player does ---------------------------------------------------------------------

function onCell(cell) {
  R.focusCell = cell;
  const game = view();
  if (!myTurn() || R.busy) return;
  const card = game.cells[cell];
  if (R.mode === "takeback") {
    if (card && !game.locked.includes(cell)) play(`x${cellText(cell)}`);
    return;
  }
  if (R.mode === "coin") {
    const mine = game.coins[R.state.seat - 1];
    R.coin = mine === cell ? "off" : card ? R.coin : cell;
    R.mode = "play";
    if (R.coin !== null && R.coin !== "off") say(t().coinSet(cellName(R.lang, cell)));
    render();
    return;
  }
  if (R.selected && !card) play(`${R.selected}@${cellText(cell)}`);
}

function onAction(action) {
  if (action === "again") return ROOM.rematch();
  if (action === "copy") return ROOM.copyLink();
  if (action === "alive") return showAlive();
  if (!myTurn()) return undefined;
  if (action === "hint") return showHint();
  if (action === "takeback") {
    R.mode = R.mode === "takeback" ? "play" : "takeback";
    R.selected = null;
  } else if (action === "coin") {
    R.mode = R.mode === "coin" ? "play" : "coin";
  }
  render();
  return undefined;
}

/** A click on the table of the room: a card, a cell, an action. */
export function roomClick(target) {
  if (target.closest("#board") && target.dataset.cell !== undefined) onCell(Number(target.dataset.cell));
  else if (target.closest("#hand") && target.dataset.card) {
    if (!myTurn() || R.busy) return;
    R.selected = R.selected === target.dataset.card ? null : target.dataset.card;
    R.mode = "play";
    render();
    if (R.selected && aids() && $("#marks").checked) hintDoc().then(render, () => {}); // the marks
    const again = $(`#hand [data-card="${R.selected || target.dataset.card}"]`);
    if (again) again.focus();
  } else if (target.dataset.action) onAction(target.dataset.action);
}

/** A key on the page in a room: Esc cancels, T takes back; true when it was the room's. */
export function roomKey(event) {
  if (event.key === "Escape") {
    Object.assign(R, { selected: null, mode: "play" });
    render();
    return true;
  }
  if ((event.key === "t" || event.key === "h") && !event.ctrlKey && !event.metaKey && !event.altKey) {
    onAction(event.key === "t" ? "takeback" : "hint");
    return true;
  }
  return false;
}

/** The language changed: keep it, and draw the room in it. */
export function roomLang(lang) {
  R.lang = lang;
  keep(LANG, lang);
  ROOM.connection();
  render();
  if (R.hintShown && current(R.hint)) showHint(); // the hint and the check in the new language
  if (current(R.explanation)) showAlive();
}
