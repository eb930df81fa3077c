// The side-by-side review after the reveal: one hand of the day as the player played it (their
// ranked attempt, when they made one), as Difícil played it in the player's seat and as the day's
// best player did, trick by trick (the trick drawings of the solo review, render.js's trickCross).
// The saves come signed with the reveal (the player's own only to its profile, only after the
// day) and open as any solo save does (`POST /api/games/resume`): their views' history holds each
// hand's tricks.

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

/** The review's sides: [title, save] — the player's own attempt first, when there is one. */
function sides(reveal) {
  const out = [];
  if (reveal.mine) out.push([t("reto.review.mine"), reveal.mine.save]);
  out.push([t("reto.review.dificil"), reveal.baseline.save]);
  let best = t("reto.review.noBest");
  if (reveal.best) best = reveal.mine && reveal.best.id === reveal.mine.id ? t("reto.review.bestYou") : t("reto.review.best", { name: reveal.best.name });
  out.push([best, reveal.best ? reveal.best.save : null]);
  return out;
}

/** Open hand `hand` (1-based) of the revealed day in `box`. */
export async function openReview(box, reveal, hand) {
  box.hidden = false;
  box.replaceChildren(el("p", "", t("reto.review.loading")));
  const shown = sides(reveal);
  let histories;
  try {
    histories = await Promise.all(shown.map(([, save]) => historyOf(save)));
  } catch (error) {
    box.replaceChildren(el("p", "sala-aviso", error.message));
    return;
  }
  const ofHand = (history) => (history ? history.find((r) => r.number === hand) || history[hand - 1] : null);
  const hands = histories.map(ofHand);
  const total = Math.max(0, ...hands.map((h) => (h && h.tricks ? h.tricks.length : 0)));
  let index = 0;
  const title = el("h3", "repaso-titulo", t("reto.review.title", { n: hand }));
  title.tabIndex = -1;
  const position = el("p", "repaso-posicion");
  position.setAttribute("aria-live", "polite");
  const row = el("div", shown.length === 3 ? "repaso-lados tres" : "repaso-lados");
  const prev = button(t("replay.prev"), { className: "boton", id: "repaso-anterior" });
  const next = button(t("replay.next"), { className: "boton", id: "repaso-siguiente" });
  const close = button(t("btn.close"), { className: "boton", id: "repaso-cerrar" });
  const draw = () => {
    position.textContent = t("replay.position", { n: index + 1, total });
    row.replaceChildren(...shown.map(([name], i) => column(name, hands[i], index)));
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
  const buttons = el("div", "sala-botones");
  buttons.append(prev, next, close);
  box.replaceChildren(title, position, row, buttons);
  draw();
  title.focus();
}
