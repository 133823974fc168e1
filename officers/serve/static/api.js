// The page talks to the service only through the documented endpoints under v1/ (docs/serve.md,
// docs/json.md). The service keeps no state: the game notation is the state, and the page
// sends it back with every request.

/** An answer of the service that is an error document (or no answer at all). */
export class ServiceError extends Error {
  constructor(message, status = 0, code = "offline") {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** POST one request to v1/OP and return the document; a ServiceError when it fails. */
export async function call(op, body = {}) {
  let response;
  try {
    response = await fetch(`v1/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ServiceError(String(error));
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    throw new ServiceError(`${response.status} ${response.statusText}`, response.status, "bad-json");
  }
  if (!response.ok || data.kind === "error") {
    throw new ServiceError(data.message || response.statusText, response.status, data.code);
  }
  return data;
}

const BUSY_AFTER = 150; // ms: a request slower than this marks the page busy

/** ``call`` for a page that shows when the service is slow: ``mark(true)`` once a request has
 * waited 0.15 s, ``mark(false)`` when none is left waiting (nothing is marked for a quick one).
 * ``prefix`` goes before each operation's name (``"eightoff/"``). */
export function markedCall(mark, prefix = "") {
  let pending = 0;
  let timer = null;
  return async (op, body) => {
    pending += 1;
    if (pending === 1) timer = setTimeout(() => mark(true), BUSY_AFTER);
    try {
      return await call(`${prefix}${op}`, body);
    } finally {
      pending -= 1;
      if (pending === 0) {
        clearTimeout(timer);
        mark(false);
      }
    }
  };
}

/** GET v1/health: the service's health document (its ``officers`` field is the package's
 * version; its ``version`` is the contract's). */
export async function health() {
  const response = await fetch("v1/health");
  return response.ok ? response.json() : null;
}

/** Write "officers X.Y.Z" (v1/health's ``officers``) into the footer's ``#version`` and show
 * the part of the footer that holds it (its separator with it); when the service does not
 * say, that part stays hidden, so no separator is left dangling. */
export async function showVersion() {
  const node = document.querySelector("#version");
  if (!node) return;
  let answer = null;
  try {
    answer = await health();
  } catch {
    return; // offline: the page says so elsewhere
  }
  if (!answer || typeof answer.officers !== "string") return;
  node.textContent = `officers ${answer.officers}`;
  node.dataset.version = answer.officers;
  (node.closest(".version") || node).hidden = false;
}
