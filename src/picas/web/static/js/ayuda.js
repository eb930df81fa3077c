// The help pages describe the rules as the player's game has them: the current game's rules (or,
// with no game saved, the saved settings, or the defaults) fill [data-regla] and choose between
// [data-si] / [data-si-no] passages. The pages come in Spanish (pages/*.html) and English
// (pages/en/*.html, <html lang="en">); each links to its counterpart (a.idioma). A Spanish page
// opened with the table in English points to its English version. Spades' pages are the default;
// a page with <html data-juego="corazones"> describes the Corazones game (games/corazones/ayuda.js).

import { t } from "./i18n.js";
import { loadGame, loadSettings, DEFAULT_SETTINGS } from "./store.js";

const NUMBERS = {
  target: [250, 500],
  bag_limit: [2, 100],
  bag_penalty_points: [0, 10000],
  nil_points: [0, 10000],
  blind_nil_points: [0, 10000],
  blind_nil_deficit: [0, 10000],
};

/** The rules the page describes, and where they come from: "game" | "settings" | "defaults". */
function activeRules() {
  const loaded = loadGame();
  const rules = loaded.status === "ok" ? loaded.game.save.record.rules : null;
  if (rules && typeof rules === "object") {
    const out = { source: "game" };
    for (const key of ["bag_penalty", "blind_nil"]) out[key] = typeof rules[key] === "boolean" ? rules[key] : DEFAULT_SETTINGS[key];
    for (const [key, [low, high]] of Object.entries(NUMBERS)) {
      const value = rules[key];
      if (Number.isInteger(value) && value >= low && value <= high) out[key] = value;
    }
    if (out.target !== 250 && out.target !== 500) out.target = 250;
    return { ...out, ...houseFlags(Number.isInteger(rules.team_minimum) && rules.team_minimum > 0, rules.all_thirteen, rules.ten_for_200 === true) };
  }
  const settings = loadSettings();
  const saved = window.localStorage && window.localStorage.getItem("picas.ajustes") !== null;
  return {
    source: saved ? "settings" : "defaults",
    target: settings.target,
    bag_penalty: settings.bag_penalty,
    blind_nil: settings.blind_nil,
    ...houseFlags(settings.team_minimum === true, settings.all_thirteen, settings.ten_for_200 === true),
  };
}

/** «Reglas de la casa» as the page's [data-si] flags: which of the variants the game plays. */
function houseFlags(minimum, thirteen, ten) {
  return {
    team_minimum: minimum,
    all_thirteen: thirteen === "bonus" || thirteen === "win",
    all_thirteen_win: thirteen === "win",
    ten_for_200: ten,
  };
}

// The English pages' own strings: the pages need no more of the table's English than these.
const PAGE_IS_ENGLISH = document.documentElement.lang === "en";
const EN = {
  "helpPage.settings": "In your game: target {target}, bag penalty {penalty}, Blind Nil {blind}.",
  "helpPage.saved": "Saved for the next game: target {target}, bag penalty {penalty}, Blind Nil {blind}.",
  "helpPage.defaults": "With no saved game, this page describes the default settings: target {target}, bag penalty {penalty}, Blind Nil {blind}.",
  "helpPage.on": "on",
  "helpPage.off": "off",
  "helpPage.where.game": "In your game",
  "helpPage.where.settings": "With your settings",
  "helpPage.where.defaults": "With the default settings",
  "helpPage.englishLink": "Read this page in English",
};

/** The page's text for `key`: its own English table on an English page, else the Spanish one. */
function say(key, params = {}) {
  if (!PAGE_IS_ENGLISH) return t(key, params);
  return EN[key].replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

function onOff(value) {
  return value ? say("helpPage.on") : say("helpPage.off");
}

function describe(rules) {
  return { target: rules.target, penalty: onOff(rules.bag_penalty), blind: onOff(rules.blind_nil) };
}

const GAME = document.documentElement.dataset.juego === "corazones" ? "corazones" : "spades";

/** Spades: the rules the page describes and the sentences of the box above the page. */
function spadesPage(settings) {
  const rules = activeRules();
  const lines = [say(rules.source === "game" ? "helpPage.settings" : rules.source === "settings" ? "helpPage.saved" : "helpPage.defaults", describe(rules))];
  const next = { target: settings.target, bag_penalty: settings.bag_penalty, blind_nil: settings.blind_nil };
  if (rules.source === "game" && (next.target !== rules.target || next.bag_penalty !== rules.bag_penalty || next.blind_nil !== rules.blind_nil)) {
    lines.push(say("helpPage.saved", describe(next)));
  }
  return { rules, lines };
}

/** Corazones: the same, from its own game and settings (loaded only on its pages). */
async function corazonesPage() {
  const { corazonesRules, corazonesSummary, corazonesDiffer } = await import("./games/corazones/ayuda.js");
  const language = PAGE_IS_ENGLISH ? "en" : "es";
  const { active, next } = corazonesRules();
  const lines = [corazonesSummary(active, language)];
  if (next && corazonesDiffer(active, next)) lines.push(corazonesSummary(next, language, "settings"));
  return { rules: active, lines };
}

/** Fill the page's rule-dependent passages from `rules` (whichever game it is). */
function fillPage(rules) {
  for (const el of document.querySelectorAll("[data-regla]")) {
    const value = rules[el.dataset.regla];
    if (value !== undefined) el.textContent = String(value);
  }
  for (const el of document.querySelectorAll("[data-si]")) el.hidden = !rules[el.dataset.si];
  for (const el of document.querySelectorAll("[data-si-no]")) el.hidden = Boolean(rules[el.dataset.siNo]);
  for (const el of document.querySelectorAll("[data-objetivo]")) el.hidden = Number(el.dataset.objetivo) !== rules.target;
  // «En tu partida» only when there is one: else the passages describe the settings or defaults.
  const where = say(`helpPage.where.${rules.source}`);
  for (const el of document.querySelectorAll("[data-donde]")) {
    const lower = el.textContent[0] === el.textContent[0].toLowerCase();
    el.textContent = lower ? where[0].toLowerCase() + where.slice(1) : where;
  }
}

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch {
    settings = { ...DEFAULT_SETTINGS };
  }
  const { rules, lines } = GAME === "corazones" ? await corazonesPage() : spadesPage(settings);
  fillPage(rules);
  const box = document.getElementById("ajustes-activos");
  if (box) {
    box.textContent = lines.join(" ");
    box.hidden = false;
  }
  // The table is in English but this page is Spanish: point to the English version.
  const english = document.querySelector("a.idioma[hreflang='en']");
  const note = document.getElementById("solo-espanol");
  if (!PAGE_IS_ENGLISH && settings.language === "en" && english && note) {
    const link = document.createElement("a");
    link.href = english.getAttribute("href");
    link.hreflang = "en";
    link.textContent = EN["helpPage.englishLink"];
    note.replaceChildren(link);
    note.hidden = false;
  }
}

main();
