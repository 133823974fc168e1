// The page shell, the same on every game's page. Its HTML is written once (page.html: the
// header with the game's name, the other games and the language buttons; the footer with the
// HTTP API, the other games and the package's version), the service sets each game's <main>
// into it (officers/serve/site.py), and this module is what the shell does: it writes the
// page's words into every element that names one, starts in the language the address asks for
// (or the one the browser keeps), hears the language buttons, fills in the footer's version,
// and keeps the message line and the error panel that every page has. Each game's app.js
// starts it and draws its own board; the words are each game's i18n.js, which begins with the
// shell's own (words.js).

import { showVersion } from "./api.js";

/** The first element that ``selector`` finds (null: none). */
export const $ = (selector) => document.querySelector(selector);

/** What this browser keeps under ``key`` in localStorage; ``fallback`` when it keeps nothing. */
export function kept(key, fallback = null) {
  try {
    return localStorage.getItem(key) || fallback;
  } catch {
    return fallback;
  }
}

/** Keep ``value`` under ``key``; where the browser keeps nothing, it lasts as long as the page. */
export function keep(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not kept
  }
}

/** The page's language as it opens: the address's (``?lang=de``), else the one kept under
 * ``key`` (null: none kept), else English. */
export function startLang(key = null) {
  const lang = new URLSearchParams(location.search).get("lang") || (key ? kept(key) : null);
  return lang === "de" ? "de" : "en";
}

/** Write ``words`` (a game's words in ``lang``) into the page: its language and title, the text
 * of every element with ``data-text`` (its label where it has one), every ``data-text-label``
 * and ``data-placeholder``, and which language button is pressed. */
export function translate(words, lang) {
  document.documentElement.lang = lang;
  document.title = words.title;
  for (const node of document.querySelectorAll("[data-text]")) {
    const text = words[node.dataset.text];
    if (typeof text !== "string") continue;
    if (node.hasAttribute("aria-label")) node.setAttribute("aria-label", text);
    else node.textContent = text;
  }
  for (const node of document.querySelectorAll("[data-text-label]")) node.setAttribute("aria-label", words[node.dataset.textLabel]);
  for (const node of document.querySelectorAll("[data-placeholder]")) node.placeholder = words[node.dataset.placeholder];
  for (const button of document.querySelectorAll("[data-lang]")) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
}

/** Start the shell: a click on a language button calls ``choose(lang)``; the footer names the
 * package's version (on every page: a game, a room, a broken link). */
export function startShell(choose) {
  for (const button of document.querySelectorAll("[data-lang]")) button.addEventListener("click", () => choose(button.dataset.lang));
  showVersion();
}

/** Say ``text`` in the message line (``#message``): a ``note`` (a remark, not a refusal), or a
 * refusal's ``code`` and ``rule`` (``data-code``, ``data-rule``). */
export function say(text, { note = false, code = null, rule = null } = {}) {
  const node = $("#message");
  node.textContent = text;
  node.classList.toggle("note", note);
  for (const [key, value] of [["code", code], ["rule", rule]]) {
    if (value) node.dataset[key] = value;
    else delete node.dataset[key];
  }
}

/** Show ``message`` in the error panel (``#error``) instead of the table: the loading line, the
 * table, a room's invitation and the elements ``hidden`` are hidden. */
export function showError(message, ...hidden) {
  $("#error-message").textContent = message;
  $("#error").hidden = false;
  for (const selector of ["#loading", "#table", "#invite", ...hidden]) {
    const node = $(selector);
    if (node) node.hidden = true;
  }
}
