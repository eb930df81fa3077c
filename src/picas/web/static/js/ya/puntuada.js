// A rated table («Jugar ya»'s) is a friends' table (docs/friends.md) with a `rated` flag: the page
// says «Partida puntuada», hides what a rated table does not have (the link to share, the host's
// «Otra partida»), warns that leaving counts as a loss, and at the end shows the rating's change.
// The change comes from one function, `ratingChange`: the end's own figures when the server sends
// them, else the public profile read before and after the game.

import { t } from "../i18n.js";
import * as cuenta from "../perfil/cuenta.js";
import { publicProfile, ratingText, changeText } from "../perfil/valor.js";

const MARK = ".puntuada";
const PREFIX = "picas.mesa.";
const TRIES = 6; // the result is written as the table ends: ask again a few times for it
const PAUSE_MS = 1000;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This browser was seated at table `id` by «Jugar ya» (for `game`). */
export function markRated(id, game) {
  const s = storage();
  try {
    if (s) s.setItem(PREFIX + id + MARK, String(game));
  } catch {
    // the table's own flag says it too
  }
}

/** Whether the table (its public TableOut) is a rated one. */
export function isRated(table, id) {
  if (table && table.rated === true) return true;
  const s = storage();
  return Boolean(s && id && s.getItem(PREFIX + id + MARK));
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
