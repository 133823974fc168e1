// Talking to the rooms of the service (docs/rooms.md), shared by the pages that play in rooms
// (Euler's Officers at /, Offiziersskat at /skat): the requests, each seat's token kept in
// localStorage by room and sent as "Authorization: Bearer", and the live feed: a WebSocket to
// /v1/rooms/ROOM/live that says the last event it has in its hello, polling /events when no
// WebSocket can be had. The token never goes into an address.

/** An answer of the service that is an error document (or no answer at all). */
export class RoomError extends Error {
  constructor(message, status = 0, code = "offline", rule = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.rule = rule; // the game's rule that refused a move (such as "must-follow"), or null
  }
}

/**
 * The seats this browser holds, a token kept in localStorage by room under ``PREFIX-room-ROOM``
 * and the last room played under ``PREFIX-last`` (each page its own prefix: "officers",
 * "officers-skat"). Nothing is kept where the browser keeps nothing: the seat lasts as long as
 * the page.
 */
export class Seats {
  constructor(prefix) {
    this.key = (room) => `${prefix}-room-${room}`;
    this.last = `${prefix}-last`;
  }

  /** The token this browser keeps for ``room`` (null: none). */
  token(room) {
    try {
      return localStorage.getItem(this.key(room));
    } catch {
      return null;
    }
  }

  /** Keep ``token`` for ``room``, and remember the room as the last one played. */
  keep(room, token) {
    try {
      localStorage.setItem(this.key(room), token);
      localStorage.setItem(this.last, room);
    } catch {
      // a browser that keeps nothing
    }
  }

  /** Forget the token of ``room`` (the room is gone). */
  forget(room) {
    try {
      localStorage.removeItem(this.key(room));
      if (localStorage.getItem(this.last) === room) localStorage.removeItem(this.last);
    } catch {
      // nothing kept
    }
  }

  /** The last room this browser holds a seat of (null: none). */
  lastRoom() {
    try {
      const room = localStorage.getItem(this.last);
      return room && this.token(room) ? room : null;
    } catch {
      return null;
    }
  }
}

/** One request to the rooms (``path`` under v1/); the document, or a RoomError. */
export async function request(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`v1/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new RoomError(String(error));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new RoomError(`${response.status} ${response.statusText}`, response.status, "bad-json");
  }
  if (!response.ok || data.kind === "error") {
    throw new RoomError(data.message || response.statusText, response.status, data.code, data.rule || null);
  }
  return data;
}

const POLL = 1000; // ms between two looks at /events when there is no WebSocket
const RETRY = [500, 1000, 2000, 4000, 8000]; // ms before the next WebSocket, by failures

/**
 * The live feed of one room for one seat. ``after()`` is the seq of the last event applied;
 * ``apply({events, seq, state})`` gets each room-update (state null while more follow);
 * ``status(mode)`` hears "live", "polling" or "offline"; ``gone(error)`` hears that the seat or
 * the room is no more.
 */
export class Feed {
  constructor(room, token, { after, apply, status, gone }) {
    Object.assign(this, { room, token, after, apply, status, gone });
    this.socket = null;
    this.failures = 0;
    this.timer = null;
    this.retry = null;
    this.stopped = false;
  }

  start() {
    if (typeof WebSocket !== "function") this.poll();
    else this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.retry);
    if (this.socket) this.socket.close(1000);
  }

  open() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let socket;
    try {
      socket = new WebSocket(`${scheme}://${location.host}/v1/rooms/${encodeURIComponent(this.room)}/live`);
    } catch {
      this.poll();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      clearTimeout(this.timer);
      this.timer = null;
      socket.send(JSON.stringify({ type: "hello", token: this.token, after: this.after() }));
      this.status("live");
    };
    socket.onmessage = (message) => {
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (data.kind === "room-update") this.apply(data);
    };
    socket.onclose = (close) => {
      if (this.socket === socket) this.socket = null;
      if (this.stopped) return;
      if (close.code === 4401 || close.code === 4404) {
        this.gone(new RoomError(close.reason, close.code - 4000, close.code === 4401 ? "unauthorized" : "not-found"));
        return;
      }
      this.failures += 1;
      this.poll(); // until a WebSocket is back
      const wait = RETRY[Math.min(this.failures, RETRY.length) - 1];
      this.retry = setTimeout(() => this.open(), wait);
    };
  }

  /** Look at /events (and /state when something happened) until a WebSocket opens. */
  poll() {
    if (this.stopped || this.timer) return;
    this.status("polling");
    const live = () => Boolean(this.socket && this.socket.readyState === WebSocket.OPEN);
    const look = async () => {
      if (this.stopped || live()) {
        this.timer = null;
        return;
      }
      try {
        await this.catchUp();
        if (live()) {
          this.timer = null; // the WebSocket came back meanwhile: it says "live"
          return;
        }
        this.status("polling");
      } catch (error) {
        if (error.code === "unauthorized" || error.code === "not-found") {
          this.timer = null;
          this.gone(error);
          return;
        }
        this.status("offline");
      }
      if (!this.stopped) this.timer = setTimeout(look, POLL);
    };
    this.timer = setTimeout(look, 0);
  }

  /** Read the events after the last applied one, then the state, and apply them. */
  async catchUp() {
    const found = await request("GET", `rooms/${encodeURIComponent(this.room)}/events?after=${this.after()}`, undefined, this.token);
    if (!found.events.length) return;
    const last = found.events[found.events.length - 1].seq;
    if (found.more) {
      this.apply({ events: found.events, seq: last, state: null });
      return;
    }
    const state = await request("GET", `rooms/${encodeURIComponent(this.room)}/state`, undefined, this.token);
    this.apply({ events: found.events, seq: last, state });
  }
}
