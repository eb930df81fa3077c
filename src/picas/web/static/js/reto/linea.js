// The attempt's score line (docs/daily.md «The `reto` event»): after each hand «+23 frente a
// Difícil en esta mano» and the running total; practice is marked as such.

import { t, signed } from "../i18n.js";

const $ = (id) => document.getElementById(id);

/** Keep a `reto` event (once per hand): the score line of a table is the list of them. */
export function keep(scored, ev) {
  if (!ev || ev.type !== "reto" || typeof ev.hand !== "number") return false;
  if (scored.some((s) => s.hand === ev.hand)) return false;
  scored.push(ev);
  scored.sort((a, b) => a.hand - b.hand);
  return true;
}

export function handWords(ev) {
  return t("reto.handScore", { score: signed(ev.score) });
}

export function totalWords(total) {
  return t("reto.total", { total: signed(total) });
}

/** Draw the line: the label (ranked or practice), the last hand's score, the total. */
export function draw(scored, ranked) {
  const label = $("reto-etiqueta");
  label.textContent = ranked ? t("reto.ranked") : t("reto.practice");
  label.classList.toggle("practica-marca", !ranked);
  const last = scored[scored.length - 1];
  $("reto-mano").textContent = last ? `${t("reto.handN", { n: last.hand })}: ${handWords(last)}.` : t("reto.noHandYet");
  $("reto-total").textContent = last ? totalWords(last.total) : "";
}
