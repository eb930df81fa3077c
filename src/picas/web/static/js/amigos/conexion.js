// One WebSocket to the table (docs/friends.md, "The WebSocket"): `hello` with the seat token and
// the last sequence number seen, then `welcome` (the snapshot) and `update`s in order. A gap in
// the sequence, or a lost socket, gets a new `hello`; a lost socket is reopened with a growing
// pause (0.5 s, 1 s, 2 s … at most 10 s). The snapshot is the truth: nothing is replayed here.

const BACKOFF = [500, 1000, 2000, 4000, 8000, 10000];
const PING_MS = 25000;
/** Close codes after which reopening cannot help (a bad token, a closed table, replaced). */
const FINAL = new Set([4401, 4404, 4409]);

export function socketUrl(id) {
  const base = new URL(`api/mesas/${encodeURIComponent(id)}/ws`, document.baseURI);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  return base.href;
}

/**
 * connect({id, token, onWelcome(msg), onUpdate(msg), onError(msg), onState(state, detail),
 * onAnswer(msg): a `hint` or `tip` this socket asked for})
 * → {send(msg), close(), lastSeq(), hello()}. States: "open", "lost", "closed" (final: detail
 * has the close code and the server's `bye`).
 */
export function connect({ id, token, onWelcome, onUpdate, onError, onState, onAnswer = () => undefined }) {
  let socket = null;
  let last = null; // the last seq applied (welcome or update)
  let attempt = 0;
  let stopped = false;
  let bye = null;
  let ping = null;
  let timer = null;

  function hello() {
    send({ type: "hello", token: token || null, last_seq: last });
  }

  function open() {
    if (stopped) return;
    socket = new WebSocket(socketUrl(id));
    const mine = socket;
    mine.addEventListener("open", () => {
      if (mine !== socket) return;
      hello();
      clearInterval(ping);
      ping = setInterval(() => send({ type: "ping" }), PING_MS);
    });
    mine.addEventListener("message", (event) => {
      if (mine !== socket) return;
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "welcome") {
        attempt = 0;
        last = msg.seq;
        onState("open");
        onWelcome(msg);
      } else if (msg.type === "update") {
        if (last !== null && msg.seq <= last) return; // seen already
        if (last === null || msg.seq !== last + 1) {
          hello(); // a gap: the snapshot at the present seq puts the page right
          return;
        }
        last = msg.seq;
        onUpdate(msg);
      } else if (msg.type === "error") onError(msg);
      else if (msg.type === "hint" || msg.type === "tip") onAnswer(msg);
      else if (msg.type === "bye") bye = msg;
    });
    mine.addEventListener("close", (event) => {
      if (mine !== socket) return;
      clearInterval(ping);
      socket = null;
      if (stopped) return;
      if (FINAL.has(event.code)) {
        stopped = true;
        onState("closed", { code: event.code, bye });
        return;
      }
      onState("lost", { code: event.code, bye });
      const wait = BACKOFF[Math.min(attempt, BACKOFF.length - 1)];
      attempt += 1;
      timer = setTimeout(open, wait);
    });
  }

  function send(msg) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  open();
  return {
    send,
    hello,
    lastSeq: () => last,
    /** Reopen at once (after a final close, «Reconectar»). */
    reopen(newToken = token) {
      token = newToken;
      stopped = false;
      clearTimeout(timer);
      attempt = 0;
      // The old socket is dropped before it closes: its close is ours, not a lost connection.
      const old = socket;
      socket = null;
      clearInterval(ping);
      if (old) old.close();
      open();
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(ping);
      if (socket) socket.close();
    },
  };
}
