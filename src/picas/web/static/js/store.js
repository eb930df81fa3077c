// The game lives in localStorage and is written after every action. A save that cannot be read is
// never overwritten: it is moved aside under its own key so nothing is lost.

const GAME_KEY = "picas.partida";
const SETTINGS_KEY = "picas.ajustes";
const ASIDE_PREFIX = "picas.partida.apartada.";
const FORMAT = 1;

export const DEFAULT_SETTINGS = Object.freeze({
  target: 250,
  level: "facil",
  bag_penalty: true,
  blind_nil: false,
  four_colour: false,
});

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** {status: "none"} | {status: "ok", game} | {status: "damaged", raw, reason} */
export function loadGame() {
  const ls = storage();
  if (!ls) return { status: "none" };
  let raw;
  try {
    raw = ls.getItem(GAME_KEY);
  } catch {
    return { status: "none" };
  }
  if (raw === null) return { status: "none" };
  let game;
  try {
    game = JSON.parse(raw);
  } catch {
    return { status: "damaged", raw, reason: "json" };
  }
  const save = game && game.save;
  if (
    !game || typeof game !== "object" || game.format !== FORMAT
    || !save || typeof save !== "object" || typeof save.sig !== "string"
    || !save.record || typeof save.record !== "object"
  ) {
    return { status: "damaged", raw, reason: "shape" };
  }
  if (!game.ui || typeof game.ui !== "object") game.ui = {};
  return { status: "ok", game };
}

/** Write the current game. Returns false when the browser refuses (private mode, quota). */
export function saveGame({ save, code, level, ui }) {
  const ls = storage();
  if (!ls) return false;
  try {
    ls.setItem(GAME_KEY, JSON.stringify({ format: FORMAT, save, code, level, ui }));
    return true;
  } catch {
    return false;
  }
}

/** Keep an unreadable save under a key of its own (never overwriting an earlier one). */
export function setAside(raw) {
  const ls = storage();
  if (!ls) return null;
  let key = ASIDE_PREFIX + new Date().toISOString();
  for (let i = 2; ls.getItem(key) !== null; i += 1) key = `${ASIDE_PREFIX}${new Date().toISOString()}-${i}`;
  try {
    ls.setItem(key, raw);
    ls.removeItem(GAME_KEY);
    return key;
  } catch {
    return null;
  }
}

export function rawGame() {
  const ls = storage();
  try {
    return ls ? ls.getItem(GAME_KEY) : null;
  } catch {
    return null;
  }
}

export function loadSettings() {
  const ls = storage();
  const settings = { ...DEFAULT_SETTINGS };
  if (!ls) return settings;
  try {
    const data = JSON.parse(ls.getItem(SETTINGS_KEY) || "{}");
    if ([250, 500].includes(data.target)) settings.target = data.target;
    if (["facil", "normal", "dificil"].includes(data.level)) settings.level = data.level;
    for (const key of ["bag_penalty", "blind_nil", "four_colour"]) {
      if (typeof data[key] === "boolean") settings[key] = data[key];
    }
  } catch {
    // unreadable settings: the defaults
  }
  return settings;
}

export function saveSettings(settings) {
  const ls = storage();
  if (!ls) return;
  try {
    ls.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // not fatal
  }
}

/** Tests and impatient players: ?rapido=1 or localStorage picas.rapido = "1" skips the waits. */
export function fastMode() {
  const params = new URLSearchParams(window.location.search);
  if (params.has("rapido")) return params.get("rapido") !== "0";
  const ls = storage();
  try {
    return ls ? ls.getItem("picas.rapido") === "1" : false;
  } catch {
    return false;
  }
}
