// The side-by-side review after the reveal: one hand of the day as Difícil played it in the
// player's seat and as the day's best player did, trick by trick (the trick drawings of the solo
// review, render.js's trickCross). Both saves come signed with the reveal and open as any solo
// save does (`POST /api/games/resume`): their views' history holds each hand's tricks.

import * as api from "../api.js";
import { t, seatName } from "../i18n.js";
import { el, button, trickCross } from "../render.js";

const cache = new Map(); // a save's signature → its history

async function historyOf(save) {
  if (!save) return null;
  if (!cache.has(save.sig)) cache.set(save.sig, (await api.resume(save)).view.history);
  return cache.get(save.sig);
}

function column(titleText, result, index) {
  const col = el("section", "repaso-columna");
  col.append(el("h4", "", titleText));
  if (!result || !result.tricks || !result.tricks[index]) {
    col.append(el("p", "reto-vacio", t("reto.review.none")));
    return col;
  }
  const trick = result.tricks[index];
  col.append(trickCross(trick));
  col.append(el("p", "repaso-ganador", t("reto.review.won", { seat: seatName(trick.winner) })));
  return col;
}

/** Open hand `hand` (1-based) of the revealed day in `box`. */
export async function openReview(box, reveal, hand) {
  box.hidden = false;
  box.replaceChildren(el("p", "", t("reto.review.loading")));
  let mine;
  let best;
  try {
    [mine, best] = await Promise.all([historyOf(reveal.baseline.save), historyOf(reveal.best ? reveal.best.save : null)]);
  } catch (error) {
    box.replaceChildren(el("p", "sala-aviso", error.message));
    return;
  }
  const ofHand = (history) => (history ? history.find((r) => r.number === hand) || history[hand - 1] : null);
  const left = ofHand(mine);
  const right = ofHand(best);
  const total = Math.max(left && left.tricks ? left.tricks.length : 0, right && right.tricks ? right.tricks.length : 0);
  let index = 0;
  const title = el("h3", "repaso-titulo", t("reto.review.title", { n: hand }));
  title.tabIndex = -1;
  const position = el("p", "repaso-posicion");
  position.setAttribute("aria-live", "polite");
  const sides = el("div", "repaso-lados");
  const prev = button(t("replay.prev"), { className: "boton", id: "repaso-anterior" });
  const next = button(t("replay.next"), { className: "boton", id: "repaso-siguiente" });
  const close = button(t("btn.close"), { className: "boton", id: "repaso-cerrar" });
  const draw = () => {
    position.textContent = t("replay.position", { n: index + 1, total });
    sides.replaceChildren(
      column(t("reto.review.dificil"), left, index),
      column(reveal.best ? t("reto.review.best", { name: reveal.best.name }) : t("reto.review.noBest"), right, index),
    );
    prev.disabled = index === 0;
    next.disabled = index >= total - 1;
  };
  prev.addEventListener("click", () => {
    if (index > 0) index -= 1;
    draw();
  });
  next.addEventListener("click", () => {
    if (index < total - 1) index += 1;
    draw();
  });
  close.addEventListener("click", () => {
    box.hidden = true;
    box.replaceChildren();
  });
  const row = el("div", "sala-botones");
  row.append(prev, next, close);
  box.replaceChildren(title, position, sides, row);
  draw();
  title.focus();
}
