// Eight Off and its family in the browser: deal, move by click, drag or double click, undo, hint,
// "still winnable?", in the page shell (../shell.js: the words, the language, the footer, the
// message line, the errors). All game logic is the service's: the page keeps the game notation
// of the last answer, sends it back with each request (v1/eightoff/deal, move, undo, hint,
// presets), and moves only what the answer's legal moves allow.

import { markedCall } from "../api.js";
import { $, keep, kept, say as sayShell, showError, startLang, startShell, translate } from "../shell.js";
import { cardName, variantName, words } from "./i18n.js";
import { LinkError, readLink, writeLink } from "./link.js";
import { CELLS, choose, isColumn, moveText, movesFrom, parseMove } from "./moves.js";
import { drawMarks, drawTable, placeNode, runNodes } from "./view.js";
import { enableDrag } from "./drag.js";

const S = {
  lang: "en",
  presets: [],
  deal: null, // {variant, number, microsoft}: the deal on the table
  game: null, // the last eightoff-game or eightoff-move document
  legal: [], // its legal moves, read ({text, source, target, count})
  pick: null, // the chosen run: {place, count} (count null: as many as the target takes)
  advice: null, // {kind: "hint" | "winnable", game, lang, level, doc}
  hintLevel: "move", // how much a hint tells (HINT_LEVELS), kept in localStorage
  last: null, // the last move played: {move, cards, source, target}
  auto: false, // safe cards go to the foundations by themselves
  groups: [], // the moves each action made (a move and the cards that went up after it), for undo
  busy: false,
};

/** How much a hint tells, the least first (officers.eightoff.hints.LEVELS). */
const HINT_LEVELS = ["winnable", "nudge", "move", "plan"];
const HINT_LEVEL = "officers-eightoff-hint-level";

const t = () => words(S.lang);
const over = () => Boolean(S.game && S.game.outcome);
const board = () => $("#board");

// --- talking to the service -------------------------------------------------------------------

/** ``call`` of v1/eightoff/OP, the board marked busy while any request is slow. */
const ask = markedCall((on) => (on ? board().setAttribute("aria-busy", "true") : board().removeAttribute("aria-busy")), "eightoff/");

/** Deal ``deal`` ({variant, number, microsoft}) and play ``moves`` on it (a link's). */
async function dealGame(deal, moves = []) {
  const body = { number: deal.number, variant: deal.variant };
  if (deal.microsoft) body.microsoft = true;
  let game = await ask("deal", body);
  let refused = null;
  if (moves.length) {
    const earlier = moves.slice(0, -1).join(" ");
    game = await ask("move", { game: `${game.start} ; ${earlier}`, move: moves[moves.length - 1], lang: S.lang });
    refused = game.refused;
  }
  S.deal = deal;
  S.advice = null;
  S.groups = [];
  S.game = null; // a new deal has no last move to tell
  setGame(game);
  say(refused ? refused.text : "", refused ? refused.rule : null);
  const played = await playSafe();
  if (played) S.groups.push(played);
}

function setGame(game) {
  S.last = game.move && S.game ? lastMove(S.game.layout, game.move) : null;
  S.game = game;
  S.legal = game.legal.map(parseMove).filter(Boolean);
  S.pick = null;
  if (S.advice && S.advice.game !== game.game) S.advice = null;
  $("#table").hidden = false;
  $("#loading").hidden = true;
  writeAddress();
  render();
}

function writeAddress() {
  if (!S.deal) return;
  const { variant, number, microsoft } = S.deal;
  document.title = t().titleOf(variantName(S.lang, variant), number, microsoft);
  const moves = S.game ? S.game.moves : [];
  history.replaceState(null, "", writeLink({ variant, deal: number, microsoft, moves, lang: S.lang, auto: S.auto }));
}

/** Play ``text`` (a move's notation); a refused move shows the rule's sentence. True when played. */
async function play(text) {
  if (S.busy || !S.game) return false;
  S.busy = true;
  S.pick = null;
  try {
    const answer = await ask("move", { game: S.game.game, move: text, lang: S.lang });
    if (answer.refused) {
      say(answer.refused.text, answer.refused.rule);
      render();
      return false;
    }
    say("");
    setGame(answer);
    return true;
  } catch (error) {
    report(error);
    return false;
  } finally {
    S.busy = false;
  }
}

/** Move the chosen run (or ``count`` cards; null: the longest that fits) from ``source`` to
 * ``target``: the legal move when there is one, else the move as asked, for the service to
 * say which rule refuses it. */
async function attempt(source, target, count) {
  if (S.busy) return false;
  S.pick = null;
  const move = choose(S.legal, source, target, count);
  const played = await play(move ? move.text : moveText(source, target, count));
  if (played) S.groups.push(1 + (await playSafe()));
  return played;
}

/** The card at a place: a column's last card, a cell's card. */
function cardAt(place) {
  const { columns, cells } = S.game.layout;
  const cards = isColumn(place) ? columns[Number(place) - 1] : [cells[CELLS.indexOf(place)]];
  return cards[cards.length - 1] || null;
}

/** A legal move to the foundations that can never be regretted: no card that could still be built
 * on the card is left off the foundations (in suit: none ever is; in alternating colours: the
 * two of the other colour one rank lower). Null when there is none. */
function safeMove() {
  const building = S.game.variant && S.game.variant.building;
  const foundations = S.game.layout.foundations;
  return S.legal.find((move) => {
    const card = move.target === "h" && cardAt(move.source);
    if (!card) return false;
    const rank = "A23456789TJQK".indexOf(card[0]) + 1;
    const red = card[1] === "D" || card[1] === "H";
    const other = building === "suit" ? [] : building === "alternate" ? (red ? ["C", "S"] : ["D", "H"]) : ["C", "D", "H", "S"];
    return rank <= 2 || other.every((suit) => suit === card[1] || foundations[suit] >= rank - 1);
  }) || null;
}

/** With the safe cards going up by themselves: play them; answers how many went. */
async function playSafe() {
  let played = 0;
  for (let move = S.auto && !over() && safeMove(); move; move = !over() && safeMove()) {
    if (!(await play(move.text))) break;
    played += 1;
  }
  return played;
}

/** Undo the last action: a move with the cards that went up by themselves after it. */
function undoLast() {
  return undo(S.groups.length ? S.groups[S.groups.length - 1] : 1);
}

async function undo(count = 1) {
  if (S.busy || !S.game || count < 1 || S.game.moves.length < count) return;
  S.busy = true;
  try {
    const answer = await ask("undo", { game: S.game.game, count });
    for (let left = count; left > 0 && S.groups.length;) {
      const last = S.groups.pop();
      if (last > left) S.groups.push(last - left);
      left -= Math.min(last, left);
    }
    say("");
    setGame(answer);
  } catch (error) {
    report(error);
  } finally {
    S.busy = false;
  }
}

/** The level a request of ``kind`` asks for: a hint the chosen level; "still winnable?" never
 * more than a nudge (where a lost game was lost), and no more than the chosen level. */
function levelOf(kind) {
  if (kind === "hint") return S.hintLevel;
  return S.hintLevel === "winnable" ? "winnable" : "nudge";
}

/** Ask for a hint (``kind`` "hint") or whether the game can still be won ("winnable"): the same
 * request, told differently, each at its level (levelOf). */
async function advise(kind) {
  if (!S.game || S.busy) return;
  const key = S.game.game;
  const level = levelOf(kind);
  const doc = await ask("hint", { game: key, lang: S.lang, level });
  if (!S.game || S.game.game !== key || level !== levelOf(kind)) return;
  S.advice = { kind, game: key, lang: S.lang, level, doc };
  render();
}

function setHintLevel(level) {
  S.hintLevel = HINT_LEVELS.includes(level) ? level : "move";
  keep(HINT_LEVEL, S.hintLevel);
  $("#hint-level-about").textContent = t().hintLevelsAbout[S.hintLevel];
  S.advice = null; // what was shown may tell more than the level now chosen
  render();
}

/** Play every card that may go to its foundation, until none may. */
async function autoplay() {
  let played = 0;
  for (;;) {
    const move = !over() && S.legal.find((legal) => legal.target === "h");
    if (!move || !(await play(move.text))) break;
    played += 1;
  }
  if (played) S.groups.push(played);
  else if (!over()) say(t().nothing);
}

async function setAuto(on) {
  S.auto = on;
  writeAddress();
  const played = await playSafe();
  if (played) S.groups.push(played);
}

// --- choosing with clicks, the keyboard and drags -----------------------------------------------

/** The place ("3", "a", "h") and card of a node of the board. */
function spot(node) {
  const place = node && node.closest("[data-place]");
  if (!place || !board().contains(place)) return null;
  const card = node.closest("[data-card]");
  return { place: place.dataset.place, node: place, card };
}

/** How many cards a chosen card heads: null for a column's last card or a cell's card (then the
 * target decides: the longest run that fits), else the run from that card. */
function countOf(where) {
  if (!where.card || !isColumn(where.place)) return null;
  const cards = runNodes(board(), where.place, 99);
  const index = cards.indexOf(where.card);
  return index < 0 || index === cards.length - 1 ? null : cards.length - index;
}

function choosePlace(where) {
  if (where.place === "h" || !where.card) return;
  S.pick = { place: where.place, count: countOf(where) };
  say("");
  drawChoice();
}

function onBoardClick(event) {
  const where = spot(event.target);
  if (!where || S.busy || !S.game || over()) return;
  if (!S.pick) {
    choosePlace(where);
    return;
  }
  if (where.place === S.pick.place) {
    const count = countOf(where);
    S.pick = where.card && count !== S.pick.count ? { place: where.place, count } : null;
    drawChoice();
    return;
  }
  attempt(S.pick.place, where.place, S.pick.count);
}

function onDoubleClick(event) {
  const where = spot(event.target);
  if (!where || !where.card || where.place === "h" || S.busy || over()) return;
  if (countOf(where) !== null) return; // only an available card goes to its foundation
  attempt(where.place, "h", null);
}

function lift(card) {
  const where = spot(card);
  if (!where || S.busy || over()) return null;
  let count = countOf(where);
  if (count === null) {
    // the last card of a column: it takes with it the longest run that may move
    const counts = movesFrom(S.legal, where.place).map((move) => move.count || 1);
    count = Math.max(1, ...counts);
  }
  const nodes = runNodes(board(), where.place, count);
  S.pick = { place: where.place, count: countOf(where) };
  drawChoice();
  return nodes;
}

function drop(node) {
  const where = node ? spot(node) : null;
  const pick = S.pick;
  if (!pick || !where || where.place === pick.place) {
    S.pick = null;
    render();
    return;
  }
  attempt(pick.place, where.place, pick.count);
}

function hover(node) {
  drawChoice(node);
}

// --- drawing ---------------------------------------------------------------------------------

function say(text, rule = null) {
  sayShell(text, { rule });
}

/** The last move played, from the layout before it: its notation, cards and places. */
function lastMove(layout, text) {
  const move = parseMove(text);
  if (!move) return null;
  const from = isColumn(move.source) ? layout.columns[Number(move.source) - 1] : [layout.cells[CELLS.indexOf(move.source)]];
  const cards = from.slice(from.length - (move.count || 1));
  return { move: text, cards, source: move.source, target: move.target };
}

function placeName(place) {
  return isColumn(place) ? t().column(Number(place)) : t().cell(place);
}

function drawLast() {
  const last = S.last;
  const node = $("#last");
  if (!last || !S.game.moves.length || S.game.moves[S.game.moves.length - 1] !== last.move || !last.cards.length) {
    node.textContent = "";
    return;
  }
  const words_ = t();
  const to = last.target === "h" ? words_.toFoundation : words_.to(placeName(last.target));
  node.textContent = words_.moved(last.move, cardName(S.lang, last.cards[0]), last.cards.length, words_.from(placeName(last.source)), to);
}

function cardsLeft() {
  const foundations = S.game.layout.foundations;
  return 52 - Object.values(foundations).reduce((sum, count) => sum + count, 0);
}

function statusText() {
  const words_ = t();
  const { outcome, moves } = S.game;
  if (outcome) return outcome.won ? words_.won(moves.length) : words_.stuck(outcome.cards_left);
  if (S.pick) {
    const cards = runNodes(board(), S.pick.place, S.pick.count || 1);
    if (cards.length) return words_.chosen(cardName(S.lang, cards[0].dataset.card), cards.length);
  }
  return moves.length ? words_.playing(moves.length, cardsLeft()) : words_.start(cardsLeft());
}

/** The card a place moves to its foundation: the suit whose pile to mark. */
function suitAt(place, count) {
  const cards = runNodes(board(), place, count || 1);
  return cards.length ? cards[0].dataset.card[1] : null;
}

/** The marks of the choice, the hint and the place under a dragged card; the status line. */
function drawChoice(overNode = null) {
  const marks = { over: overNode };
  if (S.pick) {
    marks.chosen = { place: S.pick.place, count: S.pick.count || 1 };
    marks.targets = movesFrom(S.legal, S.pick.place, S.pick.count).map((move) => (
      { place: move.target, suit: move.target === "h" ? suitAt(move.source, 1) : null }));
  }
  const advice = S.advice && S.advice.kind === "hint" ? S.advice.doc : null;
  const hinted = advice && advice.status === "winnable" && advice.move ? parseMove(advice.move) : null;
  if (hinted) {
    const count = hinted.count || (choose(S.legal, hinted.source, hinted.target) || {}).count || 1;
    marks.hint = { ...hinted, count, suit: hinted.target === "h" ? suitAt(hinted.source, 1) : null };
  } else if (advice && advice.status === "winnable" && advice.look) {
    marks.hint = { source: advice.look, count: 0, target: advice.look, suit: null }; // the pile, not the move
  }
  drawMarks(board(), marks);
  const status = $("#status");
  const text = statusText();
  if (status.textContent !== text) status.textContent = text; // read out once, not at each step of a drag
}

function drawAdvice() {
  const node = $("#advice");
  const advice = S.advice;
  for (const key of ["kind", "status", "move", "lostAt", "undos", "level", "look"]) delete node.dataset[key];
  if (!advice) {
    node.replaceChildren();
    return;
  }
  const { doc, kind } = advice;
  const words_ = t();
  Object.assign(node.dataset, { kind, status: doc.status, level: doc.level || "move" });
  if (doc.move) node.dataset.move = doc.move;
  if (doc.look) node.dataset.look = doc.look;
  const parts = [];
  if (kind === "winnable") {
    let headline = words_.isUnknown;
    if (doc.status === "won") headline = words_.isWon;
    if (doc.status === "winnable") headline = words_.isWinnable;
    if (doc.status === "lost") {
      if (doc.lost_at) headline = words_.isLost(doc.lost_at, doc.losing_move, doc.undos);
      else headline = doc.lost_at === 0 ? words_.isLostFromStart : words_.isLostPlain;
    }
    parts.push(Object.assign(document.createElement("p"), { className: "headline", textContent: headline }));
  }
  if (kind === "hint" || doc.status === "lost" || doc.status === "unknown") {
    parts.push(Object.assign(document.createElement("p"), { className: "said", textContent: doc.text }));
  }
  if (doc.status === "lost" && doc.lost_at && doc.undos) {
    Object.assign(node.dataset, { lostAt: doc.lost_at, undos: doc.undos });
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: words_.undoMany(doc.undos) });
    button.dataset.action = "undo-many";
    button.dataset.count = doc.undos;
    parts.push(button);
  }
  node.replaceChildren(...parts);
}

/** Which card or place has the keyboard's focus, to give it back after drawing. */
function focused() {
  const active = document.activeElement;
  if (!active || !board().contains(active)) return null;
  const where = spot(active);
  return { card: active.dataset.card, place: where && where.place, suit: active.dataset.suit };
}

function refocus(was) {
  if (!was) return;
  let node = was.card && board().querySelector(`[data-card="${was.card}"]`);
  if (!node && was.place) {
    const place = placeNode(board(), was.place, was.suit);
    node = place && (place.matches("button") ? place : place.querySelector("button:last-of-type"));
  }
  if (node) node.focus();
}

function render() {
  if (!S.game) return;
  const was = focused();
  drawTable(board(), S.game.layout, S.lang);
  const status = $("#status");
  status.dataset.status = S.game.outcome ? (S.game.outcome.won ? "won" : "lost") : "ongoing";
  status.dataset.moves = S.game.moves.length;
  drawChoice();
  drawAdvice();
  drawLast();
  const moved = S.game.moves.length > 0;
  $('[data-action="undo"]').disabled = !moved;
  $('[data-action="restart"]').disabled = !moved;
  $('[data-action="hint"]').disabled = over();
  $('[data-action="winnable"]').disabled = !S.game;
  $('[data-action="autoplay"]').disabled = over() || !S.legal.some((move) => move.target === "h");
  refocus(was);
}

// --- the page's words, the deal form and the keys ---------------------------------------------

function preset(name) {
  return S.presets.find((item) => item.name === name || item.notation === name) || null;
}

/** Microsoft's numbering deals 8 columns of 7 7 7 7 6 6 6 6 and nothing into the cells. */
function microsoftFits(name) {
  const found = preset(name);
  return Boolean(found) && found.deal.cells === 0 && found.deal.columns.join() === "7,7,7,7,6,6,6,6";
}

function drawForm() {
  const select = $("#variant");
  const chosen = select.value || (S.deal && S.deal.variant) || "eight-off";
  const names = S.presets.map((item) => item.name);
  if (!names.includes(chosen)) names.push(chosen);
  select.replaceChildren(...names.map((name) => {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = variantName(S.lang, name);
    return option;
  }));
  select.value = chosen;
  const fits = microsoftFits(chosen);
  $("#microsoft-choice").hidden = !fits;
  if (!fits) $("#microsoft").checked = false;
  const found = preset(chosen);
  $("#rules").textContent = found ? t().rules(found) : "";
}

function applyWords() {
  const words_ = t();
  translate(words_, S.lang);
  for (const option of $("#hint-level").options) option.textContent = words_.hintLevels[option.value];
  $("#hint-level-about").textContent = words_.hintLevelsAbout[S.hintLevel];
  drawForm();
}

async function setLanguage(lang) {
  if (lang === S.lang) return;
  S.lang = lang;
  applyWords();
  writeAddress();
  say(""); // a message was in the other language
  render();
  if (S.advice) await advise(S.advice.kind);
}

function randomNumber(microsoft) {
  const random = crypto.getRandomValues(new Uint32Array(1))[0];
  return microsoft ? (random % 32000) + 1 : (random >>> 1) + 1;
}

function formDeal(random) {
  const variant = $("#variant").value;
  const microsoft = $("#microsoft").checked && microsoftFits(variant);
  const text = $("#number").value.trim();
  if (!random && !/^[1-9][0-9]{0,14}$/.test(text)) {
    say(t().badNumber(text));
    $("#number").focus();
    return;
  }
  const number = random ? randomNumber(microsoft) : Number(text);
  $("#number").value = String(number);
  dealGame({ variant, number, microsoft }).catch(report);
}

/** The arrows move the focus: along a column, to the next column, up to the cells. */
function arrow(event) {
  const active = document.activeElement;
  if (!active || !board().contains(active)) return;
  const top = [...board().querySelectorAll(".top button")];
  const columns = [...board().querySelectorAll(".column")];
  const buttons = (column) => [...column.querySelectorAll("button")];
  const column = active.closest(".column");
  let next = null;
  if (column) {
    const at = columns.indexOf(column);
    const items = buttons(column);
    const index = items.indexOf(active);
    if (event.key === "ArrowUp") next = index > 0 ? items[index - 1] : top[Math.min(top.length - 1, Math.round((at * top.length) / columns.length))];
    if (event.key === "ArrowDown") next = items[index + 1];
    const side = columns[at + (event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0)];
    if (side && side !== column) next = buttons(side)[Math.min(index, buttons(side).length - 1)];
  } else {
    const index = top.indexOf(active);
    if (event.key === "ArrowLeft") next = top[index - 1];
    if (event.key === "ArrowRight") next = top[index + 1];
    if (event.key === "ArrowDown") {
      const below = buttons(columns[Math.min(columns.length - 1, Math.floor((index * columns.length) / top.length))]);
      next = below[below.length - 1];
    }
  }
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

function onKey(event) {
  const typing = event.target.closest && event.target.closest("input, select, textarea");
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z") {
    if (typing) return;
    event.preventDefault();
    undoLast().catch(report);
    return;
  }
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape" && S.pick) {
    S.pick = null;
    drawChoice();
  } else if (event.key === "h" || event.key === "H") {
    if (!over()) advise("hint").catch(report);
  } else if (event.key.startsWith("Arrow")) {
    arrow(event);
  }
}

/** A request that failed: the service's message (or the browser's), where the refusals go. */
function report(error) {
  say(error && error.message ? error.message : String(error));
}

function bind() {
  const actions = {
    undo: () => undoLast(),
    restart: () => undo(S.game ? S.game.moves.length : 0),
    hint: () => advise("hint"),
    winnable: () => advise("winnable"),
    autoplay: () => autoplay(),
    "undo-many": (button) => undo(Number(button.dataset.count)),
    random: () => formDeal(true),
  };
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button && actions[button.dataset.action]) Promise.resolve(actions[button.dataset.action](button)).catch(report);
  });
  board().addEventListener("click", onBoardClick);
  board().addEventListener("dblclick", onDoubleClick);
  enableDrag(board(), { lift, over: hover, drop });
  document.addEventListener("keydown", onKey);
  $("#deal").addEventListener("submit", (event) => {
    event.preventDefault();
    formDeal(false);
  });
  $("#variant").addEventListener("change", drawForm);
  $("#auto").addEventListener("change", (event) => setAuto(event.target.checked).catch(report));
  $("#hint-level").addEventListener("change", (event) => setHintLevel(event.target.value));
}

async function main() {
  bind();
  S.hintLevel = HINT_LEVELS.includes(kept(HINT_LEVEL)) ? kept(HINT_LEVEL) : "move";
  $("#hint-level").value = S.hintLevel;
  startShell((lang) => setLanguage(lang).catch(report)); // a broken link's page too
  let link;
  try {
    link = readLink(location.search);
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    S.lang = startLang();
    applyWords();
    showError(error.message);
    return;
  }
  S.lang = link.lang;
  S.auto = link.auto;
  $("#auto").checked = link.auto;
  applyWords();
  $("#loading").hidden = false;
  try {
    S.presets = (await ask("presets", {})).presets;
    $("#variant").value = "";
    S.deal = { variant: link.variant };
    drawForm();
    const microsoft = link.microsoft && microsoftFits(link.variant);
    $("#microsoft").checked = microsoft;
    const number = link.deal === null ? randomNumber(microsoft) : link.deal;
    $("#number").value = String(number);
    await dealGame({ variant: link.variant, number, microsoft }, link.moves);
  } catch (error) {
    showError(error.message || String(error));
  }
}

main();
