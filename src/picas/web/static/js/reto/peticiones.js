// The challenge's REST calls (docs/daily.md «HTTP API»), with this browser's profile token.
// Errors come back as ApiError with the server's code and words in the page's language.

import { ApiError } from "../api.js";
import { t, serverText } from "../i18n.js";

async function call(method, path, token, body) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined, credentials: "same-origin" });
  } catch {
    throw new ApiError("network", t("error.network"));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const err = data && typeof data === "object" ? data.error : null;
    if (err && typeof err.message === "string") throw new ApiError(String(err.code), serverText(String(err.code), err.message, err.params), response.status);
    throw new ApiError("server", t("error.server", { status: response.status }), response.status);
  }
  return data;
}

const base = (game) => `/api/reto/${encodeURIComponent(game)}`;

export const today = (game, token) => call("GET", base(game), token);
export const dayOf = (game, day, token) => call("GET", `${base(game)}/${day}`, token);
export const attempt = (game, token) => call("POST", `${base(game)}/intento`, token, {});
export const scoreLine = (table) => call("GET", `/api/reto/mesa/${encodeURIComponent(table)}`, null);
export const dayTable = (game, day, token) => call("GET", `${base(game)}/${day}/tabla?desde=0&cuantos=10`, token);
export const reveal = (game, day) => call("GET", `${base(game)}/${day}/revelacion`, null);

/** The UTC day before `day` (YYYY-MM-DD). */
export function dayBefore(day) {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}
