// A player's rating as the page shows it (docs/page-quick.md): one calm number («1 720»), its
// change («+12», «−8»), «provisional» for the first games, and the public profile it comes from
// (GET /api/perfiles/{id}) read into one shape, whatever names the answer gives its fields: the
// pages draw from `readProfile`'s shape only.

import { t, language } from "../i18n.js";
import { call } from "./cuenta.js";

/** «1 720» in Spanish (a no-break space between thousands), «1,720» in English. */
export function ratingText(n) {
  if (!Number.isFinite(n)) return "—";
  const whole = Math.round(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, language() === "en" ? "," : "\u00a0");
  return whole < 0 ? `−${digits}` : digits;
}

/** A change as players write it: «+12», «−8», «±0». */
export function changeText(n) {
  const whole = Math.round(n);
  if (whole > 0) return `+${whole}`;
  if (whole < 0) return `−${-whole}`;
  return "±0";
}

const number = (...values) => values.find((v) => typeof v === "number" && Number.isFinite(v));

/** One point of a rating's history: {at (ms, or null), rating, change (or null)}. */
function point(raw, index) {
  if (typeof raw === "number") return { at: null, rating: raw, change: null, index };
  if (!raw || typeof raw !== "object") return null;
  const rating = number(raw.rating, raw.after, raw.value, raw.display);
  if (rating === undefined) return null;
  const when = number(raw.at, raw.ended, raw.time, raw.when);
  const change = number(raw.change, raw.delta);
  return { at: when === undefined ? null : when < 1e12 ? when * 1000 : when, rating, change: change === undefined ? null : change, index };
}

/** A game's part of a public profile: {rating, provisional, games, wins, history}. */
function gamePart(raw) {
  if (!raw || typeof raw !== "object") return null;
  const history = (Array.isArray(raw.history) ? raw.history : Array.isArray(raw.points) ? raw.points : []).map(point).filter(Boolean);
  const rating = number(raw.rating, raw.display, raw.value, history.length ? history[history.length - 1].rating : undefined);
  return {
    rating: rating === undefined ? null : rating,
    provisional: Boolean(raw.provisional),
    games: number(raw.games, raw.played) ?? 0,
    wins: number(raw.wins, raw.won) ?? 0,
    history,
  };
}

/** A public profile's answer as {id, name, games: {key → gamePart}}. */
export function readProfile(data) {
  const out = { id: data && data.id, name: data && typeof data.name === "string" ? data.name : "", games: {} };
  if (!data || typeof data !== "object") return out;
  const source = data.games ?? data.ratings ?? data.juegos ?? {};
  const entries = Array.isArray(source) ? source.map((g) => [g && (g.game ?? g.key), g]) : Object.entries(source);
  for (const [key, raw] of entries) {
    const part = gamePart(raw);
    if (typeof key === "string" && part) out.games[key] = part;
  }
  return out;
}

/** The public profile of `id` (any player's), read into `readProfile`'s shape. */
export async function publicProfile(id) {
  return readProfile(await call("GET", `/api/perfiles/${encodeURIComponent(id)}`, undefined, { auth: false }));
}

/** «1 512 · provisional»: a rating and its state, in words. */
export function ratingLine(part) {
  if (!part || part.rating === null) return t("profile.rating.none");
  return part.provisional ? t("profile.rating.provisional", { rating: ratingText(part.rating) }) : ratingText(part.rating);
}
