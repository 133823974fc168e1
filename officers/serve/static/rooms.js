// Talking to the rooms of the service (docs/rooms.md), shared by the pages that play in rooms
// (Euler's Officers at /, Offiziersskat at /skat): the requests, each seat's token kept in
// localStorage by room and sent as "Authorization: Bearer", and the live feed: a WebSocket to
// /v1/rooms/ROOM/live that says the last event it has in its hello, polling /events when no
// WebSocket can be had. The token never goes into an address. And what such a page does with
// its room (roomPage): making it, taking the seat (from the invitation link or the token kept),
// keeping the newest state, playing, the rematch, the invitation, the connection, the moves
// heard, the way back to one's game.

import { el } from "./dom.js";
import { $, say as sayShell } from "./shell.js";

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
    this.looks = 0; // looks at /events while polling
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

  /** Whether a WebSocket is open (its events come to the page as they happen). */
  live() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN);
  }

  /** Look at /events (and /state when something happened) until a WebSocket opens. */
  poll() {
    if (this.stopped || this.timer) return;
    this.status("polling");
    const look = async () => {
      if (this.stopped || this.live()) {
        this.timer = null;
        return;
      }
      try {
        await this.catchUp();
        if (this.live()) {
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

  /** Read the events after the last applied one, then the state, and apply them (the state
   * every fifth look without events too, and always when ``force``: who is online may have
   * changed). A state newer than the events read (a move made between the two reads) is
   * applied with the events that lead to it, read again: the feed never shows a turn before
   * the words of the move that made it. Far behind, the events come a page at a time, each
   * applied, then the state. With ``presence`` false the reads are no sign of the seat's
   * presence (a page whose live connection is its sign). */
  async catchUp(force = false, presence = true) {
    const quiet = presence ? "" : "&presence=false";
    const events = async (after) => request("GET", `rooms/${encodeURIComponent(this.room)}/events?after=${after}${quiet}`, undefined, this.token);
    let found = await events(this.after());
    this.looks += 1;
    if (!found.events.length && this.looks % 5 && !force) return;
    while (found.more && found.events.length) {
      this.apply({ events: found.events, seq: found.events[found.events.length - 1].seq, state: null });
      found = await events(this.after());
    }
    let seen = found.events.length ? found.events[found.events.length - 1].seq : this.after();
    const state = await request("GET", `rooms/${encodeURIComponent(this.room)}/state`, undefined, this.token);
    let read = found.events;
    if (state.seq > seen) { // the room moved on between the two reads: its events first
      found = await events(seen);
      read = read.concat(found.events);
      seen = read.length ? read[read.length - 1].seq : seen;
    }
    this.apply({ events: read, seq: seen, state: found.more ? null : state });
  }
}

/**
 * Who else holds a seat of the room and whether they are at the table now (each seat's
 * ``online`` in ``state``; bots and free seats are left out): one item a person, with
 * ``data-seat`` and ``data-online``, its words ``said(seat)`` (the page's, in its language).
 */
export function drawPresence(node, state, said) {
  const others = state.seats.filter((seat) => seat.kind === "human" && seat.taken && seat.seat !== state.seat);
  node.hidden = others.length === 0;
  node.replaceChildren(...others.map((seat) => el("span", {
    class: "presence", "data-seat": seat.seat, "data-online": String(seat.online), text: said(seat),
  })));
}

/** The room and invitation of the address's fragment, ``#room=ROOM&invite=INVITE`` (null: the
 * address names no room). A fragment never reaches a server. */
export function roomFragment() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const room = fragment.get("room");
  return room ? { room, invite: fragment.get("invite") } : null;
}

/** A room's message: a refusal (its code and rule) in the message line, anything else a note. */
export function sayRoom(text, code = null, rule = null) {
  sayShell(text, { note: Boolean(text) && !code, code, rule });
}

/** The fields of a page's state that roomPage keeps, as they are before a room is entered. */
export function roomFields() {
  return {
    room: null,
    token: null,
    state: null, // the last room-state
    stateSeq: -1, // its seq
    eventSeq: 0, // the seq of the last event applied
    log: [], // the moves of this round, from the events
    feed: null, // the live feed
    busy: false, // a move on its way
  };
}

/**
 * What a page that plays in a room does with it, the same on every such page. ``S`` is the
 * page's state: its fields of roomFields are kept here, its ``lang`` is read (a move is sent in
 * it). ``page`` says ``seats`` (its Seats), ``words()`` (its words: ``noSeat``, ``errorTitle``,
 * ``copied``, ``connection``, ``waitingFor(missing)``), ``fail(message)``, ``render()`` and ``renderLog()``; and, where
 * the page has more to do, ``say(text, code, rule)`` (else the message line: a refusal, or a
 * note), ``shown(state, before)`` (a newer state is kept; ``before``, the seq shown until now),
 * ``heard(moves)`` (the moves an update brought), ``entered()`` (the seat is taken and its state
 * shown), ``query`` (the address keeps its query string).
 */
export function roomPage(S, page) {
  const { seats, words, fail, render, renderLog } = page;
  const say = page.say || sayRoom;
  const path = (suffix = "") => `rooms/${encodeURIComponent(S.room)}${suffix}`;

  function setState(state) {
    if (state.seq < S.stateSeq) return; // an older answer than the one shown
    const before = S.stateSeq;
    S.state = state;
    S.stateSeq = state.seq;
    if (page.shown) page.shown(state, before);
    $("#loading").hidden = true;
    $("#table").hidden = false;
    render();
  }

  function applyUpdate(update) {
    const moves = [];
    for (const event of update.events) {
      if (event.seq <= S.eventSeq) continue; // applied already
      S.eventSeq = event.seq;
      if (event.type === "started") S.log = [];
      else if (event.type === "moved") {
        S.log.push(event);
        moves.push(event);
      }
    }
    if (page.heard) page.heard(moves);
    if (update.state) setState(update.state);
    else renderLog();
  }

  /** Take the seat of ``token`` in ``room``: its state, then the live feed. */
  async function enter(room, token) {
    S.room = room;
    S.token = token;
    // the invitation has done its work: the address keeps the room alone
    const query = page.query ? location.search : "";
    history.replaceState(null, "", `${location.pathname}${query}#room=${encodeURIComponent(room)}`);
    setState(await request("GET", path("/state"), undefined, token));
    if (page.entered) page.entered();
    S.feed = new Feed(room, token, {
      after: () => S.eventSeq,
      apply: applyUpdate,
      status: connection,
      gone: (error) => {
        seats.forget(room);
        fail(error.message || words().errorTitle);
      },
    });
    S.feed.start();
  }

  /** Open ``room``: the seat this browser keeps, else the invitation's. */
  async function open(room, invite) {
    let token = seats.token(room);
    try {
      if (!token && invite) {
        const joined = await request("POST", `rooms/${encodeURIComponent(room)}/join`, { invite });
        seats.keep(room, joined.token);
        token = joined.token;
      }
      if (!token) {
        fail(words().noSeat);
        return;
      }
      await enter(room, token);
    } catch (error) {
      if (error.code === "unauthorized" || error.code === "not-found") seats.forget(room);
      fail(error.message);
    }
  }

  /** The room as it is now, after a refusal for a stale seq: the events with the state,
   * through the feed, so the moves that came meanwhile are said with the turn they made. A
   * page with a live connection reads them as no sign of presence (its connection is the
   * sign; a request for the events would otherwise keep the seat "here" for 45 s after its
   * page has gone). */
  async function refresh() {
    try {
      if (S.feed) await S.feed.catchUp(true, !S.feed.live());
      else setState(await request("GET", path("/state"), undefined, S.token));
    } catch (error) {
      say(error.message, error.code);
    }
  }

  /** Play ``move`` at the seq shown (``played(answer)`` hears that it was taken); a refusal
   * shows the service's sentence, in the page's language. */
  async function play(move, played = () => {}) {
    if (S.busy) return;
    S.busy = true;
    say(""); // before the request: what the live feed says meanwhile (the move's news) stays
    render(); // no second move while this one is on its way
    try {
      const answer = await request("POST", path("/move"), { move, seq: S.stateSeq, lang: S.lang }, S.token);
      played(answer);
      setState(answer);
    } catch (error) {
      say(error.message, error.code, error.rule);
      if (error.code === "conflict") await refresh();
    } finally {
      S.busy = false;
      render();
    }
  }

  async function rematch() {
    try {
      setState(await request("POST", path("/rematch"), { seq: S.stateSeq }, S.token));
      say("");
    } catch (error) {
      if (error.code === "conflict") await refresh(); // another seat asked first
      else say(error.message, error.code);
    }
  }

  /** The invitation while the room waits for its players: the link, and how many are still
   * awaited (``#waiting``, with ``data-missing``); true while it waits. */
  function showInvite(state) {
    const waiting = state.status === "waiting";
    $("#invite").hidden = !waiting;
    if (waiting) {
      $("#invite-link").value = `${location.origin}${location.pathname}#room=${encodeURIComponent(state.room)}&invite=${encodeURIComponent(state.invite)}`;
      const missing = state.seats.filter((seat) => !seat.taken).length;
      const node = $("#waiting");
      node.textContent = words().waitingFor(missing);
      node.dataset.missing = String(missing);
    }
    return waiting;
  }

  async function copyLink() {
    const input = $("#invite-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      say(words().copied);
    } catch {
      say(""); // the link is selected: the browser's own copy takes it
    }
  }

  /** Make a room (``body``: its game, options and seats) and keep the seat this browser takes
   * in it: the room-joined document. */
  async function create(body) {
    const made = await request("POST", "rooms", body);
    seats.keep(made.room, made.token);
    return made;
  }

  /** The live feed's state in ``#connection`` (``data-mode``: live, polling, offline) in the
   * page's words; without ``mode``, the last one again (in the language now chosen). */
  function connection(mode = null) {
    const node = $("#connection");
    if (mode) node.dataset.mode = mode;
    if (!node.dataset.mode) return;
    node.hidden = false;
    node.textContent = words().connection[node.dataset.mode];
  }

  /** The moves of the round in ``#log``: an item a move (``data-seq``, ``data-seat``,
   * ``data-move``), its words ``said(event)``; ``data-count``, how many. */
  function drawLog(said) {
    const log = $("#log");
    log.replaceChildren(...S.log.map((event) => el("li", {
      "data-seq": event.seq, "data-seat": event.seat, "data-move": event.move, text: said(event),
    })));
    log.dataset.count = String(S.log.length);
  }

  /** The way back to the last room this browser holds a seat of: ``#resume``, its link
   * ``#resume-link`` to the page at ``home`` with the room in the fragment. */
  function resume(home) {
    const last = seats.lastRoom();
    if (!last) return;
    $("#resume").hidden = false;
    $("#resume-link").href = `${home}#room=${encodeURIComponent(last)}`;
  }

  return {
    path, setState, enter, open, refresh, play, rematch, showInvite, copyLink,
    create, connection, drawLog, resume,
  };
}
