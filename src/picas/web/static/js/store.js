// The game lives in localStorage and is written after every action. A save that cannot be read is
// never overwritten: it is moved aside under its own key so nothing is lost. A practice hand
// («Rejugar esta mano») has a save of its own, so the real game's save is never touched by it.

import * as manifest from "./games.js";
import { cleanOptions, defaultsOf } from "./options.js";

// Each game keeps its own save, practice hand, next-game settings and statistics, under the keys
// of the games' manifest. Spades keeps the keys it had before Corazones came, so a Spades player's
// save and statistics still open.
export const GAMES = manifest.GAMES.map((game) => game.key);
export const KEYS = Object.freeze(Object.fromEntries(manifest.GAMES.map((game) => [game.key, game.storage])));
export const GAME_KEY = manifest.FIRST.storage.game;
export const PRACTICE_KEY = manifest.FIRST.storage.practice;
const SETTINGS_KEY = manifest.FIRST.storage.settings;
const ASIDE_PREFIX = manifest.FIRST.storage.aside;
const FORMAT = 1;
const CHOICE_KEY = "picas.juego";

/** The key of the game the player chose last (a manifest key), or null on a first visit. */
export function chosenGame() {
  const ls = storage();
  try {
    const value = ls ? ls.getItem(CHOICE_KEY) : null;
    // A choice stored under a game's former name (the manifest's `former`) is its, written anew.
    const renamed = manifest.GAMES.find((game) => game.former.includes(value));
    if (renamed) chooseGame(renamed.key);
    return renamed ? renamed.key : GAMES.includes(value) ? value : null;
  } catch {
    return null;
  }
}

export function chooseGame(game) {
  const ls = storage();
  if (!ls || !GAMES.includes(game)) return;
  try {
    ls.setItem(CHOICE_KEY, game);
  } catch {
    // not fatal: the first screen asks again next time
  }
}

/** A downloaded game of the other game, opened at one game's table: it becomes that game's save
 * and the chosen game (the page then reloads into it). */
export function handOver(game, answer) {
  const entry = { save: answer.save, code: answer.code, level: answer.level, ui: { stage: "mesa" }, reasons: answer.reasons || {}, gid: newGameId() };
  saveGame(entry, KEYS[game].game);
  chooseGame(game);
}

/** Whether a save of `game` is kept in this browser (a Spades player from before the choice). */
export function hasSave(game) {
  return rawGame(KEYS[game].game) !== null;
}

export const SPEEDS = ["lenta", "normal", "rapida"];
export const LANGUAGES = ["es", "en"];

const LEVELS = ["facil", "normal", "dificil"];

/** The table's own settings (language, pace, colours, hints): the player's, for every game. */
const TABLE_DEFAULTS = Object.freeze({
  four_colour: false,
  speed: "normal",
  pause_tricks: false,
  auto_last: true, // South's forced last card plays itself
  hint: false,
  language: "es",
});

/** A game's next-game settings by default: the level and its options' declared defaults (the
 * manifest's, from games/<key>/options.py). */
export const optionDefaults = (entry) => ({ level: LEVELS[0], ...defaultsOf(entry) });

/** A game's options and level out of stored `data`: each value its option offers, else the
 * default; an excluded option at its default. */
function ownSettings(entry, data) {
  return { level: LEVELS.includes(data.level) ? data.level : LEVELS[0], ...cleanOptions(entry, data) };
}

/** The first game's settings by default, with the table's. */
export const DEFAULT_SETTINGS = Object.freeze({ ...optionDefaults(manifest.FIRST), ...TABLE_DEFAULTS });

/** The values the game `key` offers for `name` (the first screen's targets next to «Repartir»). */
export const optionValues = (key, name) => manifest.byKey(key).settings.options.find((option) => option.name === name).values;

export function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A reason's codes as the server sends them: a few `{code, params}` with short values. */
function cleanCodes(codes) {
  if (!Array.isArray(codes) || codes.length > 12) return false;
  return codes.every((r) => r && typeof r.code === "string" && r.code.length <= 40 && r.params && typeof r.params === "object" && !Array.isArray(r.params) && JSON.stringify(r.params).length <= 200);
}

/** Bid reasons as kept with a save: {hand number: {seat: text, or {text, codes}}} (a game saved
 * before the codes has texts only); anything else is dropped. */
export function cleanReasons(data) {
  const out = {};
  if (!data || typeof data !== "object" || Array.isArray(data)) return out;
  for (const [hand, seats] of Object.entries(data)) {
    if (!/^\d{1,3}$/.test(hand) || !seats || typeof seats !== "object") continue;
    for (const seat of ["west", "north", "east"]) {
      const why = seats[seat];
      if (typeof why === "string" && why.length <= 300) (out[hand] ||= {})[seat] = why;
      else if (why && typeof why.text === "string" && why.text.length <= 300 && cleanCodes(why.codes)) (out[hand] ||= {})[seat] = { text: why.text, codes: why.codes };
    }
  }
  return out;
}

/** {status: "none"} | {status: "ok", game} | {status: "damaged", raw, reason} */
export function loadGame(key = GAME_KEY) {
  const ls = storage();
  if (!ls) return { status: "none" };
  let raw;
  try {
    raw = ls.getItem(key);
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
  game.reasons = cleanReasons(game.reasons);
  if (typeof game.gid !== "string" || game.gid.length > 64) game.gid = null;
  if (manifest.GAMES.some((game) => game.storage.practice === key)) {
    const p = game.practice;
    if (!p || typeof p !== "object" || !Number.isInteger(p.hand)) return { status: "damaged", raw, reason: "shape" };
  } else {
    delete game.practice;
  }
  return { status: "ok", game };
}

/** Write a game. Returns false when the browser refuses (private mode, quota). */
export function saveGame({ save, code, level, ui, reasons, gid, practice }, key = GAME_KEY) {
  const ls = storage();
  if (!ls) return false;
  const entry = { format: FORMAT, save, code, level, ui, reasons: reasons || {}, gid: gid || null };
  if (practice) entry.practice = practice;
  try {
    ls.setItem(key, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

export function removeGame(key) {
  const ls = storage();
  try {
    if (ls) ls.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** Keep an unreadable save under a key of its own (never overwriting an earlier one). */
export function setAside(raw, key = GAME_KEY, prefix = ASIDE_PREFIX) {
  const ls = storage();
  if (!ls) return null;
  let aside = prefix + new Date().toISOString();
  for (let i = 2; ls.getItem(aside) !== null; i += 1) aside = `${prefix}${new Date().toISOString()}-${i}`;
  try {
    ls.setItem(aside, raw);
    ls.removeItem(key);
    return aside;
  } catch {
    return null;
  }
}

export function rawGame(key = GAME_KEY) {
  const ls = storage();
  try {
    return ls ? ls.getItem(key) : null;
  } catch {
    return null;
  }
}

export function loadSettings() {
  const ls = storage();
  const settings = { ...DEFAULT_SETTINGS };
  if (!ls) return settings;
  try {
    const data = JSON.parse(ls.getItem(SETTINGS_KEY) || "{}") || {};
    Object.assign(settings, ownSettings(manifest.FIRST, data));
    if (SPEEDS.includes(data.speed)) settings.speed = data.speed;
    if (LANGUAGES.includes(data.language)) settings.language = data.language;
    for (const key of ["four_colour", "pause_tricks", "auto_last", "hint"]) {
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

/** A fresh id for a game, so statistics count it once however often the page reloads. */
export function newGameId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// --- Corazones' settings ---------------------------------------------------------------------------

/** The table's own settings (language, pace, colours) are the player's, shared by both games. */
const TABLE_FIELDS = ["language", "speed", "four_colour", "pause_tricks", "auto_last"];

/** The second game's entry in the manifest (its settings keep the first game's table fields). */
const CORAZONES = manifest.GAMES.find((game) => game.storage === KEYS.corazones);

export const CORAZONES_DEFAULTS = Object.freeze({ ...optionDefaults(CORAZONES), hint: false });

export function loadCorazonesSettings() {
  const shared = loadSettings();
  const settings = { ...CORAZONES_DEFAULTS };
  for (const key of TABLE_FIELDS) settings[key] = shared[key];
  const ls = storage();
  if (!ls) return settings;
  try {
    const data = JSON.parse(ls.getItem(KEYS.corazones.settings) || "{}") || {};
    Object.assign(settings, ownSettings(CORAZONES, data));
    if (typeof data.hint === "boolean") settings.hint = data.hint;
  } catch {
    // unreadable settings: the defaults
  }
  return settings;
}

export function saveCorazonesSettings(settings) {
  const shared = loadSettings();
  const own = {};
  for (const [key, value] of Object.entries(settings)) {
    if (TABLE_FIELDS.includes(key)) shared[key] = value;
    else if (key in CORAZONES_DEFAULTS) own[key] = value;
  }
  saveSettings(shared);
  const ls = storage();
  try {
    if (ls) ls.setItem(KEYS.corazones.settings, JSON.stringify(own));
  } catch {
    // not fatal
  }
}
