// Offiziersskat in the browser, played in a room of the service (docs/rooms.md): the face-down
// cards stay on the server, and the page shows only the room's view. "Play against the computer"
// (its bot the level chosen beside it, kept in localStorage) and "Play with a friend" make a
// room; the friend joins by the invitation link (the room and the invitation in the
// fragment); the seat's token is kept in localStorage, so a reload finds the seat again.
// Every change arrives over the live WebSocket (polling /events when none can be had); the
// page keeps the seq of the last event it applied, so nothing is lost or repeated.
// The room client is the one Euler's Officers' page uses too (../rooms.js), the words, the
// language and the footer the page shell's (../shell.js).

import { el, SYMBOLS } from "../dom.js";
import { drawPresence, request, roomFields, roomFragment, roomPage, sayRoom, Seats } from "../rooms.js";
import { $, keep, kept, showError, startLang, startShell, translate } from "../shell.js";
import { cardName, cardShort, gameName, LEVELS, words } from "./i18n.js";
import { drawDeal, drawPiles, drawTrick, pileOrder } from "./view.js";

const SEATS = new Seats("officers-skat"); // officers-skat-room-ROOM: the token of a seat
const TIPS = 3; // decisions a round that the tips accompany

const S = {
  ...roomFields(), // room, token, state, stateSeq, eventSeq, log, feed, busy
  lang: "en",
  sort: "normal",
  level: "club", // the computer's level for the next room against it (a bot of the rooms)
  tip: { on: false, used: 0, round: null, shownAt: null, doc: null, pending: null, missing: false, error: null },
  heard: [], // the other's moves heard, in words, until the state they came with is shown
  shownView: null, // {round, played, points} of the last state shown: a trick taken since is said
};

const t = () => words(S.lang);
const view = () => (S.state && S.state.view) || null;
const mySide = () => (S.state ? S.state.seat - 1 : 0);
const myTurn = () => Boolean(S.state && S.state.status === "playing" && view() && view().to_move === S.state.seat);

/** The other seat: its ``kind`` is "human" or the bot's name. */
function otherSeat() {
  return (S.state && S.state.seats.find((seat) => seat.seat !== S.state.seat)) || null;
}

/** The other seat is the computer's. */
function againstComputer() {
  const other = otherSeat();
  return Boolean(other && other.kind !== "human");
}

/** The level of the computer in the other seat ("strong"), or null: a person, or a bot the
 * room was made with that is no level. */
function computerLevel() {
  const other = otherSeat();
  return other && LEVELS.includes(other.kind) ? other.kind : null;
}

/** "The other player", "The computer"; with ``level``, "The computer (Strong)". */
function otherName(level = false) {
  if (!againstComputer()) return t().other;
  const known = level && computerLevel();
  return known ? `${t().computerName} (${t().levels[known]})` : t().computerName;
}

function roleName(side) {
  return side === 0 ? t().vorhand : t().hinterhand;
}

// --- words and settings -----------------------------------------------------------------------

const LANG = "officers-skat-lang";
const SORT = "officers-skat-sort";
const LEVEL = "officers-skat-level";

function applyWords() {
  const words_ = t();
  translate(words_, S.lang);
  for (const button of document.querySelectorAll("[data-sort]")) {
    button.textContent = words_.sorts[button.dataset.sort];
    button.setAttribute("aria-pressed", String(button.dataset.sort === S.sort));
  }
  for (const button of document.querySelectorAll("#choose [data-game]")) {
    const game = button.dataset.game;
    button.textContent = game === "G" ? gameName(S.lang, game) : `${SYMBOLS[game]} ${gameName(S.lang, game)}`;
  }
  for (const option of $("#level").options) option.textContent = words_.levels[option.value];
  $("#level-about").textContent = words_.levelsAbout[S.level];
  ROOM.connection();
}

function setLang(lang) {
  S.lang = lang === "de" ? "de" : "en";
  keep(LANG, S.lang);
  // a tip shown or on its way is asked for again in the new language (it still counts once)
  Object.assign(S.tip, { doc: null, shownAt: null, pending: null });
  applyWords();
  render();
}

function fail(message) {
  showError(message, "#start");
}

// --- the room ----------------------------------------------------------------------------------

const ROOM = roomPage(S, {
  seats: SEATS, words: t, fail, render, renderLog, query: true,
  shown: (state) => {
    const tip = S.tip;
    if (tip.round !== state.round) {
      Object.assign(tip, { used: 0, round: state.round, shownAt: null, doc: null, pending: null });
    }
    announce(state);
  },
  heard: (moves) => { // the other's moves, said with the state they came with
    for (const event of moves) if (S.state && event.seat !== S.state.seat) S.heard.push(moveWords(event));
  },
});

/** The other's move in words: "The other player played Queen of Hearts from pile 6." */
function moveWords(event) {
  const words_ = t();
  const who = event.bot ? words_.computerName : words_.other;
  const [card, pile] = event.move.split("@");
  return pile ? words_.heardPlay(who, cardName(S.lang, card), pile) : words_.heardChoose(who, gameName(S.lang, card));
}

/** What just happened, said in the message line (a live region) once the state that brought it
 * is shown: the other's moves heard, a trick taken (by whom, with its points), and the cards that
 * turned up on a pile. Nothing is said when nothing happened (a state read again after a refusal
 * keeps the refusal's words). */
function announce(state) {
  const said = S.heard.splice(0);
  const now = state.view && state.view.view;
  const before = S.shownView;
  S.shownView = now && {
    round: state.round, played: now.played.length, points: [...now.points], faceUp: now.face_up.map((side) => [...side]),
  };
  if (!now || !before || before.round !== state.round) return;
  if (now.played.length > before.played) {
    const last = now.played[now.played.length - 1];
    const side = ["V", "H"].indexOf(last.winner);
    const points = now.points[side] - before.points[side];
    said.push(side === mySide() ? t().trickMine(points) : t().trickTheirs(otherName(), points));
  }
  for (const side of [mySide(), 1 - mySide()]) {
    now.face_up[side].forEach((card, index) => {
      if (!card || card === before.faceUp[side][index]) return;
      const name = cardName(S.lang, card);
      said.push(side === mySide() ? t().turnedMine(name, index + 1) : t().turnedTheirs(name, index + 1, againstComputer()));
    });
  }
  if (said.length) sayRoom(said.join(" "));
}

async function create(seats) {
  $("#start").hidden = true;
  $("#loading").hidden = false;
  try {
    const made = await ROOM.create({ game: "skat", seats });
    await ROOM.enter(made.room, made.token);
  } catch (error) {
    fail(error.message);
  }
}

/** Play ``move`` (a game's letter or "QH@3") at the seq shown; a tip shown for it counts (a
 * tip that arrived after the last one was used is kept but not shown: it does not count). */
function play(move) {
  const tipped = S.tip.on && S.tip.used < TIPS && S.tip.doc && S.tip.shownAt === S.stateSeq;
  return ROOM.play(move, () => {
    if (tipped) S.tip.used += 1;
    S.tip.doc = null;
    S.tip.shownAt = null;
  });
}

// --- drawing -----------------------------------------------------------------------------------

function render() {
  if (!S.state) return;
  const state = S.state;
  ROOM.showInvite(state);
  drawPresence($("#presence"), state, (seat) => t().presence(seat.online));
  const status = $("#status");
  status.dataset.status = state.status;
  status.dataset.seq = String(state.seq);
  status.dataset.round = String(state.round);
  status.dataset.seat = String(state.seat);
  const game = view();
  $("#board").hidden = !game;
  $("#sort").hidden = !game;
  if (!game) {
    status.textContent = t().waitingFor(1); // two seats: the other one
    status.dataset.turn = "";
    for (const id of ["#choose", "#end", "#deal-shown"]) $(id).hidden = true;
    renderTip();
    return;
  }
  status.dataset.turn = myTurn() ? "mine" : "theirs";
  status.dataset.phase = game.view.phase;
  status.dataset.moves = String(game.moves.length);
  status.textContent = `${t().youAre(roleName(mySide()))} ${statusText(game)}`;
  const legal = legalText(game); // for screen readers: the eye sees the playable cards marked
  if (legal) status.append(el("span", { class: "sr-only", text: ` ${legal}` }));
  document.title = `${t().title} · ${statusText(game)}`;
  renderChoice(game);
  renderScore(game.view);
  renderBoard(game);
  renderEnd(game);
  renderLog();
  renderTip();
  // the game over with the focus on one's piles (no card left to play): it goes to "Play again"
  const active = document.activeElement;
  if (state.status === "over" && active && active.closest && active.closest("#my-piles")) $('[data-action="rematch"]').focus();
}

function statusText(game) {
  const words_ = t();
  if (S.state.status === "over" && game.outcome) {
    const [mine, theirs] = [game.view.points[mySide()], game.view.points[1 - mySide()]];
    return game.outcome.winner === mySide() ? words_.won(mine, theirs) : words_.lost(mine, theirs, mySide() === 0);
  }
  const choosing = game.view.phase === "choose";
  if (myTurn()) return choosing ? words_.chooseNow : words_.playNow;
  return choosing ? words_.chooseWait(otherName(true)) : words_.playWait(otherName(true));
}

/** On one's turn in play, the cards one may play, in words ("You may play Jack of Diamonds
 * from pile 8; Ace of Hearts from pile 4."); else "". */
function legalText(game) {
  if (!myTurn() || game.view.phase !== "play") return "";
  const cards = game.legal.filter((move) => move.includes("@")).map((move) => {
    const [card, pile] = move.split("@");
    return t().fromPile(cardName(S.lang, card), pile);
  });
  return t().mayPlay(cards);
}

function renderChoice(game) {
  const choosing = myTurn() && game.view.phase === "choose";
  $("#choose").hidden = !choosing;
  for (const button of document.querySelectorAll("#choose [data-game]")) {
    button.disabled = !choosing || !game.legal.includes(button.dataset.game) || S.busy;
  }
}

function renderScore(public_) {
  const words_ = t();
  const me = mySide();
  $("#game").textContent = public_.game ? words_.gameIs(public_.game) : words_.noGame;
  $("#game").dataset.game = public_.game || "";
  $("#points").textContent = words_.points(public_.points[me], public_.points[1 - me]);
  $("#points").dataset.points = public_.points.join(":");
  $("#tricks").textContent = words_.tricks(public_.tricks[me], public_.tricks[1 - me]);
}

function renderBoard(game) {
  const public_ = game.view;
  const me = mySide();
  const names = { other: otherName(), computer: againstComputer() };
  const level = computerLevel();
  const about = level ? `${roleName(1 - me)}, ${t().levelOf(t().levels[level])}` : roleName(1 - me);
  $("#their-label").textContent = `${t().theirPiles(names.other, names.computer)} (${about})`;
  $("#my-label").textContent = `${t().yourPiles} (${roleName(me)})`;
  const theirs = public_.face_up[1 - me];
  drawPiles($("#their-piles"), theirs, public_.hidden[1 - me], S.lang, { order: theirs.map((_, i) => i + 1) });
  const focused = document.activeElement && document.activeElement.closest("#my-piles") ? document.activeElement : null;
  const legal = new Set(myTurn() && !S.busy ? game.legal : []);
  const order = pileOrder(public_.face_up[me], S.sort, public_.game);
  drawPiles($("#my-piles"), public_.face_up[me], public_.hidden[me], S.lang, { order, mine: true, legal });
  $("#my-piles").dataset.order = order.join(" ");
  if (focused) keepFocus(focused.dataset.pile);
  drawTrick($("#trick"), public_, me, S.lang, names);
}

function renderEnd(game) {
  const over = S.state.status === "over";
  $("#end").hidden = !over;
  $("#deal-shown").hidden = !(over && game.deal);
  if (!over) return;
  $("#outcome").textContent = statusText(game);
  $("#outcome").dataset.winner = game.outcome ? (game.outcome.winner === mySide() ? "me" : "other") : "";
  if (game.deal) drawDeal($("#deal"), game.deal, mySide(), S.lang, { other: otherName(), computer: againstComputer() });
}

function renderLog() {
  const words_ = t();
  const me = S.state ? S.state.seat : 0;
  ROOM.drawLog((event) => {
    const who = event.seat === me ? words_.you : (event.bot ? words_.computerName : words_.other);
    const [card, pile] = event.move.split("@");
    return pile ? words_.played(who, cardShort(S.lang, card), pile) : words_.chose(who, event.move);
  });
}

// --- tips --------------------------------------------------------------------------------------

function renderTip() {
  const node = $("#tip");
  const tip = S.tip;
  node.dataset.used = String(tip.used);
  delete node.dataset.move;
  for (const marked of document.querySelectorAll(".hinted")) marked.classList.remove("hinted");
  const show = (state, ...children) => {
    node.dataset.state = state;
    node.replaceChildren(...children);
  };
  if (!tip.on) return show("off");
  if (tip.missing) return show("missing", el("p", { text: t().tipsMissing }));
  if (tip.used >= TIPS) return show("done", el("p", { text: t().tipsDone }));
  const left = el("p", { class: "small", text: t().tipsLeft(TIPS - tip.used) });
  if (S.state.status !== "playing") return show("idle");
  if (!myTurn()) return show("idle", left);
  if (tip.doc && tip.shownAt === S.stateSeq) return show("shown", ...tipNodes(tip.doc), left);
  if (tip.error) return show("error", el("p", { text: tip.error }), left);
  const asked = tip.pending;
  if (!asked || asked.seq !== S.stateSeq || asked.lang !== S.lang) askTip();
  return show("wait", el("p", { class: "small", text: t().tipWait }));
}

/** Ask the service for the tip of the position shown; it is shown only if nothing changed
 * (the position, the language) while it was on its way. */
async function askTip() {
  const asked = { seq: S.stateSeq, lang: S.lang };
  S.tip.pending = asked;
  let doc = null;
  try {
    doc = await request("POST", "skat/tip", { view: S.state.view.view, lang: asked.lang });
  } catch (error) {
    if (S.tip.pending !== asked) return;
    if (error.status === 404) S.tip.missing = true;
    else S.tip.error = error.message;
  }
  if (S.tip.pending !== asked) return; // a newer question is on its way
  if (doc && S.stateSeq === asked.seq) Object.assign(S.tip, { doc, shownAt: asked.seq, error: null });
  if (S.stateSeq === asked.seq) renderTip();
}

/** One game of the game-choice tip: its chance (with its 95 % interval, where estimated), the
 * expected points where weighed, and "best". */
function gameLine(game) {
  const words_ = t();
  // a half to the even neighbour, as the service's words round
  const even = (x) => (Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : Math.round(x));
  const percent = (x) => even(x * 100);
  const interval = Array.isArray(game.interval) && percent(game.interval[0]) !== percent(game.interval[1])
    ? ` (${percent(game.interval[0])}–${percent(game.interval[1])} %)` : "";
  const points = typeof game.points === "number" ? ` · ${words_.expectedPoints(even(game.points))}` : "";
  return `${gameName(S.lang, game.game)}: ${percent(game.chance)} %${interval}${points}${game.best ? ` · ${words_.best}` : ""}`;
}

function tipNodes(doc) {
  const words_ = t();
  const node = $("#tip");
  node.dataset.move = doc.move || "";
  const how = doc.exact ? words_.exact
    : Number.isInteger(doc.samples) ? words_.estimateOver(doc.samples, doc.phase === "choose" ? doc.points_samples : null)
      : words_.estimate;
  const sure = el("span", { class: "small", text: ` (${how})` });
  if (doc.phase === "choose") {
    const best = doc.games.find((game) => game.best);
    if (best) {
      const button = document.querySelector(`#choose [data-game="${best.game}"]`);
      if (button) button.classList.add("hinted");
    }
    // best first: the service ranks the games by the chance, then by the expected points
    const ranked = [...doc.games].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    return [
      el("p", { class: "headline", text: words_.tipGames }, sure),
      el("ol", { class: "chances" }, ...ranked.map((game) => el("li", { "data-game": game.game, "data-rank": String(game.rank ?? ""), class: game.best ? "best" : null },
        gameLine(game)))),
      el("p", { text: doc.text || "" }),
    ];
  }
  const card = document.querySelector(`#my-piles [data-card="${doc.card}"]`);
  if (card) card.classList.add("hinted");
  return [
    el("p", { class: "headline", text: words_.tipPlay(cardName(S.lang, doc.card), doc.pile) }, sure),
    el("p", { text: doc.text || "" }),
  ];
}

// --- the controls ------------------------------------------------------------------------------

function bind() {
  $('[data-action="computer"]').addEventListener("click", () => {
    create($("#seat").value === "2" ? [S.level, "human"] : ["human", S.level]);
  });
  $("#level").addEventListener("change", () => {
    S.level = $("#level").value;
    keep(LEVEL, S.level);
    applyWords();
  });
  $('[data-action="friend"]').addEventListener("click", () => create(["human", "human"]));
  $('[data-action="rematch"]').addEventListener("click", ROOM.rematch);
  $('[data-action="copy"]').addEventListener("click", ROOM.copyLink);
  for (const button of document.querySelectorAll("#choose [data-game]")) button.addEventListener("click", () => play(button.dataset.game));
  for (const button of document.querySelectorAll("[data-sort]")) {
    button.addEventListener("click", () => {
      S.sort = button.dataset.sort;
      keep(SORT, S.sort);
      applyWords();
      render();
    });
  }
  $("#my-piles").addEventListener("click", (event) => {
    const card = event.target.closest("button[data-card]");
    if (card && !card.disabled) play(`${card.dataset.card}@${card.dataset.pile}`);
  });
  $("#my-piles").addEventListener("keydown", arrows);
  $("#tips").addEventListener("change", () => {
    S.tip.on = $("#tips").checked;
    S.tip.error = null;
    renderTip();
  });
}

/** After a redraw, the focus stays on one's piles: on the same pile's card when it may be
 * played, else on the first card that may, else on the group. */
function keepFocus(pile) {
  const piles = $("#my-piles");
  const card = piles.querySelector(`.pile[data-pile="${pile}"] button:not(:disabled)`)
    || piles.querySelector("button[data-card]:not(:disabled)");
  if (card) card.focus();
  else {
    piles.tabIndex = -1;
    piles.focus();
  }
}

/** The arrow keys move the focus between one's own playable cards. */
function arrows(event) {
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
  if (!step) return;
  const cards = [...document.querySelectorAll("#my-piles button[data-card]:not(:disabled)")];
  const at = cards.indexOf(document.activeElement);
  if (!cards.length) return;
  event.preventDefault();
  cards[(at + step + cards.length) % cards.length].focus();
}

function main() {
  S.lang = startLang(LANG);
  S.sort = kept(SORT, "normal");
  S.level = LEVELS.includes(kept(LEVEL)) ? kept(LEVEL) : "club";
  $("#level").value = S.level;
  $("#tips").checked = false; // the tips are off after every reload
  bind();
  applyWords();
  startShell(setLang);
  const fragment = roomFragment();
  if (fragment) {
    ROOM.open(fragment.room, fragment.invite);
    return;
  }
  $("#loading").hidden = true;
  $("#start").hidden = false;
  ROOM.resume("skat");
}

window.addEventListener("hashchange", () => location.reload());
main();
