// What Spades' help pages say of the player's rules (js/ayuda.js fills the page from it): the rules
// of the saved game, else the saved settings, else the defaults, and the settings saved for the
// next game when they differ.

import { loadGame, loadSettings, DEFAULT_SETTINGS } from "../../store.js";
import * as manifest from "../../games.js";
import { isOn, optionOf, ruleValue } from "../../options.js";

// The options as Spades declares them (games/spades/options.py, in the manifest).
const SPADES = manifest.byKey("spades");
const TARGET = optionOf(SPADES, "target");
const PLAYERS = optionOf(SPADES, "players");

const NUMBERS = {
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
    out.target = ruleValue(TARGET, rules.target);
    return { ...out, ...houseFlags(Number.isInteger(rules.team_minimum) && rules.team_minimum > 0, rules.all_thirteen, rules.ten_for_200 === true, rules.jokers === true, isOn(PLAYERS, rules.players)) };
  }
  const settings = loadSettings();
  const saved = window.localStorage && window.localStorage.getItem("picas.ajustes") !== null;
  return {
    source: saved ? "settings" : "defaults",
    target: settings.target,
    bag_penalty: settings.bag_penalty,
    blind_nil: settings.blind_nil,
    ...houseFlags(settings.team_minimum === true, settings.all_thirteen, settings.ten_for_200 === true, settings.jokers === true, isOn(PLAYERS, settings.players)),
  };
}

/** «Reglas de la casa» as the page's [data-si] flags: which of the variants the game plays. */
function houseFlags(minimum, thirteen, ten, jokers, two) {
  return {
    two_players: two,
    team_minimum: minimum,
    all_thirteen: thirteen === "bonus" || thirteen === "win",
    all_thirteen_win: thirteen === "win",
    ten_for_200: ten,
    jokers,
  };
}

/** The English of this module's sentences (the Spanish ones are the table's, i18n.js). */
export const EN = {
  "helpPage.settings": "In your game: target {target}, bag penalty {penalty}, Blind Nil {blind}.",
  "helpPage.saved": "Saved for the next game: target {target}, bag penalty {penalty}, Blind Nil {blind}.",
  "helpPage.defaults": "With no saved game, this page describes the default settings: target {target}, bag penalty {penalty}, Blind Nil {blind}.",
  "helpPage.on": "on",
  "helpPage.off": "off",
};

function describe(say, rules) {
  const onOff = (value) => (value ? say("helpPage.on") : say("helpPage.off"));
  return { target: rules.target, penalty: onOff(rules.bag_penalty), blind: onOff(rules.blind_nil) };
}

/** The rules the page describes and the sentences of the box above the page (`say`: the page's
 * words, Spanish or English; `settings`: the saved settings, for the next game). */
export function helpPage({ say, settings }) {
  const rules = activeRules();
  const lines = [say(rules.source === "game" ? "helpPage.settings" : rules.source === "settings" ? "helpPage.saved" : "helpPage.defaults", describe(say, rules))];
  const next = { target: settings.target, bag_penalty: settings.bag_penalty, blind_nil: settings.blind_nil };
  if (rules.source === "game" && (next.target !== rules.target || next.bag_penalty !== rules.bag_penalty || next.blind_nil !== rules.blind_nil)) {
    lines.push(say("helpPage.saved", describe(say, next)));
  }
  return { rules, lines };
}
