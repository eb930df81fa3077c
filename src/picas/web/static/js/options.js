// A game's new-game options as its declaration says them (games/<key>/options.py, served in the
// manifest's `settings`): each option's values, default, range, words, whether it is one of the
// «Reglas de la casa», and the pairs that exclude each other. The store, the settings forms, the
// statistics and the help pages read them here, so no page module lists a game's options again.

/** The game's options, in the order the settings show them. */
export const optionsOf = (entry) => entry.settings.options;

/** One option of the game, or undefined. */
export const optionOf = (entry, name) => optionsOf(entry).find((option) => option.name === name);

/** Whether `value` is one of `option`'s values (the type too: 4 is not "4"). */
export const offers = (option, value) => option.values.some((offered) => offered === value);

/** Whether a check's `value` is its ticked one. */
export const isOn = (option, value) => value === option.on;

/** A check's value when ticked or not (the other of its two values). */
export const checkValue = (option, ticked) => (ticked ? option.on : option.values.find((value) => value !== option.on));

/** Each option's default. */
export const defaultsOf = (entry) => Object.fromEntries(optionsOf(entry).map((option) => [option.name, option.default]));

/** The options' values with each exclusion kept: an option excluded by another's value is at its
 * default (Spades' «Dos jugadores» plays no Blind Nil; Corazones' Omnibus no ♦J). */
export function withExclusions(entry, values) {
  const out = { ...values };
  for (const { when, value, off } of entry.settings.exclusions) {
    if (out[when] === value) out[off] = optionOf(entry, off).default;
  }
  return out;
}

/** The options of `data` (saved settings): each value the option offers, else its default. */
export function cleanOptions(entry, data) {
  const source = data && typeof data === "object" ? data : {};
  const out = {};
  for (const option of optionsOf(entry)) out[option.name] = offers(option, source[option.name]) ? source[option.name] : option.default;
  return withExclusions(entry, out);
}

/** A game's rules value of `option` for the help pages: what a record holds if it is in the
 * option's range (a game may be played to any target the engine takes), else the default. */
export function ruleValue(option, value) {
  if (offers(option, value)) return value;
  const range = option.range;
  if (range && Number.isInteger(value) && value >= range[0] && value <= range[1]) return value;
  return option.default;
}
