// This browser's profile for the day's challenge (docs/profiles.md): the guest profile made on the
// first visit (`POST /api/perfil`), its token kept under `picas.perfil.token` and sent as
// `Authorization: Bearer` to the challenge's API. One attempt counts per profile and day.

const KEY = "picas.perfil.token";
const TOKEN_MAX = 256;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function keptToken() {
  const s = storage();
  const token = s ? s.getItem(KEY) : null;
  return typeof token === "string" && token.length > 0 && token.length <= TOKEN_MAX ? token : null;
}

export function forgetToken() {
  const s = storage();
  if (s) s.removeItem(KEY);
}

/** The kept token, or a new guest profile's (named `name`); null when none could be made. */
export async function ensureProfile(name) {
  const kept = keptToken();
  if (kept) return kept;
  let response;
  try {
    response = await fetch("/api/perfil", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ name }),
      credentials: "same-origin",
    });
  } catch {
    return null;
  }
  if (!response.ok) return null;
  const data = await response.json().catch(() => null);
  if (!data || typeof data.token !== "string") return null;
  const s = storage();
  try {
    if (s) s.setItem(KEY, data.token);
  } catch {
    // a refused storage: the profile lasts as long as the page
  }
  return data.token;
}
