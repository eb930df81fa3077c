// The challenge's REST calls (docs/daily.md «HTTP API»), through this browser's profile
// (js/perfil/cuenta.js: its token as `Authorization: Bearer`, and errors as ApiError with the
// server's code and words in the page's language).

import { call } from "../perfil/cuenta.js";

const base = (game) => `/api/reto/${encodeURIComponent(game)}`;

export const today = (game) => call("GET", base(game));
export const attempt = (game) => call("POST", `${base(game)}/intento`, {});
export const scoreLine = (table) => call("GET", `/api/reto/mesa/${encodeURIComponent(table)}`, undefined, { auth: false });
export const dayTable = (game, day) => call("GET", `${base(game)}/${day}/tabla?desde=0&cuantos=10`);
/** The reveal: with the profile's token it carries that profile's own attempt for the review. */
export const reveal = (game, day) => call("GET", `${base(game)}/${day}/revelacion`);

/** The UTC day before `day` (YYYY-MM-DD). */
export function dayBefore(day) {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}
