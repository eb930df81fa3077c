// The help pages describe the rules as the player's game has them: the current game's rules (or,
// with no game saved, the saved settings, or the defaults) fill [data-regla] and choose between
// [data-si] / [data-si-no] passages. The pages come in Spanish (pages/*.html) and English
// (pages/en/*.html, <html lang="en">); each links to its counterpart (a.idioma). A Spanish page
// opened with the table in English points to its English version. What a game's pages say of its
// rules is its own module's (games/<key>/ayuda.js: helpPage and its English strings); a page names
// its game in <html data-juego>, and one that names none is the first game's.

import { t } from "./i18n.js";
import { loadSettings, DEFAULT_SETTINGS } from "./store.js";
import * as manifest from "./games.js";

// The English pages' own strings: the pages need no more of the table's English than these and
// their game's (its module's EN).
const PAGE_IS_ENGLISH = document.documentElement.lang === "en";
const EN = {
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
  // The page's game (data-juego; none: the first game) says its rules: games/<key>/ayuda.js.
  const game = manifest.byKey(document.documentElement.dataset.juego) || manifest.FIRST;
  const part = await import(`./games/${game.key}/ayuda.js`);
  Object.assign(EN, part.EN);
  const { rules, lines } = part.helpPage({ say, language: PAGE_IS_ENGLISH ? "en" : "es", settings });
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
