// The day's table (docs/daily.md «The day's table»): the first rows, the number of players, the
// best score, and this profile's rank, percentile and streak.

import { t, signed, num } from "../i18n.js";
import { el } from "../render.js";

export function drawTable(box, data, captionKey) {
  box.replaceChildren();
  if (!data) {
    box.append(el("p", "reto-vacio", t("reto.noDay")));
    return;
  }
  const summary = el("p", "reto-resumen");
  summary.textContent = data.players
    ? t(data.players === 1 ? "reto.playersOne" : "reto.players", { n: num(data.players), best: signed(data.best) })
    : t("reto.nobody");
  box.append(summary);
  const me = data.me;
  if (me && me.rank) {
    const mine = el("p", "reto-mio");
    mine.append(el("strong", "", t("reto.myRank", { rank: num(me.rank), players: num(data.players) })), " ", t("reto.myMore", { percentile: num(me.percentile), total: signed(me.total) }));
    box.append(mine);
  }
  if (me && typeof me.streak === "number" && me.streak > 0) box.append(el("p", "reto-racha", me.streak === 1 ? t("reto.streakOne") : t("reto.streak", { n: num(me.streak) })));
  if (!data.rows || !data.rows.length) return;
  const table = el("table", "reto-clasificacion");
  table.append(el("caption", "sr-only", t(captionKey)));
  const head = el("tr");
  for (const key of ["reto.col.rank", "reto.col.player", "reto.col.total"]) {
    const th = el("th", "", t(key));
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const row of data.rows) {
    const tr = el("tr");
    if (me && me.rank && row.id === me.id) tr.classList.add("yo");
    const name = el("th", "", row.name);
    name.scope = "row";
    tr.append(el("td", "", num(row.rank)), name, el("td", "puntos", signed(row.total)));
    body.append(tr);
  }
  table.append(thead, body);
  box.append(table);
}
