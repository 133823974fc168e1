// Every game through `officers serve`, with one client that knows none of them: the play
// operations (contract version 3) deal, play and take back every game alike. The client asks
// which games there are, deals each, plays legal moves by their `notation` until the game
// ends (or for 150 moves), sees a move refused with its rule, and takes a move back. Only a
// board would read the game's own `view`; this client draws none.
//
//     officers serve &
//     node docs/examples/play.mjs http://127.0.0.1:8000
//
// Node 18 or later (its global fetch), or any browser.

const BASE = process.argv[2] ?? "http://127.0.0.1:8000";

// POST /v1/<op> and return its answer, which must be a document of `kind`; a 429 says when
// to ask again.
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

const { games } = await post("play/games", {}, "play-games");
for (const game of games) {
  let state = await post("play/new", { game: game.name, deal: 7, lang: "de" }, "play-state");
  const start = state.state;
  let moves = 0;
  while (state.outcome === null && moves < 150) {
    // the same choice every time: the (7 k)-th legal move, counted round
    const legal = state.legal_moves;
    const move = legal[(7 * moves) % legal.length].notation;
    const answer = await post("play/move", { game: game.name, state: state.state, move, lang: "de" }, "play-move");
    if (answer.refused !== null) throw new Error(`${move} was refused: ${answer.refused.text}`);
    state = answer.state;
    moves += 1;
  }
  const end = state.outcome === null ? "still going" : `${state.outcome.text} (returns ${state.outcome.returns.join(", ")})`;
  console.log(`${game.title}: ${moves} moves, ${end}`);

  const refused = await post("play/move", { game: game.name, state: start, move: "zz9", lang: "en" }, "play-move");
  if (refused.refused === null || refused.state.state !== start) throw new Error("zz9 was played");
  console.log(`  zz9 refused (${refused.refused.rule}): ${refused.refused.text}`);

  if (state.moves.length > 0) {
    const back = await post("play/undo", { game: game.name, state: state.state, count: 1 }, "play-state");
    if (back.moves.length !== state.moves.length - 1) throw new Error("the undo took back no move");
    console.log(`  took back ${state.moves.at(-1)}: ${back.legal_moves.length} legal moves again`);
  }
}
