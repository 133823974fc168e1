// Drawing the table: the square, the hands, the advice. Card faces are officers' own SVG
// (officers/euler/svg.py), served as two sprites of symbols, cards-en.svg and cards-de.svg.

import { el } from "../dom.js";
import { botLabel, cardName, cellName, words } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const ASSETS = new URL(".", import.meta.url);
const DIAGONAL = new Set([0, 5, 10, 15, 3, 6, 9, 12]);

/** A card face: an SVG that uses the card's symbol in the sprite of the language. */
export function face(card, lang) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "face");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", new URL(`cards-${lang}.svg#${card}`, ASSETS).href);
  svg.append(use);
  return svg;
}

function diagonals() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "diagonals");
  svg.setAttribute("aria-hidden", "true");
  for (const [x1, x2] of [["2%", "98%"], ["98%", "2%"]]) {
    const line = document.createElementNS(SVG, "line");
    for (const [key, value] of Object.entries({ x1, y1: "2%", x2, y2: "98%" })) line.setAttribute(key, value);
    svg.append(line);
  }
  return svg;
}

/** A move in words, for the eye and the screen reader: "Player 2 placed King of Diamonds on
 * row 2, column 1." */
export function moveText(lang, player, move) {
  const t = words(lang);
  if (move === "timeout") return t.timedOut(player); // a room's clock ended the turn
  const found = move.match(/^(x?)([AKQJ][SHDC])@r(\d)c(\d)/);
  if (!found) return t.moved(player, move);
  const cell = (Number(found[3]) - 1) * 4 + Number(found[4]) - 1;
  const what = [cardName(lang, found[2]), cellName(lang, cell)];
  return found[1] ? t.tookBack(player, ...what) : t.placed(player, ...what);
}

/** The cells (0-15, in the square's order) where ``card`` may go now, from the game's legal moves;
 * with ``card`` null, the cells whose card may be taken back now. */
export function legalCells(game, card) {
  const found = new Set();
  const pattern = card ? new RegExp(`^${card}@r(\\d)c(\\d)$`) : /^x(?:[AKQJ][SHDC]@)?r(\d)c(\d)$/;
  for (const move of game.outcome ? [] : game.legal_moves) {
    const hit = move.match(pattern);
    if (hit) found.add((Number(hit[1]) - 1) * 4 + Number(hit[2]) - 1);
  }
  return [...found].sort((a, b) => a - b);
}

/** The cards of ``hand`` that fit no empty cell now (none once the game is over). */
export function nowhere(game, hand) {
  if (game.outcome) return new Set();
  const fitting = new Set(game.legal_moves.filter((move) => !move.startsWith("x")).map((move) => move.split("@")[0]));
  return new Set(hand.filter((card) => !fitting.has(card)));
}

/** What the status says of a game that is over (``who``: the seat that was stuck or ran out of
 * time; ``late``: the words of a loss on time), or, on one's turn, of the choice under way (a
 * take-back, a coin, a card chosen) or that no card fits; null when none of these. */
export function statusOf(lang, game, { who, late, mode, selected }) {
  const t = words(lang);
  if (game.outcome) {
    if (game.outcome.won) return t.won;
    if (game.outcome.reason === "conceded") return t.lostConceded;
    return game.outcome.reason === "out of time" ? t[late](who) : t.lostStuck(who);
  }
  if (mode === "takeback") return t.takebackMode;
  if (mode === "coin") return t.coinMode;
  if (!game.legal_moves.some((move) => !move.startsWith("x") && move !== "concede")) return t.stuck;
  if (selected) return t.chosen(cardName(lang, selected));
  return null;
}

/** On one's turn, what is legal now in words (the status's part for screen readers): the cells
 * the chosen card may go on, or the cards that may be taken back; "" when neither is chosen. */
export function legalOf(lang, game, { mode, selected }) {
  const t = words(lang);
  const names = (cells) => cells.map((cell) => cellName(lang, cell));
  if (game.outcome) return "";
  if (mode === "takeback") return t.mayTake(names(legalCells(game, null)));
  if (mode === "play" && selected) return t.mayGo(names(legalCells(game, selected)));
  return "";
}

/** Write ``text`` into the status ``node``, and ``spoken`` after it for screen readers alone (a
 * part hidden from the eye: what the board shows already). */
export function writeStatus(node, text, spoken = "") {
  node.textContent = text;
  if (spoken) node.append(el("span", { class: "sr-only", text: ` ${spoken}` }));
}

/** The marks of the cells (a Map of cell to "safe", "deadly" or "repair"; ``counts``, the
 * completions of each safe cell): the safe and deadly cells of the chosen ``card`` from ``hint``
 * (null: none shown), and the cells that ``explanation``'s repairs take back. */
export function cellMarks(hint, card, explanation) {
  const found = new Map();
  const counts = new Map();
  const entry = hint && card ? hint.cards.find((item) => item.card === card) : null;
  for (const group of entry ? entry.safe : []) {
    for (const cell of group.cells) {
      found.set(cell, "safe");
      counts.set(cell, group.completions);
    }
  }
  for (const cell of entry ? entry.deadly : []) found.set(cell, "deadly");
  for (const repair of explanation ? explanation.repairs : []) for (const cell of repair.cells) found.set(cell, "repair");
  return { found, counts };
}

/** The 16 cells of the square, with marks. ``marks`` maps a cell to "safe", "deadly", ... */
export function drawBoard(board, game, look) {
  const { lang, focus, marks, counts, hinted, last, fits = [], takes = [], chosen = null } = look;
  const t = words(lang);
  board.replaceChildren();
  if (game.rules.diagonals) board.append(diagonals());
  game.cells.forEach((card, cell) => {
    const locked = game.locked.includes(cell);
    const coinOwners = (game.coins || []).flatMap((c, player) => (c === cell ? [player + 1] : []));
    const parts = [cellName(lang, cell), card ? cardName(lang, card) : t.empty];
    if (locked) parts.push(t.locked);
    if (chosen && fits.includes(cell)) parts.push(t.fitsHere(cardName(lang, chosen)));
    if (takes.includes(cell)) parts.push(t.takeHere);
    for (const owner of coinOwners) parts.push(t.coinOf(owner));
    if (marks.get(cell) === "safe") parts.push(t.safe(counts.get(cell)));
    if (marks.get(cell) === "deadly") parts.push(t.deadly);
    const classes = ["cell", marks.get(cell), locked && "locked", cell === hinted && "hinted", cell === last && "last",
      game.rules.diagonals && DIAGONAL.has(cell) && "diagonal"];
    const button = el("button", {
      type: "button",
      class: classes.filter(Boolean).join(" "),
      "data-cell": cell,
      "data-card": card,
      "aria-label": parts.join(", "),
      tabindex: cell === focus ? 0 : -1,
    });
    if (card) button.append(face(card, lang));
    if (marks.get(cell) === "safe") button.append(el("span", { class: "count", "aria-hidden": "true", text: counts.get(cell) }));
    if (locked) button.append(el("span", { class: "lock", "aria-hidden": "true", text: "●" }));
    for (const owner of coinOwners) button.append(el("span", { class: "coin", "aria-hidden": "true", text: owner }));
    board.append(button);
  });
}

/** The hand shown: cards as buttons (``data-card``), the chosen one pressed; a card of
 * ``stuck`` is named as fitting nowhere. */
export function drawHand(hand, cards, look) {
  const { lang, selected, hinted, focus, enabled, stuck = new Set() } = look;
  const t = words(lang);
  hand.replaceChildren(...cards.map((card, index) => {
    const button = el("button", {
      type: "button",
      class: card === hinted ? "card hinted" : "card",
      "data-card": card,
      "aria-label": stuck.has(card) ? `${cardName(lang, card)}, ${t.fitsNowhere}` : cardName(lang, card),
      "aria-pressed": card === selected ? "true" : "false",
      tabindex: index === Math.min(focus, cards.length - 1) ? 0 : -1,
      disabled: !enabled,
    });
    button.append(face(card, lang));
    return button;
  }));
}

/** The other players: how many cards each holds (their cards when hands are open). */
export function drawOthers(others, game, look) {
  const { lang, viewer, open, botName } = look;
  const t = words(lang);
  others.replaceChildren();
  game.hands.forEach((cards, index) => {
    const player = index + 1;
    if (player === viewer) return;
    const label = [t.others(player, cards.length)];
    if (botName(player)) label.push(`(${t.botNamed(botLabel(lang, botName(player)))})`);
    if (player === game.to_move && !game.outcome) label.push(`· ${t.toMove}`);
    const row = el("div", { class: player === game.to_move ? "seat to-move" : "seat", "data-player": player },
      el("span", { text: label.join(" ") }));
    for (const card of cards) {
      row.append(open ? el("span", { class: "card", role: "img", "aria-label": cardName(lang, card), "data-open": card }, face(card, lang))
        : el("span", { class: "card back", "aria-hidden": "true" }));
    }
    others.append(row);
  });
}

/** The advice panel: a hint (``data-hint-action``, ``-card``, ``-cell``), an explanation. */
export function drawAdvice(advice, hint, explanation, lang) {
  const t = words(lang);
  advice.replaceChildren();
  for (const key of ["hintAction", "hintCard", "hintCell"]) delete advice.dataset[key];
  if (hint) {
    const recommendation = hint.recommendation;
    advice.dataset.hintAction = recommendation.action;
    if (recommendation.card) advice.dataset.hintCard = recommendation.card;
    if (recommendation.cell !== null && recommendation.cell !== undefined) advice.dataset.hintCell = recommendation.cell;
    advice.append(el("p", { class: "recommendation", text: recommendation.text[lang] || recommendation.text.en }));
  }
  if (explanation) {
    const alive = explanation.completable;
    advice.dataset.alive = alive ? "yes" : "no";
    advice.append(el("p", { class: alive ? "good" : "bad", text: alive ? t.aliveYes(explanation.completions) : t.aliveNo }));
    if (!alive) {
      advice.append(el("p", { text: t.why(explanation.reasons.length, explanation.reasons_total) }));
      advice.append(el("ul", {}, ...explanation.reasons.map((reason) => el("li", { text: reason.text[lang] || reason.text.en }))));
      if (explanation.repairs.length) {
        advice.append(el("p", { text: t.repairs(explanation.takebacks_needed) }));
        advice.append(el("ul", {}, ...explanation.repairs.map((repair) => el("li", { text: repair.text[lang] || repair.text.en }))));
      }
    }
  } else {
    delete advice.dataset.alive;
  }
}
