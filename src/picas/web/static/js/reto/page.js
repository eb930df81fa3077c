// The page of «Reto del día» (/reto/<game>, reto.html; docs/daily-page.md). Before the attempt:
// the day's commitment (kept in this browser to check the reveal against), when the day ends in
// the player's own time, whether today's ranked attempt is done, today's and yesterday's tables,
// and yesterday's reveal checked with the side-by-side review of its hands. The attempt is a
// server-held table played at the one table controller over the friends' transport, its score
// against Difícil after each hand from the `reto` event (and from the API after a reload).

import * as manifest from "../games.js";
import * as store from "../store.js";
import * as anim from "../animation.js";
import * as R from "../render.js";
import * as T from "../table/pieces.js";
import { t, signed, num, language } from "../i18n.js";
import { installSprite } from "../cards.js";
import { connect } from "../amigos/conexion.js";
import { readTable } from "../amigos/peticiones.js";
import { keepSeat, seatToken } from "../amigos/sitio.js";
import { verify } from "../amigos/verificar.js";
import { friendsTable } from "../table/friends.js";
import * as cuenta from "../perfil/cuenta.js";
import * as api from "./peticiones.js";
import * as line from "./linea.js";
import { drawTable } from "./tablas.js";
import { openReview } from "./repaso.js";

const $ = (id) => document.getElementById(id);
const PREPARING_POLL_MS = 3000;

const P = {
  game: null,
  profile: null, // this browser's ({id, name}), made on the first visit (js/perfil/cuenta.js)
  day: null, // today's day as the API answered it
  tableId: null,
  seat: null,
  table: null,
  conn: null,
  play: null,
  scored: [], // the table's `reto` events
  ranked: true,
};

function gameFromPath() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  const at = parts.lastIndexOf("reto");
  const key = at >= 0 ? decodeURIComponent(parts[at + 1] || "") : "";
  return manifest.byKey(key) ? key : null;
}

function gameName(game) {
  return t(`reto.game.${game}`);
}

// --- the commitment kept ----------------------------------------------------------------------------

const keptKey = (game, day) => `picas.reto.${game}.${day}.compromiso`;

function keepCommitment(game, day, commitment) {
  try {
    if (!window.localStorage.getItem(keptKey(game, day))) window.localStorage.setItem(keptKey(game, day), commitment);
  } catch {
    // a refused storage: the reveal is checked against the day's published commitment
  }
}

function keptCommitment(game, day) {
  try {
    return window.localStorage.getItem(keptKey(game, day));
  } catch {
    return null;
  }
}

// --- before the attempt ---------------------------------------------------------------------------

function endsWords(ends) {
  const when = new Intl.DateTimeFormat(language() === "en" ? "en-GB" : "es-ES", {
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(ends * 1000));
  return t("reto.ends", { when });
}

function drawDay() {
  const day = P.day;
  $("reto-juego").textContent = t("reto.subtitle", { game: gameName(P.game), day: day.day });
  $("reto-fin").textContent = endsWords(day.ends);
  $("reto-compromiso").textContent = day.commitment;
  const me = day.me;
  const play = $("reto-jugar");
  let status;
  if (!day.opened) status = t("reto.preparing");
  else if (me && me.finished) status = t("reto.done", { total: signed(me.total) });
  else if (me && me.played) status = t("reto.going");
  else status = t("reto.notYet", { hands: day.hands });
  $("reto-estado").textContent = status;
  play.textContent = me && me.played ? t("reto.practiceBtn") : t("reto.play");
  if (me && me.played && !me.finished && me.table && seatToken(me.table)) play.textContent = t("reto.resume");
  play.disabled = !day.opened;
}

async function loadTables() {
  const today = P.day.day;
  const yesterday = api.dayBefore(today);
  const [now, before] = await Promise.all([
    api.dayTable(P.game, today).catch(() => null),
    api.dayTable(P.game, yesterday).catch(() => null),
  ]);
  drawTable($("tabla-hoy"), now, "reto.tableToday");
  drawTable($("tabla-ayer"), before, "reto.tableYesterday");
  if (before && before.over) await showReveal(yesterday);
}

async function showReveal(day) {
  let reveal;
  try {
    reveal = await api.reveal(P.game, day);
  } catch {
    return;
  }
  $("revelacion").hidden = false;
  const kept = keptCommitment(P.game, day) || reveal.commitment;
  const ok = reveal.commitment === kept && (await verify(reveal, kept));
  const check = $("reto-verificacion");
  check.replaceChildren();
  check.classList.toggle("bien", ok);
  check.classList.toggle("mal", !ok);
  if (ok) check.append(R.el("strong", "", `✓ ${t("fr.end.verified")}`), " ", R.el("span", "", t("reto.revealNote", { day, code: R.formatCode(reveal.code), salt: reveal.salt })));
  else check.textContent = t("fr.end.notVerified");
  const box = $("revelacion-manos");
  box.replaceChildren();
  const mine = reveal.mine; // this profile's own ranked attempt of that day, if it made one
  const table = R.el("table", "reto-manos");
  table.append(R.el("caption", "", t(mine ? "reto.handsCaptionMine" : "reto.handsCaption")));
  const head = R.el("tr");
  const columns = ["reto.col.hand", "reto.col.dificil", "reto.col.best", ...(mine ? ["reto.col.mine"] : []), "reto.col.review"];
  for (const key of columns) {
    const th = R.el("th", "", t(key));
    th.scope = "col";
    head.append(th);
  }
  const thead = R.el("thead");
  thead.append(head);
  const body = R.el("tbody");
  for (let n = 1; n <= reveal.hands; n += 1) {
    const tr = R.el("tr");
    const th = R.el("th", "", String(n));
    th.scope = "row";
    const dificil = reveal.baseline.hands[n - 1];
    const best = reveal.best ? reveal.best.hands[n - 1] : null;
    // «Repasar» on the screen (a phone's column is narrow), «Repasar la mano 3» when read out.
    const open = R.button(t("reto.review.short"), { className: "boton pequeno", id: `repasar-${n}` });
    open.append(R.srOnly(` ${t("reto.review.ofHand", { n })}`));
    open.addEventListener("click", () => openReview($("repaso"), reveal, n));
    const cell = R.el("td");
    cell.append(open);
    const score = (value) => R.el("td", "puntos", value === null || value === undefined ? "—" : signed(value));
    tr.append(th, R.el("td", "puntos", dificil === undefined ? "—" : num(dificil)), score(best));
    if (mine) tr.append(score(mine.hands[n - 1]));
    tr.append(cell);
    body.append(tr);
  }
  table.append(thead, body);
  box.append(table, R.el("p", "reto-nota", t("reto.handsNote")));
}

async function loadDay() {
  try {
    P.day = await api.today(P.game);
  } catch (error) {
    $("reto-estado").textContent = error.message;
    return false;
  }
  keepCommitment(P.game, P.day.day, P.day.commitment);
  drawDay();
  // A day still being prepared (a missed preparation is done on the first request): ask again.
  if (!P.day.opened) setTimeout(loadDay, PREPARING_POLL_MS);
  return true;
}

async function startAttempt() {
  const play = $("reto-jugar");
  const me = P.day.me;
  if (me && me.played && !me.finished && me.table && seatToken(me.table)) {
    openTable(me.table, seatToken(me.table));
    return;
  }
  play.disabled = true;
  $("reto-aviso").textContent = "";
  try {
    if (!cuenta.token()) P.profile = await cuenta.ensure();
    const answer = await api.attempt(P.game);
    keepSeat(answer.table, answer.token);
    openTable(answer.table, answer.token);
  } catch (error) {
    $("reto-aviso").textContent = error.message;
    play.disabled = false;
  }
}

// --- the attempt ----------------------------------------------------------------------------------

function endParts() {
  const last = P.scored[P.scored.length - 1];
  const parts = [R.el("h2", "centro-titulo", t("reto.over"))];
  const result = R.el("p", "centro-resultado");
  result.append(R.el("strong", "", last ? line.totalWords(last.total) : ""));
  parts.push(result);
  if (!P.ranked) parts.push(R.el("p", "centro-nota", t("reto.practiceNote")));
  const row = R.el("div", "fin-botones");
  const back = R.button(t("reto.seeTable"), { className: "boton principal grande", id: "btn-ver-tabla" });
  back.addEventListener("click", backToDay);
  row.append(back);
  parts.push(row);
  return parts;
}

async function backToDay() {
  if (P.conn) P.conn.close?.();
  const url = new URL(window.location.href);
  url.searchParams.delete("mesa");
  window.location.assign(url.href);
}

async function ensurePlay(game) {
  if (P.play) return P.play;
  const entry = manifest.byKey(game) || manifest.FIRST;
  const hooks = await import(`../games/${entry.key}/hooks.js`);
  await hooks.prepare();
  // Hints are off at a day's table (the server refuses them): the button is not drawn.
  const settings = { ...store.loadSettings(), hint: false };
  P.play = friendsTable({
    game: hooks,
    partners: entry.partners,
    settings,
    send: (action) => P.conn.send({ type: "act", action }),
    say: (phrase) => P.conn.send({ type: "say", phrase }),
    ask: (kind, ref) => P.conn.send({ type: kind, ref }),
    endParts,
  });
  return P.play;
}

async function received(msg) {
  if (msg.type === "welcome") P.seat = msg.seat;
  P.table = msg.table;
  let fresh = false;
  for (const ev of msg.events || []) if (line.keep(P.scored, ev)) fresh = true;
  if (fresh) {
    const last = P.scored[P.scored.length - 1];
    P.ranked = last.ranked;
    line.draw(P.scored, P.ranked);
    R.announce(`${line.handWords(last)} ${line.totalWords(last.total)}`);
  }
  const play = await ensurePlay(P.table.game);
  play.apply(msg, P.seat);
}

async function openTable(id, token) {
  P.tableId = id;
  const url = new URL(window.location.href);
  url.searchParams.set("mesa", id);
  window.history.replaceState(null, "", url.href);
  $("reto").hidden = true;
  $("app").hidden = false;
  T.translatePage("reto.title");
  try {
    const back = await api.scoreLine(id); // a reload gets its score line back
    P.scored = [];
    for (const ev of back.scored || []) line.keep(P.scored, { type: "reto", ...ev });
    P.ranked = back.ranked;
  } catch {
    P.scored = [];
  }
  line.draw(P.scored, P.ranked);
  try {
    P.table = await readTable(id);
  } catch (error) {
    R.setStatus(error.message, { warn: true });
    return;
  }
  let chain = Promise.resolve();
  const inOrder = (msg) => {
    chain = chain.then(() => received(msg)).catch(() => undefined);
  };
  P.conn = connect({
    id,
    token,
    onWelcome: inOrder,
    onUpdate: inOrder,
    onError: (msg) => {
      if (P.play) P.play.refused(msg);
      else R.setStatus(msg.message, { warn: true });
    },
    onState: (state) => {
      document.body.classList.toggle("sin-conexion", state !== "open");
      if (state !== "open") R.setStatus(t("fr.conn.lost"), { warn: true });
    },
    onAnswer: (msg) => {
      if (P.play) P.play.answered(msg);
    },
  });
}

// --- the start ------------------------------------------------------------------------------------

async function boot() {
  const settings = store.loadSettings();
  anim.configure({ fast: store.fastMode(), speed: settings.speed });
  await T.useLanguage(settings);
  T.translatePage("reto.title");
  installSprite();
  P.game = gameFromPath();
  if (!P.game) {
    $("reto-estado").textContent = t("reto.unknownGame");
    return;
  }
  document.title = `${t("reto.title")} — ${gameName(P.game)}`;
  $("btn-volver-reto").setAttribute("href", `reto/${P.game}`);
  // The profile of «Jugar ya» (one attempt counts per profile and day): made now if this browser
  // has none, a new one if its kept token is no longer the server's.
  P.profile = await cuenta.ensure().catch(() => null);
  const live = new URLSearchParams(window.location.search).get("mesa");
  if (live && seatToken(live)) {
    openTable(live, seatToken(live));
    return;
  }
  $("reto-jugar").addEventListener("click", startAttempt);
  if (await loadDay()) await loadTables();
}

boot();
