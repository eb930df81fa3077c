// The solo games' statistics, which live in this browser's localStorage (stats.js, Corazones'
// hoja.js), copied once to the profile (PUT /api/perfil/estadisticas) so they follow it to
// another device; and their summary in words: games played, won and lost per game.

import * as manifest from "../games.js";
import { call } from "./cuenta.js";

const DONE = "picas.perfil.estadisticas"; // the profile id they were copied to

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Each game's stored statistics, without the ids of the games counted (they stay here). */
export function localStats() {
  const s = storage();
  const out = {};
  if (!s) return out;
  for (const game of manifest.GAMES) {
    const key = game.storage && game.storage.stats;
    if (!key) continue;
    try {
      const data = JSON.parse(s.getItem(key) || "null");
      if (!data || typeof data !== "object") continue;
      const { seen, counted, ...kept } = data;
      out[game.key] = kept;
    } catch {
      // unreadable: nothing to copy
    }
  }
  return out;
}

const whole = (n) => (Number.isInteger(n) && n >= 0 ? n : 0);

/** {played, won, lost, drawn} of one game's statistics (Spades' by level and target, or Corazones' totals). */
export function summary(stats) {
  const out = { played: 0, won: 0, lost: 0, drawn: 0 };
  if (!stats || typeof stats !== "object") return out;
  if (stats.results && typeof stats.results === "object") {
    for (const r of Object.values(stats.results)) {
      if (!r || typeof r !== "object") continue;
      out.won += whole(r.won);
      out.lost += whole(r.lost);
      out.drawn += whole(r.drawn);
    }
    out.played = out.won + out.lost + out.drawn;
  } else {
    out.won = whole(stats.won);
    out.lost = whole(stats.lost);
    out.played = Math.max(whole(stats.played), out.won + out.lost);
  }
  return out;
}

/** The profile's solo statistics: copied from this browser the first time (once per profile; the
 * server keeps each counter's larger value, so a second copy changes nothing), then read from the
 * server. {game → stats}. */
export async function syncStats(profileId) {
  const s = storage();
  const local = localStats();
  if (s && s.getItem(DONE) !== profileId && Object.keys(local).length) {
    try {
      await call("PUT", "/api/perfil/estadisticas", local);
      s.setItem(DONE, profileId);
    } catch {
      // kept here; copied on a later visit
    }
  }
  const answer = await call("GET", "/api/perfil/estadisticas");
  const games = answer && typeof answer === "object" ? answer.games ?? answer : {};
  return games && typeof games === "object" ? games : {};
}
