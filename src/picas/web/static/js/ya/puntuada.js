// A rated table («Jugar ya»'s) is a friends' table (docs/friends.md) whose public view says
// `rated: true`: the page says «Partida puntuada», hides what a rated table does not have (the
// link to share, the host's «Otra partida»), warns that leaving counts as a loss, offers «No
// volver a jugar con…» for the other people, and at the end shows the rating's change.
// The change comes from one function, `ratingChange`: the end's own figures when the server sends
// them, else the public profile read before and after the game.

import { t } from "../i18n.js";
import * as cuenta from "../perfil/cuenta.js";
import { publicProfile, ratingText, changeText } from "../perfil/valor.js";

const TRIES = 6; // the result is written as the table ends: ask again a few times for it
const PAUSE_MS = 1000;

/** Whether the table (its public TableOut) is a rated one: the server's own flag, so another
 * browser of the same person, or a reload after clearing storage, sees it too. */
export function isRated(table) {
  return Boolean(table && table.rated === true);
}

let before = null; // {game, rating, games} read while the game was on
let change = null; // {game, text} once known
let asking = null;

/** The page's profile's figures for `game` now, or null. */
async function mine(game) {
  const me = cuenta.known();
  if (!me || !cuenta.token()) return null;
  try {
    const profile = await publicProfile(me.id);
    return profile.games[game] || { rating: null, provisional: true, games: 0, wins: 0, history: [] };
  } catch {
    return null;
  }
}

/** Read the rating while the game is on: the end's change is measured from it. */
export async function noteBefore(game) {
  if (before && before.game === game) return;
  const part = await mine(game);
  if (part) before = { game, rating: part.rating, games: part.games };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The change of this page's rating for the game just ended: {before, after, provisional} or
 * null. `end`: the table's end message (its `ratings`, by seat, when the server sends them).
 */
export async function ratingChange(game, end, seat) {
  const sent = end && end.ratings && seat ? end.ratings[seat] : null;
  if (sent && Number.isFinite(sent.after) && Number.isFinite(sent.before)) return { before: sent.before, after: sent.after, provisional: Boolean(sent.provisional) };
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const part = await mine(game);
    // The game is in once the count of games grew (or, after a reload at the end, it is there).
    const counted = part && part.rating !== null && (before ? part.games > before.games : part.history.length > 0);
    if (counted) {
      const last = part.history[part.history.length - 1];
      if (last && last.change !== null) return { before: last.rating - last.change, after: last.rating, provisional: part.provisional };
      if (before && before.rating !== null) return { before: before.rating, after: part.rating, provisional: part.provisional };
      if (part.history.length >= 2) return { before: part.history[part.history.length - 2].rating, after: part.rating, provisional: part.provisional };
      return { before: null, after: part.rating, provisional: part.provisional };
    }
    await sleep(PAUSE_MS);
  }
  return null;
}

/** The end's line about the rating: asked once, then `redraw()` puts it in. */
export function changeLine(game, end, seat, redraw) {
  if (change && change.game === game) return change.text;
  if (!asking) {
    asking = ratingChange(game, end, seat).then((found) => {
      let text;
      if (!found) text = t("ya.end.ratingLater");
      else if (found.before === null) text = t("ya.end.ratingFirst", { after: ratingText(found.after) });
      else text = t(found.provisional ? "ya.end.ratingProvisional" : "ya.end.rating", { after: ratingText(found.after), change: changeText(found.after - found.before) });
      change = { game, text };
      redraw();
    });
  }
  return t("ya.end.ratingWaiting");
}

// --- «No volver a jugar con…» ----------------------------------------------------------------------

const blocked = new Set(); // seats blocked from this page: a redraw keeps saying so
const asked = new Map(); // table id → {seats, people, ready, at}: the server's list of its people
const RETRY_MS = 5000;

/** The seats the public view shows as people now: when one leaves, the server is asked again. */
const peopleSeats = (table) => table.seats.filter((seat) => seat.kind === "person").map((seat) => seat.seat).join(",");

/**
 * The table's other people as the server knows them, by seat — those who left too (the public
 * view shows a leaver's seat as the computer's, nameless) — or null when it cannot say (no
 * profile in this browser, no connection). Asked once per table and per set of people seated.
 */
function tablePeople(table) {
  const seats = peopleSeats(table);
  const known = asked.get(table.id);
  // The same people as when asked: the answer holds (a failed one for a few seconds, not to ask
  // at every redraw of the end's panel).
  if (known && known.seats === seats && (known.people !== null || Date.now() - known.at < RETRY_MS)) return known;
  const entry = { seats, people: undefined, ready: null, at: Date.now() };
  entry.ready = cuenta
    .call("GET", `/api/ya/mesas/${encodeURIComponent(table.id)}/personas`)
    .then((answer) => (answer && Array.isArray(answer.personas) ? answer.personas : null))
    .catch(() => null)
    .then((people) => {
      entry.people = people;
      return people;
    });
  asked.set(table.id, entry);
  return entry;
}

/** The rows as the public view alone shows them (the people still seated). */
function publicRows(table, mySeat) {
  return table.seats
    .filter((seat) => seat.kind === "person" && seat.seat !== mySeat)
    .map((seat) => ({ asiento: seat.seat, name: seat.name || "", left: false, blocked: false }));
}

function fill(list, tableId, rows, mySeat) {
  list.replaceChildren(
    ...rows
      .filter((row) => row.asiento !== mySeat)
      .map((row) => {
        const item = document.createElement("li");
        item.dataset.seat = row.asiento;
        const name = row.name || t("ya.block.someone");
        if (row.blocked) blocked.add(row.asiento);
        item.append(blockControl(tableId, row.asiento, name));
        if (row.left && !blocked.has(row.asiento)) {
          const note = document.createElement("span");
          note.className = "bloquear-se-fue";
          note.textContent = t("ya.block.left");
          item.append(note);
        }
        return item;
      }),
  );
}

/**
 * The other people of the rated table `table` (its public TableOut), each with «No volver a jugar
 * con…»: a list for the end's panel or the menu's dialog. The page knows no one's profile id, so
 * it names the table and the seat, and the server finds the profile. Drawn at once from the public
 * view, then from the server's list, which adds the people who left the table.
 */
export function blockList(table, mySeat) {
  const list = document.createElement("ul");
  list.className = "bloquear-lista";
  const known = tablePeople(table);
  if (known.people) {
    fill(list, table.id, known.people, mySeat);
    return list;
  }
  fill(list, table.id, publicRows(table, mySeat), mySeat);
  known.ready.then((people) => {
    if (!people) return;
    // A row being answered (its question open, its request on the way) is left as it is.
    if (list.querySelector("button.bloquear:disabled") || document.getElementById("dlg-bloquear-si")?.open) return;
    fill(list, table.id, people, mySeat);
  });
  return list;
}

function doneNote(name) {
  const note = document.createElement("span");
  note.className = "bloquear-hecho";
  note.setAttribute("role", "status");
  note.textContent = t("ya.block.done", { name });
  return note;
}

function blockControl(tableId, seat, name) {
  if (blocked.has(seat)) return doneNote(name);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "boton pequeno bloquear";
  button.textContent = name; // the row says what it does; the label says it whole
  button.setAttribute("aria-label", t("ya.block.buttonFor", { name }));
  button.addEventListener("click", async () => {
    const [{ confirmDialog }, { loadStyles }] = await Promise.all([import("../dialogs.js"), import("../render.js")]);
    await loadStyles();
    const ok = await confirmDialog({
      title: t("ya.block.title", { name }),
      text: t("ya.block.text", { name }),
      ok: t("ya.block.ok"),
      cancel: t("ya.block.keep"),
      id: "dlg-bloquear-si",
    });
    if (!ok) return;
    button.disabled = true;
    const item = button.parentElement;
    item.querySelector(".bloquear-error")?.remove();
    try {
      const answer = await cuenta.call("POST", "/api/ya/bloqueos", { mesa: tableId, asiento: seat });
      // The answer is the table's people again (by seat, each `blocked` or not): kept for redraws.
      const known = asked.get(tableId);
      if (known && answer && Array.isArray(answer.personas)) known.people = answer.personas;
    } catch (error) {
      button.disabled = false;
      const problem = document.createElement("span");
      problem.className = "bloquear-error";
      problem.setAttribute("role", "alert");
      problem.textContent = error.message;
      item.append(problem);
      return;
    }
    blocked.add(seat);
    item.querySelector(".bloquear-se-fue")?.remove(); // «✓ Marta: …» says all there is now
    button.replaceWith(doneNote(name));
  });
  return button;
}
