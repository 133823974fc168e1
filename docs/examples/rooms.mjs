// Two seats of a room of Euler's Officers, held by `officers serve`: Ada makes the room, Bo
// joins with its invitation, each seat follows the room live and plays on its turn, and each
// sees only its own hand. In a real frontend each seat is a browser of its own; here both
// run in one program.
//
//     officers serve &
//     node --experimental-websocket docs/examples/rooms.mjs http://127.0.0.1:8000
//
// Live updates come over the WebSocket /v1/rooms/{room}/live where there is one (browsers,
// Node 22, Node 20 with --experimental-websocket); without it the seats poll
// /v1/rooms/{room}/events. Node 18 or later (its global fetch).

const BASE = process.argv[2] ?? "http://127.0.0.1:8000";
const LIVE = typeof WebSocket === "function";
const POLL_MS = 250; // how often a seat without a WebSocket asks for the events (a page: 1-2 s)
const MOVES = 6;

// One request to the rooms' API; the answer must have the HTTP status and the `kind` given.
async function call(method, path, { body, token, status = 200, kind }) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`; // the seat's token: never in a URL
  const response = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status !== status || answer.kind !== kind) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${answer.code ?? answer.kind}: ${answer.message ?? ""}`);
  }
  return answer;
}

// A seat as its browser holds it: the token, the last seq applied, the room-state at it,
// and every view it was sent (to check below that none shows another seat's hand).
class Seat {
  constructor(name, joined) {
    Object.assign(this, { name, room: joined.room, seat: joined.seat, token: joined.token });
    this.seq = 0;
    this.state = null;
    this.views = [];
    this.waiting = [];
  }

  apply(events, seq, state) {
    for (const event of events) {
      const what = event.type === "moved" ? `seat ${event.seat} played ${event.move}` : event.type;
      console.log(`  ${this.name} hears #${event.seq} ${what}`);
      if (event.view) this.views.push(event.view);
    }
    this.seq = Math.max(this.seq, seq);
    if (state) {
      this.state = state;
      if (state.view) this.views.push(state.view);
    }
    this.waiting = this.waiting.filter(([at, resolve]) => !(this.state?.seq >= at && resolve()));
  }

  // Follow the room from the last seq applied: over the WebSocket, or by polling. A dropped
  // connection comes back and says the last seq it applied: it misses nothing.
  follow() {
    if (LIVE) {
      this.socket = new WebSocket(`${BASE.replace(/^http/, "ws")}/v1/rooms/${this.room}/live`);
      this.socket.onopen = () =>
        this.socket.send(JSON.stringify({ type: "hello", token: this.token, after: this.seq }));
      this.socket.onmessage = (message) => {
        const data = JSON.parse(message.data);
        if (data.kind === "room-update") this.apply(data.events, data.seq, data.state);
        else console.log(`  ${this.name}'s connection says ${data.code}: ${data.message}`);
      };
      this.socket.onclose = (close) => {
        // 4401: the token holds no seat here; 4404: no such room. Either way, stop.
        if (!this.stopped && close.code !== 4401 && close.code !== 4404) {
          this.timer = setTimeout(() => this.follow(), 1000);
        }
      };
      return;
    }
    const poll = async () => {
      const path = `/v1/rooms/${this.room}`;
      const news = await call("GET", `${path}/events?after=${this.seq}`, { token: this.token, kind: "room-events" });
      if (news.events.length > 0) {
        const state = await call("GET", `${path}/state`, { token: this.token, kind: "room-state" });
        this.apply(news.events, news.seq, state);
      }
      if (!this.stopped) this.timer = setTimeout(poll, news.more ? 0 : POLL_MS);
    };
    poll();
  }

  // Resolves when this seat has applied the room's state at `seq` or later.
  until(seq) {
    if (this.state?.seq >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} never heard of #${seq}`)), 10000);
      this.waiting.push([seq, () => (clearTimeout(timer), resolve(), true)]);
    });
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}

// 1. Ada makes a room for two people; she takes seat 1 and gets its token and the invitation.
const made = await call("POST", "/v1/rooms", {
  body: { game: "officers", options: { level: "normal" }, seats: ["human", "human"], name: "Ada" },
  status: 201,
  kind: "room-joined",
});
console.log(`room ${made.room} (${made.status}); link to share: https://game.example/#room=${made.room}&invite=${made.invite}`);

// 2. Bo opens the link and joins with the invitation: every seat is taken, the round starts.
const joined = await call("POST", `/v1/rooms/${made.room}/join`, {
  body: { invite: made.invite, name: "Bo" },
  status: 201,
  kind: "room-joined",
});
console.log(`Bo joined as seat ${joined.seat}: the room is ${joined.status}, round ${joined.round}`);

// 3. Each seat follows the room live (the events it missed come first).
console.log(LIVE ? "each seat follows the room over its WebSocket" : `each seat polls the events every ${POLL_MS} ms`);
const seats = [new Seat("Ada", made), new Seat("Bo", joined)];
for (const seat of seats) seat.follow();
await Promise.all(seats.map((seat) => seat.until(joined.seq)));

// 4. What each seat sees: its own hand, the other's as a count (`?8` in the notation).
for (const { name, state } of seats) {
  const { view } = state;
  const others = view.hands.filter((_, i) => i + 1 !== state.seat);
  console.log(`${name} (seat ${state.seat}) holds ${view.hand.join(" ")}; the other hand: ${others} cards; game ${view.notation}`);
}

// 5. A move out of turn is refused with 409 `conflict`.
const idle = seats.find((seat) => seat.state.view.to_move !== seat.seat);
const early = await call("POST", `/v1/rooms/${idle.room}/move`, {
  body: { move: idle.state.view.legal_moves[0] ?? "concede", seq: idle.seq },
  token: idle.token,
  status: 409,
  kind: "error",
});
console.log(`${idle.name} out of turn: ${early.code}: ${early.message}`);

// 6. Play: the seat to move asks a hint from its own view (the notation it was given, with
//    `?8` for the other hand) and sends the move with the seq it last saw; the answer is its
//    new state at once, and the other seat hears of the move live.
for (let turn = 0; turn < MOVES; turn += 1) {
  const mover = seats.find((seat) => seat.state.view.to_move === seat.seat);
  const { view } = mover.state;
  const hint = await call("POST", "/v1/hint", {
    body: { game: view.notation, player: mover.seat },
    kind: "hint",
  });
  const move = hint.recommendation.move ?? view.legal_moves[0];
  const after = await call("POST", `/v1/rooms/${mover.room}/move`, {
    body: { move, seq: mover.state.seq },
    token: mover.token,
    kind: "room-state",
  });
  console.log(`${mover.name} plays ${move}: square ${after.view.square}`);
  await Promise.all(seats.map((seat) => seat.until(after.seq)));
}
for (const seat of seats) seat.stop();

// 7. Neither seat was ever shown a card the other still holds.
for (const [seat, other] of [seats, [...seats].reverse()]) {
  const secret = other.state.view.hand;
  const shown = seat.views.filter((view) => secret.some((card) => JSON.stringify(view).includes(`"${card}"`)));
  if (shown.length > 0) throw new Error(`${seat.name} was shown a card of ${other.name}'s hand`);
  console.log(`${seat.name} received ${seat.views.length} views, none with ${other.name}'s ${secret.length} cards in hand`);
}
