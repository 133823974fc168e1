// Eight Off through `officers serve`: deal a numbered game, see a move refused with its
// rule, play a move, ask a hint, then solve the game and replay the win move by move.
//
//     officers serve &
//     node docs/examples/eightoff.mjs http://127.0.0.1:8000
//
// The service is stateless: every answer holds the game's notation (`game`), and the next
// request sends it back. Node 18 or later (its global fetch), or any browser.

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

// 1. Deal 1 of Eight Off (the default variant). `layout` is what a page draws.
const number = 1;
let game = await post("eightoff/deal", { number }, "eightoff-game");
const { columns, cells } = game.layout;
console.log(`deal ${game.number} of ${game.variant.name}: ${columns.length} columns, cells ${cells.map((c) => c ?? "--").join(" ")}`);
console.log(`  ${game.legal.length} legal moves: ${game.legal.slice(0, 8).join(" ")} ...; safe: ${game.safe.join(" ")}`);

// 2. A move the rules refuse is answered, not an error: `refused` names the rule and says it
//    in a sentence (`lang`: "en" or "de"), and the game comes back unchanged.
const wrong = await post("eightoff/move", { game: game.game, number, move: "12", lang: "en" }, "eightoff-move");
if (wrong.refused === null || wrong.game !== game.game) throw new Error("12 was not refused");
console.log(`refused (${wrong.refused.rule}): ${wrong.refused.text}`);

// 3. A move, then a hint: can the game still be won, and how to go on. A `safe` move (to a
//    foundation, never losing a win) is one a page may play by itself.
const move = game.safe[0] ?? game.legal[0];
const first = await post("eightoff/move", { game: game.game, number, move }, "eightoff-move");
if (first.refused !== null) throw new Error(`${move} was refused`);
game = first;
console.log(`played ${first.move}; foundations ${JSON.stringify(game.layout.foundations)}`);
const hint = await post("eightoff/hint", { game: game.game, number }, "eightoff-hint");
console.log(`hint (${hint.status}): ${hint.text}`);

// 4. Solve from here; the win's moves are in the form eightoff/move takes. An unknown
//    answer (past the service's time or memory) is not an error: it says why (`reason`).
const solution = await post("eightoff/solve", { game: game.game, number }, "eightoff-solution");
if (solution.status !== "solvable") throw new Error(`solve: ${solution.status} (${solution.reason})`);
console.log(`solvable in ${solution.count} moves (${solution.states} positions searched)`);

// 5. Replay the win, sending back the `game` of each answer with the next move.
for (const move of solution.moves) {
  const next = await post("eightoff/move", { game: game.game, number, move }, "eightoff-move");
  if (next.refused !== null) throw new Error(`${move} was refused: ${next.refused.text}`);
  game = next;
}
const { outcome } = game;
if (!outcome?.won) throw new Error(`the replayed win did not win: ${JSON.stringify(outcome)}`);
console.log(`replayed ${game.moves.length} moves: ${outcome.text} (foundations ${JSON.stringify(game.layout.foundations)})`);
