// «Jugar con amigos» on the first screen: the host picks the game, its rules (the solo game's
// options), the computer players' level and the turn timer, types a name, and the table is made
// (POST /api/mesas, docs/friends.md). The seat token goes to localStorage under the table's key
// and the page moves to the table's link, where the waiting room shows it with «Copiar enlace».

import { t } from "../i18n.js";
import { el } from "../render.js";
import * as manifest from "../games.js";
import { keepSeat, cleanName } from "./sitio.js";
import { createTable } from "./peticiones.js";

const $ = (id) => document.getElementById(id);

/** Each game's rules in the form (the key's `FRIENDS` in its games/<key>/settings.js), loaded with
 * the form. */
let RULES = {};

async function loadRules() {
  const offered = manifest.GAMES.filter((g) => g.friends);
  const parts = await Promise.all(offered.map((g) => import(`../games/${g.key}/settings.js`)));
  RULES = Object.fromEntries(offered.map((g, i) => [g.key, parts[i].FRIENDS]));
}

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

// An entry of a game's FRIENDS: [option, kind, values or default, label, legend?, more?], where
// more may say { house: true } (shown under «Reglas de la casa», off by default as in solo) and
// { excludes: "other" } (a check that unticks another: ♦J and Omnibus are one card or the other).
function field([name, kind, values, label, legend]) {
  if (kind === "check") return checkbox(name, label(), values);
  return radios(name, legend ? legend() : t("fr.create.target"), values, label, values[0]);
}

function rulesPart(game) {
  const box = el("div", "crear-reglas");
  box.id = "crear-reglas";
  const house = el("fieldset", "crear-grupo crear-casa");
  house.append(el("legend", "", t("fr.create.house")));
  for (const entry of RULES[game]) (entry[5]?.house ? house : box).append(field(entry));
  if (house.childElementCount > 1) box.append(house);
  for (const [name, , , , , more] of RULES[game]) {
    if (!more?.excludes) continue;
    const pair = [box.querySelector(`#crear-${name}`), box.querySelector(`#crear-${more.excludes}`)];
    for (const [one, other] of [pair, [...pair].reverse()]) {
      one.addEventListener("change", () => {
        if (one.checked) other.checked = false;
      });
    }
  }
  return box;
}

/** The form's answers as the create body. */
export function bodyOf(form) {
  const data = new FormData(form);
  const game = String(data.get("game"));
  const settings = {};
  for (const [name, kind, values] of RULES[game]) {
    if (kind === "check") settings[name] = data.get(name) !== null;
    else {
      const raw = String(data.get(name));
      settings[name] = typeof values[0] === "number" ? Number(raw) : raw;
    }
  }
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
  await loadRules();
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
