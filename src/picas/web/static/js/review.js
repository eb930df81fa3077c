// Looking back at finished hands, in the sheet dialog: the six-line sheet with its arithmetic,
// each computer bid's reason, all four hands, a trick-by-trick replay (with the trick that broke
// a Nil), every hand of the game, «Rejugar esta mano» and the practice comparison.
// Loaded on first use; everything it shows comes from the view's history.

import { t, signed, num, seatName, reasonText } from "./i18n.js";
import { cardName, cardNameWithArticle, shortLabel, suitSymbol, SUITS, rankValue, suitOf, isJoker } from "./cards.js";
import { SEATS, el, srOnly, button, playedBy, trickCross, headedTable, handRowHead, showSheetDialog, openSheet as openDialog } from "./render.js";

const $ = (id) => document.getElementById(id);
const TEAMS = ["north_south", "east_west"];

let current = null; // {ctx, result, over}: what the dialog was opened with
let showCalc = false; // «Ver las cuentas», kept while the page is open

function sheetOf(result, team) {
  return result.sheets.find((s) => s.team === team) || result.sheets[TEAMS.indexOf(team)];
}

// --- the arithmetic of each line --------------------------------------------------------------

function bagWord(n) {
  return n === 1 ? t("calc.bagWord.one") : t("calc.bagWord", { n });
}

function trickWord(n) {
  return n === 1 ? t("calc.trickWord.one") : t("calc.trickWord", { n });
}

/** "70 + 1 + 100 − 100": the terms of a sum, with true minus signs. */
function terms(values) {
  const kept = values.filter((v) => v !== 0);
  if (!kept.length) return "0";
  return kept.map((v, i) => (i === 0 ? num(v) : v < 0 ? `− ${-v}` : `+ ${v}`)).join(" ");
}

/**
 * The sheet's arithmetic in words, from the sheet JSON and the game's rules, one entry per group
 * of lines: contract and bags together ("cantasteis 7 e hicisteis 8: 7×10 + 1 saco = 71"), Nil,
 * bag penalty, hand total, running total.
 */
export function explain(sheet, rules) {
  const who = sheet.team === "north_south" ? "ns" : "ew";
  const out = {};
  const over = sheet.overtricks;
  let contract;
  if (sheet.contract === null) contract = t(`calc.noContract.${who}`);
  else {
    const params = { bid: sheet.contract, made: sheet.counted_tricks, points: num(sheet.lines.contract) };
    // The house variants' made contracts: 200 for 10 or more at «10 por 200», the 13-trick bonus.
    const big = rules.ten_for_200 === true && sheet.contract >= 10;
    const prize = rules.all_thirteen === "bonus" && sheet.contract === 13 ? (rules.all_thirteen_points ?? 200) : 0;
    if (sheet.counted_tricks < sheet.contract) contract = t(`calc.set.${who}`, params);
    else if (big || prize) {
      contract = t(`calc.madeHouse.${who}`, {
        ...params,
        value: big ? t("calc.tenFor200") : `${sheet.contract}×10`,
        prize: prize ? t("calc.prize", { points: prize }) : "",
        bags: over > 0 ? ` + ${bagWord(over)}` : "",
        points: num(sheet.lines.contract + over),
      });
    } else if (over > 0) contract = t(`calc.madeBags.${who}`, { ...params, bags: bagWord(over), points: num(sheet.lines.contract + over) });
    else contract = t(`calc.made.${who}`, params);
  }
  const nilTricks = sheet.nil_tricks;
  if (nilTricks) {
    const key = rules.nil_tricks_score ? "calc.nilBags" : "calc.nilBagsCount";
    contract += t(key, { bags: bagWord(nilTricks), points: signed(nilTricks) });
  }
  out.contract = contract;
  out.nil = sheet.nils.map((nil) => {
    const key = `calc.${nil.blind ? "blind" : "nil"}${nil.tricks === 0 ? "Made" : "Failed"}`;
    return t(key, { seat: seatName(nil.seat), tricks: trickWord(nil.tricks), points: signed(nil.points) });
  }).join("; ");
  if (!rules.bag_penalty) out.penalty = t("calc.penaltyOff");
  else if (!sheet.bags_added) out.penalty = t("calc.penaltyNoBags", { before: bagWord(sheet.bags_before) });
  else {
    const total = sheet.bags_before + sheet.bags_added;
    const params = { before: bagWord(sheet.bags_before), added: sheet.bags_added, total, after: sheet.bags_after, points: signed(sheet.lines.bag_penalty), limit: rules.bag_limit ?? 10 };
    out.penalty = sheet.lines.bag_penalty ? t("calc.penalty", params) : t("calc.penaltyNone", params);
  }
  const l = sheet.lines;
  out.total = `${terms([l.contract, l.bags, l.nil, l.bag_penalty])} = ${num(l.hand_total)}`;
  const before = l.running_total - l.hand_total;
  out.running = `${num(before)} ${l.hand_total < 0 ? "−" : "+"} ${Math.abs(l.hand_total)} = ${num(l.running_total)}`;
  return out;
}

// --- the sheet --------------------------------------------------------------------------------

function nilCell(sheet) {
  const cell = el("td");
  if (!sheet.nils.length) {
    cell.textContent = t("sheet.nilNone");
    return cell;
  }
  sheet.nils.forEach((nil) => {
    const made = nil.tricks === 0;
    const line = el("span", `nil-linea ${made ? "cumplido" : "fallado"}`);
    const mark = el("span", "marca", made ? t("sheet.nilMade") : t("sheet.nilFailed"));
    mark.setAttribute("aria-hidden", "true");
    line.append(mark, srOnly(made ? t("sheet.nilMadeSr") : t("sheet.nilFailedSr")), document.createTextNode(` ${signed(nil.points)}`));
    line.append(el("small", "", `${seatName(nil.seat)}${nil.blind ? `, ${t("sheet.blind")}` : ""}`));
    cell.append(line);
  });
  return cell;
}

function valueCell(value, detail) {
  const cell = el("td", "", signed(value));
  if (detail) {
    cell.append(" ");
    cell.append(el("small", "", detail));
  }
  return cell;
}

/** The six-line sheet of one finished hand, both teams, as a real table; each cell can show its sums. */
export function sheetTable(result, rules) {
  const table = el("table", "hoja");
  table.classList.toggle("con-cuentas", showCalc);
  table.append(el("caption", "", t("sheet.caption", { n: result.number })));
  const head = el("thead");
  const hr = el("tr");
  hr.append(el("th", "", t("sheet.line")), el("th", "", t("team.north_south")), el("th", "", t("team.east_west")));
  for (const th of hr.children) th.scope = "col";
  head.append(hr);
  const [ns, ew] = TEAMS.map((team) => sheetOf(result, team));
  const sums = [ns, ew].map((s) => explain(s, rules));
  // Each group of lines is followed by a row with its sums for both teams (shown on demand).
  const rows = [
    ["sheet.contract", null, (s) => s.contract === null
      ? valueCell(0, t("sheet.noContract"))
      : valueCell(s.lines.contract, t(`sheet.contractDetail.${s.team === "north_south" ? "ns" : "ew"}`, { bid: s.contract, made: s.counted_tricks }))],
    ["sheet.bags", "contract", (s) => valueCell(s.lines.bags, t("sheet.bagsDetail", { n: s.bags_after }))],
    ["sheet.nil", "nil", nilCell],
    ["sheet.bagPenalty", "penalty", (s) => valueCell(s.lines.bag_penalty)],
    ["sheet.handTotal", "total", (s) => valueCell(s.lines.hand_total)],
    ["sheet.runningTotal", "running", (s) => el("td", "", num(s.lines.running_total))],
  ];
  const body = el("tbody");
  rows.forEach(([key, line, cell], i) => {
    const tr = el("tr", i === 4 ? "total" : i === 5 ? "acumulado" : "");
    const th = el("th", "", t(key));
    th.scope = "row";
    tr.append(th, cell(ns), cell(ew));
    body.append(tr);
    if (!line) return;
    const texts = sums.map((sum) => sum[line]);
    if (!texts.some(Boolean)) return;
    const calc = el("tr", "fila-cuenta");
    calc.dataset.linea = line;
    const td = el("td");
    td.colSpan = 3;
    TEAMS.forEach((team, k) => {
      if (!texts[k]) return;
      const p = el("p", "cuenta");
      p.dataset.equipo = team;
      p.append(el("span", "cuenta-equipo", `${t(`team.${team}`)}:`), ` ${texts[k]}`);
      td.append(p);
    });
    calc.append(td);
    body.append(calc);
  });
  table.append(head, body);
  return table;
}

/** The seats that played a finished hand: all four, or South and West at «Dos jugadores» (the
 * empty chairs never bid). */
function seatsIn(result) {
  return SEATS.filter((seat) => result.bids[seat] !== null && result.bids[seat] !== undefined);
}

function seatsSummary(result, reasons) {
  const list = el("ul", "resumen-asientos");
  list.setAttribute("aria-label", t("sheet.seats"));
  const mine = reasons[result.number] || {};
  for (const seat of seatsIn(result)) {
    const bid = result.bids[seat];
    const bidLabel = bid === 0 ? (result.blind[seat] ? t("pod.blindNil") : t("pod.nil")) : String(bid);
    const item = el("li", "", t("sheet.seatLine", { seat: seatName(seat), bid: bidLabel, won: result.won[seat] }));
    if (mine[seat]) item.append(el("small", "razon", `${t("why.short")} ${reasonText(mine[seat])}`));
    list.append(item);
  }
  return list;
}

/** All four hands as dealt: the answer to "the deal is rigged". */
function dealtHands(result) {
  const details = el("details", "cuatro-manos");
  details.append(el("summary", "", t("sheet.hands")));
  const list = el("dl");
  for (const seat of seatsIn(result)) {
    list.append(el("dt", "", seatName(seat, { long: true })));
    const dd = el("dd");
    const cards = result.dealt[seat] || [];
    for (const suit of SUITS) {
      const ranks = cards.filter((c) => suitOf(c) === suit).sort((a, b) => rankValue(b) - rankValue(a));
      const group = el("span", `palo-grupo palo-${suit}`);
      const sym = el("span", "simbolo", suitSymbol(suit));
      sym.setAttribute("aria-label", t(`suit.${suit}`));
      group.append(sym, document.createTextNode(` ${ranks.length ? ranks.map((c) => (isJoker(c) ? shortLabel(c) : c[0] === "T" ? "10" : c[0])).join(" ") : "—"} `));
      dd.append(group, document.createTextNode(" ")); // a break between suits: a long hand wraps
    }
    list.append(dd);
  }
  details.append(list);
  return details;
}

/** Every hand of the game; each hand's number opens its sheet. */
function historyTable(history, selected) {
  const table = headedTable("hoja historial", "sheet.historyCaption", ["sheet.historyHand", "team.north_south", "team.east_west"]);
  const body = el("tbody");
  for (const result of history) {
    const tr = el("tr");
    tr.append(handRowHead(result.number, selected));
    for (const team of TEAMS) {
      const sheet = sheetOf(result, team);
      const td = el("td", "", num(sheet.lines.running_total));
      td.append(" ", el("small", "", `(${signed(sheet.lines.hand_total)})`));
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  return table;
}

/** The first trick each failed Nil bidder won: where the Nil broke. */
export function nilBreaks(result) {
  const out = [];
  for (const team of TEAMS) {
    for (const nil of sheetOf(result, team).nils) {
      if (nil.tricks === 0) continue;
      const index = result.tricks.findIndex((trick) => trick.winner === nil.seat);
      if (index >= 0) out.push({ seat: nil.seat, blind: nil.blind, index });
    }
  }
  return out;
}

// --- the dialog -----------------------------------------------------------------------------

/** The sheet dialog for `result` (the last hand, or the hand asked for); at game over, the result too. */
export function showSheet(ctx, result, { over = false } = {}) {
  current = { ctx, result, over };
  showSheetDialog(over, ctx.stage, renderTop);
}

/** The dialog's first page: (the game's result,) the hand's sheet, the list of all hands. */
function renderTop() {
  const { ctx, result, over } = current;
  const content = $("hoja-contenido");
  content.replaceChildren();
  const history = ctx.view ? ctx.view.history : [];
  if (over && ctx.view && ctx.view.outcome) {
    const outcome = ctx.view.outcome;
    $("hoja-titulo").textContent = t("over.title");
    const lead = el("p", "resultado", ctx.outcomeLine(outcome));
    const reason = el("p", "", t(`over.reason.${outcome.reason}`, { target: ctx.view.rules.target, n: outcome.hands_played }));
    content.append(lead, reason);
    if (result) content.append(el("h3", "hoja-mano", t("sheet.title", { n: result.number })));
  } else {
    $("hoja-titulo").textContent = result ? t("sheet.title", { n: result.number }) : t("menu.score");
  }
  if (result) content.append(...handParts(result));
  else content.append(el("p", "", t("sheet.empty")));
  if (history.length > 1 || (over && history.length)) content.append(historyTable(history, result && result.number));
  bindHandList(content);
}

/** One hand's page: seats and bids, the Nil that broke, the tools, the sheet, the four hands. */
function handParts(result) {
  const { ctx } = current;
  const rules = ctx.view.rules;
  const parts = [seatsSummary(result, ctx.reasons)];
  for (const broken of nilBreaks(result)) {
    const note = el("p", "nil-roto");
    note.append(t(broken.blind ? "review.blindBroke" : "review.nilBroke", { seat: seatName(broken.seat), n: broken.index + 1 }), " ");
    const go = button(t("review.seeTrick", { n: broken.index + 1 }), { className: "boton pequeno" });
    go.addEventListener("click", () => showReplay(result, broken.index));
    note.append(go);
    parts.push(note);
  }
  const tools = el("div", "herramientas");
  const calc = button(showCalc ? t("review.hideCalc") : t("review.showCalc"), { className: "boton pequeno", id: "btn-cuentas" });
  calc.setAttribute("aria-pressed", showCalc ? "true" : "false");
  const replay = button(t("review.replay"), { className: "boton pequeno", id: "btn-repaso" });
  replay.addEventListener("click", () => showReplay(result, 0));
  tools.append(calc, replay);
  if (ctx.canPractice) {
    const again = button(t("practice.replayHand"), { className: "boton pequeno", id: "btn-rejugar" });
    again.dataset.mano = String(result.number);
    again.addEventListener("click", () => ctx.onPractice(result.number));
    tools.append(again);
  }
  const message = el("p", "mensaje");
  message.id = "hoja-mensaje";
  message.setAttribute("role", "status");
  const table = sheetTable(result, rules);
  calc.addEventListener("click", () => {
    showCalc = !showCalc;
    calc.textContent = showCalc ? t("review.hideCalc") : t("review.showCalc");
    calc.setAttribute("aria-pressed", showCalc ? "true" : "false");
    table.classList.toggle("con-cuentas", showCalc);
  });
  // The totals first: on a phone they are what the player looks for, above the fold.
  return [table, ...parts, tools, message, dealtHands(result)];
}

function bindHandList(content) {
  for (const open of content.querySelectorAll(".enlace-mano")) {
    open.addEventListener("click", () => showHand(Number(open.dataset.mano)));
  }
}

/** One hand of the game from the list, with a way back to the list. */
function showHand(number) {
  const { ctx } = current;
  const result = ctx.view.history.find((h) => h.number === number);
  if (!result) return;
  const content = $("hoja-contenido");
  content.replaceChildren();
  $("hoja-titulo").textContent = t("sheet.title", { n: number });
  const back = button(t("review.backToList"), { className: "boton pequeno volver", id: "btn-volver-lista" });
  back.addEventListener("click", () => {
    renderTop();
    const again = content.querySelector(`.enlace-mano[data-mano="${number}"]`);
    if (again) again.focus({ preventScroll: true });
  });
  content.append(back, ...handParts(result));
  $("dlg-hoja").scrollTop = 0;
  back.focus({ preventScroll: true });
}

// --- trick by trick ---------------------------------------------------------------------------

/** Step through the 13 tricks of a finished hand: who led, the four cards, who won. */
function showReplay(result, start) {
  const content = $("hoja-contenido");
  const breaks = nilBreaks(result);
  content.replaceChildren();
  $("hoja-titulo").textContent = t("replay.title", { n: result.number });
  const back = button(t("review.backToSheet"), { className: "boton pequeno volver", id: "btn-volver-hoja" });
  back.addEventListener("click", () => {
    const { ctx, result: top, compare } = current;
    if (compare) showCompare(ctx, top, compare);
    else if (top && top.number === result.number) renderTop();
    else showHand(result.number);
    const again = $("btn-repaso");
    if (again) again.focus({ preventScroll: true });
  });
  const section = el("section", "repaso");
  section.setAttribute("aria-label", t("replay.title", { n: result.number }));
  const nav = el("div", "repaso-nav");
  const prev = button("‹", { className: "boton redondo", id: "repaso-anterior" });
  prev.setAttribute("aria-label", t("replay.prev"));
  const next = button("›", { className: "boton redondo", id: "repaso-siguiente" });
  next.setAttribute("aria-label", t("replay.next"));
  const position = el("p", "repaso-posicion");
  position.id = "repaso-posicion";
  position.setAttribute("aria-live", "polite");
  nav.append(prev, position, next);
  const stage = el("div", "repaso-baza");
  const line = el("p", "repaso-texto");
  line.id = "repaso-texto";
  const broke = el("p", "repaso-nil");
  broke.id = "repaso-nil";
  const tally = el("p", "repaso-cuenta");
  tally.id = "repaso-cuenta";
  const list = el("ol", "repaso-lista");
  result.tricks.forEach((trick, i) => {
    const item = el("li");
    const go = button("", { className: "repaso-item" });
    go.dataset.baza = String(i);
    const seats = playedBy(trick);
    go.append(el("span", "repaso-num", String(i + 1)));
    const cards = el("span", "repaso-cartas");
    trick.cards.forEach((card, k) => {
      const c = el("span", `mini palo-${suitOf(card)}${seats[k] === trick.winner ? " gana" : ""}`, shortLabel(card));
      cards.append(c);
    });
    go.append(cards, el("span", "repaso-ganador", seatName(trick.winner)));
    go.setAttribute("aria-label", t("replay.itemAria", {
      n: i + 1,
      leader: seatName(trick.leader),
      cards: trick.cards.map((card, k) => `${seatName(seats[k])} ${cardName(card)}`).join(", "),
      winner: seatName(trick.winner),
    }));
    if (breaks.some((b) => b.index === i)) go.classList.add("rompe");
    item.append(go);
    list.append(item);
  });
  section.append(nav, stage, line, broke, tally, list);
  content.append(back, section);

  let index = Math.max(0, Math.min(start, result.tricks.length - 1));
  const show = () => {
    const trick = result.tricks[index];
    position.textContent = t("replay.position", { n: index + 1, total: result.tricks.length });
    stage.replaceChildren(trickCross(trick));
    line.textContent = t("replay.line", { leader: seatName(trick.leader), winner: seatName(trick.winner) });
    const here = breaks.filter((b) => b.index === index);
    broke.textContent = here.map((b) => t(b.blind ? "replay.blindBroke" : "replay.nilBroke", { seat: seatName(b.seat) })).join(" ");
    broke.hidden = !here.length;
    const won = { south: 0, west: 0, north: 0, east: 0 };
    for (const tr of result.tricks.slice(0, index + 1)) won[tr.winner] += 1;
    tally.textContent = t("replay.tally", { tricks: seatsIn(result).map((s) => `${seatName(s)} ${won[s]}`).join(" · ") });
    prev.disabled = index === 0;
    next.disabled = index === result.tricks.length - 1;
    for (const item of list.querySelectorAll(".repaso-item")) {
      if (Number(item.dataset.baza) === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
  };
  prev.addEventListener("click", () => {
    if (index > 0) index -= 1;
    show();
    if (prev.disabled) next.focus();
  });
  next.addEventListener("click", () => {
    if (index < result.tricks.length - 1) index += 1;
    show();
    if (next.disabled) prev.focus();
  });
  list.addEventListener("click", (event) => {
    const go = event.target.closest(".repaso-item");
    if (!go) return;
    index = Number(go.dataset.baza);
    show();
  });
  section.addEventListener("keydown", (event) => {
    if (event.target.closest(".repaso-lista")) return;
    if (event.key === "ArrowLeft") prev.click();
    else if (event.key === "ArrowRight") next.click();
    else return;
    event.preventDefault();
  });
  show();
  $("dlg-hoja").scrollTop = 0;
  (index < result.tricks.length - 1 ? next : prev).focus({ preventScroll: true });
}

// --- practice: the same deal three ways --------------------------------------------------------

function compareColumn(entry) {
  if (!entry) return null;
  const ns = sheetOf(entry, "north_south");
  const ew = sheetOf(entry, "east_west");
  return { bids: entry.bids, won: entry.won, ns: ns.lines.hand_total, ew: ew.lines.hand_total };
}

function bidLabel(bid) {
  return bid === 0 ? t("pod.nil") : String(bid);
}

/** After a practice hand: the original result, this replay's, and Difícil's in South's seat. */
export function showCompare(ctx, replay, compare) {
  current = { ctx, result: replay, over: false, compare };
  const content = $("hoja-contenido");
  content.replaceChildren();
  $("hoja-titulo").textContent = t("compare.title", { n: ctx.practice.hand });
  const columns = [
    ["original", t("compare.original"), compareColumn(compare.original)],
    ["replay", t("compare.replay"), compareColumn(replay)],
    ["dificil", t("compare.dificil"), compareColumn(compare.dificil)],
  ];
  const table = el("table", "hoja comparacion");
  table.append(el("caption", "", t("compare.caption")));
  const thead = el("thead");
  const hr = el("tr");
  hr.append(el("th", "", ""));
  for (const [key, label] of columns) {
    const th = el("th", "", label);
    th.scope = "col";
    th.dataset.columna = key;
    hr.append(th);
  }
  hr.firstChild.scope = "col";
  hr.firstChild.append(srOnly(t("sheet.line")));
  thead.append(hr);
  const rows = [
    ["compare.bidsNS", (c) => `${bidLabel(c.bids.south)} + ${bidLabel(c.bids.north)}`],
    ["compare.wonNS", (c) => `${c.won.south} + ${c.won.north}`],
    ["compare.bidsEW", (c) => `${bidLabel(c.bids.west)} + ${bidLabel(c.bids.east)}`],
    ["compare.wonEW", (c) => `${c.won.west} + ${c.won.east}`],
    ["compare.pointsNS", (c) => signed(c.ns)],
    ["compare.pointsEW", (c) => signed(c.ew)],
  ];
  const body = el("tbody");
  rows.forEach(([key, value], i) => {
    const tr = el("tr", i === 4 ? "total" : "");
    const th = el("th", "", t(key));
    th.scope = "row";
    tr.append(th);
    for (const [name, , column] of columns) {
      const td = el("td", "", column ? value(column) : "—");
      td.dataset.columna = name;
      tr.append(td);
    }
    body.append(tr);
  });
  table.append(thead, body);
  const [original, mine, best] = columns.map((c) => c[2]);
  const summary = el("p", "comparacion-resumen");
  summary.id = "comparacion-resumen";
  const diff = mine.ns - original.ns;
  summary.textContent = `${t(diff > 0 ? "compare.better" : diff < 0 ? "compare.worse" : "compare.same", { points: signed(mine.ns), diff: Math.abs(diff) })}${best ? ` ${t("compare.dificilLine", { points: signed(best.ns) })}` : ""}`;
  const message = el("p", "mensaje");
  message.id = "hoja-mensaje";
  message.setAttribute("role", "status");
  const replayButton = button(t("review.replay"), { className: "boton pequeno", id: "btn-repaso" });
  replayButton.addEventListener("click", () => showReplay(replay, 0));
  const tools = el("div", "herramientas");
  tools.append(replayButton);
  const seat = el("p", "comparacion-asiento");
  seat.id = "comparacion-asiento";
  if (best) {
    seat.textContent = t("compare.seat", {
      mine: bidLabel(mine.bids.south), myWon: mine.won.south,
      bid: bidLabel(best.bids.south), won: best.won.south,
    });
  }
  // A practice kept from before the comparison had tricks has no side-by-side view.
  if (Array.isArray(compare.dificil && compare.dificil.tricks) && compare.dificil.tricks.length === replay.tricks.length) {
    const side = button(t("compare.sideBySide"), { className: "boton pequeno", id: "btn-lado-a-lado" });
    side.addEventListener("click", () => showSideBySide(replay, compare.dificil));
    tools.append(side);
  }
  content.append(summary, seat, table, tools, message);
  const buttons = $("hoja-botones");
  buttons.replaceChildren();
  buttons.append(
    button(t("practice.back"), { className: "boton principal", action: "volver", id: "btn-volver-hoja-practica" }),
    button(t("practice.again"), { className: "boton", action: "rejugar-otra", id: "btn-rejugar-otra" }),
  );
  const close = button(t("btn.close"), { className: "boton" });
  close.dataset.cerrar = "";
  buttons.append(close);
  openDialog(buttons.firstChild);
}

// --- practice: your tricks beside Difícil's ----------------------------------------------------

/** The four cards of a trick in play order, South's card marked, the winner's underlined. */
function trickCards(trick) {
  const seats = playedBy(trick);
  const cards = el("span", "repaso-cartas");
  trick.cards.forEach((card, k) => {
    const names = ["mini", `palo-${suitOf(card)}`];
    if (seats[k] === trick.winner) names.push("gana");
    if (seats[k] === "south") names.push("sur");
    cards.append(el("span", names.join(" "), shortLabel(card)));
  });
  const cell = el("td");
  cell.append(cards, el("span", "repaso-ganador", seatName(trick.winner)));
  cell.setAttribute("aria-label", t("compare.trickAria", {
    cards: trick.cards.map((card, k) => `${seatName(seats[k])} ${cardName(card)}`).join(", "),
    winner: seatName(trick.winner),
  }));
  return cell;
}

function southCard(trick) {
  return trick.cards[playedBy(trick).indexOf("south")];
}

/** The practice hand and Difícil's play of the same deal from South's seat, trick by trick. */
function showSideBySide(replay, dificil) {
  const content = $("hoja-contenido");
  content.replaceChildren();
  $("hoja-titulo").textContent = t("compare.sideTitle");
  const back = button(t("review.backToSheet"), { className: "boton pequeno volver", id: "btn-volver-hoja" });
  back.addEventListener("click", () => {
    const { ctx, result, compare } = current;
    showCompare(ctx, result, compare);
    const again = $("btn-lado-a-lado");
    if (again) again.focus({ preventScroll: true });
  });
  const first = replay.tricks.findIndex((trick, i) => southCard(trick) !== southCard(dificil.tricks[i]));
  const lead = el("p", "comparacion-resumen");
  lead.id = "lado-a-lado-resumen";
  lead.textContent = first < 0
    ? t("compare.sameCards")
    : t("compare.firstDifferent", {
      n: first + 1,
      mine: cardNameWithArticle(southCard(replay.tricks[first])),
      theirs: cardNameWithArticle(southCard(dificil.tricks[first])),
    });
  const table = headedTable("hoja lado-a-lado", "compare.sideCaption", ["compare.trick", "compare.replay", "compare.dificil"]);
  const body = el("tbody");
  replay.tricks.forEach((trick, i) => {
    const row = el("tr");
    if (southCard(trick) !== southCard(dificil.tricks[i])) row.classList.add("distinta");
    const number = el("th", "", String(i + 1));
    number.scope = "row";
    row.append(number, trickCards(trick), trickCards(dificil.tricks[i]));
    body.append(row);
  });
  table.append(body);
  content.append(back, lead, table);
  $("dlg-hoja").scrollTop = 0;
  back.focus({ preventScroll: true });
}
