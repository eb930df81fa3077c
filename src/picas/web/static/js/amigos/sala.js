// The waiting room: the four seats (in a game of partnerships, who partners whom), who is connected, a free seat to
// pick with a name; the host moves people, leaves seats to the CPU or free, and starts with two
// to four people. Drawn whole from the public table (TableOut) at each change; names are text.

import { t } from "../i18n.js";
import { el, srOnly } from "../render.js";
import * as manifest from "../games.js";

const $ = (id) => document.getElementById(id);
const SEATS = ["south", "west", "north", "east"];
const PARTNER = { south: "north", north: "south", west: "east", east: "west" };

/** The game's name in the page's words (its first-screen name, from the manifest). */
export function gameName(game) {
  const entry = manifest.byKey(game) || manifest.FIRST;
  return t(entry.choice.name);
}

/** Whether the game is played in partnerships (the room shows who partners whom). */
function partners(game) {
  const entry = manifest.byKey(game);
  return Boolean(entry && entry.partners);
}

export function summary(table) {
  const parts = [t("fr.room.game", { game: gameName(table.game), target: table.settings.target, level: t(`level.${table.level}`) })];
  if (table.turn_timer) parts.push(t("fr.room.timer", { n: table.turn_timer }));
  return parts.join(" · ");
}

function dot(connected) {
  const d = el("span", connected ? "punto conectado" : "punto");
  d.setAttribute("aria-hidden", "true");
  return d;
}

function personLine(info, { mine, isHost }) {
  const who = el("span", "sala-persona");
  who.append(dot(info.connected), el("span", "sala-nombre", info.name));
  const tags = [];
  if (mine) tags.push(t("fr.room.you"));
  if (isHost) tags.push(t("fr.room.host"));
  if (tags.length) who.append(el("span", "sala-etiqueta", ` (${tags.join(", ")})`));
  who.append(srOnly(`, ${t(info.connected ? "fr.room.connected" : "fr.room.away")}`));
  return who;
}

/**
 * draw(table, {mine, onSit(seat), onHost(action), onLeave(), canSit}): the room at this moment.
 * `mine`: this page's seat, or null (a watcher who may sit down).
 */
export function drawRoom(table, { mine, onSit, onHost, onLeave }) {
  $("sala-juego").textContent = summary(table);
  $("sala-parejas").textContent = partners(table.game) ? t("fr.room.pairs") : t("fr.room.noPairs");
  const amHost = mine !== null && table.host === mine;
  const list = $("asientos-lista");
  const items = [];
  for (const seat of SEATS) {
    const info = table.seats.find((s) => s.seat === seat) || { seat, kind: "free", name: null, connected: false };
    const li = el("li", `sala-asiento ${info.kind}`);
    li.dataset.seat = seat;
    if (partners(table.game)) li.classList.add(seat === "south" || seat === "north" ? "pareja-a" : "pareja-b");
    const head = el("span", "sala-sitio", t(`fr.seat.${seat}`));
    if (partners(table.game)) head.append(el("span", "sala-pareja", ` · ${t("fr.room.partner", { seat: t(`fr.seat.${PARTNER[seat]}`) })}`));
    li.append(head);
    const body = el("div", "sala-ocupante");
    if (info.kind === "person") body.append(personLine(info, { mine: seat === mine, isHost: seat === table.host }));
    else body.append(el("span", "sala-libre", info.kind === "cpu" ? t("fr.room.cpu", { level: t(`level.${table.level}`) }) : t("fr.room.free")));
    li.append(body);
    const tools = el("div", "sala-herramientas");
    if (mine === null && info.kind !== "person") {
      const b = el("button", "boton principal", t("fr.room.sitHere"));
      b.type = "button";
      b.dataset.sentarse = seat;
      b.setAttribute("aria-label", `${t("fr.room.sitHere")}: ${t(`fr.seat.${seat}`)}`);
      b.addEventListener("click", () => onSit(seat));
      tools.append(b);
    }
    if (amHost) {
      const move = el("select", "sala-mover");
      move.setAttribute("aria-label", t("fr.room.moveAria", { name: info.name || t(`fr.seat.${seat}`) }));
      move.append(new Option(t("fr.room.moveTo"), ""));
      for (const other of SEATS) if (other !== seat) move.append(new Option(t(`fr.seat.${other}`), other));
      move.addEventListener("change", () => {
        if (move.value) onHost({ type: "move", seat, to: move.value });
      });
      tools.append(move);
      if (seat !== mine && info.kind !== "cpu") {
        const b = el("button", "boton pequeno", t("fr.room.toCpu"));
        b.type = "button";
        b.addEventListener("click", () => onHost({ type: "cpu", seat }));
        tools.append(b);
      }
      if (seat !== mine && info.kind !== "free") {
        const b = el("button", "boton pequeno", t("fr.room.toFree"));
        b.type = "button";
        b.addEventListener("click", () => onHost({ type: "free", seat }));
        tools.append(b);
      }
    }
    if (tools.childElementCount) li.append(tools);
    items.push(li);
  }
  list.replaceChildren(...items);
  $("sala-sentarse").hidden = mine !== null;
  const buttons = $("sala-botones");
  const row = [];
  const people = table.seats.filter((s) => s.kind === "person").length;
  if (amHost) {
    const start = el("button", "boton principal grande", t("fr.room.start"));
    start.type = "button";
    start.id = "btn-empezar";
    start.disabled = people < 2;
    start.addEventListener("click", () => onHost({ type: "start" }));
    row.push(start);
    if (people < 2) row.push(el("p", "sala-nota", t("fr.room.needTwo")));
  } else if (mine !== null) {
    row.push(el("p", "sala-nota", t("fr.room.waiting")));
    const b = el("button", "boton", t("fr.room.leave"));
    b.type = "button";
    b.id = "btn-dejar";
    b.addEventListener("click", onLeave);
    row.push(b);
  } else row.push(el("p", "sala-nota", t("fr.room.pickSeat")));
  buttons.replaceChildren(...row);
}
