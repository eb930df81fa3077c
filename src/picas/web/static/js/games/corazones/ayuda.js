// What the Corazones help pages (static/corazones/*.html, static/en/hearts/*.html) need on top of
// ayuda.js: the rules of the player's Corazones game, or of the settings saved for the next one, or
// the defaults; and the sentences that sum them up. The keys are the table's (store.js in the
// Corazones table: `picas.corazones.partida`, `picas.corazones.ajustes`).

import { loadGame, storage } from "../../store.js";
import * as manifest from "../../games.js";
import { cleanOptions, defaultsOf, optionsOf, ruleValue, withExclusions } from "../../options.js";

// The options as Corazones declares them (games/corazones/options.py, in the manifest).
const CORAZONES = manifest.byKey("corazones");
const GAME_KEY = CORAZONES.storage.game;
const SETTINGS_KEY = CORAZONES.storage.settings;
const DEFAULTS = Object.freeze(defaultsOf(CORAZONES));

/** The options out of a save's rules: each one's value, a target anywhere in the range the
 * engine takes (the settings offer fewer); anything odd: the default. */
function cleanRules(data) {
  const source = data && typeof data === "object" ? data : {};
  const out = {};
  for (const option of optionsOf(CORAZONES)) out[option.name] = ruleValue(option, source[option.name]);
  return withExclusions(CORAZONES, out);
}

function withFlags(rules, source) {
  return {
    ...rules, source, moon_self: rules.moon === "self",
    pass_four: rules.pass_size === 4, queen_no_break: rules.queen_breaks_hearts === false,
  };
}

/** The saved settings for the next game, or null when none are saved. */
function savedSettings() {
  const ls = storage();
  let raw = null;
  try {
    raw = ls ? ls.getItem(SETTINGS_KEY) : null;
  } catch {
    raw = null;
  }
  if (raw === null) return null;
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    data = {};
  }
  return cleanOptions(CORAZONES, data);
}

/** {active, next}: the rules the page describes (source "game" | "settings" | "defaults") and, when
 * a game is saved, the settings for the next one. */
export function corazonesRules() {
  const loaded = loadGame(GAME_KEY);
  const saved = savedSettings();
  const next = withFlags(saved || { ...DEFAULTS }, saved ? "settings" : "defaults");
  const rules = loaded.status === "ok" ? loaded.game.save.record.rules : null;
  if (rules && typeof rules === "object") return { active: withFlags(cleanRules(rules), "game"), next };
  return { active: next, next: null };
}

const TEXT = {
  es: {
    game: "En tu partida: {rules}.",
    settings: "Para la próxima partida tienes guardado: {rules}.",
    defaults: "Sin partida de Corazones guardada, esta página describe los ajustes de fábrica: {rules}.",
    rules: "objetivo {target}, pase {passing}, jota de diamantes {jack}, luna: {moon}",
    passing: ["desactivado", "activado"],
    jack: ["desactivada", "activada"],
    moon: { others: "26 a cada rival", self: "−26 para quien la hace" },
    omnibus: "Omnibus (el ♦10 resta 10)",
    pass4: "se pasan 4 cartas",
    queen: "la reina de picas no rompe corazones",
  },
  en: {
    game: "In your game: {rules}.",
    settings: "Saved for the next game: {rules}.",
    defaults: "With no saved Hearts game, this page describes the default settings: {rules}.",
    rules: "target {target}, passing {passing}, jack of diamonds {jack}, moon: {moon}",
    passing: ["off", "on"],
    jack: ["off", "on"],
    moon: { others: "26 to each opponent", self: "−26 to the shooter" },
    omnibus: "Omnibus (the ♦10 takes off 10)",
    pass4: "4 cards passed",
    queen: "the queen of spades does not break hearts",
  },
};

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

/** The sentence that sums up `rules` where they come from, in `language` ("es" | "en"). */
export function corazonesSummary(rules, language, kind = rules.source) {
  const text = TEXT[language];
  const parts = fill(text.rules, {
    target: rules.target,
    passing: text.passing[Number(rules.passing)],
    jack: text.jack[Number(rules.jack_of_diamonds)],
    moon: text.moon[rules.moon],
  });
  // The house rules are said only when chosen, so the standard game's sentence stays as it was.
  const house = [
    rules.omnibus && text.omnibus,
    rules.pass_size === 4 && text.pass4,
    rules.queen_breaks_hearts === false && text.queen,
  ].filter(Boolean);
  return fill(text[kind], { rules: [parts, ...house].join(", ") });
}

/** Whether the next game's settings differ from the game's rules. */
export function corazonesDiffer(a, b) {
  return optionsOf(CORAZONES).some(({ name }) => a[name] !== b[name]);
}

/** Its sentences carry their own English (TEXT): nothing for js/ayuda.js's table. */
export const EN = {};

/** The rules the page describes and the sentences of the box above the page (js/ayuda.js). */
export function helpPage({ language }) {
  const { active, next } = corazonesRules();
  const lines = [corazonesSummary(active, language)];
  if (next && corazonesDiffer(active, next)) lines.push(corazonesSummary(next, language, "settings"));
  return { rules: active, lines };
}
