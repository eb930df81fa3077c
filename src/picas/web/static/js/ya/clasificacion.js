// The leaderboards (/clasificacion, clasificacion.html; docs/page-quick.md): per game, all time
// or this week (GET /api/clasificacion/{game}?periodo=…&desde=…&cuantos=…). The asking profile's
// row is marked, and its rank is said even when it is far down the list (the answer's `me`). The
// computer levels are rated players too, shown as «CPU · Difícil» with their number: a yardstick.

import { t } from "../i18n.js";
import * as manifest from "../games.js";
import * as cuenta from "../perfil/cuenta.js";
import { ratingText } from "../perfil/valor.js";
import { useSavedLanguage } from "../perfil/idioma.js";

const $ = (id) => document.getElementById(id);
const PAGE = 20;
const PERIODS = ["siempre", "semana"];

const B = { game: null, period: "siempre", rows: [], me: null, more: false, asked: 0 };

const games = () => manifest.GAMES.filter((g) => g.friends);
const gameName = (key) => t((manifest.byKey(key) || manifest.FIRST).choice.name);
const isCpu = (id) => typeof id === "string" && id.startsWith("cpu:");

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A row's name: a person's as typed; a computer level's as «CPU · Difícil». */
function nameOf(row) {
  if (isCpu(row.id)) {
    const level = row.id.slice(4);
    return t("board.cpu", { level: t(`level.${level}`) === `level.${level}` ? row.name : t(`level.${level}`) });
  }
  return String(row.name ?? "");
}

function readRow(raw) {
  if (!raw || typeof raw !== "object") return null;
  const rank = Number(raw.rank);
  const rating = Number(raw.rating);
  if (!Number.isFinite(rank) || !Number.isFinite(rating)) return null;
  return { rank, id: String(raw.id ?? ""), name: raw.name, rating, games: Number(raw.games) || 0, provisional: Boolean(raw.provisional) };
}

function rowNode(row, mine) {
  const tr = el("tr", isCpu(row.id) ? "fila-cpu" : "");
  if (mine) {
    tr.classList.add("fila-mia");
    tr.setAttribute("aria-current", "true");
  }
  tr.append(el("td", "col-puesto", `${row.rank}`));
  const name = el("td", "col-nombre");
  name.append(el("span", "", nameOf(row)));
  if (mine) name.append(el("span", "etiqueta", t("board.you")));
  tr.append(name);
  tr.append(el("td", "col-num col-valor", ratingText(row.rating)), el("td", "col-num", String(row.games)));
  return tr;
}

function draw() {
  const myId = B.me ? B.me.id : (cuenta.known() || {}).id;
  const body = $("filas");
  const nodes = B.rows.map((row) => rowNode(row, row.id === myId));
  if (B.me && !B.rows.some((row) => row.id === B.me.id)) {
    const gap = el("tr", "fila-hueco");
    const cell = el("td", "", "⋯");
    cell.colSpan = 4;
    cell.setAttribute("aria-label", t("board.gap"));
    gap.append(cell);
    nodes.push(gap, rowNode(B.me, true));
  }
  body.replaceChildren(...nodes);
  $("tabla-titulo").textContent = t("board.caption", { game: gameName(B.game), period: t(`board.period.${B.period}`) });
  $("tabla-vacia").hidden = B.rows.length > 0;
  $("tabla-marco").hidden = B.rows.length === 0;
  $("btn-mas").hidden = !B.more;
  $("mi-puesto").textContent = B.me ? t("board.mine", { rank: B.me.rank, rating: ratingText(B.me.rating) }) : cuenta.token() ? t("board.mineNone") : t("board.noProfile");
}

async function fetchPage(from) {
  const ask = ++B.asked;
  const query = new URLSearchParams({ periodo: B.period, desde: String(from), cuantos: String(PAGE) });
  const answer = await cuenta.call("GET", `/api/clasificacion/${encodeURIComponent(B.game)}?${query}`);
  if (ask !== B.asked) return; // a newer choice was made meanwhile
  const raw = Array.isArray(answer) ? answer : answer && (answer.rows ?? answer.filas ?? []);
  const rows = (Array.isArray(raw) ? raw : []).map(readRow).filter(Boolean);
  B.rows = from === 0 ? rows : [...B.rows, ...rows];
  B.me = answer && answer.me ? readRow(answer.me) : null;
  const total = answer && Number.isInteger(answer.total) ? answer.total : null;
  B.more = total !== null ? B.rows.length < total : rows.length === PAGE;
  draw();
}

async function show(from = 0) {
  $("mi-puesto").textContent = t("board.loading");
  try {
    await fetchPage(from);
  } catch (error) {
    if (error.code !== "no_profile") {
      $("mi-puesto").textContent = error.message;
      return;
    }
    // This browser's token is no longer a profile (deleted elsewhere): forgotten, asked without.
    await fetchPage(from).catch((again) => {
      $("mi-puesto").textContent = again.message;
    });
  }
}

function drawGameChoice() {
  const box = $("filtro-juego");
  box.replaceChildren(...games().map((game) => {
    const label = el("label", "filtro-opcion");
    const input = el("input");
    input.type = "radio";
    input.name = "juego";
    input.value = game.key;
    input.checked = game.key === B.game;
    label.append(input, " ", el("span", "", gameName(game.key)));
    return label;
  }));
}

function fromAddress() {
  const params = new URLSearchParams(window.location.search);
  const game = manifest.byLink(params.get("juego") || "");
  if (game && game.friends) B.game = game.key;
  if (PERIODS.includes(params.get("periodo"))) B.period = params.get("periodo");
}

function toAddress() {
  const params = new URLSearchParams({ juego: B.game, periodo: B.period });
  window.history.replaceState(null, "", `${window.location.pathname}?${params}`);
}

async function boot() {
  B.game = games()[0].key;
  fromAddress();
  await useSavedLanguage("board.title", () => {
    drawGameChoice();
    draw();
  });
  drawGameChoice();
  for (const input of document.querySelectorAll('input[name="periodo"]')) input.checked = input.value === B.period;
  $("filtros").addEventListener("change", (event) => {
    if (event.target.name === "juego") B.game = event.target.value;
    else if (event.target.name === "periodo") B.period = event.target.value;
    toAddress();
    show(0);
  });
  $("filtros").addEventListener("submit", (event) => event.preventDefault());
  $("btn-mas").addEventListener("click", () => show(B.rows.length));
  await show(0);
}

boot();
