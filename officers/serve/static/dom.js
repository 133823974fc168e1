// What the three pages draw alike, written once: an element with its attributes and children
// (all three pages), and a card drawn as text, its rank and suit in the corner and the suit
// large in the middle (Eight Off and Offiziersskat; Euler's Officers draws its cards from the
// SVG sprites of officers/euler/svg.py instead, view.js).

/** The suits' symbols. */
export const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** The rank as printed in a card's corner: 10 for ten, B and D for the German Jack and Queen. */
export function rankMark(lang, rank) {
  if (rank === "T") return "10";
  if (lang === "de") return { J: "B", Q: "D" }[rank] || rank;
  return rank;
}

/** A red card (hearts, diamonds). */
export const isRed = (card) => card[1] === "H" || card[1] === "D";

/** An element with attributes and children. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

/** The face of a card as text: its rank and suit in the corner, the suit large in the middle. */
export function textFace(card, lang) {
  const [rank, suit] = card;
  return [
    el("span", { class: "corner", "aria-hidden": "true" },
      el("span", { class: "rank", text: rankMark(lang, rank) }), el("span", { class: "suit", text: SYMBOLS[suit] })),
    el("span", { class: "pip", "aria-hidden": "true", text: SYMBOLS[suit] }),
  ];
}
