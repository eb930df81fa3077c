// What the page keeps of a friends' table in this browser: the seat token (the person, for that
// seat only) under `picas.mesa.<id>`, the commitment shown when the game started (public, kept so
// that the reveal at the end is checked against what this page saw then, even after a reload)
// under `picas.mesa.<id>.compromiso`, and the last table seen. Nothing else: no view, no card, no
// pass is ever stored (docs/friends.md).

const PREFIX = "picas.mesa.";
const LAST = "picas.mesa.ultima";
const NAME_MAX = 20;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function keepSeat(id, token) {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(PREFIX + id, token);
    s.setItem(LAST, id);
  } catch {
    // a full or refused storage: the seat lasts as long as the page
  }
}

export function seatToken(id) {
  const s = storage();
  const token = s ? s.getItem(PREFIX + id) : null;
  return typeof token === "string" && token.length > 0 && token.length <= 64 ? token : null;
}

export function forgetSeat(id) {
  const s = storage();
  if (s) s.removeItem(PREFIX + id);
}

const COMMITMENT = ".compromiso";

/** Keep the commitment `round` of the table started with (the first one seen wins). */
export function keepCommitment(id, round, commitment) {
  const s = storage();
  if (!s || !/^[0-9a-f]{64}$/.test(String(commitment)) || keptCommitment(id, round)) return;
  try {
    s.setItem(PREFIX + id + COMMITMENT, `${round}:${commitment}`);
  } catch {
    // a full or refused storage: the commitment lasts as long as the page
  }
}

/** The commitment kept for `round` of the table, or null. */
export function keptCommitment(id, round) {
  const s = storage();
  const kept = s ? s.getItem(PREFIX + id + COMMITMENT) : null;
  const match = typeof kept === "string" ? /^(\d+):([0-9a-f]{64})$/.exec(kept) : null;
  return match && Number(match[1]) === round ? match[2] : null;
}

export function seen(id) {
  const s = storage();
  try {
    if (s) s.setItem(LAST, id);
  } catch {
    // not worth an error
  }
}

/** A name as the server will take it: trimmed, no control or format characters, 1–20 long. */
export function cleanName(raw) {
  const text = String(raw || "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .replace(/\s+/g, " ");
  const chars = [...text];
  return chars.length >= 1 && chars.length <= NAME_MAX ? text : "";
}
