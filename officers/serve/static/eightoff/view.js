// Drawing the table of Eight Off: the free cells, the foundations and the columns, each card a
// button that shows its rank and suit as text (red or black) and is named for screen readers
// ("Ace of Spades, column 3"); and the marks on them: the chosen run, where it may go, the hint.

import { el, isRed, SYMBOLS, textFace } from "../dom.js";
import { cardName, SUITS, words } from "./i18n.js";
import { CELLS } from "./moves.js";

const RANKS = "A23456789TJQK";

function cardButton(card, lang, label, data = {}) {
  return el("button", { type: "button", class: `card${isRed(card) ? " red" : ""}`, "data-card": card, "aria-label": label, ...data },
    ...textFace(card, lang));
}

function drawCells(node, layout, lang) {
  const t = words(lang);
  node.replaceChildren(...layout.cells.map((card, index) => {
    const letter = CELLS[index];
    if (card) return cardButton(card, lang, t.onPlace(cardName(lang, card), t.cell(letter)), { "data-place": letter });
    return el("button", { type: "button", class: "slot", "data-place": letter, "aria-label": t.emptyPlace(t.cell(letter)) },
      el("span", { class: "mark", "aria-hidden": "true", text: letter }));
  }));
}

function drawFoundations(node, layout, lang) {
  const t = words(lang);
  node.replaceChildren(...SUITS.map((suit) => {
    const count = layout.foundations[suit];
    const top = count ? `${RANKS[count - 1]}${suit}` : null;
    const label = t.pile(t.foundation(suit), count, top && cardName(lang, top));
    const data = { "data-place": "h", "data-suit": suit, "data-count": count };
    if (top) {
      const button = cardButton(top, lang, label, data);
      button.removeAttribute("data-card");
      button.dataset.top = top;
      button.classList.add("pile");
      return button;
    }
    return el("button", { type: "button", class: `slot pile${suit === "D" || suit === "H" ? " red" : ""}`, "aria-label": label, ...data },
      el("span", { class: "mark", "aria-hidden": "true", text: SYMBOLS[suit] }));
  }));
}

function drawColumns(node, layout, lang) {
  const t = words(lang);
  node.replaceChildren(...layout.columns.map((cards, index) => {
    const name = t.column(index + 1);
    const column = el("div", { class: "column", role: "group", "aria-label": name, "data-place": String(index + 1) });
    if (!cards.length) {
      column.append(el("button", { type: "button", class: "slot", "aria-label": t.emptyPlace(name) },
        el("span", { class: "mark", "aria-hidden": "true", text: String(index + 1) })));
    }
    cards.forEach((card, at) => column.append(cardButton(card, lang, t.onPlace(cardName(lang, card), name), { "data-index": at })));
    return column;
  }));
}

/** Draw the game's ``layout`` (columns, cells, foundations) into the board. */
export function drawTable(board, layout, lang) {
  board.classList.toggle("wide", layout.columns.length > 8);
  drawCells(board.querySelector("#cells"), layout, lang);
  drawFoundations(board.querySelector("#foundations"), layout, lang);
  drawColumns(board.querySelector("#columns"), layout, lang);
}

/** The node of a place: a column, a cell, or the foundation of ``suit`` ("h"). */
export function placeNode(board, place, suit = null) {
  if (place === "h") return board.querySelector(`#foundations [data-suit="${suit}"]`);
  return board.querySelector(`[data-place="${place}"]`);
}

/** The cards of a place from the ``count``-th last (a cell's card, a column's run). */
export function runNodes(board, place, count = 1) {
  const node = placeNode(board, place);
  if (!node) return [];
  const cards = node.matches("[data-card]") ? [node] : [...node.querySelectorAll("[data-card]")];
  return cards.slice(Math.max(0, cards.length - count));
}

/** The marks: ``chosen`` the run chosen ({place, count}), ``targets`` where it may go ([{place,
 * suit}]), ``hint`` the hinted move ({source, count, target, suit}), ``over`` the place under a
 * dragged card. */
export function drawMarks(board, marks) {
  for (const node of board.querySelectorAll(".chosen, .target, .hinted, .over")) {
    node.classList.remove("chosen", "target", "hinted", "over");
  }
  for (const node of board.querySelectorAll("[aria-pressed]")) node.removeAttribute("aria-pressed");
  const { chosen, targets, hint, over } = marks;
  if (chosen) {
    for (const node of runNodes(board, chosen.place, chosen.count)) {
      node.classList.add("chosen");
      node.setAttribute("aria-pressed", "true");
    }
  }
  for (const target of targets || []) {
    const node = placeNode(board, target.place, target.suit);
    if (node) node.classList.add("target");
  }
  if (hint) {
    for (const node of runNodes(board, hint.source, hint.count)) node.classList.add("hinted");
    const node = placeNode(board, hint.target, hint.suit);
    if (node) node.classList.add("hinted");
  }
  if (over) over.classList.add("over");
}
