// Offiziersskat through `officers serve`: deal a numbered game, choose the game, see a
// face-down card refused, play a few cards on the tips, then ask the double-dummy value and
// play its line to the end.
//
//     officers serve &
//     node docs/examples/skat.mjs http://127.0.0.1:8000
//
// The service is stateless and hides nothing: `game` (the record notation, sent back with
// each move) names every card, face-down ones too. The tips are asked from the public `view`
// alone, what both players see; a game whose face-down cards must stay hidden from the
// players is played in a room (rooms.mjs). Node 18 or later (its global fetch), or any browser.

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
      const said = `${op}: HTTP ${response.status} ${answer.code ?? answer.kind}: ${answer.message ?? ""}`;
      throw Object.assign(new Error(said), { code: answer.code });
    }
    return answer;
  }
}

async function move(game, card) {
  const next = await post("skat/move", { game: game.game, move: card, lang: "en" }, "skat-move");
  if (next.refused !== null) throw new Error(`${card} was refused: ${next.refused.text}`);
  return next;
}

// 1. Deal 1: each player's eight piles, a card face down under a card face up.
let game = await post("skat/deal", { number: 1 }, "skat-game");
const [vorhand, hinterhand] = game.view.face_up;
console.log(`deal ${game.number}: Vorhand shows ${vorhand.join(" ")}, Hinterhand ${hinterhand.join(" ")}`);

// 2. Vorhand chooses the game: C S H D (that suit is trumps, under the Jacks) or G (Grand,
//    the Jacks alone). A tip before the choice weighs each game (`games`), but it searches
//    many deals and takes a second or more; this player just says spades.
game = await move(game, "S");
console.log(`Vorhand chooses ${game.choice}: ${game.legal.length} cards she may lead, ${game.legal.join(" ")}`);

// 3. A face-down card cannot be played yet: refused with its rule, the game unchanged.
const below = game.piles[0][0][0];
const refused = await post("skat/move", { game: game.game, move: `${below}@1`, lang: "en" }, "skat-move");
if (refused.refused === null || refused.game !== game.game) throw new Error(`${below} was not refused`);
console.log(`refused (${refused.refused.rule}): ${refused.refused.text}`);

// 4. Two tricks, each card the tip for the player to move (V or H), asked from the public
//    view alone: the face-down cards are never sent, so the tip cannot depend on them. A
//    tip is advice: one that does not come within the service's time (503 `timeout`, the
//    answer unknown) leaves the choice to the player, here the first card she may play.
for (let i = 0; i < 4; i += 1) {
  const tip = await post("skat/tip", { view: game.view, lang: "en" }, "skat-tip").catch((error) => {
    if (error.code === "timeout") return null;
    throw error;
  });
  const player = game.to_move;
  game = await move(game, tip?.move ?? game.legal[0]);
  console.log(`${player} plays ${game.move}: ${tip?.text ?? "no tip in time"}`);
}
const [v, h] = game.view.points;
console.log(`after two tricks: Vorhand ${v} points, Hinterhand ${h}`);

// 5. The double-dummy value: best play by both, every card known (the solver reads the
//    face-down cards from `game`). Play its line to the end: Vorhand ends with that value.
const best = await post("skat/solve", { game: game.game }, "skat-solution");
console.log(`double dummy: Vorhand ends with ${best.value} points (${best.won ? "wins" : "loses"}); line ${best.line.slice(0, 4).join(" ")} ...`);
for (const card of best.line) game = await move(game, card);
if (game.phase !== "over" || game.outcome.points[0] !== best.value) {
  throw new Error(`the line ended ${JSON.stringify(game.outcome)}, not at ${best.value}`);
}
console.log(`played out: ${game.outcome.text}`);
