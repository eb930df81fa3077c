// The fair deals' check (docs/friends.md, "Fair deals"): SHA-256 of UTF-8(code + "|" + salt),
// in lowercase hex, must be the commitment this page was shown when the table started.

export async function commitmentOf(code, salt) {
  if (!globalThis.crypto || !crypto.subtle) return null; // an insecure page (plain http off loopback) has no SubtleCrypto
  const bytes = new TextEncoder().encode(`${code}|${salt}`);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** true when the revealed code and salt give the kept commitment. */
export async function verify(end, kept) {
  if (!end || typeof end.code !== "string" || typeof end.salt !== "string" || typeof kept !== "string") return false;
  return (await commitmentOf(end.code, end.salt)) === kept.toLowerCase();
}
