// The Eight Off page's words in English and German, after the page shell's own (../words.js:
// the header, the footer, a broken link, the cards' names). The sentences about the game itself
// (the rule a refused move breaks, a hint, where a game was lost) come from the service in the
// language asked for.

import { cardName, SHELL, SUIT_NAMES } from "../words.js";

export { cardName };

/** The suits in the order of the foundations (their symbols and the ranks' marks: ../dom.js). */
export const SUITS = ["C", "D", "H", "S"];

const VARIANTS = {
  "eight-off": ["Eight Off", "Eight Off"],
  freecell: ["FreeCell", "FreeCell"],
  "bakers-game": ["Baker's Game", "Baker's Game"],
  "seahaven-towers": ["Seahaven Towers", "Seahaven Towers"],
  "relaxed-eight-off": ["Relaxed Eight Off", "Entspanntes Eight Off"],
  "eight-off-uneven": ["Eight Off, uneven deal", "Eight Off, ungleichmäßig ausgeteilt"],
};

const EN = {
  ...SHELL.en,
  title: "Eight Off",
  titleOf: (game, number, microsoft) => `${game}, deal ${number}${microsoft ? " (Microsoft)" : ""}`,
  variant: "Game",
  number: "Deal number",
  microsoft: "Microsoft numbering",
  deal: "Deal",
  random: "New random deal",
  loading: "Dealing the cards…",
  errorTitle: "This deal cannot be opened",
  errorFresh: "Deal a new game",
  undo: "Undo",
  restart: "Restart",
  hint: "Hint",
  winnable: "Still winnable?",
  hintLevelLabel: "Hints tell",
  hintLevels: { winnable: "Only whether it can be won", nudge: "A nudge: where to look", move: "The next move", plan: "The whole plan" },
  hintLevelsAbout: {
    winnable: "A hint says only whether the game can still be won, nothing more.",
    nudge: "A hint marks the pile to look at (for a lost game: where it was lost), but not the move.",
    move: "A hint shows the next move of a win (for a lost game: the move to play instead).",
    plan: "A hint shows every move of a win, from here to the last card.",
  },
  autoplay: "To the foundations",
  auto: "safe cards up by themselves",
  cellsLabel: "Free cells",
  foundationsLabel: "Foundations",
  columnsLabel: "Columns",
  keys: "Click a card, then where it goes, or drag it there; a double click sends a card to its foundation. Keys: Tab and the arrows move, Enter or Space chooses, Esc cancels, Ctrl+Z undoes, H asks for a hint.",
  column: (n) => `column ${n}`,
  cell: (letter) => `cell ${letter}`,
  foundation: (suit) => `foundation of ${SUIT_NAMES[suit][0]}`,
  onPlace: (card, place) => `${card}, ${place}`,
  emptyPlace: (place) => `${place}, empty`,
  pile: (suit, count, top) => (count ? `${suit}: ${count} ${count === 1 ? "card" : "cards"}, ${top} on top` : `${suit}, empty`),
  playing: (moves, left) => `Move ${moves} · ${left} ${left === 1 ? "card" : "cards"} to go`,
  start: (left) => `Your move · ${left} cards to go`,
  chosen: (what, count) => (count > 1 ? `${what} and the ${count - 1} below it chosen: now where they go (Esc cancels).` : `${what} chosen: now where it goes (Esc cancels).`),
  won: (moves) => `Won in ${moves} moves! Every card is on its foundation.`,
  stuck: (left) => `Stuck: no legal move is left, and ${left} ${left === 1 ? "card is" : "cards are"} not on the foundations. Undo, or deal again.`,
  nothing: "No card can go to its foundation now.",
  moved: (move, what, count, from, to) => `Last move, ${move}: ${what}${count > 1 ? ` and ${count - 1} more` : ""} ${from} ${to}.`,
  from: (place) => `from ${place}`,
  to: (place) => `to ${place}`,
  toFoundation: "to its foundation",
  refused: "Not allowed",
  isWon: "The game is won.",
  isWinnable: "Still winnable: yes.",
  isLost: (at, move, undos) => `No longer winnable: the game was lost at move ${at} (${move}); undo ${undos} ${undos === 1 ? "move" : "moves"} to win again.`,
  isLostFromStart: "No longer winnable: not even the deal can be won.",
  isLostPlain: "No longer winnable.",
  isUnknown: "Unknown: the search ran out of time or room before it could decide.",
  undoMany: (n) => `Undo ${n} ${n === 1 ? "move" : "moves"}`,
  badDeal: (value) => `deal is "${value}", expected a whole number from 1`,
  badNumber: (value) => `The deal number is a whole number from 1, not "${value}".`,
  badVariant: (value) => `variant is "${value}", expected a game's name`,
  badMoves: (value) => `moves is "${value}", expected moves such as 4h,1e,38v3`,
  rules: (p) => [
    `${p.columns} columns, ${p.cells} free ${p.cells === 1 ? "cell" : "cells"}`,
    p.building === "suit" ? "build down in suit" : "build down in alternating colours",
    p.empty === "kings" ? "only a King fills an empty column" : "any card fills an empty column",
    { cells: "a run moves if no longer than 1 + the empty cells", freecell: "a run moves if no longer than (1 + the empty cells) × 2 to the power of the empty columns", one: "one card at a time" }[p.sequence] || p.sequence,
  ].join("; ") + ".",
};

const DE = {
  ...SHELL.de,
  title: "Eight Off",
  titleOf: (game, number, microsoft) => `${game}, Spiel ${number}${microsoft ? " (Microsoft)" : ""}`,
  variant: "Spiel",
  number: "Spielnummer",
  microsoft: "Microsoft-Nummern",
  deal: "Austeilen",
  random: "Neues Zufallsspiel",
  loading: "Die Karten werden ausgeteilt …",
  errorTitle: "Dieses Spiel lässt sich nicht öffnen",
  errorFresh: "Ein neues Spiel austeilen",
  undo: "Zurück",
  restart: "Von vorn",
  hint: "Tipp",
  winnable: "Noch zu gewinnen?",
  hintLevelLabel: "Tipps verraten",
  hintLevels: { winnable: "Nur, ob sie zu gewinnen ist", nudge: "Einen Wink: wohin schauen", move: "Den nächsten Zug", plan: "Den ganzen Plan" },
  hintLevelsAbout: {
    winnable: "Ein Tipp sagt nur, ob die Partie noch zu gewinnen ist, sonst nichts.",
    nudge: "Ein Tipp zeigt den Stapel, den du dir ansehen solltest (bei einer verlorenen Partie: wo sie verloren ging), aber nicht den Zug.",
    move: "Ein Tipp zeigt den nächsten Zug eines Gewinns (bei einer verlorenen Partie: den Zug, der stattdessen gewinnt).",
    plan: "Ein Tipp zeigt alle Züge eines Gewinns, von hier bis zur letzten Karte.",
  },
  autoplay: "Auf die Ablage",
  auto: "sichere Karten von selbst ablegen",
  cellsLabel: "Freizellen",
  foundationsLabel: "Ablagestapel",
  columnsLabel: "Spalten",
  keys: "Klicke eine Karte an, dann ihr Ziel, oder ziehe sie dorthin; ein Doppelklick legt eine Karte auf ihren Ablagestapel. Tasten: Tab und die Pfeile bewegen, Enter oder Leertaste wählt, Esc bricht ab, Strg+Z nimmt zurück, H gibt einen Tipp.",
  column: (n) => `Spalte ${n}`,
  cell: (letter) => `Freizelle ${letter}`,
  foundation: (suit) => `Ablagestapel ${SUIT_NAMES[suit][1]}`,
  onPlace: (card, place) => `${card}, ${place}`,
  emptyPlace: (place) => `${place}, leer`,
  pile: (suit, count, top) => (count ? `${suit}: ${count} ${count === 1 ? "Karte" : "Karten"}, oben ${top}` : `${suit}, leer`),
  playing: (moves, left) => `Zug ${moves} · noch ${left} ${left === 1 ? "Karte" : "Karten"}`,
  start: (left) => `Du bist am Zug · noch ${left} Karten`,
  chosen: (what, count) => (count > 1 ? `${what} und die ${count - 1} darunter gewählt: nun ihr Ziel (Esc bricht ab).` : `${what} gewählt: nun ihr Ziel (Esc bricht ab).`),
  won: (moves) => `Gewonnen in ${moves} Zügen! Alle Karten liegen auf ihren Ablagestapeln.`,
  stuck: (left) => `Festgefahren: kein Zug ist mehr möglich, und ${left} ${left === 1 ? "Karte liegt" : "Karten liegen"} nicht auf der Ablage. Nimm Züge zurück oder teile neu aus.`,
  nothing: "Keine Karte kann jetzt auf ihren Ablagestapel.",
  moved: (move, what, count, from, to) => `Letzter Zug, ${move}: ${what}${count > 1 ? ` und ${count - 1} weitere` : ""} ${from} ${to}.`,
  from: (place) => `aus ${place}`,
  to: (place) => (place.startsWith("Spalte") ? `auf ${place}` : `in ${place}`),
  toFoundation: "auf den Ablagestapel",
  refused: "Nicht erlaubt",
  isWon: "Die Partie ist gewonnen.",
  isWinnable: "Noch zu gewinnen: ja.",
  isLost: (at, move, undos) => `Nicht mehr zu gewinnen: die Partie ging mit Zug ${at} (${move}) verloren; nimm ${undos} ${undos === 1 ? "Zug" : "Züge"} zurück, um wieder gewinnen zu können.`,
  isLostFromStart: "Nicht mehr zu gewinnen: schon die Ausgangslage ist nicht zu gewinnen.",
  isLostPlain: "Nicht mehr zu gewinnen.",
  isUnknown: "Unbekannt: der Suche gingen Zeit oder Platz aus, bevor sie entscheiden konnte.",
  undoMany: (n) => `${n} ${n === 1 ? "Zug" : "Züge"} zurücknehmen`,
  badDeal: (value) => `deal ist „${value}“, erwartet ist eine ganze Zahl ab 1`,
  badNumber: (value) => `Die Spielnummer ist eine ganze Zahl ab 1, nicht „${value}“.`,
  badVariant: (value) => `variant ist „${value}“, erwartet ist der Name eines Spiels`,
  badMoves: (value) => `moves ist „${value}“, erwartet sind Züge wie 4h,1e,38v3`,
  rules: (p) => [
    `${p.columns} Spalten, ${p.cells} ${p.cells === 1 ? "Freizelle" : "Freizellen"}`,
    p.building === "suit" ? "abwärts in derselben Farbe anlegen" : "abwärts in abwechselnder Farbe anlegen",
    p.empty === "kings" ? "nur ein König füllt eine leere Spalte" : "jede Karte füllt eine leere Spalte",
    { cells: "eine Folge zieht, wenn sie nicht länger ist als 1 + die leeren Freizellen", freecell: "eine Folge zieht, wenn sie nicht länger ist als (1 + die leeren Freizellen) × 2 hoch die leeren Spalten", one: "eine Karte nach der anderen" }[p.sequence] || p.sequence,
  ].join("; ") + ".",
};

/** The page's words in ``lang`` ("en" or "de"). */
export function words(lang) {
  return lang === "de" ? DE : EN;
}

/** A variant's name in the language; a variant the page does not know by its own name. */
export function variantName(lang, name) {
  const known = VARIANTS[name];
  return known ? known[lang === "de" ? 1 : 0] : name;
}
