// The settings dialog, built on first use. Two groups: the table's (language, pace, pause after a
// trick, play hint, colours), which apply at once; and the next game's, each game's own fields
// (drawn by `nextGame` from its options' declaration in the manifest, games/<key>/options.py:
// its choices as radios, its checks, its «Reglas de la casa» apart, its exclusions kept), saved
// with «Guardar» (which closes the dialog) or used at once by «Nueva partida». Then a game by code.

import { t } from "./i18n.js";
import { LANGUAGES, SPEEDS } from "./store.js";
import { makeDialog, node } from "./dialogs.js";
import { checkValue, isOn, optionOf, optionsOf, withExclusions } from "./options.js";

const NOW = ["language", "speed", "pause_tricks", "auto_last", "hint", "four_colour"];
const NOW_CHECKS = ["four_colour", "pause_tricks", "auto_last", "hint"];
const LEVELS = ["facil", "normal", "dificil"];

/** The level radios, every game's. */
export const levelRadios = () => radios("level", "settings.level", LEVELS.map((l) => [l, `level.${l}`]));

/** «Reglas de la casa»: the variants some tables play, each off (the standard game) by default. */
export function houseRules(legendKey, fields) {
  const set = node("fieldset", "casa");
  set.append(node("legend", "", t(legendKey)), ...fields);
  return set;
}

export function radios(name, legendKey, options) {
  const set = node("fieldset", "en-fila");
  set.append(node("legend", "", t(legendKey)));
  for (const [value, labelKey, lang] of options) {
    const label = node("label", "opcion");
    const input = node("input");
    input.type = "radio";
    input.name = name;
    input.value = value;
    const text = node("span", "", t(labelKey));
    if (lang) text.lang = lang;
    label.append(input, " ", text);
    set.append(label);
  }
  return set;
}

export function check(name, labelKey) {
  const label = node("label", "opcion");
  const input = node("input");
  input.type = "checkbox";
  input.name = name;
  label.append(input, " ", node("span", "", t(labelKey)));
  return label;
}

/** Whether the form's field of `option` stands at `value` (a check ticked or not, a radio chosen). */
function standsAt(form, option, value) {
  const field = form.elements[option.name];
  return option.kind === "check" ? field.checked === isOn(option, value) : field.value === String(value);
}

/**
 * A game's next-game fields, from its options' declaration (the manifest entry's `settings`):
 * the first option (the target), the level, the other options, then the «Reglas de la casa»
 * with their note; how they are filled, read back (an excluded option at its default) and kept
 * consistent: a pair that is `either` one or the other unticks its partner, any other exclusion
 * dims the option it excludes.
 */
export function nextGame(entry) {
  const declared = entry.settings;
  const options = optionsOf(entry);
  const field = (option) => {
    const made = option.kind === "check"
      ? check(option.name, option.label)
      : radios(option.name, option.label, option.values.map((value) => [String(value), `${option.valueWords}.${value}`]));
    return option.note ? [made, node("p", "nota", t(option.note))] : [made];
  };
  const plain = options.filter((option) => !option.house);
  const house = options.filter((option) => option.house);
  return {
    note: declared.note,
    fields: () => [
      ...field(plain[0]),
      levelRadios(),
      ...plain.slice(1).flatMap(field),
      ...(house.length ? [houseRules(declared.house, [...(declared.houseNote ? [node("p", "nota", t(declared.houseNote))] : []), ...house.flatMap(field)])] : []),
    ],
    fill: (form, values) => {
      for (const option of options) {
        const input = form.elements[option.name];
        if (option.kind === "check") input.checked = isOn(option, values[option.name]);
        else input.value = String(values[option.name]);
      }
    },
    read: (form) => {
      const values = {};
      for (const option of options) {
        const input = form.elements[option.name];
        values[option.name] = option.kind === "check"
          ? checkValue(option, input.checked)
          : option.values.find((value) => String(value) === input.value) ?? option.default;
      }
      return withExclusions(entry, values);
    },
    bind: (form) => {
      for (const exclusion of declared.exclusions) {
        const when = optionOf(entry, exclusion.when);
        const off = form.elements[exclusion.off];
        if (exclusion.either) {
          // One or the other (♦J or Omnibus): ticking either unticks its partner.
          const other = form.elements[exclusion.when];
          for (const [box, partner] of [[off, other], [other, off]]) {
            box.addEventListener("change", () => {
              if (box.checked) partner.checked = false;
            });
          }
          continue;
        }
        // Not played with it («Dos jugadores»: no Blind Nil, no team minimum): dimmed.
        const sync = () => {
          const dim = standsAt(form, when, exclusion.value);
          off.disabled = dim;
          off.closest("label").classList.toggle("apagada", dim);
        };
        form.addEventListener("change", (event) => {
          if (event.target.name === exclusion.when) sync();
        });
        sync();
      }
    },
  };
}

/** «Ritmo»: how fast the table moves, and when it waits for the player. */
function pace() {
  const set = node("fieldset", "ritmo");
  set.append(
    node("legend", "", t("settings.pace")),
    radios("speed", "settings.speed", SPEEDS.map((s) => [s, `speed.${s}`])),
    check("pause_tricks", "settings.pauseTricks"),
    check("auto_last", "settings.autoLast"),
  );
  return set;
}

function buttonNode(text, { id, className = "boton" } = {}) {
  const b = node("button", className, text);
  b.type = "button";
  if (id) b.id = id;
  return b;
}

function build(next) {
  const form = node("form", "dialogo-cuerpo");
  form.id = "form-ajustes";
  form.method = "dialog";
  const heading = node("h2", "", t("settings.title"));
  heading.id = "dlg-ajustes-titulo";

  const now = node("fieldset", "grupo-ajustes");
  now.append(
    node("legend", "", t("settings.now")),
    radios("language", "settings.language", [["es", "lang.es", "es"], ["en", "lang.en", "en"]]),
    pace(),
    check("hint", "settings.hint"),
    check("four_colour", "settings.fourColor"),
  );

  const later = node("fieldset", "grupo-ajustes");
  const message = node("p", "mensaje");
  message.id = "ajustes-mensaje";
  message.setAttribute("role", "status");
  const row = node("div", "dialogo-botones");
  row.append(
    buttonNode(t("btn.save"), { id: "ajustes-guardar" }),
    buttonNode(t("settings.newGame"), { id: "ajustes-nueva", className: "boton principal" }),
  );
  later.append(
    node("legend", "", t("settings.nextGame")),
    node("p", "nota", t(next.note)),
    ...next.fields(),
    message,
    row,
    node("p", "nota", t("settings.abandon")),
  );

  const byCode = node("fieldset", "por-codigo");
  const codeLabel = node("label", "", t("settings.code"));
  codeLabel.htmlFor = "ajustes-codigo";
  const code = node("input");
  code.id = "ajustes-codigo";
  code.name = "code";
  code.autocomplete = "off";
  code.setAttribute("autocapitalize", "characters");
  code.spellcheck = false;
  code.maxLength = 48; // the long code of a friends' table, with its dashes
  code.setAttribute("aria-describedby", "ajustes-codigo-pista");
  const hint = node("p", "nota", t("settings.codeHint"));
  hint.id = "ajustes-codigo-pista";
  byCode.append(node("legend", "", t("settings.codeTitle")), codeLabel, code, hint, buttonNode(t("settings.codeStart"), { id: "ajustes-codigo-jugar" }));

  const close = buttonNode(t("btn.close"));
  close.dataset.cerrar = "";
  const bottom = node("div", "dialogo-botones");
  bottom.append(close);
  form.append(heading, now, later, byCode, bottom);
  return form;
}

function fillForm(form, values, next) {
  for (const name of ["language", "speed", "level"]) form.elements[name].value = String(values[name]);
  for (const name of NOW_CHECKS) form.elements[name].checked = Boolean(values[name]);
  next.fill(form, values);
}

function readNow(form) {
  return {
    language: LANGUAGES.includes(form.elements.language.value) ? form.elements.language.value : "es",
    speed: SPEEDS.includes(form.elements.speed.value) ? form.elements.speed.value : "normal",
    pause_tricks: form.elements.pause_tricks.checked,
    auto_last: form.elements.auto_last.checked,
    hint: form.elements.hint.checked,
    four_colour: form.elements.four_colour.checked,
  };
}

function readAll(form, next) {
  return {
    ...readNow(form),
    level: LEVELS.includes(form.elements.level.value) ? form.elements.level.value : "facil",
    ...next.read(form),
  };
}

/**
 * ctx: {next: the game's part (games/<key>/settings.js: its next-game fields), settings(): the saved settings, applyNow(next): apply and save the table's settings,
 * saveAll(settings), applyToUndealt(): give them to a game not yet dealt (true if it did),
 * saved(text): say under the table, once «Guardar» has closed the dialog, what became of them,
 * newGame(code): start a game (throws with a message), isBusy()}
 */
export function openSettings(ctx) {
  const next = ctx.next;
  const dialog = makeDialog("dlg-ajustes");
  const render = (values, focusName = null) => {
    const form = build(next);
    dialog.replaceChildren(form);
    fillForm(form, values, next);
    bind(form);
    if (next.bind) next.bind(form);
    if (focusName) {
      const field = [...form.elements[focusName]].find((input) => input.checked) || form.elements[focusName][0];
      if (field) field.focus();
    }
    return form;
  };
  const bind = (form) => {
    const $ = (id) => form.querySelector(`#${id}`);
    form.addEventListener("change", async (event) => {
      if (!NOW.includes(event.target.name)) return;
      const languageBefore = ctx.settings().language;
      const unsaved = readAll(form, next);
      await ctx.applyNow(readNow(form));
      // A new language: the dialog is drawn again in it, keeping what was chosen but not saved.
      if (ctx.settings().language !== languageBefore) render(unsaved, "language");
    });
    $("ajustes-guardar").addEventListener("click", async () => {
      const chosen = readAll(form, next);
      await ctx.applyNow(readNow(form));
      ctx.saveAll(chosen);
      const now = await ctx.applyToUndealt();
      // Saved is done: the dialog closes, and the table says what became of the settings.
      dialog.close();
      ctx.saved(t(now ? "settings.savedUndealt" : "settings.saved"));
    });
    const start = async (code) => {
      if (ctx.isBusy()) return;
      const chosen = readAll(form, next);
      await ctx.applyNow(readNow(form));
      ctx.saveAll(chosen);
      try {
        await ctx.newGame(code);
        dialog.close();
      } catch (error) {
        $("ajustes-mensaje").textContent = error.message;
      }
    };
    $("ajustes-nueva").addEventListener("click", () => start(null));
    $("ajustes-codigo-jugar").addEventListener("click", () => {
      const code = $("ajustes-codigo").value.replace(/[\s-]+/g, "").toUpperCase();
      if (!code) {
        $("ajustes-mensaje").textContent = t("error.codeEmpty");
        $("ajustes-codigo").focus();
        return;
      }
      start(code);
    });
    $("ajustes-codigo").addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        $("ajustes-codigo-jugar").click();
      }
    });
  };
  render(ctx.settings());
  dialog.showModal();
}
