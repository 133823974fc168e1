// Euler's Officers in the browser: the table, its turns, the learning aids, the record, in the
// page shell (../shell.js: the words, the language, the footer, the message line, the errors).
// All game logic is the service's: the page keeps the game notation of the last answer and
// the moves played, and asks v1/new, v1/move, v1/bot, v1/hint, v1/explain, v1/record, v1/bots.

import { markedCall, ServiceError } from "../api.js";
import { el } from "../dom.js";
import { roomFragment } from "../rooms.js";
import { $, say as sayShell, showError, startLang, startShell, translate as translateShell } from "../shell.js";
import { botLabel, cardName, cellName, words } from "./i18n.js";
import { LinkError, PARTNER_LEVELS, readLink, writeLink } from "./link.js";
import { createRoom, inRoom, keptLang, openRoom, roomClick, roomKey, roomLang, showResume } from "./room.js";
import {
  cellMarks, drawAdvice, drawBoard, drawHand, drawOthers, legalCells, legalOf, moveText, nowhere, statusOf, writeStatus,
} from "./view.js";

const S = {
  options: null, // what the link says (link.js)
  lang: "en",
  setup: null, // the game notation of the start
  seed: null,
  moves: [], // the moves played since the setup
  game: null, // the last 'game' document
  record: "",
  bots: [],
  selected: null, // the chosen card of the hand
  mode: "play", // play | takeback | coin
  coin: null, // the pending coin action: a cell, "off" or null
  hint: null, // {game, lang, doc}
  hintShown: false,
  explanation: null, // {game, lang, doc}
  replay: null, // {setup, seed, moves, at}
  revealed: false, // hot-seat: the hand of the player to move is shown
  busy: false,
  epoch: 0, // a new game or replay stops the bots of the old one
  focusCell: 0,
  focusCard: 0,
  clock: null, // {deadline, timer}
};

const t = () => words(S.lang);
const ongoing = () => S.game && !S.game.outcome && !S.replay;
const hotSeat = () => S.options.bot === "none";
/** The bot that plays the other seats: the partner's level where one is chosen, else the bot. */
const botPlaying = () => (S.options.bot === "partner" ? S.options.partner : S.options.bot);
const isHuman = (player) => hotSeat() || player === S.options.seat;
const viewer = () => (hotSeat() || S.replay ? S.game.to_move : S.options.seat);
const myTurn = () => ongoing() && isHuman(S.game.to_move);
const aids = () => $("#aids").checked;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const cellText = (cell) => `r${Math.floor(cell / 4) + 1}c${(cell % 4) + 1}`;
const handShown = () => !(hotSeat() && S.game.players > 1 && !S.game.open_hands && !S.revealed && !S.replay);

// --- talking to the service -------------------------------------------------------------------

/** Mark the board and the status busy (aria-busy, and a small mark in the board's corner; nothing
 * moves); while the table is not shown yet, the loading line says what is going on. */
function setBusy(on) {
  for (const node of [$("#board"), $("#status")]) {
    if (on) node.setAttribute("aria-busy", "true");
    else node.removeAttribute("aria-busy");
  }
  $("#loading").hidden = !(on && $("#table").hidden && $("#error").hidden);
}

/** ``call`` with the busy marks while any request is slow. */
const ask = markedCall(setBusy);

async function newTable() {
  const o = S.options;
  if (o.setup) {
    S.setup = o.setup;
    S.seed = o.seed;
  } else {
    const body = { level: o.level, players: o.players, variant: { open_hands: o.open, coins: o.coins, ozanam: o.start === "ozanam" } };
    // a fresh deal gets a seed that JavaScript's numbers hold exactly, so the link keeps it
    body.seed = o.seed !== null ? o.seed : crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
    if (/^[1-4]$/.test(o.start)) body.riddle = Number(o.start);
    const game = await ask("new", body);
    S.setup = game.game;
    S.seed = game.seed;
  }
  await replayTo(o.moves);
  if (S.options.seat > S.game.players) throw new LinkError(t().seatOver(S.options.seat, S.game.players));
}

/** The game after ``moves`` from the setup, with its record. */
async function replayTo(moves) {
  const body = { setup: S.setup, moves };
  if (S.seed !== null && S.seed !== undefined) body.seed = S.seed;
  const answer = await ask("record", body);
  S.moves = answer.moves;
  S.game = answer.game;
  S.record = answer.record;
}

async function refreshRecord() {
  const epoch = S.epoch;
  const body = { setup: S.setup, moves: S.moves };
  if (S.seed !== null && S.seed !== undefined) body.seed = S.seed;
  const answer = await ask("record", body);
  if (epoch === S.epoch && answer.moves.length === S.moves.length) {
    S.record = answer.record;
    drawRecord();
  }
}

function accepted(answer) {
  S.moves.push(answer.move);
  S.game = answer.game;
  S.selected = null;
  S.mode = "play";
  S.coin = null;
  S.hintShown = false;
  S.revealed = false;
  history.replaceState(null, "", writeLink(S.options, S.seed, S.moves));
  refreshRecord().catch(report);
}

/** The human plays ``text`` (a move notation); a slip is refused with the rule's sentence. */
async function play(text) {
  if (S.busy || !myTurn()) return;
  S.busy = true;
  stopClock();
  let move = text;
  if (S.coin !== null && text !== "concede" && text !== "timeout") move += `+${S.coin === "off" ? "off" : cellText(S.coin)}`;
  try {
    const answer = await ask("move", { game: S.game.game, move, lang: S.lang });
    if (!answer.accepted) {
      say(slipText(answer));
      startClock(false);
      return;
    }
    say("");
    accepted(answer);
  } finally {
    S.busy = false;
    render();
  }
  await bots();
}

function slipText(answer) {
  const slip = answer.slip;
  if (slip && slip.text[S.lang]) return t().slip(cardName(S.lang, slip.card), cellName(S.lang, slip.cell), slip.text[S.lang]);
  return (answer.text && answer.text[S.lang]) || answer.refusal;  // every refusal in the page's language
}

/** The bots play until it is a human's turn (one move every ``pace`` ms). */
async function bots() {
  const epoch = S.epoch;
  while (ongoing() && !isHuman(S.game.to_move)) {
    render();
    await sleep(S.options.pace);
    if (epoch !== S.epoch) return;
    const player = S.game.to_move;
    const answer = await ask("bot", { game: S.game.game, bot: botPlaying(), seed: (S.seed || 0) + S.moves.length });
    if (epoch !== S.epoch) return;
    accepted(answer);
    say(moveText(S.lang, player, answer.move), true);
  }
  render();
  startClock(true);
}

async function hintDoc() {
  const key = S.game.game;
  if (!S.hint || S.hint.game !== key || S.hint.lang !== S.lang) {
    const doc = await ask("hint", { game: key, player: viewer(), lang: S.lang });
    S.hint = { game: key, lang: S.lang, doc };
  }
  return S.hint.doc;
}

async function showHint() {
  if (!myTurn() || !aids() || !handShown()) return;
  await hintDoc();
  S.hintShown = true;
  render();
}

async function showAlive() {
  if (!S.game || !aids() || S.game.outcome) return;
  const key = S.game.game;
  const doc = await ask("explain", {
    square: S.game.square, diagonals: S.game.rules.diagonals, locked: S.game.locked, lang: S.lang,
  });
  S.explanation = { game: key, lang: S.lang, doc };
  render();
}

// --- the clock of levels that have one ------------------------------------------------------

function seconds() {
  if (S.game.clock === null || S.game.clock === undefined) return null;
  return S.options.clock || S.game.clock;
}

function startClock(fresh) {
  const limit = seconds();
  if (!myTurn() || limit === null) return;
  if (fresh || !S.clock) S.clock = { deadline: performance.now() + limit * 1000, timer: null };
  const tick = () => {
    const left = Math.max(0, Math.ceil((S.clock.deadline - performance.now()) / 1000));
    const shown = $("#clock");
    shown.hidden = false;
    shown.textContent = t().clock(left);
    shown.classList.toggle("low", left <= 5);
    if (left <= 0) {
      stopClock();
      S.coin = null;
      play("timeout").catch(report);
    }
  };
  tick();
  if (S.clock) S.clock.timer = setInterval(tick, 250);
}

function stopClock() {
  if (S.clock && S.clock.timer) clearInterval(S.clock.timer);
  if (S.clock) S.clock.timer = null;
}

// --- drawing ---------------------------------------------------------------------------------

function say(text, note = false) {
  sayShell(text, { note });
}

function statusText() {
  const words_ = t();
  const game = S.game;
  const look = { who: game.outcome && game.outcome.player, late: "lostTime", mode: S.mode, selected: S.selected };
  if (game.outcome) return statusOf(S.lang, game, look);
  if (S.replay) return words_.replaying(S.replay.at, S.replay.moves.length);
  if (!isHuman(game.to_move)) return words_.botTurn(game.to_move);
  if (!handShown()) return words_.reveal(game.to_move);
  return statusOf(S.lang, game, look) || (hotSeat() && game.players > 1 ? words_.seatTurn(game.to_move) : words_.yourTurn);
}

function marks() {
  const hint = S.hint && S.hint.game === S.game.game ? S.hint.doc : null;
  const shown = S.selected && hint && $("#marks").checked && myTurn() ? hint : null;
  const explanation = S.explanation && S.explanation.game === S.game.game ? S.explanation.doc : null;
  return cellMarks(shown, S.selected, explanation);
}

/** Which card or cell has the keyboard's focus, to give it back after drawing. */
function focused() {
  const active = document.activeElement;
  if (!active || !active.closest) return null;
  if (active.closest("#board") && active.dataset.cell !== undefined) return `#board [data-cell="${active.dataset.cell}"]`;
  if (active.closest("#hand") && active.dataset.card) return `#hand [data-card="${active.dataset.card}"]`;
  return null;
}

function render() {
  if (!S.game) return;
  const refocus = focused();
  draw();
  const again = refocus && document.querySelector(refocus);
  if (again && !again.disabled) {
    again.tabIndex = 0;
    again.focus();
  } else if (refocus && refocus.startsWith("#hand")) {
    const first = document.querySelector("#hand .card:not(:disabled)");
    if (first) first.focus();
  }
}

function draw() {
  const game = S.game;
  const status = $("#status");
  status.dataset.status = game.outcome ? (game.outcome.won ? "won" : "lost") : "ongoing";
  writeStatus(status, statusText(), myTurn() ? legalOf(S.lang, game, { mode: S.mode, selected: S.selected }) : "");
  $("#tokens").textContent = t().tokens(game.tokens);
  $("#tokens").dataset.tokens = game.tokens;
  if (!myTurn() || seconds() === null) $("#clock").hidden = true;

  const hint = S.hintShown && S.hint && S.hint.game === game.game ? S.hint.doc : null;
  const explanation = S.explanation && S.explanation.game === game.game ? S.explanation.doc : null;
  const { found, counts } = marks();
  const last = S.moves.length ? S.moves[S.moves.length - 1] : null;
  const where = last && last.match(/r(\d)c(\d)/);
  const lastCell = where ? (Number(where[1]) - 1) * 4 + Number(where[2]) - 1 : null;
  const board = $("#board");
  board.classList.toggle("takeback", S.mode === "takeback");
  drawBoard(board, game, {
    lang: S.lang, focus: S.focusCell, marks: found, counts,
    hinted: hint ? hint.recommendation.cell : null, last: lastCell,
    chosen: myTurn() ? S.selected : null, fits: myTurn() && S.selected ? legalCells(game, S.selected) : [],
    takes: myTurn() && S.mode === "takeback" ? legalCells(game, null) : [],
  });
  drawLegend(new Set(found.values()));
  if (S.coin !== null && S.coin !== "off") board.querySelector(`[data-cell="${S.coin}"]`).append(
    Object.assign(document.createElement("span"), { className: "coin", textContent: String(viewer()) }));

  const seat = viewer();
  $("#hand-label").textContent = hotSeat() || S.replay ? t().handOf(seat) : t().hand;
  const hand = $("#hand");
  if (handShown()) {
    drawHand(hand, game.hands[seat - 1], {
      lang: S.lang, selected: S.selected, hinted: hint ? hint.recommendation.card : null,
      focus: S.focusCard, enabled: myTurn(), stuck: myTurn() ? nowhere(game, game.hands[seat - 1]) : new Set(),
    });
  } else {
    const cover = document.createElement("button");
    cover.type = "button";
    cover.className = "cover";
    cover.dataset.action = "reveal";
    cover.textContent = t().reveal(game.to_move);
    hand.replaceChildren(cover);
  }
  drawOthers($("#others"), game, {
    lang: S.lang, viewer: seat, open: game.open_hands || Boolean(S.replay) || Boolean(game.outcome),
    botName: (player) => (isHuman(player) ? null : botPlaying()),
  });
  drawAdvice($("#advice"), hint, explanation, S.lang);

  const mine = myTurn() && handShown();
  const over = Boolean(game.outcome);
  $('[data-action="again"]').hidden = !over || Boolean(S.replay);
  $('[data-action="hint"]').hidden = !aids();
  $('[data-action="alive"]').hidden = !aids();
  $('[data-action="alive"]').disabled = over;
  $('[data-action="hint"]').disabled = !mine;
  $('[data-action="takeback"]').disabled = !mine;
  $('[data-action="takeback"]').setAttribute("aria-pressed", String(S.mode === "takeback"));
  $('[data-action="coin"]').hidden = !game.coins;
  $('[data-action="coin"]').disabled = !mine;
  $('[data-action="coin"]').setAttribute("aria-pressed", String(S.mode === "coin"));
  const dead = (explanation && !explanation.completable) || (hint && hint.recommendation.action === "concede");
  $('[data-action="concede"]').hidden = !(mine && game.tokens === 0 && dead);
  $("#advice").hidden = !aids();
  drawReplay();
}

/** The legend of the marks on the square: one line for each kind of mark drawn. */
function drawLegend(kinds) {
  const legend = $("#legend");
  let shown = false;
  for (const item of legend.querySelectorAll("[data-mark]")) {
    item.hidden = !kinds.has(item.dataset.mark);
    shown = shown || !item.hidden;
  }
  legend.hidden = !shown;
}

/** The link of a new game with the settings of this one (a fresh deal; the same start of a
 * game that began from a setup). */
function againLink() {
  return writeLink(S.options, null, []);
}

function drawRecord() {
  $("#record-text").textContent = S.record;
  $("#download").href = `data:text/plain;charset=utf-8,${encodeURIComponent(S.record)}`;
}

function drawReplay() {
  const box = $("#replay");
  box.hidden = !S.replay;
  if (!S.replay) return;
  $("#replay-at").textContent = `${S.replay.at} / ${S.replay.moves.length}`;
  box.querySelector('[data-action="first"]').disabled = S.replay.at === 0;
  box.querySelector('[data-action="back"]').disabled = S.replay.at === 0;
  box.querySelector('[data-action="forward"]').disabled = S.replay.at === S.replay.moves.length;
  box.querySelector('[data-action="last"]').disabled = S.replay.at === S.replay.moves.length;
}

function translate() {
  translateShell(t(), S.lang);
}

function report(error) {
  if (error instanceof ServiceError) say(error.code === "offline" ? t().offline : t().service(error.message));
  else say(String(error && error.message ? error.message : error));
}

function fail(error) {
  const message = error instanceof LinkError ? t().badLink(error.message)
    : error instanceof ServiceError ? t().badLink(error.code === "offline" ? t().offline : error.message)
      : String(error);
  showError(message);
  $("#status").removeAttribute("data-status");
  $("#setup").open = true;
}

// --- what the player does -------------------------------------------------------------------

async function onCell(cell) {
  S.focusCell = cell;
  if (!myTurn() || S.busy || !handShown()) return;
  const card = S.game.cells[cell];
  if (S.mode === "takeback") {
    if (card && !S.game.locked.includes(cell)) await play(`x${cellText(cell)}`);
    return;
  }
  if (S.mode === "coin") {
    const mine = S.game.coins[viewer() - 1];
    S.coin = mine === cell ? "off" : card ? S.coin : cell;
    S.mode = "play";
    if (S.coin !== null) say(S.coin === "off" ? "" : t().coinSet(cellName(S.lang, cell)), true);
    render();
    return;
  }
  if (S.selected && !card) await play(`${S.selected}@${cellText(cell)}`);
}

async function onCard(card) {
  if (!myTurn() || S.busy) return;
  S.selected = S.selected === card ? null : card;
  S.mode = "play";
  S.focusCard = S.game.hands[viewer() - 1].indexOf(card);
  render();
  if (S.selected && aids() && $("#marks").checked) {
    await hintDoc();
    render();
  }
}

function onTakeBack() {
  if (!myTurn()) return;
  if (S.game.tokens === 0) return say(t().noToken);
  if (!S.game.legal_moves.some((move) => move.startsWith("x"))) return say(t().nothingToTake);
  S.mode = S.mode === "takeback" ? "play" : "takeback";
  S.selected = null;
  say("");
  render();
  return undefined;
}

function cancel() {
  S.mode = "play";
  S.selected = null;
  render();
}

async function onAction(action) {
  if (action === "hint") return showHint();
  if (action === "alive") return showAlive();
  if (action === "takeback") return onTakeBack();
  if (action === "concede") return play("concede");
  if (action === "again") {
    location.search = againLink();
    return undefined;
  }
  if (action === "reveal") {
    S.revealed = true;
    render();
    return $("#hand button") && $("#hand button").focus();
  }
  if (action === "coin") {
    S.mode = S.mode === "coin" ? "play" : "coin";
    return render();
  }
  if (["first", "back", "forward", "last"].includes(action)) return step(action);
  if (action === "playon") return playOn();
  return undefined;
}

async function setLang(lang) {
  S.lang = lang;
  if (inRoom()) {
    translate();
    drawBots();
    return roomLang(lang);
  }
  S.options.lang = lang;
  if (S.game) history.replaceState(null, "", writeLink(S.options, S.seed, S.moves));
  translate();
  drawBots();
  say("");
  if (S.hintShown && S.hint) await hintDoc();
  if (S.explanation) await showAlive();
  render();
}

// --- records: shown, downloaded, replayed -------------------------------------------------

async function startReplay(text) {
  const answer = await ask("record", { record: text });
  S.epoch += 1;
  stopClock();
  S.replay = { setup: answer.setup, seed: answer.game.seed, moves: answer.moves, at: answer.moves.length };
  S.game = answer.game;
  S.hintShown = false;
  S.explanation = null;
  say("");
  $("#table").hidden = false;
  $("#error").hidden = true;
  render();
}

async function step(action) {
  const r = S.replay;
  const at = { first: 0, back: r.at - 1, forward: r.at + 1, last: r.moves.length }[action];
  r.at = Math.max(0, Math.min(r.moves.length, at));
  const body = { setup: r.setup, moves: r.moves.slice(0, r.at) };
  if (r.seed !== null && r.seed !== undefined) body.seed = r.seed;
  S.game = (await ask("record", body)).game;
  render();
}

async function playOn() {
  const r = S.replay;
  S.options = { ...S.options, setup: r.setup, moves: [], seat: 1, bot: S.options.bot === "none" ? "none" : S.options.bot };
  if (S.options.seat > S.game.players) S.options.seat = 1;
  S.setup = r.setup;
  S.seed = r.seed;
  S.replay = null;
  await replayTo(r.moves.slice(0, r.at));
  history.replaceState(null, "", writeLink(S.options, S.seed, S.moves));
  drawRecord();
  render();
  await bots();
}

// --- the keyboard ---------------------------------------------------------------------------

function onKey(event) {
  const target = event.target;
  if (target.closest("input, textarea, select")) return;
  if (inRoom() && roomKey(event)) return;
  const arrows = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -4, ArrowDown: 4 };
  if (target.closest("#board") && event.key in arrows) {
    const next = S.focusCell + arrows[event.key];
    const sameRow = Math.abs(arrows[event.key]) === 4 || Math.floor(next / 4) === Math.floor(S.focusCell / 4);
    if (next >= 0 && next < 16 && sameRow) {
      S.focusCell = next;
      for (const cell of document.querySelectorAll("#board .cell")) cell.tabIndex = Number(cell.dataset.cell) === next ? 0 : -1;
      $(`#board [data-cell="${next}"]`).focus();
    }
    event.preventDefault();
  } else if (target.closest("#hand") && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
    const cards = [...document.querySelectorAll("#hand .card")];
    const index = cards.indexOf(target.closest(".card"));
    const next = cards[index + (event.key === "ArrowLeft" ? -1 : 1)];
    if (next) {
      for (const card of cards) card.tabIndex = card === next ? 0 : -1;
      S.focusCard = cards.indexOf(next);
      next.focus();
    }
    event.preventDefault();
  } else if (event.key === "Escape") {
    cancel();
  } else if (!event.ctrlKey && !event.metaKey && !event.altKey && (event.key === "h" || event.key === "t")) {
    guard(event.key === "h" ? showHint : onTakeBack)();
  }
}

// --- starting -------------------------------------------------------------------------------

function guard(action) {
  return (...args) => Promise.resolve().then(() => action(...args)).catch(report);
}

function fillForm() {
  const form = $("#new-game");
  const o = S.options;
  form.level.value = o.level;
  form.players.value = String(o.players);
  form.seat.value = String(o.seat);
  form.start.value = o.start;
  form.open.checked = o.open;
  form.coins.checked = o.coins;
  form.seed.value = "";
  const option = (bot) => el("option", { value: bot.name, "data-bot": bot.name, text: botLabel(S.lang, bot.name) });
  form.bot.append(...S.bots.map(option));
  form.bot.value = o.bot;
  form.partner.value = o.partner || "beginner";
  const level = (name) => el("option", { value: name, "data-partner": name, text: t().partnerKind(t().partnerLevels[name]) });
  for (const seat of [1, 2, 3, 4]) form[`kind${seat}`].append(...S.bots.map(option), ...PARTNER_LEVELS.map(level));
  drawBots();
  drawKinds();
  drawClockField();
}

/** The kind of each seat of a room (a person or a bot), for as many seats as the players. */
function drawKinds() {
  const players = Number($("#new-game").players.value);
  for (const label of document.querySelectorAll("#online [data-kind]")) label.hidden = Number(label.dataset.kind) > players;
}

/** The room's clock field says what an empty field means for the level chosen: Expert's 30 s
 * a turn, no clock on the other levels. */
function drawClockField() {
  const form = $("#new-game");
  form.clock.dataset.placeholder = form.level.value === "expert" ? "expertClock" : "noClock";
  form.clock.placeholder = t()[form.clock.dataset.placeholder];
}

/** What the bot chosen in the form does, in the page's language (from v1/bots). */
function drawBots() {
  const form = $("#new-game");
  const about = (bot) => (bot.text && bot.text[S.lang]) || bot.about;
  for (const option of form.bot.options) {
    const bot = S.bots.find((item) => item.name === option.value);
    option.title = bot ? about(bot) : t().hotseatAbout;
  }
  for (const option of form.querySelectorAll("select option[data-bot]")) option.textContent = botLabel(S.lang, option.value);
  const chosen = S.bots.find((item) => item.name === form.bot.value);
  const told = { none: t().hotseatAbout, partner: t().partnerOptionAbout };
  $("#bot-about").textContent = chosen ? about(chosen) : told[form.bot.value] || "";
  drawPartner();
}

/** The partner's levels in the page's language, and what the chosen one does (the option
 * "the computer, at the partner's level" says it too, as its title). */
function drawPartner() {
  const form = $("#new-game");
  const words_ = t();
  for (const option of form.querySelectorAll("option[data-partner]")) {
    const label = words_.partnerLevels[option.dataset.partner];
    option.textContent = option.closest("[name=partner]") ? label : words_.partnerKind(label);
    option.title = words_.partnerAbout[option.dataset.partner];
  }
  $("#partner-about").textContent = words_.partnerAbout[form.partner.value];
  form.querySelector('[name=bot] option[value="partner"]').title = words_.partnerOptionAbout;
}

/** A partner's level chosen: the computer takes the other seats at that level. */
function choosePartner() {
  $("#new-game").bot.value = "partner";
  drawBots();
}

function newGameLink(form) {
  const options = {
    ...S.options, setup: null, level: form.level.value, players: Number(form.players.value),
    seat: Math.min(Number(form.seat.value), Number(form.players.value)), bot: form.bot.value,
    partner: form.partner.value,
    start: form.start.value, open: form.open.checked, coins: form.coins.checked,
  };
  const seed = form.seed.value.trim();
  return writeLink(options, /^[0-9]+$/.test(seed) ? seed : null, []);
}

function wire() {
  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || target.type === "submit" || target.dataset.lang) return; // the shell hears the languages
    if (target.dataset.action === "online") guard(createRoom)($("#new-game"), S.lang);
    else if (inRoom()) roomClick(target);
    else if (target.closest("#board") && target.dataset.cell !== undefined) guard(onCell)(Number(target.dataset.cell));
    else if (target.closest("#hand") && target.dataset.card) guard(onCard)(target.dataset.card);
    else if (target.dataset.action) guard(onAction)(target.dataset.action);
  });
  document.addEventListener("keydown", onKey);
  $("#new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    location.assign(`${location.pathname}${newGameLink(event.target)}`); // a room's fragment stays behind
  });
  $("#replay-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(startReplay)($("#replay-input").value);
  });
  $("#replay-file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) guard(async () => { $("#replay-input").value = await file.text(); })();
  });
  for (const box of ["#aids", "#marks"]) $(box).addEventListener("change", () => render());
  $("#new-game").bot.addEventListener("change", drawBots);
  $("#new-game").partner.addEventListener("change", choosePartner);
  $("#new-game").players.addEventListener("change", drawKinds);
  $("#new-game").level.addEventListener("change", drawClockField);
  // a room's address opened from this page (the way back to one's game) starts the page anew
  window.addEventListener("hashchange", () => { if (roomFragment() || inRoom()) location.reload(); });
}

/** The page of a room (its address names one): the room's table, the form for a new game. */
async function roomPage(fragment) {
  S.lang = keptLang();
  S.options = { ...readLink(""), lang: S.lang };
  translate();
  ask("bots", { lang: "both" }).then((listed) => {
    S.bots = listed.bots;
    S.options.bot = listed.default;
    fillForm();
  }).catch(report);
  await openRoom(fragment, S.lang);
}

async function main() {
  wire();
  startShell(guard(setLang));
  const fragment = roomFragment();
  if (fragment) return roomPage(fragment);
  try {
    S.options = readLink(location.search);
  } catch (error) {
    S.options = readLink("");
    S.lang = startLang();
    translate();
    fail(error);
    const listed = await ask("bots", { lang: "both" });
    S.bots = listed.bots;
    S.options.bot = listed.default;
    return fillForm();
  }
  S.lang = S.options.lang;
  translate();
  try {
    const [listed] = await Promise.all([ask("bots", { lang: "both" }), newTable()]);
    S.bots = listed.bots;
    if (!S.options.bot) S.options.bot = listed.default;
    const names = [...S.bots.map((bot) => bot.name), "none", "partner"];
    if (!names.includes(S.options.bot)) throw new LinkError(t().badValue("bot", S.options.bot, t().oneOf(names)));
    fillForm();
  } catch (error) {
    return fail(error);
  }
  history.replaceState(null, "", writeLink(S.options, S.seed, S.moves));
  $("#table").hidden = false;
  showResume();
  drawRecord();
  render();
  await bots().catch(report);
  return undefined;
}

main().catch(report);
