// The help pages describe the rules as the player's game has them: the current game's rules (or,
// with no game saved, the saved settings, or the defaults) fill [data-regla] and choose between
// [data-si] / [data-si-no] passages. In English the page says it is in Spanish only.

import { t, loadLanguage } from "./i18n.js";
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
    return out;
  }
  const settings = loadSettings();
  const saved = window.localStorage && window.localStorage.getItem("picas.ajustes") !== null;
  return { source: saved ? "settings" : "defaults", target: settings.target, bag_penalty: settings.bag_penalty, blind_nil: settings.blind_nil };
}

function onOff(value) {
  return value ? t("helpPage.on") : t("helpPage.off");
}

function describe(rules) {
  return { target: rules.target, penalty: onOff(rules.bag_penalty), blind: onOff(rules.blind_nil) };
}

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch {
    settings = { ...DEFAULT_SETTINGS };
  }
  const rules = activeRules();
  for (const el of document.querySelectorAll("[data-regla]")) {
    const value = rules[el.dataset.regla];
    if (value !== undefined) el.textContent = String(value);
  }
  for (const el of document.querySelectorAll("[data-si]")) el.hidden = !rules[el.dataset.si];
  for (const el of document.querySelectorAll("[data-si-no]")) el.hidden = Boolean(rules[el.dataset.siNo]);
  for (const el of document.querySelectorAll("[data-objetivo]")) el.hidden = Number(el.dataset.objetivo) !== rules.target;

  const box = document.getElementById("ajustes-activos");
  if (box) {
    const lines = [t(rules.source === "game" ? "helpPage.settings" : rules.source === "settings" ? "helpPage.saved" : "helpPage.defaults", describe(rules))];
    const next = { target: settings.target, bag_penalty: settings.bag_penalty, blind_nil: settings.blind_nil };
    if (rules.source === "game" && (next.target !== rules.target || next.bag_penalty !== rules.bag_penalty || next.blind_nil !== rules.blind_nil)) {
      lines.push(t("helpPage.saved", describe(next)));
    }
    box.textContent = lines.join(" ");
    box.hidden = false;
  }
  if (settings.language === "en") {
    try {
      await loadLanguage("en");
      document.documentElement.lang = "es"; // the page itself stays Spanish
      const note = document.getElementById("solo-espanol");
      if (note) {
        note.textContent = t("helpPage.spanishOnly");
        note.hidden = false;
      }
    } catch {
      // the Spanish page is still there
    }
  }
}

main();
