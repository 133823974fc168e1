// Drawing the Offiziersskat table: each player's eight piles (a face-up card on a card back, an
// empty slot once both are played), the pile numbers kept whatever the order, the trick, the
// deal at the end. A card shows its rank and suit as text; one's own playable cards are buttons
// named for screen readers ("Queen of Hearts, pile 3").

import { el, isRed, textFace } from "../dom.js";
import { cardName, SUIT_ORDER, words } from "./i18n.js";

/** A card that cannot be played from here: a picture with its name. */
export function cardImage(card, lang, label = cardName(lang, card), extra = "") {
  return el("span", { class: `card${isRed(card) ? " red" : ""}${extra}`, role: "img", "data-card": card, "aria-label": label },
    ...textFace(card, lang));
}

/** A card of one's own: a button, enabled only when ``legal`` has it. */
function cardButton(card, pile, lang, enabled) {
  const t = words(lang);
  return el("button", {
    type: "button", class: `card${isRed(card) ? " red" : ""}`, "data-card": card, "data-pile": pile,
    "aria-label": t.onPile(cardName(lang, card), pile), disabled: !enabled,
  }, ...textFace(card, lang));
}

const RANK_ORDER = "ATKQ987";
const JACKS = ["JC", "JS", "JH", "JD"];

/** Where ``card`` goes when the piles are sorted with ``first`` first after the Jacks
 * (null: the suits in Skat order). */
function sortKey(card, first) {
  if (card[0] === "J") return JACKS.indexOf(card);
  const suits = first ? [first, ...SUIT_ORDER.filter((suit) => suit !== first)] : SUIT_ORDER;
  return 4 + suits.indexOf(card[1]) * 8 + RANK_ORDER.indexOf(card[0]);
}

/** The pile numbers (1-8) in the order ``sort`` shows them: "dealt" as dealt; "normal" the
 * Jacks, the trump suit (when a suit game is chosen), the other suits; a suit ("C", ...) the
 * Jacks, then that suit, then the others. Empty piles go last. Whole piles move. */
export function pileOrder(faceUp, sort, game) {
  const numbers = faceUp.map((_, index) => index + 1);
  if (sort === "dealt") return numbers;
  const first = sort === "normal" ? (game && game !== "G" ? game : null) : sort;
  const key = (n) => (faceUp[n - 1] ? sortKey(faceUp[n - 1], first) : 100 + n);
  return numbers.sort((a, b) => key(a) - key(b) || a - b);
}

/** One pile: its number, a card back when a card lies face down, the face-up card on it (a
 * button when ``mine``), an empty slot when both are gone. */
function pileNode(number, card, hidden, lang, { mine, legal }) {
  const t = words(lang);
  const children = [el("span", { class: "number", "aria-hidden": "true", text: String(number) })];
  if (hidden) children.push(el("span", { class: "back", role: "img", "aria-label": `${t.pileLabel(number)}: ${t.faceDown}` }));
  if (card) {
    const enabled = mine && legal.has(`${card}@${number}`);
    children.push(mine ? cardButton(card, number, lang, enabled) : cardImage(card, lang, t.onPile(cardName(lang, card), number)));
  } else if (!hidden) {
    children.push(el("span", { class: "slot", role: "img", "aria-label": t.emptyPile(number) }));
  }
  return el("div", { class: `pile${hidden ? " covered" : ""}`, "data-pile": number, "data-hidden": String(hidden) }, ...children);
}

/** Draw one player's piles into ``node`` in ``order``. */
export function drawPiles(node, faceUp, hidden, lang, { order, mine = false, legal = new Set() }) {
  node.replaceChildren(...order.map((n) => pileNode(n, faceUp[n - 1], hidden[n - 1], lang, { mine, legal })));
}

/** The trick on the table (or, between tricks, the last one), each card with who played it. */
export function drawTrick(node, view, mySide, lang, names) {
  const t = words(lang);
  const letters = ["V", "H"];
  let cards = view.trick;
  let leader = letters.indexOf(view.leader);
  let caption = t.trick;
  let winner = null;
  if (!cards.length && view.played.length) {
    const last = view.played[view.played.length - 1];
    cards = last.cards;
    leader = letters.indexOf(last.leader);
    winner = letters.indexOf(last.winner);
    caption = t.lastTrick(winner === mySide ? t.you : names.other);
  }
  node.dataset.cards = view.trick.join(" ");
  if (!cards.length) {
    node.replaceChildren(el("p", { class: "small", text: t.emptyTable }));
    return;
  }
  node.replaceChildren(
    el("p", { class: "small caption", text: caption }),
    el("div", { class: `played${winner === null ? "" : " done"}` }, ...cards.map((card, index) => {
      const side = index === 0 ? leader : 1 - leader;
      const who = side === mySide ? t.you : names.other;
      return el("figure", { "data-side": side === mySide ? "mine" : "theirs" },
        cardImage(card, lang), el("figcaption", { class: "small", text: who }));
    })),
  );
}

/** The whole deal, from a record's first field ("under/top ... | under/top ..."): both players'
 * piles, each with the card that lay face down and the card on it. */
export function drawDeal(node, record, mySide, lang, names) {
  const t = words(lang);
  const sides = record.split(";")[0].split("|").map((side) => side.trim().split(/\s+/).map((pile) => pile.split("/")));
  const rows = [mySide === 0 ? 1 : 0, mySide].map((side) => el("div", { class: "deal-side", "data-side": side },
    el("h3", { text: side === mySide ? t.yourPiles : t.theirPiles(names.other, names.computer) }),
    el("div", { class: "piles" }, ...sides[side].map(([under, top], index) => el("div", { class: "pile dealt", "data-pile": index + 1 },
      el("span", { class: "number", "aria-hidden": "true", text: String(index + 1) }),
      cardImage(under, lang, `${t.pileLabel(index + 1)}: ${cardName(lang, under)} (${t.faceDown})`, " under"),
      cardImage(top, lang, `${t.pileLabel(index + 1)}: ${cardName(lang, top)}`)))),
  ));
  node.replaceChildren(...rows);
}
