// Spades' part of the settings dialog (js/settings.js): the next game's fields, how they are read
// back, and its note.

import { t } from "../../i18n.js";
import { node } from "../../dialogs.js";
import { check, houseRules, levelRadios, radios } from "../../settings.js";

/** Its rules in the first screen's «Jugar con amigos» form (js/amigos/crear.js): [option, kind,
 * values or default, label, legend?, { house }?] (the same names as POST /api/games). */
export const FRIENDS = [
  ["target", "choice", [250, 500], (v) => t(`settings.target.${v}`)],
  ["bag_penalty", "check", true, () => t("settings.bagPenalty")],
  ["blind_nil", "check", false, () => t("settings.blindNil")],
  ["team_minimum", "check", false, () => t("settings.teamMinimum"), null, { house: true }],
  ["all_thirteen", "choice", ["off", "bonus", "win"], (v) => t(`settings.allThirteen.${v}`), () => t("settings.allThirteen"), { house: true }],
  ["ten_for_200", "check", false, () => t("settings.tenFor200"), null, { house: true }],
  ["jokers", "check", false, () => t("settings.jokers"), null, { house: true }],
];

/** «Dos jugadores» in the settings (a check) and in the new-game request (``players``); it plays
 * without Blind Nil and the team minimum, which the request then leaves off. */
function twoPlayers(two) {
  return two ? { two_players: true, players: 2, blind_nil: false, team_minimum: false } : { two_players: false, players: 4 };
}

/** The next game's settings: the fields, which are radios and checks, and how they are read. */
export const NEXT = {
  note: "settings.note",
  radios: ["target", "level", "all_thirteen"],
  checks: ["bag_penalty", "blind_nil", "team_minimum", "ten_for_200", "jokers", "two_players"],
  fields: () => [
    radios("target", "settings.target", [["250", "settings.target.250"], ["500", "settings.target.500"]]),
    levelRadios(),
    check("bag_penalty", "settings.bagPenalty"),
    check("blind_nil", "settings.blindNil"),
    houseRules("settings.house", [
      node("p", "nota", t("settings.houseNote")),
      check("team_minimum", "settings.teamMinimum"),
      radios("all_thirteen", "settings.allThirteen", [
        ["off", "settings.allThirteen.off"],
        ["bonus", "settings.allThirteen.bonus"],
        ["win", "settings.allThirteen.win"],
      ]),
      check("ten_for_200", "settings.tenFor200"),
      check("jokers", "settings.jokers"),
      check("two_players", "settings.twoPlayers"),
      node("p", "nota", t("settings.twoPlayersNote")),
    ]),
  ],
  // «Dos jugadores» has no partners: Blind Nil and the team minimum do not apply, and are dimmed.
  bind: (form) => {
    const sync = () => {
      const two = form.elements.two_players.checked;
      for (const name of ["blind_nil", "team_minimum"]) {
        const input = form.elements[name];
        input.disabled = two;
        input.closest("label").classList.toggle("apagada", two);
      }
    };
    form.elements.two_players.addEventListener("change", sync);
    sync();
  },
  read: (form) => ({
    target: Number(form.elements.target.value) === 500 ? 500 : 250,
    bag_penalty: form.elements.bag_penalty.checked,
    blind_nil: form.elements.blind_nil.checked,
    team_minimum: form.elements.team_minimum.checked,
    all_thirteen: ["bonus", "win"].includes(form.elements.all_thirteen.value) ? form.elements.all_thirteen.value : "off",
    ten_for_200: form.elements.ten_for_200.checked,
    jokers: form.elements.jokers.checked,
    ...twoPlayers(form.elements.two_players.checked),
  }),
};
