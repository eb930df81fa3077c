// This browser's profile (docs/page-quick.md): the token the server gave when the profile was
// made, kept in localStorage and sent as `Authorization: Bearer` on every call that acts for the
// profile. The profile is made only when the player first needs one (their first «Jugar ya», the
// profile page, the day's challenge): a visitor who only reads the help pages or plays alone
// never gets one. Every page that speaks for the profile goes through `call` here.

import { ApiError } from "../api.js";
import { t, serverText } from "../i18n.js";

const TOKEN = "picas.perfil.token";
const PROFILE = "picas.perfil"; // {id, name}: shown at once, checked against the server
const TOKEN_MAX = 512;
const NAME_MAX = 20;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The kept token, or null (none, or not one a server could have given). */
export function token() {
  const s = storage();
  const value = s ? s.getItem(TOKEN) : null;
  return typeof value === "string" && value.length > 0 && value.length <= TOKEN_MAX && /^[\w.~-]+$/.test(value) ? value : null;
}

/** The profile last seen ({id, name}), or null: for drawing before the server answers. */
export function known() {
  const s = storage();
  try {
    const data = JSON.parse((s && s.getItem(PROFILE)) || "null");
    return data && typeof data.id === "string" && typeof data.name === "string" ? { id: data.id, name: data.name } : null;
  } catch {
    return null;
  }
}

function remember(profile, newToken) {
  const s = storage();
  if (!s) return;
  try {
    if (newToken) s.setItem(TOKEN, newToken);
    if (profile) s.setItem(PROFILE, JSON.stringify({ id: profile.id, name: profile.name }));
  } catch {
    // a full or refused storage: the profile lasts as long as the page
  }
}

/** Forget this browser's profile (deleted, or its token no longer known). */
export function forget() {
  const s = storage();
  if (!s) return;
  s.removeItem(TOKEN);
  s.removeItem(PROFILE);
}

/** Keep a profile and its token answered by the server (made here, or signed in with a passkey). */
export function adopt(answer) {
  if (!answer || !answer.profile || typeof answer.token !== "string") throw new ApiError("unexpected", t("error.unexpected"));
  remember(answer.profile, answer.token);
  return answer.profile;
}

/**
 * One JSON call to the API for this profile: its JSON answer, or an ApiError worded from the
 * server's code (in the page's language). `auth`: send the token (default when there is one).
 */
export async function call(method, path, body, { auth = true } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const kept = auth ? token() : null;
  if (kept) headers.Authorization = `Bearer ${kept}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  } catch {
    throw new ApiError("network", t("error.network"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = data && typeof data === "object" ? data.error : null;
    if (err && typeof err.code === "string") {
      if (err.code === "no_profile" && kept) forget(); // deleted elsewhere, or never this server's
      throw new ApiError(err.code, serverText(err.code, err.message, err.params), response.status);
    }
    throw new ApiError("server", t("error.server", { status: response.status }), response.status);
  }
  return data;
}

/** A name the server will take (the friends' table's rules: 1–20 characters, no control ones). */
export function cleanName(raw) {
  const text = String(raw || "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .replace(/\s+/g, " ");
  const chars = [...text];
  return chars.length >= 1 && chars.length <= NAME_MAX ? text : "";
}

/** The default name of a new profile: «Jugador 4821» (the player changes it on /perfil). */
export function defaultName() {
  const digits = new Uint16Array(1);
  window.crypto.getRandomValues(digits);
  return t("profile.defaultName", { n: 1000 + (digits[0] % 9000) });
}

/** The profile as the server has it now, or null when this browser has none (or lost it). */
export async function current() {
  if (!token()) return null;
  try {
    const profile = await call("GET", "/api/perfil");
    remember(profile, null);
    return profile;
  } catch (error) {
    if (error.code === "no_profile") return null;
    throw error;
  }
}

/** This browser's profile, made now (with a default name) if it has none. */
export async function ensure() {
  const profile = await current();
  if (profile) return profile;
  return adopt(await call("POST", "/api/perfil", { name: defaultName() }, { auth: false }));
}

export async function rename(name) {
  const answer = await call("PATCH", "/api/perfil", { name });
  const profile = answer && answer.profile ? answer.profile : answer;
  remember(profile && profile.id ? profile : { ...known(), name }, null);
  return profile;
}

export async function remove() {
  await call("DELETE", "/api/perfil");
  forget();
}
