// The page of a friends' table (/mesa/<id>, amigos.html): reads the table, opens the socket with
// this browser's seat token (if it has one), and shows the waiting room or the table as the
// table's state says. At the end: the result, the deals checked against the commitment kept from
// the start, «Otra partida», the record to download or to review at the solo table.

import * as store from "../store.js";
import * as anim from "../animation.js";
import * as R from "../render.js";
import * as T from "../table/pieces.js";
import { t, applyTo } from "../i18n.js";
import { installSprite } from "../cards.js";
import * as api from "../api.js";
import * as manifest from "../games.js";
import { connect } from "./conexion.js";
import { readTable, sit, host, leave } from "./peticiones.js";
import { drawRoom, gameName } from "./sala.js";
import { friendsTable } from "../table/friends.js";
import { verify } from "./verificar.js";
import { isRated, noteBefore, changeLine } from "../ya/puntuada.js";
import { seatToken, keepSeat, forgetSeat, seen, cleanName, keepCommitment, keptCommitment } from "./sitio.js";

const $ = (id) => document.getElementById(id);

const P = {
  id: null,
  token: null,
  seat: null, // this page's seat (absolute), null for a watcher
  table: null,
  conn: null,
  play: null, // the table (table/friends.js), once the game is known
  commitment: null, // kept from the start (or the first time the table is seen in play)
  verdict: null, // {for: commitment, ok} once the reveal is checked
  connLost: false,
  rated: false, // a «Jugar ya» table (ya/puntuada.js)
};

function tableId() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  const at = parts.lastIndexOf("mesa");
  return at >= 0 && parts[at + 1] ? decodeURIComponent(parts[at + 1]) : null;
}

function linkOfTable() {
  return new URL(`mesa/${encodeURIComponent(P.id)}`, document.baseURI).href;
}

function say(text, where = "sala-aviso") {
  const box = $(where);
  if (box) box.textContent = text;
}

function showMissing(text) {
  $("sala").hidden = true;
  $("app").hidden = true;
  $("sin-mesa").hidden = false;
  $("sin-mesa-texto").textContent = text || t("fr.missing.text");
}

// --- the room ---------------------------------------------------------------------------------

function drawWaiting() {
  $("app").hidden = true;
  $("sala").hidden = false;
  $("enlace").value = linkOfTable();
  drawRoom(P.table, { mine: P.seat, onSit: sitDown, onHost: hostAction, onLeave: leaveSeat });
}

async function sitDown(seat) {
  const input = $("nombre-sala");
  const name = cleanName(input.value);
  if (!name) {
    input.setAttribute("aria-invalid", "true");
    say(t("fr.name.bad"));
    input.focus();
    return;
  }
  input.removeAttribute("aria-invalid");
  try {
    const answer = await sit(P.id, seat, name);
    P.token = answer.token;
    P.seat = answer.seat;
    keepSeat(P.id, answer.token);
    P.table = answer.table;
    say("");
    P.conn.reopen(P.token); // the socket now speaks for this seat
    render();
    const start = $("btn-dejar") || $("btn-empezar");
    if (start) start.focus();
  } catch (error) {
    say(error.message);
  }
}

async function hostAction(action) {
  try {
    P.table = await host(P.id, P.token, action);
    if (action.type === "again") P.verdict = null;
    render();
  } catch (error) {
    say(error.message, P.table.state === "waiting" ? "sala-aviso" : "aviso");
    if (P.table.state !== "waiting") R.setStatus(error.message, { warn: true });
  }
}

async function leaveSeat() {
  if (!P.token) return;
  const warning = P.rated ? t("ya.leave.confirm") : t("fr.leave.confirm");
  if (P.table.state === "playing" && !window.confirm(warning)) return;
  try {
    P.table = await leave(P.id, P.token);
  } catch (error) {
    say(error.message);
    return;
  }
  forgetSeat(P.id);
  P.token = null;
  P.seat = null;
  P.conn.reopen(null);
  render();
  say(t("fr.left"));
}

// --- the end ------------------------------------------------------------------------------------

function endParts({ view, outcomeLine, table, end }) {
  const parts = [];
  const [head, totals] = outcomeLine(view.outcome, { split: true });
  const result = R.el("p", "centro-resultado");
  result.append(R.el("strong", "", head), " ", R.el("span", "centro-cuentas", totals));
  parts.push(R.el("h2", "centro-titulo", t("over.title")), result);
  const check = R.el("p", "verificacion");
  check.id = "verificacion";
  check.setAttribute("role", "status");
  if (end && P.verdict && P.verdict.for === end.commitment) {
    if (P.verdict.ok) {
      check.classList.add("bien");
      check.append(R.el("strong", "", `✓ ${t("fr.end.verified")}`), " ", R.el("span", "", t("fr.end.verifiedNote", { code: R.formatCode(end.code) })));
    } else {
      check.classList.add("mal");
      check.textContent = t("fr.end.notVerified");
    }
  } else check.textContent = t("fr.end.verifying");
  parts.push(check);
  if (P.rated && P.seat) {
    const rating = R.el("p", "valoracion-cambio", changeLine(table.game, end, P.seat, () => P.play && P.play.redraw()));
    rating.id = "valoracion-cambio";
    rating.setAttribute("role", "status");
    parts.push(rating);
  }
  const row = R.el("div", "fin-botones");
  if (P.rated) {
    const again = R.el("a", "boton principal", t("ya.end.again"));
    again.id = "btn-otra-ya";
    again.href = `./?ya=${encodeURIComponent(table.game)}-${encodeURIComponent(table.settings.target)}`;
    const board = R.el("a", "boton", t("ya.end.board"));
    board.href = `clasificacion?juego=${encodeURIComponent(table.game)}`;
    row.append(again, board);
  } else if (P.seat && table.host === P.seat) {
    const again = R.button(t("fr.end.again"), { className: "boton principal grande", id: "btn-otra" });
    again.addEventListener("click", () => hostAction({ type: "again" }));
    row.append(again);
  }
  const sheet = R.button(t("btn.showScore"), { className: "boton", action: "ver-hoja" });
  row.append(sheet);
  if (end && end.record) {
    const download = R.button(t("fr.end.download"), { className: "boton", id: "btn-descargar" });
    download.addEventListener("click", () => downloadRecord(end));
    const review = R.button(t("fr.end.review"), { className: "boton", id: "btn-repasar" });
    review.addEventListener("click", () => reviewAtTable(end, review));
    row.append(download, review);
  }
  parts.push(row);
  if (!P.rated && !(P.seat && table.host === P.seat)) parts.push(R.el("p", "centro-nota", t("fr.end.againWait")));
  const fair = R.el("a", "centro-enlace", t("fr.end.fair"));
  fair.href = document.documentElement.lang === "en" ? "en/fair-play.html" : "juego-limpio.html";
  parts.push(fair);
  return parts;
}

async function checkEnd(end) {
  if (!end || (P.verdict && P.verdict.for === end.commitment)) return;
  const kept = P.commitment || end.commitment;
  const ok = end.commitment === kept && (await verify(end, kept));
  P.verdict = { for: end.commitment, ok };
  if (P.play) P.play.redraw();
}

function downloadRecord(end) {
  const entry = manifest.byKey(P.table.game) || manifest.FIRST;
  // A solo download's shape, {record, sig}: the signature lets it open in review and «Rejugar»
  // (a plain record would be checked against the level's computer players, and people played).
  const file = { record: end.record, sig: end.sig };
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `${entry.download}-mesa-${end.code}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

/** The record opens at this browser's solo table (the solo game there is kept aside first). */
async function reviewAtTable(end, button) {
  button.disabled = true;
  try {
    const answer = await api.importGame(end.record, end.sig);
    const game = answer.game || P.table.game;
    const keys = store.KEYS[game];
    const raw = store.rawGame(keys.game);
    if (raw !== null) store.setAside(raw, keys.game, keys.aside);
    store.handOver(game, answer);
    window.location.assign("./");
  } catch (error) {
    button.disabled = false;
    R.setStatus(error.message, { warn: true });
    R.announce(error.message);
  }
}

// --- the table ------------------------------------------------------------------------------------

async function ensurePlay(game) {
  if (P.play) return P.play;
  // The game's hooks, by its key in the manifest (as the solo page loads them): its model and
  // drawing, its words, what it does its own way; the table is the one controller's.
  const entry = manifest.byKey(game) || manifest.FIRST;
  const hooks = await import(`../games/${entry.key}/hooks.js`);
  await hooks.prepare();
  P.play = friendsTable({
    game: hooks,
    partners: entry.partners,
    settings: store.loadSettings(),
    send: (action) => P.conn.send({ type: "act", action }),
    say: (phrase) => P.conn.send({ type: "say", phrase }),
    ask: (kind, ref) => P.conn.send({ type: kind, ref }),
    endParts,
  });
  return P.play;
}

function render() {
  if (!P.table) return;
  if (P.table.state === "waiting") drawWaiting();
  else {
    $("sala").hidden = true;
    $("app").hidden = false;
  }
}

async function received(msg) {
  if (msg.type === "welcome") P.seat = msg.seat;
  P.table = msg.table;
  for (const ev of msg.events || []) {
    if (ev.type !== "started") continue;
    P.commitment = ev.commitment;
    keepCommitment(P.id, ev.round, ev.commitment);
  }
  if (P.table.state !== "waiting" && !P.commitment) {
    // A reload: the commitment this browser kept when the game started, not today's word for it.
    P.commitment = keptCommitment(P.id, P.table.round) || P.table.commitment;
    keepCommitment(P.id, P.table.round, P.commitment);
  }
  if (msg.type === "update" && P.table.state === "playing" && P.table.round && P.verdict) P.verdict = null;
  render();
  if (P.table.state !== "waiting") {
    const play = await ensurePlay(P.table.game);
    play.apply(msg, P.seat);
  }
  if (msg.end) checkEnd(msg.end);
}

function onConnState(state, detail) {
  if (state === "open") {
    if (P.connLost) R.announce(t("fr.conn.back"));
    P.connLost = false;
    document.body.classList.remove("sin-conexion");
    // The room's notice said the connection was lost: it is back, so the notice goes.
    const notice = $("sala-aviso");
    if (notice && [t("fr.conn.lost"), t("fr.conn.replaced")].includes(notice.textContent)) say("");
    return;
  }
  P.connLost = true;
  document.body.classList.add("sin-conexion");
  if (state === "closed" && detail.code === 4401) {
    // This browser's token is no longer a seat here (the host freed it): watch, and sit again.
    forgetSeat(P.id);
    P.token = null;
    P.seat = null;
    P.conn.reopen(null);
    return;
  }
  if (state === "closed" && detail.code === 4404) {
    showMissing();
    return;
  }
  const text = state === "closed" && detail.code === 4409 ? t("fr.conn.replaced") : t("fr.conn.lost");
  R.setStatus(text, { warn: true });
  say(text);
  R.announce(text);
}

// --- a rated table («Jugar ya») ----------------------------------------------------------------

/** «Partida puntuada» in the header; no link to share and no host's tools (a rated table has no
 * host); the rating read now, so the end can say its change. */
function showRated() {
  document.body.classList.add("puntuada");
  $("puntuada-marca").hidden = false;
  const link = $("btn-enlace");
  if (link) link.closest("li").hidden = true;
  T.translatePage("ya.table.title");
  if (P.token && P.table.state === "playing") noteBefore(P.table.game);
}

// --- the link -------------------------------------------------------------------------------------

function wireLink() {
  const link = $("enlace");
  $("btn-copiar").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.value);
      say(t("fr.link.copied"), "enlace-nota");
    } catch {
      link.focus();
      link.select();
      say(t("fr.link.copyFailed"), "enlace-nota");
    }
  });
  const share = $("btn-compartir-enlace");
  const touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  if (navigator.share && touch) {
    share.hidden = false;
    share.addEventListener("click", async () => {
      const game = gameName(P.table ? P.table.game : null);
      try {
        await navigator.share({ title: t("fr.room.title"), text: t("fr.link.shareText", { game }), url: link.value });
      } catch {
        // the player closed the sheet
      }
    });
  }
  $("btn-enlace").addEventListener("click", async () => {
    $("mas").open = false;
    try {
      await navigator.clipboard.writeText(linkOfTable());
      R.setStatus(t("fr.link.copied"));
    } catch {
      R.setStatus(linkOfTable());
    }
  });
  $("btn-salir").addEventListener("click", () => {
    $("mas").open = false;
    leaveSeat();
  });
}

async function boot() {
  const settings = store.loadSettings();
  anim.configure({ fast: store.fastMode(), speed: settings.speed });
  await T.useLanguage(settings);
  T.translatePage("fr.title");
  installSprite();
  P.id = tableId();
  if (!P.id) {
    showMissing();
    return;
  }
  wireLink();
  try {
    P.table = await readTable(P.id);
  } catch (error) {
    showMissing(error.code === "table_not_found" ? null : error.message);
    return;
  }
  seen(P.id);
  P.token = seatToken(P.id);
  P.rated = isRated(P.table, P.id);
  if (P.rated) showRated();
  render();
  // One message at a time: the table's driver is loaded by the first, the next ones wait for it.
  let chain = Promise.resolve();
  const inOrder = (msg) => {
    chain = chain.then(() => received(msg)).catch(() => undefined);
  };
  P.conn = connect({
    id: P.id,
    token: P.token,
    onWelcome: inOrder,
    onUpdate: inOrder,
    onError: (msg) => {
      if (P.play && P.table.state !== "waiting") P.play.refused(msg);
      else say(msg.message);
    },
    onState: onConnState,
    onAnswer: (msg) => {
      if (P.play) P.play.answered(msg);
    },
  });
}

applyTo(document);
boot();
