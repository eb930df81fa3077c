// The profile's page (/perfil, perfil.html; docs/page-quick.md): the name (changed here), the
// rating per game with «provisional» and its history as a small plot, games played and won, the
// solo statistics (copied once from this browser), the people «Jugar ya» keeps away from this
// profile (each with «Desbloquear», and «Deshacer» just after), the passkeys (add, list, remove;
// sign in with one from another device), and the profile's deletion after a confirmation. A
// visitor with no profile yet gets one made here only when they ask («Crear mi perfil») or sign in
// with a passkey.

import { t, language } from "../i18n.js";
import * as manifest from "../games.js";
import * as cuenta from "./cuenta.js";
import * as llaves from "./llaves.js";
import { publicProfile, ratingLine, ratingText } from "./valor.js";
import { plot } from "./grafica.js";
import { syncStats, summary } from "./solo.js";
import { useSavedLanguage } from "./idioma.js";

const $ = (id) => document.getElementById(id);

const P = { profile: null, public: null, keys: [], solo: null, blocks: null, blocksError: null, undone: null };

function say(text) {
  $("perfil-aviso").textContent = text;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function dateText(value) {
  if (value === null || value === undefined) return "";
  const ms = typeof value === "number" ? (value < 1e12 ? value * 1000 : value) : Date.parse(String(value));
  if (!Number.isFinite(ms)) return "";
  return new Date(ms).toLocaleDateString(language() === "en" ? "en-GB" : "es-ES", { day: "numeric", month: "long", year: "numeric" });
}

const gameName = (key) => t((manifest.byKey(key) || manifest.FIRST).choice.name);

// --- drawing ----------------------------------------------------------------------------------

function drawGames() {
  const box = $("juegos-valoracion");
  const cards = manifest.GAMES.filter((g) => g.friends).map((game) => {
    const part = P.public ? P.public.games[game.key] : null;
    const card = el("article", "juego-valor");
    card.setAttribute("aria-labelledby", `valor-${game.key}`);
    const head = el("h3", "juego-valor-nombre", gameName(game.key));
    head.id = `valor-${game.key}`;
    card.append(head);
    const number = el("p", "juego-valor-numero");
    number.id = `valoracion-${game.key}`;
    if (part && part.rating !== null) {
      number.append(el("span", "valor-cifra", ratingText(part.rating)));
      if (part.provisional) number.append(el("span", "valor-provisional", t("profile.provisional")));
    } else number.append(el("span", "valor-nada", t("profile.rating.none")));
    card.append(number);
    const counts = el("p", "juego-valor-cuentas", t("profile.games.counts", { games: part ? part.games : 0, wins: part ? part.wins : 0 }));
    card.append(counts);
    // The plot starts where the first game started from (its rating less its change).
    const history = part ? part.history : [];
    const start = history.length && history[0].change !== null ? [history[0].rating - history[0].change] : [];
    const ratings = [...start, ...history.map((p) => p.rating)];
    if (ratings.length >= 2) {
      const label = t("profile.plot.label", { game: gameName(game.key), first: ratingText(ratings[0]), last: ratingText(ratings[ratings.length - 1]), n: history.length });
      card.append(plot(ratings, label));
    } else card.append(el("p", "nota", t("profile.plot.empty")));
    return card;
  });
  box.replaceChildren(...cards);
  const total = Object.values(P.public ? P.public.games : {}).reduce((sum, g) => ({ games: sum.games + g.games, wins: sum.wins + g.wins }), { games: 0, wins: 0 });
  $("perfil-resumen").textContent = t("profile.summary", total);
  $("perfil-juegos").hidden = false;
}

function drawSolo() {
  const box = $("solo-contenido");
  const games = Object.entries(P.solo || {}).filter(([key]) => manifest.byKey(key));
  const rows = games
    .map(([key, stats]) => [key, summary(stats)])
    .filter(([, s]) => s.played > 0)
    .map(([key, s]) => el("li", "", t("profile.stats.row", { game: gameName(key), played: s.played, won: s.won, lost: s.lost })));
  if (rows.length) {
    const list = el("ul", "solo-lista");
    list.append(...rows);
    box.replaceChildren(list, el("p", "nota", t("profile.stats.note")));
  } else box.replaceChildren(el("p", "nota", t("profile.stats.none")));
  $("perfil-solo").hidden = false;
}

function drawKeys() {
  const list = $("llaves-lista");
  if (!P.keys.length) {
    list.replaceChildren(el("li", "nota", t("profile.keys.none")));
  } else {
    list.replaceChildren(...P.keys.map((key, i) => {
      const item = el("li", "llave");
      const created = dateText(key.created);
      const words = el("span", "llave-texto", key.name || (created ? t("profile.keys.item", { date: created }) : t("profile.keys.itemN", { n: i + 1 })));
      const used = dateText(key.used);
      if (used) words.append(el("span", "llave-uso", ` · ${t("profile.keys.used", { date: used })}`));
      const remove = el("button", "boton pequeno", t("profile.keys.remove"));
      remove.type = "button";
      remove.setAttribute("aria-label", t("profile.keys.removeAria", { what: words.firstChild.textContent }));
      remove.addEventListener("click", () => removeKey(key, remove));
      item.append(words, remove);
      return item;
    }));
  }
  $("llaves-propias").hidden = false;
}

// «No volver a jugar con…»: the list the server keeps (`GET /api/ya/bloqueos`, names included:
// a profile deleted since has none), each with «Desbloquear» (`DELETE …/{id}`); the last one
// undone can be blocked again from here at once («Deshacer», `POST {id}`), as the list holds ids.

function blockNote(text, { problem = false, undo = null } = {}) {
  const line = $("bloqueos-aviso");
  line.classList.toggle("error", problem);
  line.replaceChildren(...(text ? [el("span", "", text)] : []));
  if (undo) {
    const again = el("button", "boton pequeno", t("profile.blocks.undo"));
    again.type = "button";
    again.id = "btn-rebloquear";
    again.setAttribute("aria-label", t("profile.blocks.undoAria", { name: undo.label }));
    again.addEventListener("click", () => blockAgain(undo, again));
    line.append(again);
  }
}

const blockedName = (item) => item.name || t("profile.blocks.noName");

function drawBlocks() {
  const list = $("bloqueos-lista");
  if (P.blocks === null) {
    const retry = el("button", "boton pequeno", t("profile.blocks.retry"));
    retry.type = "button";
    retry.addEventListener("click", reloadBlocks);
    const item = el("li", "bloqueos-vacio", t("profile.blocks.unread", { error: P.blocksError || "" }));
    item.append(" ", retry);
    list.replaceChildren(item);
  } else if (!P.blocks.length) {
    list.replaceChildren(el("li", "bloqueos-vacio nota", t("profile.blocks.none")));
  } else {
    list.replaceChildren(...P.blocks.map((item) => {
      const row = el("li", "bloqueo");
      row.dataset.id = item.id;
      const name = el("span", item.name ? "bloqueo-nombre" : "bloqueo-nombre sin-nombre", blockedName(item));
      const undo = el("button", "boton pequeno", t("profile.blocks.unblock"));
      undo.type = "button";
      undo.setAttribute("aria-label", t("profile.blocks.unblockAria", { name: blockedName(item) }));
      undo.addEventListener("click", () => unblock(item, undo));
      row.append(name, undo);
      return row;
    }));
  }
  $("perfil-bloqueos").hidden = false;
}

function drawAll() {
  const mine = Boolean(P.profile);
  $("sin-perfil").hidden = mine;
  $("perfil-nombre").hidden = !mine;
  $("perfil-borrar").hidden = !mine;
  $("llaves-propias").hidden = !mine;
  if (!mine) {
    $("perfil-juegos").hidden = true;
    $("perfil-solo").hidden = true;
    $("perfil-bloqueos").hidden = true;
    return;
  }
  const input = $("nombre");
  if (document.activeElement !== input) input.value = P.profile.name;
  drawGames();
  if (P.solo) drawSolo();
  if (P.blocks !== null || P.blocksError !== null) drawBlocks();
  drawKeys();
}

// --- loading ----------------------------------------------------------------------------------

async function load() {
  try {
    P.profile = await cuenta.current();
  } catch (error) {
    say(error.message);
    return;
  }
  P.public = null;
  P.keys = [];
  P.solo = null;
  P.blocks = null;
  P.blocksError = null;
  P.undone = null;
  blockNote("");
  drawAll();
  if (!P.profile) return;
  const [pub, keys, solo, blocks] = await Promise.allSettled([publicProfile(P.profile.id), llaves.listKeys(), syncStats(P.profile.id), listBlocks()]);
  P.public = pub.status === "fulfilled" ? pub.value : null;
  P.keys = keys.status === "fulfilled" ? keys.value : [];
  P.solo = solo.status === "fulfilled" ? solo.value : null;
  takeBlocks(blocks);
  drawAll();
}

async function listBlocks() {
  const answer = await cuenta.call("GET", "/api/ya/bloqueos");
  if (!answer || !Array.isArray(answer.bloqueos)) throw new Error(t("error.unexpected"));
  return answer.bloqueos.filter((item) => item && typeof item.id === "string");
}

function takeBlocks(settled) {
  if (settled.status === "fulfilled") {
    P.blocks = settled.value;
    P.blocksError = null;
  } else {
    P.blocks = null;
    P.blocksError = settled.reason instanceof Error ? settled.reason.message : String(settled.reason);
  }
}

async function reloadBlocks() {
  const [settled] = await Promise.allSettled([listBlocks()]);
  takeBlocks(settled);
  drawBlocks();
}

// --- actions ----------------------------------------------------------------------------------

async function make() {
  const button = $("btn-crear-perfil");
  button.disabled = true;
  try {
    await cuenta.ensure();
    await load();
    say(t("profile.made"));
    $("nombre").focus();
  } catch (error) {
    say(error.message);
  } finally {
    button.disabled = false;
  }
}

async function rename(event) {
  event.preventDefault();
  const input = $("nombre");
  const name = cuenta.cleanName(input.value);
  if (!name) {
    input.setAttribute("aria-invalid", "true");
    say(t("fr.name.bad"));
    input.focus();
    return;
  }
  input.removeAttribute("aria-invalid");
  try {
    await cuenta.rename(name);
    P.profile = { ...P.profile, name };
    input.value = name;
    say(t("profile.name.saved", { name }));
  } catch (error) {
    say(error.message);
  }
}

/** «Desbloquear»: the row goes, the line under the list says so, with «Deshacer» focused. */
async function unblock(item, button) {
  button.disabled = true;
  try {
    const answer = await cuenta.call("DELETE", `/api/ya/bloqueos/${encodeURIComponent(item.id)}`);
    P.blocks = Array.isArray(answer && answer.bloqueos) ? answer.bloqueos : P.blocks.filter((b) => b.id !== item.id);
  } catch (error) {
    button.disabled = false;
    blockNote(t("profile.blocks.failed", { error: error.message }), { problem: true });
    return;
  }
  P.undone = { id: item.id, label: blockedName(item) };
  drawBlocks();
  blockNote(t("profile.blocks.done", { name: P.undone.label }), { undo: P.undone });
  $("btn-rebloquear").focus();
}

/** «Deshacer»: the one just unblocked is blocked again, by the id the list gave. */
async function blockAgain(undo, button) {
  button.disabled = true;
  try {
    const answer = await cuenta.call("POST", "/api/ya/bloqueos", { id: undo.id });
    P.blocks = Array.isArray(answer && answer.bloqueos) ? answer.bloqueos : P.blocks;
  } catch (error) {
    button.disabled = false;
    blockNote(t("profile.blocks.failed", { error: error.message }), { problem: true, undo });
    return;
  }
  P.undone = null;
  drawBlocks();
  blockNote(t("profile.blocks.again", { name: undo.label }));
  const row = [...$("bloqueos-lista").querySelectorAll("li.bloqueo")].find((li) => li.dataset.id === undo.id);
  if (row) row.querySelector("button").focus();
}

function deviceRefused(error, key) {
  // The browser's own refusals (cancelled, no authenticator, timed out) are DOMExceptions.
  return error instanceof DOMException || error.name === "NotAllowedError" ? t(key) : error.message;
}

async function addKey() {
  if (!llaves.supported()) {
    say(t("profile.keys.unsupported"));
    return;
  }
  const button = $("btn-llave");
  button.disabled = true;
  try {
    await llaves.addKey();
    P.keys = await llaves.listKeys();
    drawKeys();
    say(t("profile.keys.added"));
  } catch (error) {
    say(deviceRefused(error, "profile.keys.cancelled"));
  } finally {
    button.disabled = false;
  }
}

async function removeKey(key, button) {
  button.disabled = true;
  try {
    await llaves.removeKey(key.id);
    P.keys = await llaves.listKeys();
    drawKeys();
    say(t("profile.keys.removed"));
    $("btn-llave").focus();
  } catch (error) {
    button.disabled = false;
    say(error.message);
  }
}

async function signIn() {
  if (!llaves.supported()) {
    say(t("profile.keys.unsupported"));
    return;
  }
  const button = $("btn-entrar");
  button.disabled = true;
  try {
    const profile = await llaves.signIn();
    await load();
    say(t("profile.signin.done", { name: profile.name }));
  } catch (error) {
    say(deviceRefused(error, "profile.signin.cancelled"));
  } finally {
    button.disabled = false;
  }
}

function askDelete() {
  $("dlg-borrar").showModal();
  $("btn-borrar-no").focus();
}

async function remove() {
  $("dlg-borrar").close();
  try {
    await cuenta.remove();
    P.profile = null;
    drawAll();
    say(t("profile.delete.done"));
    $("btn-crear-perfil").focus();
  } catch (error) {
    say(error.message);
  }
}

async function boot() {
  await useSavedLanguage("profile.title", drawAll);
  $("btn-crear-perfil").addEventListener("click", make);
  $("nombre-form").addEventListener("submit", rename);
  $("btn-llave").addEventListener("click", addKey);
  $("btn-entrar").addEventListener("click", signIn);
  $("btn-borrar").addEventListener("click", askDelete);
  $("btn-borrar-no").addEventListener("click", () => {
    $("dlg-borrar").close();
    $("btn-borrar").focus();
  });
  $("btn-borrar-si").addEventListener("click", remove);
  await load();
}

boot();
