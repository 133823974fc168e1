// The Offiziersskat page's words in English and German, after the page shell's own
// (../words.js: the header, the footer, a room's invitation and connection, the cards' names:
// "Queen of Hearts", "Herz-Dame", the suits capitalised as on the buttons). A refused move's
// sentence comes from the service as it is; a tip's reason comes from the service in the
// language asked for.

import { rankMark, SYMBOLS } from "../dom.js";
import { cardName, SHELL } from "../words.js";

export { cardName };

/** The suits in Skat order (their symbols and the ranks' marks: ../dom.js). */
export const SUIT_ORDER = ["C", "S", "H", "D"];

/** The levels of the computer a player may choose, weakest first: the rooms' bots of the same
 * names (officers.skat.bots.LEVELS). */
export const LEVELS = ["beginner", "club", "strong", "strongest"];

/** A card as short text: "Q♥" (German: "D♥"). */
export function cardShort(lang, card) {
  return `${rankMark(lang, card[0])}${SYMBOLS[card[1]]}`;
}

const GAMES = {
  C: ["Clubs", "Kreuz"], S: ["Spades", "Pik"], H: ["Hearts", "Herz"], D: ["Diamonds", "Karo"], G: ["Grand", "Grand"],
};

/** A game's name: "Hearts", "Herz", "Grand". */
export function gameName(lang, game) {
  return GAMES[game][lang === "de" ? 1 : 0];
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

const EN = {
  ...SHELL.en,
  title: "Offiziersskat",
  intro: "Two players, eight piles each: a face-up card on a face-down one. Vorhand chooses the trumps or Grand; after 16 tricks Vorhand wins with 61 of the 120 points. Nobody sees a face-down card until it turns up.",
  computer: "Play against the computer",
  friend: "Play with a friend",
  seatLabel: "Your seat against the computer",
  seatV: "Vorhand (chooses the game)",
  seatH: "Hinterhand",
  levelLabel: "Level",
  levels: { beginner: "Beginner", club: "Club player", strong: "Strong", strongest: "Strongest" },
  levelsAbout: {
    beginner: "The computer plays any card the rules allow, at random.",
    club: "The computer plays by a club player's rules of thumb: the game with the most trumps, the cheapest card that takes the trick.",
    strong: "The computer weighs each card over 4 possible deals of the face-down cards; among equally good cards it plays the one a learnt rule of thumb prefers.",
    strongest: "The computer weighs each card over 20 possible deals of the face-down cards, and plays exactly, chance included, once 5 cards or fewer lie face down (at most half a second a move).",
  },
  levelOf: (level) => `level ${level}`,
  loading: "Opening the room…",
  errorTitle: "This room cannot be opened",
  invite: "Send this link to the other player:",
  waitingFor: () => "Waiting for the other player to join…",
  youAre: (role) => `You are ${role}.`,
  vorhand: "Vorhand",
  hinterhand: "Hinterhand",
  you: "You",
  other: "The other player",
  computerName: "The computer",
  yourPiles: "Your piles",
  theirPiles: (who) => `Piles of ${who.toLowerCase()}`,
  chooseNow: "Your turn: choose the game.",
  chooseWait: (who) => `${who} chooses the game…`,
  playNow: "Your turn: play a face-up card.",
  playWait: (who) => `${who} is to play…`,
  choose: "Choose the game",
  gameIs: (game) => (game === "G" ? "Game: Grand (only the Jacks are trumps)" : `Game: ${GAMES[game][0]} are trumps`),
  noGame: "No game chosen yet",
  points: (mine, theirs) => `Points: you ${mine}, the other ${theirs}`,
  tricks: (mine, theirs) => `Tricks: you ${mine}, the other ${theirs}`,
  trick: "The trick",
  lastTrick: (winner) => `Last trick, taken by ${winner.toLowerCase()}`,
  emptyTable: "No card on the table.",
  won: (mine, theirs) => `You win with ${mine} points to ${theirs}!`,
  lost: (mine, theirs, vorhand) => `You lose: ${mine} points to ${theirs}${vorhand ? " (Vorhand needs 61)" : ""}.`,
  rematch: "Play again",
  newGame: "New game",
  deal: "The deal",
  dealNote: "Each pile: the card that lay face down, then the card on it.",
  log: "The moves",
  chose: (who, game) => `${who}: ${GAMES[game][0]}`,
  played: (who, card, pile) => `${who}: ${card} (pile ${pile})`,
  sort: "Sort your piles",
  sorts: { normal: "Normal", C: "Clubs", S: "Spades", H: "Hearts", D: "Diamonds", dealt: "As dealt" },
  pileLabel: (n) => `pile ${n}`,
  onPile: (card, n) => `${card}, pile ${n}`,
  emptyPile: (n) => `pile ${n}, empty`,
  faceDown: "face down",
  tips: "Learn with tips",
  tipsAbout: "Up to three of your decisions a round, shown before you make them; a tip uses no face-down card.",
  tipWait: "Looking for a tip…",
  tipGames: "Tip: Vorhand's chance to win with each game",
  tipPlay: (card, pile) => `Tip: play ${card} from pile ${pile}.`,
  best: "best",
  exact: "exact",
  estimate: "estimated",
  estimateOver: (n, m) => `estimated over ${n} ${n === 1 ? "deal" : "deals"}${Number.isInteger(m) && m !== n ? `, the points over ${m}` : ""}`,
  expectedPoints: (points) => `about ${points} points`,
  tipsLeft: (n) => `${plural(n, "tip", "tips")} left this round.`,
  tipsDone: "That was the third tip of this round: the tips return with the next round.",
  tipsMissing: "Tips are not available on this service.",
  keys: "Click a card to play it, or Tab to it and press Enter; the arrows move between your cards.",
  refused: "Not allowed",
  presence: (online) => (online ? "The other player is here" : "The other player is away"),
  mayPlay: (cards) => `You may play ${cards.join("; ")}.`,
  fromPile: (card, n) => `${card} from pile ${n}`,
  heardPlay: (who, card, n) => `${who} played ${card} from pile ${n}.`,
  heardChoose: (who, game) => `${who} chose ${game}.`,
  trickMine: (points) => `You took the trick (${plural(points, "point", "points")}).`,
  trickTheirs: (who, points) => `${who} took the trick (${plural(points, "point", "points")}).`,
  turnedMine: (card, n) => `${card} turned up on your pile ${n}.`,
  turnedTheirs: (card, n, computer) => `${card} turned up on pile ${n} of ${computer ? "the computer" : "the other player"}.`,
};

const DE = {
  ...SHELL.de,
  title: "Offiziersskat",
  intro: "Zwei Personen, je acht Stapel: eine offene Karte auf einer verdeckten. Vorhand wählt Trumpf oder Grand; nach 16 Stichen gewinnt Vorhand mit mindestens 61 der 120 Augen. Niemand sieht eine verdeckte Karte, bevor sie aufgedeckt wird.",
  computer: "Gegen den Computer spielen",
  friend: "Mit einer Freundin oder einem Freund spielen",
  seatLabel: "Dein Platz gegen den Computer",
  seatV: "Vorhand (wählt das Spiel)",
  seatH: "Hinterhand",
  levelLabel: "Stufe",
  levels: { beginner: "Anfänger", club: "Vereinsspieler", strong: "Stark", strongest: "Am stärksten" },
  levelsAbout: {
    beginner: "Der Computer spielt irgendeine erlaubte Karte, zufällig.",
    club: "Der Computer spielt nach den Faustregeln eines Vereinsspielers: das Spiel mit den meisten Trümpfen, die billigste Karte, die den Stich nimmt.",
    strong: "Der Computer wägt jede Karte über 4 mögliche Verteilungen der verdeckten Karten ab; unter gleich guten Karten spielt er die, die eine gelernte Faustregel vorzieht.",
    strongest: "Der Computer wägt jede Karte über 20 mögliche Verteilungen der verdeckten Karten ab und spielt genau, den Zufall eingeschlossen, sobald höchstens 5 Karten verdeckt liegen (höchstens eine halbe Sekunde je Zug).",
  },
  levelOf: (level) => `Stufe ${level}`,
  loading: "Der Raum wird geöffnet…",
  errorTitle: "Dieser Raum lässt sich nicht öffnen",
  invite: "Schicke diesen Link an die andere Person:",
  waitingFor: () => "Warte auf die andere Person…",
  youAre: (role) => `Du bist ${role}.`,
  vorhand: "Vorhand",
  hinterhand: "Hinterhand",
  you: "Du",
  other: "Die Gegenperson",
  computerName: "Der Computer",
  yourPiles: "Deine Stapel",
  theirPiles: (who, computer) => (computer ? "Stapel des Computers" : "Stapel der Gegenperson"),
  chooseNow: "Du bist dran: wähle das Spiel.",
  chooseWait: (who) => `${who} wählt das Spiel…`,
  playNow: "Du bist am Zug: spiele eine offene Karte.",
  playWait: (who) => `${who} ist am Zug…`,
  choose: "Spiel wählen",
  gameIs: (game) => (game === "G" ? "Spiel: Grand (nur die Buben sind Trumpf)" : `Spiel: ${GAMES[game][1]} ist Trumpf`),
  noGame: "Noch kein Spiel gewählt",
  points: (mine, theirs) => `Augen: du ${mine}, die Gegenperson ${theirs}`,
  tricks: (mine, theirs) => `Stiche: du ${mine}, die Gegenperson ${theirs}`,
  trick: "Der Stich",
  lastTrick: (winner) => `Letzter Stich, genommen von: ${winner}`,
  emptyTable: "Keine Karte auf dem Tisch.",
  won: (mine, theirs) => `Gewonnen mit ${mine} zu ${theirs} Augen!`,
  lost: (mine, theirs, vorhand) => `Verloren: ${mine} zu ${theirs} Augen${vorhand ? " (Vorhand braucht 61)" : ""}.`,
  rematch: "Noch eine Runde",
  newGame: "Neues Spiel",
  deal: "Die Verteilung",
  dealNote: "Jeder Stapel: die Karte, die verdeckt lag, dann die Karte darauf.",
  log: "Die Züge",
  chose: (who, game) => `${who}: ${GAMES[game][1]}`,
  played: (who, card, pile) => `${who}: ${card} (Stapel ${pile})`,
  sort: "Deine Stapel sortieren",
  sorts: { normal: "Normal", C: "Kreuz", S: "Pik", H: "Herz", D: "Karo", dealt: "Ausgeteilt" },
  pileLabel: (n) => `Stapel ${n}`,
  onPile: (card, n) => `${card}, Stapel ${n}`,
  emptyPile: (n) => `Stapel ${n}, leer`,
  faceDown: "verdeckt",
  tips: "Mit Tipps lernen",
  tipsAbout: "Bis zu drei deiner Entscheidungen je Runde, gezeigt, bevor du sie triffst; ein Tipp verwendet keine verdeckte Karte.",
  tipWait: "Suche einen Tipp…",
  tipGames: "Tipp: die Gewinnchance von Vorhand mit jedem Spiel",
  tipPlay: (card, pile) => `Tipp: spiele ${card} von Stapel ${pile}.`,
  best: "am besten",
  exact: "genau",
  estimate: "geschätzt",
  estimateOver: (n, m) => `geschätzt über ${n} ${n === 1 ? "Verteilung" : "Verteilungen"}${Number.isInteger(m) && m !== n ? `, die Augen über ${m}` : ""}`,
  expectedPoints: (points) => `etwa ${points} Augen`,
  tipsLeft: (n) => `Noch ${n} ${n === 1 ? "Tipp" : "Tipps"} in dieser Runde.`,
  tipsDone: "Das war der dritte Tipp dieser Runde: die Tipps kommen mit der nächsten Runde wieder.",
  tipsMissing: "Dieser Dienst bietet keine Tipps an.",
  keys: "Klicke eine Karte, um sie zu spielen, oder gehe mit Tab zu ihr und drücke Enter; die Pfeiltasten wechseln zwischen deinen Karten.",
  refused: "Nicht erlaubt",
  presence: (online) => (online ? "Die Gegenperson ist da" : "Die Gegenperson ist weg"),
  mayPlay: (cards) => `Du darfst spielen: ${cards.join("; ")}.`,
  fromPile: (card, n) => `${card} von Stapel ${n}`,
  heardPlay: (who, card, n) => `${who} spielt ${card} von Stapel ${n}.`,
  heardChoose: (who, game) => `${who} wählt ${game}.`,
  trickMine: (points) => `Du nimmst den Stich (${plural(points, "Auge", "Augen")}).`,
  trickTheirs: (who, points) => `${who} nimmt den Stich (${plural(points, "Auge", "Augen")}).`,
  turnedMine: (card, n) => `${card} liegt jetzt offen auf deinem Stapel ${n}.`,
  turnedTheirs: (card, n, computer) => `${card} liegt jetzt offen auf Stapel ${n} ${computer ? "des Computers" : "der Gegenperson"}.`,
};

/** The words of ``lang`` ("en" or "de"). */
export function words(lang) {
  return lang === "de" ? DE : EN;
}
