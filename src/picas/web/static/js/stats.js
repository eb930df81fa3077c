// Statistics in localStorage: games won, lost and drawn by level and by the options the game's
// declaration keeps apart (its target: games/<key>/options.py, in the manifest); contracts and
// South's own bids made or set; South's Nils; bags per hand. Every finished hand and game is
// counted once, by the game's id, however often the page reloads. Practice hands never count.

import { t } from "./i18n.js";
import { makeDialog, node, closeButton, confirmDialog } from "./dialogs.js";
import * as manifest from "./games.js";
import { offers, optionsOf } from "./options.js";

const KEY = "picas.estadisticas";
/** The options a game's results are kept apart by, in the order of the key (`level|target`). */
const GROUPS = optionsOf(manifest.GAMES.find((game) => game.storage.stats === KEY)).filter((option) => option.stats);
const COUNTERS = ["hands", "nsMade", "nsSet", "southMade", "southSet", "nilsBid", "nilsMade", "bags"];
const LEVELS = ["facil", "normal", "dificil"];
const KEEP = 80; // games remembered as counted

function empty(seen = {}) {
  const stats = { v: 1, results: {}, seen };
  for (const key of COUNTERS) stats[key] = 0;
  return stats;
}

function count(value) {
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/** The stored statistics; anything unreadable counts as zero. */
export function load() {
  let data = null;
  try {
    data = JSON.parse(window.localStorage.getItem(KEY) || "null");
  } catch {
    data = null;
  }
  const stats = empty();
  if (!data || typeof data !== "object") return stats;
  for (const key of COUNTERS) stats[key] = count(data[key]);
  if (data.results && typeof data.results === "object") {
    for (const [key, r] of Object.entries(data.results)) {
      if (!isResultKey(key) || !r || typeof r !== "object") continue;
      stats.results[key] = { won: count(r.won), lost: count(r.lost), drawn: count(r.drawn) };
    }
  }
  if (data.seen && typeof data.seen === "object") {
    for (const [gid, s] of Object.entries(data.seen)) {
      if (s && typeof s === "object") stats.seen[gid] = { h: count(s.h), over: s.over === true, at: count(s.at) };
    }
  }
  return stats;
}

/** Whether a stored results' key is a level and a declared value of each group, as `record` writes it. */
function isResultKey(key) {
  const [level, ...values] = key.split("|");
  return LEVELS.includes(level) && values.length === GROUPS.length
    && GROUPS.every((option, i) => option.values.some((value) => String(value) === values[i]));
}

/** The results' key of a finished game: its level and its rules' value of each group (a value the
 * settings do not offer: the default, as the game's settings were). */
function resultKey(level, rules) {
  const values = GROUPS.map((option) => (offers(option, rules[option.name]) ? rules[option.name] : option.default));
  return [LEVELS.includes(level) ? level : "facil", ...values].join("|");
}

function store(stats) {
  const ids = Object.keys(stats.seen);
  if (ids.length > KEEP) {
    ids.sort((a, b) => Number(stats.seen[b].over) - Number(stats.seen[a].over) || stats.seen[a].at - stats.seen[b].at);
    for (const gid of ids.slice(0, ids.length - KEEP)) delete stats.seen[gid];
  }
  try {
    window.localStorage.setItem(KEY, JSON.stringify(stats));
  } catch {
    // statistics are not worth a warning
  }
}

function countHand(stats, result) {
  stats.hands += 1;
  const ns = result.sheets.find((s) => s.team === "north_south") || result.sheets[0];
  if (ns.contract !== null) {
    if (ns.counted_tricks >= ns.contract) stats.nsMade += 1;
    else stats.nsSet += 1;
  }
  const bid = result.bids.south;
  if (bid === 0) {
    stats.nilsBid += 1;
    if (result.won.south === 0) stats.nilsMade += 1;
  } else if (result.won.south >= bid) stats.southMade += 1;
  else stats.southSet += 1;
  stats.bags += ns.bags_added;
}

/** Count what is new in this view of game `gid`: finished hands, and the result once it is over. */
export function record({ view, gid, level }) {
  const stats = load();
  const seen = stats.seen[gid] || { h: 0, over: false, at: 0 };
  let changed = false;
  for (const result of view.history) {
    if (result.number <= seen.h) continue;
    countHand(stats, result);
    seen.h = result.number;
    changed = true;
  }
  if (view.outcome && !seen.over) {
    const key = resultKey(level, view.rules);
    const r = (stats.results[key] ||= { won: 0, lost: 0, drawn: 0 });
    if (view.outcome.winner === "north_south") r.won += 1;
    else if (view.outcome.winner === "east_west") r.lost += 1;
    else r.drawn += 1;
    seen.over = true;
    changed = true;
  }
  if (!changed) return;
  seen.at = Date.now();
  stats.seen[gid] = seen;
  store(stats);
}

/** A game opened from someone's record: what was played before it came here is not counted. */
export function skipHistory({ view, gid }) {
  const stats = load();
  const last = view.history.length ? view.history[view.history.length - 1].number : 0;
  stats.seen[gid] = { h: last, over: Boolean(view.outcome), at: Date.now() };
  store(stats);
}

// --- the panel ------------------------------------------------------------------------------

function madeOf(made, of) {
  return t(made === 1 ? "stats.madeOf.one" : "stats.madeOf", { made, of });
}

function percent(part, whole) {
  if (!whole) return "";
  return ` (${new Intl.NumberFormat(document.documentElement.lang, { style: "percent" }).format(part / whole)})`;
}

function row(label, value, id) {
  const tr = node("tr");
  const th = node("th", "", label);
  th.scope = "row";
  const td = node("td", "", value);
  if (id) td.id = id;
  tr.append(th, td);
  return tr;
}

function gamesTable(stats) {
  // By level, then by each group in its declared order of values.
  const rank = (key) => {
    const [level, ...values] = key.split("|");
    return [LEVELS.indexOf(level), ...GROUPS.map((option, i) => option.values.findIndex((v) => String(v) === values[i]))];
  };
  const keys = Object.keys(stats.results).sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra.reduce((order, value, i) => order || value - rb[i], 0);
  });
  if (!keys.length) return node("p", "nota", t("stats.noGames"));
  const table = node("table", "hoja estadisticas");
  table.id = "est-partidas";
  table.append(node("caption", "", t("stats.games")));
  const head = node("tr");
  for (const key of ["stats.level", ...GROUPS.map((option) => `stats.${option.name}`), "stats.won", "stats.lost", "stats.drawn"]) {
    const th = node("th", "", t(key));
    th.scope = "col";
    head.append(th);
  }
  const thead = node("thead");
  thead.append(head);
  const body = node("tbody");
  for (const key of keys) {
    const [level, ...values] = key.split("|");
    const r = stats.results[key];
    const tr = node("tr");
    tr.dataset.clave = key;
    const th = node("th", "", t(`level.${level}`));
    th.scope = "row";
    tr.append(th, ...values.map((value) => node("td", "", value)), node("td", "", String(r.won)), node("td", "", String(r.lost)), node("td", "", String(r.drawn)));
    body.append(tr);
  }
  table.append(thead, body);
  return table;
}

function handsTable(stats) {
  const table = node("table", "hoja estadisticas");
  table.id = "est-manos";
  table.append(node("caption", "", t("stats.hands")));
  const body = node("tbody");
  const ns = stats.nsMade + stats.nsSet;
  const own = stats.southMade + stats.southSet;
  const perHand = stats.hands ? new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(stats.bags / stats.hands) : "—";
  body.append(
    row(t("stats.handsPlayed"), String(stats.hands), "est-manos-jugadas"),
    row(t("stats.contracts"), madeOf(stats.nsMade, ns) + percent(stats.nsMade, ns), "est-contratos"),
    row(t("stats.ownBids"), madeOf(stats.southMade, own) + percent(stats.southMade, own), "est-cantos"),
    row(t("stats.nils"), madeOf(stats.nilsMade, stats.nilsBid), "est-nil"),
    row(t("stats.bagsPerHand"), perHand, "est-sacos"),
  );
  table.append(body);
  return table;
}

function fill(dialog) {
  const stats = load();
  const body = node("div", "dialogo-cuerpo");
  const heading = node("h2", "", t("stats.title"));
  heading.id = "dlg-estadisticas-titulo";
  const content = node("div");
  content.id = "est-contenido";
  content.append(gamesTable(stats), handsTable(stats));
  const note = node("p", "nota", t("stats.note"));
  const message = node("p", "mensaje");
  message.id = "est-mensaje";
  message.setAttribute("role", "status");
  const buttons = node("div", "dialogo-botones");
  const reset = node("button", "boton", t("stats.reset"));
  reset.type = "button";
  reset.id = "est-borrar";
  const close = closeButton();
  close.classList.add("principal");
  buttons.append(reset, close);
  body.append(heading, content, note, message, buttons);
  dialog.replaceChildren(body);
  reset.addEventListener("click", async () => {
    const ok = await confirmDialog({
      title: t("stats.resetTitle"),
      text: t("stats.resetText"),
      ok: t("stats.resetYes"),
      cancel: t("stats.resetNo"),
      id: "dlg-borrar-estadisticas",
    });
    if (!ok) {
      $focus("est-borrar");
      return;
    }
    // The games already counted stay marked as counted: a reload must not count them again.
    store(empty(load().seen));
    fill(dialog);
    document.getElementById("est-mensaje").textContent = t("stats.resetDone");
    $focus("est-borrar");
  });
  return close;
}

function $focus(id) {
  const el = document.getElementById(id);
  if (el) el.focus({ preventScroll: true });
}

export function showPanel() {
  const dialog = makeDialog("dlg-estadisticas");
  const close = fill(dialog);
  dialog.showModal();
  close.focus({ preventScroll: true });
}
