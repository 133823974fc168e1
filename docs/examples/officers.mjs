// Euler's Officers through `officers serve`: deal a game, ask a hint, play it, see a slip
// refused, let a bot answer, and check the square (its completions and one completion).
//
//     officers serve &
//     node docs/examples/officers.mjs http://127.0.0.1:8000
//
// The service is stateless: every answer holds the game's notation (`game.game`), and the
// next request sends it back. Node 18 or later (its global fetch), or any browser.

const BASE = process.argv[2] ?? "http://127.0.0.1:8000";

// POST /v1/<op> and return its answer, which must be a document of `kind`. A 429
// (rate-limited) or 503 `busy` says when to ask again: wait that long and ask again.
async function post(op, body, kind) {
  for (;;) {
    const response = await fetch(`${BASE}/v1/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    const again = response.headers.get("retry-after");
    if (again && (response.status === 429 || answer.code === "busy")) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(again)));
      continue;
    }
    if (!response.ok || answer.kind !== kind) {
      throw new Error(`${op}: HTTP ${response.status} ${answer.code ?? answer.kind}: ${answer.message ?? ""}`);
    }
    return answer;
  }
}

// 1. A new game for two players, dealt from a seed (the same seed deals the same hands).
let game = await post("new", { level: "normal", players: 2, seed: 7 }, "game");
console.log(`dealt: ${game.players} players, level ${game.level}, square ${game.square}`);
game.hands.forEach((hand, i) => console.log(`  player ${i + 1} holds ${hand.join(" ")}`));

// 2. A hint for the player to move (players are 1-based).
const player = game.to_move;
const hint = await post("hint", { game: game.game, player, lang: "en" }, "hint");
const { move, text } = hint.recommendation;
console.log(`hint for player ${player} (${hint.completions} completions): ${text.en}`);

// 3. Play it. The answer holds the game after the move.
const played = await post("move", { game: game.game, move, lang: "en" }, "move");
if (!played.accepted) throw new Error(`the hint's move ${move} was refused: ${played.refusal}`);
game = played.game;
console.log(`player ${player} played ${played.move}: square ${game.square}`);

// 4. The next player tries a card of the same rank in the same row: a slip, refused with
//    the rule's sentence (`text`, in the languages asked for); the game is unchanged.
const placed = played.move.slice(0, 2);
const [row] = played.move.match(/r\d/);
const same = game.hands[game.to_move - 1].find((card) => card[0] === placed[0]);
const cell = game.legal_moves.map((m) => m.split("@")[1]).find((c) => c.startsWith(row));
if (same && cell) {
  const slip = await post("move", { game: game.game, move: `${same}@${cell}`, lang: "en" }, "move");
  if (slip.accepted || slip.game.game !== game.game) throw new Error(`${slip.move} was not refused`);
  console.log(`refused: ${slip.text.en}`);
}

// 5. A bot plays for the player to move, from that player's view alone.
const mover = game.to_move;
const bot = await post("bot", { game: game.game, bot: "designers", seed: 1 }, "move");
game = bot.game;
console.log(`the bot ${bot.bot} played ${bot.move} for player ${mover}: square ${game.square}`);

// 6. Check the square: how many finished squares it still allows, and one of them.
const count = await post("count", { square: game.square }, "count");
const done = await post("complete", { square: game.square }, "completion");
console.log(`${game.square} has ${count.completions} completions, one of them ${done.completion}`);
