// «Jugar con amigos» on the first screen: the host picks the game, its rules (the solo game's
// options), the computer players' level and the turn timer, types a name, and the table is made
// (POST /api/mesas, docs/friends.md). The seat token goes to localStorage under the table's key
// and the page moves to the table's link, where the waiting room shows it with «Copiar enlace».

import { t } from "../i18n.js";
import { el } from "../render.js";
import * as manifest from "../games.js";
import { checkValue, isOn, optionsOf } from "../options.js";
import { keepSeat, cleanName } from "./sitio.js";
import { createTable } from "./peticiones.js";

const $ = (id) => document.getElementById(id);

/** A game's rules in the form: its options a friends' table plays, from their declaration in
 * the manifest (games/<key>/options.py). */
const rulesOf = (game) => optionsOf(manifest.byKey(game)).filter((option) => option.friends);

const LEVELS = ["facil", "normal", "dificil"];
const TIMERS = [0, 30, 60];

function radios(name, legend, values, label, checked) {
  const set = el("fieldset", "crear-grupo");
  set.append(el("legend", "", legend));
  const row = el("div", "crear-opciones");
  for (const value of values) {
    const input = el("input");
    input.type = "radio";
    input.name = name;
    input.value = String(value);
    input.checked = value === checked;
    input.id = `crear-${name}-${value}`;
    const tag = el("label", "crear-opcion");
    tag.htmlFor = input.id;
    tag.append(input, el("span", "", label(value)));
    row.append(tag);
  }
  set.append(row);
  return set;
}

function checkbox(name, label, checked) {
  const input = el("input");
  input.type = "checkbox";
  input.name = name;
  input.id = `crear-${name}`;
  input.checked = checked;
  const tag = el("label", "crear-casilla");
  tag.htmlFor = input.id;
  tag.append(input, el("span", "", label));
  return tag;
}

// An option of the game's declaration: a check (ticked: its `on` value) or a choice among its
// values, with the form's words; the «Reglas de la casa» apart, off by default as in solo.
function field(option) {
  if (option.kind === "check") return checkbox(option.name, t(option.friendsLabel), isOn(option, option.default));
  return radios(option.name, t(option.friendsLabel), option.values, (v) => t(`${option.friendsValueWords}.${v}`), option.default);
}

function rulesPart(game) {
  const box = el("div", "crear-reglas");
  box.id = "crear-reglas";
  const house = el("fieldset", "crear-grupo crear-casa");
  house.append(el("legend", "", t("fr.create.house")));
  const offered = rulesOf(game);
  for (const option of offered) (option.house ? house : box).append(field(option));
  if (house.childElementCount > 1) box.append(house);
  // The exclusions between two checks of the form: one or the other (♦J and Omnibus) unticks its
  // partner; any other dims what it excludes while ticked.
  const names = offered.map((option) => option.name);
  for (const exclusion of manifest.byKey(game).settings.exclusions) {
    if (!names.includes(exclusion.when) || !names.includes(exclusion.off)) continue;
    const when = box.querySelector(`#crear-${exclusion.when}`);
    const off = box.querySelector(`#crear-${exclusion.off}`);
    if (!when || !off) continue;
    if (exclusion.either) {
      for (const [one, other] of [[when, off], [off, when]]) {
        one.addEventListener("change", () => {
          if (one.checked) other.checked = false;
        });
      }
    } else {
      const option = offered.find((o) => o.name === exclusion.when);
      const sync = () => {
        off.disabled = when.checked === isOn(option, exclusion.value);
      };
      when.addEventListener("change", sync);
      sync();
    }
  }
  return box;
}

/** The form's answers as the create body. */
export function bodyOf(form) {
  const data = new FormData(form);
  const game = String(data.get("game"));
  const settings = {};
  for (const option of rulesOf(game)) {
    const raw = data.get(option.name);
    settings[option.name] = option.kind === "check"
      ? checkValue(option, raw !== null)
      : option.values.find((value) => String(value) === String(raw)) ?? option.default;
  }
  // An excluded option dimmed in the form is not sent (FormData leaves disabled fields out): its
  // default then, as the solo dialog reads it.
  return {
    game,
    settings,
    level: String(data.get("level")),
    name: String(data.get("name") || ""),
    turn_timer: Number(data.get("turn_timer")),
  };
}

/** Show the form in the first screen (`game`: the game preselected). */
export async function show(game) {
  const box = $("crear-mesa");
  const chosen = manifest.byKey(game) ? game : manifest.FIRST.key;
  const form = el("form", "crear-form");
  form.noValidate = true;
  form.append(el("h2", "crear-titulo", t("fr.create.title")));
  form.querySelector("h2").id = "crear-titulo";
  form.append(radios("game", t("fr.create.game"), manifest.GAMES.filter((g) => g.friends).map((g) => g.key), (key) => t(manifest.byKey(key).choice.name), chosen));
  const rules = el("fieldset", "crear-grupo");
  rules.append(el("legend", "", t("fr.create.settings")), rulesPart(chosen));
  form.append(rules);
  form.append(radios("level", t("fr.create.level"), LEVELS, (v) => t(`level.${v}`), "normal"));
  const timer = radios("turn_timer", t("fr.create.timer"), TIMERS, (v) => t(`fr.create.timer.${v}`), 0);
  timer.append(el("p", "crear-nota", t("fr.create.timerNote")));
  form.append(timer);
  const name = el("input");
  name.type = "text";
  name.name = "name";
  name.id = "crear-nombre";
  name.maxLength = 20;
  name.required = true;
  name.autocomplete = "nickname";
  const nameLabel = el("label", "campo");
  nameLabel.htmlFor = "crear-nombre";
  nameLabel.append(el("span", "", t("fr.name")), name);
  form.append(nameLabel);
  const note = el("p", "crear-aviso");
  note.id = "crear-aviso";
  note.setAttribute("role", "status");
  const submit = el("button", "boton principal grande", t("fr.create.submit"));
  submit.type = "submit";
  submit.id = "btn-crear-mesa";
  form.append(submit, note);
  form.addEventListener("change", (event) => {
    if (event.target.name !== "game") return;
    rules.querySelector("#crear-reglas").replaceWith(rulesPart(event.target.value));
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = bodyOf(form);
    body.name = cleanName(body.name);
    if (!body.name) {
      note.textContent = t("fr.name.bad");
      name.setAttribute("aria-invalid", "true");
      name.focus();
      return;
    }
    name.removeAttribute("aria-invalid");
    submit.disabled = true;
    note.textContent = t("fr.create.making");
    try {
      const answer = await createTable(body);
      keepSeat(answer.table.id, answer.token);
      window.location.assign(`mesa/${encodeURIComponent(answer.table.id)}`);
    } catch (error) {
      note.textContent = error.message;
      submit.disabled = false;
    }
  });
  box.replaceChildren(form);
  box.hidden = false;
  box.scrollIntoView({ block: "start", behavior: "smooth" });
  name.focus({ preventScroll: true });
}
