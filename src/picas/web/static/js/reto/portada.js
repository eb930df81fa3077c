// «Reto del día» on the first screen: one entry per game with the day's commitment (shown before
// the first card), when the day ends in the player's own time, and whether today's ranked attempt
// is done. No profile is made here (the challenge's page makes one when needed); a kept one tells
// whether today is played. Without the challenge on the server (404) the section stays hidden.

import * as manifest from "../games.js";
import { t, signed, language } from "../i18n.js";
import { el } from "../render.js";
import * as api from "./peticiones.js";

// The games of the manifest: a game without a challenge answers 404 and gets no entry.
const GAMES = manifest.GAMES.map((game) => game.key);

function endsShort(ends) {
  const when = new Intl.DateTimeFormat(language() === "en" ? "en-GB" : "es-ES", { hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(new Date(ends * 1000));
  return t("reto.endsShort", { when });
}

function entry(game, day) {
  const link = el("a", "juego juego-reto");
  link.href = `reto/${game}`;
  link.id = `reto-${game}`;
  link.append(el("span", "juego-nombre", t(`reto.game.${game}`)));
  const me = day.me;
  const state = me && me.finished ? t("reto.doneShort", { total: signed(me.total) }) : t("reto.openShort");
  link.append(el("span", "juego-nota", `${state} · ${endsShort(day.ends)}`));
  const seal = el("span", "juego-compromiso", `${t("reto.commitment")} ${day.commitment.slice(0, 16)}…`);
  seal.title = day.commitment;
  link.append(seal);
  if (me && me.finished) link.classList.add("hecho");
  return link;
}

export async function show() {
  // A kept profile's token goes with each call (js/perfil/cuenta.js): it only adds `me`.
  const days = await Promise.all(GAMES.map((g) => api.today(g).catch(() => null)));
  const box = document.getElementById("portada-retos");
  if (!box || days.every((d) => d === null)) return;
  box.replaceChildren(...GAMES.flatMap((g, i) => (days[i] ? [entry(g, days[i])] : [])));
  document.getElementById("portada-reto").hidden = false;
}
