// The words of the page shell, the same on every game's page, in English and German: the header
// and the footer (the games' names, the HTTP API, the language), a link that cannot be read, a
// room's invitation and connection, and the cards' names. Each game's i18n.js starts from them
// and adds its own words (or says one of these its own way: Eight Off deals a new game where the
// others start one).

/** The ranks' names, [English, German], by the rank's letter in the service's notation. */
export const RANK_NAMES = {
  A: ["Ace", "Ass"], 2: ["Two", "Zwei"], 3: ["Three", "Drei"], 4: ["Four", "Vier"],
  5: ["Five", "Fünf"], 6: ["Six", "Sechs"], 7: ["Seven", "Sieben"], 8: ["Eight", "Acht"],
  9: ["Nine", "Neun"], T: ["Ten", "Zehn"], J: ["Jack", "Bube"], Q: ["Queen", "Dame"], K: ["King", "König"],
};

/** The suits' names, [English, German]. */
export const SUIT_NAMES = { C: ["Clubs", "Kreuz"], D: ["Diamonds", "Karo"], H: ["Hearts", "Herz"], S: ["Spades", "Pik"] };

const EN = {
  language: "Language",
  games: "Games",
  api: "The HTTP API",
  officers: "Euler's Officers",
  eightoff: "Eight Off",
  skat: "Offiziersskat",
  badLink: (what) => `The link is broken: ${what}.`,
  errorFresh: "Start a new game",
  // a room
  copy: "Copy the link",
  copied: "The link is copied.",
  resume: "Back to your game",
  noSeat: "This browser holds no seat of this room, and the link has no invitation.",
  connection: { live: "live", polling: "polling", offline: "reconnecting…" },
};

const DE = {
  language: "Sprache",
  games: "Spiele",
  api: "Die HTTP-Schnittstelle",
  officers: "Eulers Offiziere",
  eightoff: "Eight Off",
  skat: "Offiziersskat",
  badLink: (what) => `Der Link ist fehlerhaft: ${what}.`,
  errorFresh: "Ein neues Spiel beginnen",
  copy: "Link kopieren",
  copied: "Der Link ist kopiert.",
  resume: "Zurück zu deinem Spiel",
  noSeat: "Dieser Browser hat keinen Platz in diesem Raum, und der Link enthält keine Einladung.",
  connection: { live: "verbunden", polling: "Abfrage", offline: "verbinde neu…" },
};

/** The shell's words in each language: a game's words begin with them. */
export const SHELL = { en: EN, de: DE };

/** A card's name: "Ace of Spades", "Pik-Ass" (the card in the service's notation: "AS", "TH"). */
export function cardName(lang, card) {
  const [rank, suit] = [RANK_NAMES[card[0]], SUIT_NAMES[card[1]]];
  return lang === "de" ? `${suit[1]}-${rank[1]}` : `${rank[0]} of ${suit[0]}`;
}
