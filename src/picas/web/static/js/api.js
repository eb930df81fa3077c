// The server API (docs/api.md). Every failure becomes an ApiError with a message for the player:
// the server's Spanish one, or in English the known codes' own text.

import { t, serverText, tipReasons, reasonsWithCodes } from "./i18n.js";
import * as manifest from "./games.js";

export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The server's «la mesa está muy ocupada», a worker that stopped mid-thought, and nginx's
 * answers while the server behind it is down or slow (deploy/nginx.conf): try again in a few
 * seconds. */
export const BUSY_CODES = ["busy", "too_slow", "worker_crashed", "too_many_connections", "server_down", "server_timeout"];

/**
 * One JSON request to this server (`body` sent as JSON when given): the response and its JSON
 * (null when it has none). A request that never reached the server is an ApiError "network".
 * The solo table's calls and the friends' table's (amigos/peticiones.js) go through it.
 */
export async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError("network", t("error.network"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { response, data };
}

async function post(path, body) {
  const { response, data } = await request("POST", path, body);
  if (!response.ok) {
    const err = data && typeof data === "object" ? data.error : null;
    // 503 busy / too_slow: the table is full for a moment; 502 server_down / 504 server_timeout:
    // nginx in front could not reach the server. The save is untouched, and the page's
    // «Reintentar» sends the same request again (Retry-After says when).
    const busy = response.status >= 500 && err && BUSY_CODES.includes(err.code);
    if (err && typeof err.message === "string" && (response.status < 500 || busy)) {
      const code = String(err.code || "error");
      throw new ApiError(code, serverText(code, err.message, err.params), response.status);
    }
    throw new ApiError("server", t("error.server", { status: response.status }), response.status);
  }
  if (!data || typeof data !== "object") throw new ApiError("unexpected", t("error.unexpected"));
  return data;
}

function checkAnswer(data) {
  if (!data.save || !data.view || !Array.isArray(data.events)) {
    throw new ApiError("unexpected", t("error.unexpected"));
  }
  return data;
}

/** A new game: settings {target, level, bag_penalty, blind_nil} and optionally a typed code. */
/** A new game of `game` (a page id of the games' manifest): its own options from `settings`, the
 * level, maybe a code. The first game's body names no game, as before there were two. */
export async function newGame(game, settings, code) {
  const entry = manifest.byKey(game) || manifest.FIRST;
  const body = entry === manifest.FIRST ? {} : { game: entry.key };
  for (const option of entry.options) body[option] = settings[option];
  body.level = settings.level;
  if (code) body.code = code;
  return checkAnswer(await post("/api/games", body));
}

/** South acts: a bid 0–13, "blind_nil", "look" or a card code (Spades); three cards or a card
 * code (Corazones). */
export async function act(save, action) {
  return checkAnswer(await post("/api/games/act", { save, action }));
}

export async function resume(save) {
  return checkAnswer(await post("/api/games/resume", { save }));
}

/**
 * South's hint (`kind` "hint": the game's /api/hint answer — Spades' card with its reason,
 * Corazones' pass or card with theirs) or Spades' tip ("tip": the bid and its reasons), as the
 * server words them; the game's hooks read them (docs/api.md).
 */
export async function ask(kind, save) {
  const data = await post(kind === "tip" ? "/api/tip" : "/api/hint", { save });
  if (kind === "tip") {
    if (typeof data.bid !== "number") throw new ApiError("unexpected", t("error.unexpected"));
    return { bid: data.bid, reasons: tipReasons(data.reasons, data.reason_codes) };
  }
  return data;
}

/** «Rejugar esta mano»: a practice game on the same deal, and `compare`. */
export async function practice(save, handNumber) {
  const data = checkAnswer(await post("/api/practice", { save, hand_number: handNumber }));
  if (!data.compare || typeof data.compare !== "object") throw new ApiError("unexpected", t("error.unexpected"));
  return data;
}

/** Open a downloaded game: a save (sig a string) opens at once if this server signed it; a plain
 * record (sig null), or a save with another server's signature, is replayed and checked first. */
export async function importGame(record, sig = null) {
  const body = typeof sig === "string" ? { record, sig } : { record };
  const data = checkAnswer(await post("/api/games/import", body));
  return { ...data, reasons: reasonsWithCodes(data.reasons, data.reason_codes) };
}
