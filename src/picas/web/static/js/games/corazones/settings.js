// Corazones' part of the settings dialog (js/settings.js): the next game's fields, how they are read
// back, and its note.

import { t } from "../../i18n.js";
import { check, houseRules, levelRadios, radios } from "../../settings.js";

/** Its rules in the first screen's «Jugar con amigos» form (js/amigos/crear.js): [option, kind,
 * values or default, label, legend?, { house, excludes }?] (the same names as POST /api/games). */
export const FRIENDS = [
  ["target", "choice", [100, 50], (v) => t(`fr.create.target.${v}`)],
  ["passing", "check", true, () => t("fr.create.passing")],
  ["jack_of_diamonds", "check", false, () => t("fr.create.jack")],
  ["moon", "choice", ["others", "self"], (v) => t(`fr.create.moon.${v}`), () => t("fr.create.moon")],
  ["omnibus", "check", false, () => t("fr.create.omnibus"), null, { house: true, excludes: "jack_of_diamonds" }],
  ["pass_size", "choice", [3, 4], (v) => t(`fr.create.passSize.${v}`), () => t("fr.create.passSize"), { house: true }],
  ["queen_breaks_hearts", "check", true, () => t("fr.create.queenBreaks"), null, { house: true }],
];

/** The next game's settings: the fields, which are radios and checks, and how they are read. */
export const NEXT = {
  note: "cz.settings.note",
  radios: ["target", "level", "moon", "pass_size"],
  checks: ["passing", "jack_of_diamonds", "omnibus", "queen_breaks_hearts"],
  fields: () => [
    radios("target", "settings.target", [["100", "cz.settings.target.100"], ["50", "cz.settings.target.50"]]),
    levelRadios(),
    check("passing", "cz.settings.passing"),
    radios("moon", "cz.settings.moon", [["others", "cz.settings.moon.others"], ["self", "cz.settings.moon.self"]]),
    houseRules("cz.settings.house", [
      check("jack_of_diamonds", "cz.settings.jack"),
      check("omnibus", "cz.settings.omnibus"),
      radios("pass_size", "cz.settings.passSize", [["3", "cz.settings.passSize.3"], ["4", "cz.settings.passSize.4"]]),
      check("queen_breaks_hearts", "cz.settings.queenBreaks"),
    ]),
  ],
  read: (form) => ({
    target: Number(form.elements.target.value) === 50 ? 50 : 100,
    passing: form.elements.passing.checked,
    jack_of_diamonds: form.elements.jack_of_diamonds.checked && !form.elements.omnibus.checked,
    moon: form.elements.moon.value === "self" ? "self" : "others",
    omnibus: form.elements.omnibus.checked,
    pass_size: Number(form.elements.pass_size.value) === 4 ? 4 : 3,
    queen_breaks_hearts: form.elements.queen_breaks_hearts.checked,
  }),
  // ♦J and ♦10 (Omnibus) are one bonus card or the other: choosing one lets the other go.
  bind: (form) => {
    const pair = [form.elements.jack_of_diamonds, form.elements.omnibus];
    for (const [box, other] of [pair, [...pair].reverse()]) {
      box.addEventListener("change", () => {
        if (box.checked) other.checked = false;
      });
    }
  },
};
