// «Jugar ya»'s queue (docs/page-quick.md): the screen «Buscando jugadores…» over the socket
// /api/ya/ws. The page says hello with the profile's token, the game and the target; the server
// answers `queued` (and again as people come and go), then `seated` with the table and this
// person's seat token: the page keeps that token as the friends' page keeps a seat's
// (amigos/sitio.js) and opens /mesa/<id>. A refusal (`error` or `bye`) is worded from its code;
// a ban says why and until when. «Cancelar» closes the socket: a dropped socket leaves the queue.

import { t, serverText, applyTo } from "../i18n.js";
import { keepSeat } from "../amigos/sitio.js";
import * as cuenta from "../perfil/cuenta.js";
import { markRated } from "./puntuada.js";
import * as manifest from "../games.js";

const $ = (id) => document.getElementById(id);
const CPU_AFTER = 20; // seconds: the server starts the best found with the CPU in the gaps
const PING_EVERY = 25; // seconds: a quiet socket is kept open through proxies that close idle ones

let open = null; // the search on screen: {socket, timer, done}

/** The game's name in the page's words (its first-screen name, from the manifest). */
function gameName(game) {
  const entry = manifest.byKey(game) || manifest.FIRST;
  return t(entry.choice.name);
}

/** «14:35» in the page's language: the hour a ban ends. `until`: seconds (or ms) since 1970, or a date text. */
export function clockTime(until) {
  let ms = typeof until === "number" ? (until < 1e12 ? until * 1000 : until) : Date.parse(String(until));
  if (!Number.isFinite(ms)) return null;
  const lang = document.documentElement.lang === "en" ? "en-GB" : "es-ES";
  const date = new Date(ms);
  const sameDay = date.toDateString() === new Date().toDateString();
  const options = sameDay ? { hour: "2-digit", minute: "2-digit" } : { weekday: "long", hour: "2-digit", minute: "2-digit" };
  return date.toLocaleString(lang, options);
}

/** A refusal of the queue in the player's words. */
export function refusalText(msg) {
  const params = msg && typeof msg.params === "object" && msg.params ? msg.params : {};
  if (msg.code === "banned") {
    const time = clockTime(params.until);
    return time ? t("ya.banned", { time }) : t("ya.bannedNoTime");
  }
  return serverText(String(msg.code || "error"), msg.message || t("error.unexpected"), params);
}

/** How many people the server says are waiting with this player (the fields it may use). */
function waitingCount(msg) {
  for (const field of ["waiting", "people", "count", "found", "queued"]) {
    if (Number.isInteger(msg[field]) && msg[field] >= 0) return msg[field];
  }
  return null;
}

function setText(id, text) {
  const node = $(id);
  if (node && node.textContent !== text) node.textContent = text;
}

function elapsedText(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return t("ya.queue.elapsed", { time: `${m}:${s}` });
}

function stop() {
  if (!open) return;
  open.done = true;
  clearInterval(open.timer);
  if (open.socket && open.socket.readyState <= 1) open.socket.close(1000, "cancel");
  open = null;
}

function showProblem(text, { retry = true } = {}) {
  const box = $("cola-aviso");
  box.textContent = text;
  box.hidden = false;
  $("cola-buscando").hidden = true;
  $("cola-spinner").hidden = true;
  $("btn-cola-reintentar").hidden = !retry;
  setText("cola-titulo", t("ya.queue.stopped"));
  $("btn-cola-cancelar").textContent = t("ya.queue.back");
}

/**
 * Search a table of `game` to `target`; `onBack()` when the player cancels (the first screen
 * shows again). The screen #cola is index.html's.
 */
export async function search(game, target, { onBack }) {
  stop();
  const screen = $("cola");
  applyTo(screen);
  setText("cola-titulo", t("ya.queue.title"));
  setText("cola-juego", t("ya.queue.game", { game: gameName(game), target }));
  setText("cola-cuenta", t("ya.queue.preparing"));
  setText("cola-tiempo", "");
  $("cola-aviso").hidden = true;
  $("cola-aviso").textContent = "";
  $("cola-buscando").hidden = false;
  $("cola-spinner").hidden = false;
  $("btn-cola-reintentar").hidden = true;
  const cancel = $("btn-cola-cancelar");
  cancel.textContent = t("ya.queue.cancel");
  cancel.onclick = () => {
    stop();
    onBack();
  };
  $("btn-cola-reintentar").onclick = () => search(game, target, { onBack });
  screen.hidden = false;
  cancel.focus({ preventScroll: true });

  const state = { socket: null, timer: null, done: false, started: Date.now() };
  open = state;
  let profile;
  try {
    profile = await cuenta.ensure();
  } catch (error) {
    if (!state.done) showProblem(error.message);
    return;
  }
  if (state.done) return;
  setText("cola-perfil", t("ya.queue.as", { name: profile.name }));
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  let socket;
  try {
    socket = new WebSocket(`${scheme}//${window.location.host}/api/ya/ws`);
  } catch {
    showProblem(t("ya.queue.lost"));
    return;
  }
  state.socket = socket;
  const tick = () => {
    const seconds = Math.floor((Date.now() - state.started) / 1000);
    setText("cola-tiempo", elapsedText(seconds));
    setText("cola-nota", seconds >= CPU_AFTER ? t("ya.queue.cpuSoon") : t("ya.queue.note"));
    if (seconds > 0 && seconds % PING_EVERY === 0 && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
  };
  tick();
  state.timer = setInterval(tick, 1000);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token: cuenta.token(), game, target }));
    setText("cola-cuenta", t("ya.queue.searching"));
  });
  socket.addEventListener("message", (event) => {
    if (state.done) return;
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "queued") {
      const n = waitingCount(msg);
      // Said politely: the live region reads each change of the count, not each second.
      if (n !== null) setText("cola-cuenta", n === 1 ? t("ya.queue.count.one") : t("ya.queue.count", { n }));
    } else if (msg.type === "seated" && typeof msg.table === "string" && typeof msg.token === "string") {
      state.done = true;
      clearInterval(state.timer);
      keepSeat(msg.table, msg.token);
      markRated(msg.table, game);
      setText("cola-cuenta", t("ya.queue.seated"));
      window.location.assign(`mesa/${encodeURIComponent(msg.table)}`);
    } else if (msg.type === "error" || msg.type === "bye") {
      state.done = true;
      clearInterval(state.timer);
      showProblem(refusalText(msg), { retry: msg.code !== "banned" });
      socket.close(1000);
    }
  });
  socket.addEventListener("close", () => {
    if (state.done) return;
    state.done = true;
    clearInterval(state.timer);
    showProblem(t("ya.queue.lost"));
  });
}

/** Leave the queue (the page goes away, or the player picks something else). */
export const cancel = stop;
