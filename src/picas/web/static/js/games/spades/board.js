// What the Spades table draws that Corazones does not: the model of a Spades view (bids, Blind
// Nil, tricks won, totals and bags), the score bar of the two teams with their bags, the seat pods
// with each bid and its «¿Por qué?», the bid pad, the Blind Nil choice and the play bar with the
// play hint. The trick, the hand, the status line, the centre panel and the sheet's frame are the
// shared pieces of render.js.

import { t, num, signed, seatName, bagsText, reasonText, language } from "../../i18n.js";
import { backSvg, cardName, cardNameWithArticle, cardImage, sortHand } from "../../cards.js";
import { SEATS, el, srOnly, button, playButton, nextSeat, miniHand, hintReason, modelBasics, announce } from "../../render.js";
import * as anim from "../../animation.js";

const $ = (id) => document.getElementById(id);

// --- the model ---------------------------------------------------------------------------------

/** What the table shows, built from a view. Animations change a copy of it step by step. */
export function modelFromView(view) {
  return {
    ...modelBasics(view),
    bids: { ...view.bids },
    blind: { ...view.blind },
    won: { ...view.won },
    hand: view.hand ? sortHand(view.hand) : null,
    bags: { ...view.bags },
    bagPenalty: view.rules.bag_penalty,
    // «Dos jugadores»: the stock still to draw from, and the cards South saw go out of play.
    stock: view.draw ? view.draw.stock : 0,
    seenOut: view.draw ? [...view.draw.seen_out] : [],
  };
}

/** The table of a view before its hand is dealt (the deal is still to be shown). */
export function emptyTableModel(view) {
  const model = freshHandModel(view, view.dealer, view.hand_number);
  model.dealtCount = { south: 0, west: 0, north: 0, east: 0 };
  model.turn = null;
  return model;
}

/** The model before any game: the settings' target, nothing dealt. */
export function blankModel(settings) {
  return {
    handNumber: null, dealer: null, phase: "bidding", turn: null,
    bids: { south: null, west: null, north: null, east: null },
    blind: { south: false, west: false, north: false, east: false },
    won: { south: 0, west: 0, north: 0, east: 0 },
    handSizes: { south: 0, west: 0, north: 0, east: 0 },
    hand: [], trick: [], totals: { north_south: 0, east_west: 0 }, bags: { north_south: 0, east_west: 0 },
    target: settings.target, bagPenalty: settings.bag_penalty, dealtCount: null,
  };
}

/** The deal of a view's hand, as an answer's event. */
export function dealEvent(view) {
  return { type: "deal", dealer: view.dealer, hand_number: view.hand_number };
}

/** The model at the moment a new hand is dealt (before anyone bids): from the final view. */
export function freshHandModel(view, dealer, handNumber) {
  const model = modelFromView(view);
  model.handNumber = handNumber;
  model.dealer = dealer;
  const two = model.seats.length === 2;
  model.phase = two ? "drawing" : "bidding";
  model.turn = nextSeat(dealer, model.seats);
  for (const seat of SEATS) {
    model.bids[seat] = null;
    model.blind[seat] = false;
    model.won[seat] = 0;
    model.handSizes[seat] = two ? 0 : 13;
  }
  if (two) {
    // Nobody deals: each draws from the whole deck in turn (the dealer's opponent first).
    model.hand = [];
    model.stock = 52;
    model.seenOut = [];
  }
  model.trick = [];
  return model;
}

// --- the events both tables show the same way (the solo table and the friends') --------------------

/** A bid onto the model, the pods (drawn by `drawPods(m)`, each table's own) and into words, with
 * its badge popping. */
export async function showBid(m, ev, drawPods) {
  const you = ev.seat === "south";
  m.bids[ev.seat] = ev.bid;
  m.blind[ev.seat] = Boolean(ev.blind);
  m.turn = nextSeat(ev.seat, m.seats);
  if (m.turn === m.dealer && m.seats.every((s) => m.bids[s] !== null)) m.phase = "playing";
  drawPods(m);
  const value = ev.bid === 0 ? t("say.nil") : String(ev.bid);
  if (ev.blind) announce(you ? t("say.blindNil.you") : t("say.blindNil", { seat: seatName(ev.seat) }));
  else announce(you ? t("say.bid.you", { bid: value }) : t("say.bid", { seat: seatName(ev.seat), bid: value }));
  const badge = document.querySelector(`#asiento-${ev.seat} .canto`);
  if (badge) anim.pop(badge);
  await anim.pause(you ? 150 : "bid");
}

/** «Dos jugadores»: a draw onto the model and into words. South's says which card he kept (and
 * which he saw go out); West's says only that he drew. The stock is two cards shorter; when it is
 * empty, the bidding starts with the dealer's opponent. */
export async function showDraw(m, ev, drawPods) {
  const you = ev.seat === "south";
  m.handSizes[ev.seat] += 1;
  m.stock = Math.max(0, m.stock - 2);
  if (you) {
    m.hand = sortHand([...(m.hand || []), ev.kept]);
    if (ev.seen_out) m.seenOut = [...m.seenOut, ev.seen_out];
  }
  m.turn = nextSeat(ev.seat, m.seats);
  if (m.stock === 0) {
    m.phase = "bidding";
    m.turn = nextSeat(m.dealer, m.seats);
  }
  drawPods(m);
  renderStock(m);
  if (you) {
    announce(ev.seen_out
      ? t("say.draw.swap", { out: cardNameWithArticle(ev.seen_out), card: cardNameWithArticle(ev.kept) })
      : t("say.draw.keep", { card: cardNameWithArticle(ev.kept) }));
  } else announce(t("say.draw", { seat: seatName(ev.seat) }));
  await anim.pause(you ? 120 : 260);
}

/** The stock in the middle of the table while the cards are drawn (nothing once it is gone). */
export function renderStock(m) {
  const trick = $("baza");
  let pile = $("mazo");
  if (!m || m.phase !== "drawing" || !m.stock) {
    if (pile) pile.remove();
    return;
  }
  if (!pile) {
    pile = el("div", "mazo");
    pile.id = "mazo";
    trick.append(pile);
  }
  const back = el("span", "mazo-pila");
  back.innerHTML = backSvg(); // the card back's art, made by cards.js (no user text in it)
  pile.replaceChildren(back, el("span", "mazo-cuenta", t("draw.stock", { n: m.stock })));
  pile.setAttribute("aria-label", t("draw.stockAria", { n: m.stock }));
  pile.setAttribute("role", "img");
}

/** South's draw: the top card, big, and the two choices, each saying what it costs; with the play
 * hint on, which one the computer would take and why. */
export function renderDrawChoice({ top, hint = null, hintLoading = false }) {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones robando";
  const card = cardImage(top);
  card.classList.add("robo-carta");
  card.setAttribute("aria-label", t("draw.topAria", { card: cardName(top) }));
  const keep = button("", { className: "boton principal", action: "quedar", id: "btn-quedar" });
  keep.append(el("span", "robo-que", t("btn.keep")), el("span", "robo-sub", t("draw.keepSub")));
  const drop = button("", { className: "boton", action: "descartar", id: "btn-descartar" });
  drop.append(el("span", "robo-que", t("btn.discard")), el("span", "robo-sub", t("draw.discardSub")));
  if (hint && !hint.error && hint.action) (hint.action === "keep" ? keep : drop).classList.add("sugerida");
  const choices = el("div", "robo-botones");
  choices.append(keep, drop);
  const row = el("div", "robo");
  row.append(card, choices);
  box.append(row);
  if (hint || hintLoading) {
    box.append(hintLine(hint, (line) => {
      // The reason says which way and why («Quédatela: una pica alta es una baza segura»).
      const coded = hintReason(hint.reasonCode, hint.reasonParams);
      line.append(el("strong", "", t("hint.drawLabel")), " ", el("span", "", coded ?? reasonText(hint.reason)));
    }));
  }
}

/** The hint's line under the action area: «Buscando…» while it loads, its error, or `fill`'s. */
function hintLine(hint, fill) {
  const line = el("p", "pista");
  line.id = "pista";
  if (!hint) line.textContent = t("hint.loading");
  else if (hint.error) line.textContent = hint.error;
  else fill(line);
  return line;
}

/** A look at the cards before a Blind Nil, in words. */
export function sayLook(ev) {
  announce(ev.seat === "south" ? t("say.look.you") : t("say.look", { seat: seatName(ev.seat) }));
}

/** Who took the trick, in a sentence. */
export function trickSentence(ev) {
  return ev.winner === "south" ? t("say.trick.you") : t("say.trick", { seat: seatName(ev.winner) });
}

/** A taken trick onto the model. */
export function tallyTrick(m, ev) {
  m.won[ev.winner] += 1;
}

/** A scored hand onto the model (each team's total and bags) and into words. */
export function scoreHand(m, result) {
  for (const sheet of result.sheets) {
    m.totals[sheet.team] = sheet.lines.running_total;
    m.bags[sheet.team] = sheet.bags_after;
  }
  const ns = result.sheets.find((s) => s.team === "north_south");
  const ew = result.sheets.find((s) => s.team === "east_west");
  announce(t("say.handScored", { n: result.number, ns: signed(ns.lines.hand_total), ew: signed(ew.lines.hand_total) }));
}

/** The end of the game in words: who won, then the totals (as [head, totals] with `split`). */
export function outcomeLine(outcome, { split = false } = {}) {
  const head = outcome.winner === "north_south" ? t("over.won") : outcome.winner === "east_west" ? t("over.lost") : t("over.draw");
  const [ns, ew] = outcome.totals;
  const totals = t("over.totals", { ns: num(ns), ew: num(ew), n: outcome.hands_played });
  return split ? [head, totals] : `${head} ${totals}`;
}

// --- the score: the two teams with their bags ------------------------------------------------------

export function renderScore(model) {
  for (const team of ["north_south", "east_west"]) {
    $(`puntos-${team}`).textContent = num(model.totals[team]);
    const bags = model.bags[team];
    const meter = $(`sacos-${team}`);
    meter.setAttribute("aria-valuenow", String(Math.min(bags, 10)));
    meter.setAttribute("aria-label", t("score.bagsMeter", { team: t(`team.${team}`), n: bags }));
    meter.setAttribute("aria-valuetext", bagsText(bags));
    meter.replaceChildren();
    const bar = el("span", "sacos-barra");
    bar.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 10; i += 1) bar.append(el("span", i < bags ? "saco lleno" : "saco"));
    meter.append(bar, el("span", "sacos-texto", bagsText(bags)));
    meter.classList.toggle("peligro", model.bagPenalty && bags >= 7);
  }
  $("objetivo").textContent = String(model.target);
}

function bidText(model, seat) {
  const bid = model.bids[seat];
  if (bid === null || bid === undefined) return t("pod.noBid");
  if (bid === 0) return model.blind[seat] ? t("pod.blindNil") : t("pod.nil");
  return t("pod.bid", { n: bid });
}

function bidSentence(model, seat) {
  const bid = model.bids[seat];
  const you = seat === "south";
  if (bid === null || bid === undefined) return t("pod.label.noBid", { you });
  if (bid === 0) return model.blind[seat] ? t("pod.label.blindNil", { you }) : t("pod.label.nil", { you });
  return t("pod.label.bid", { n: bid, you });
}

/** The «¿Por qué?» line of a computer player's bid: "Norte: 3 — ♠A, ♥K protegido". */
export function reasonLine(seat, bid, blind, reason) {
  const value = bid === 0 ? (blind ? t("pod.blindNil") : t("pod.nil")) : String(bid);
  return t("why.line", { seat: seatName(seat), bid: value, reason: reasonText(reason) });
}

/**
 * options: {thinking: seat|null, reasons: {seat: text}, openReason: seat|null}
 * A computer player's bid with a reason gets a small «?» that opens it under the pod.
 */
export function renderPods(model, { thinking = null, reasons = {}, openReason = null } = {}) {
  for (const seat of SEATS) {
    const pod = $(`asiento-${seat}`);
    pod.replaceChildren();
    const isTurn = model.turn === seat && (model.phase === "bidding" || model.phase === "playing");
    pod.classList.toggle("turno", isTurn);
    pod.classList.toggle("pensando", thinking === seat);
    pod.classList.toggle("reparte", model.dealer === seat);
    const head = el("div", "asiento-cabeza");
    head.append(el("span", "asiento-nombre", seatName(seat, { long: seat === "south" || seat === "north" })));
    if (model.dealer === seat) {
      const chip = el("span", "ficha-reparte", t("pod.dealerMark"));
      chip.title = t("info.dealer");
      chip.setAttribute("aria-hidden", "true");
      head.append(chip);
    }
    const bid = model.bids[seat];
    const reason = seat !== "south" && bid !== null && bid !== undefined ? reasons[seat] : null;
    const data = el("div", "asiento-datos");
    data.setAttribute("aria-hidden", "true");
    const bidEl = el("span", "canto", bidText(model, seat));
    if (bid === 0) bidEl.classList.add("nil");
    if (bid === null || bid === undefined) bidEl.classList.add("sin-canto");
    const target = bid === null || bid === undefined ? "—" : bid === 0 ? "0" : String(bid);
    const tricks = el("span", "bazas");
    tricks.append(el("span", "bazas-ganadas", String(model.won[seat])), el("span", "bazas-barra", "/"), el("span", "bazas-objetivo", target));
    if (bid === 0 && model.won[seat] > 0) tricks.classList.add("roto");
    data.append(bidEl, tricks);
    pod.append(head, data);
    if (seat !== "south") {
      const foot = el("div", "asiento-pie");
      foot.append(miniHand(model.dealtCount ? model.dealtCount[seat] : model.handSizes[seat]));
      if (reason) {
        const why = el("button", "porque", "?");
        why.type = "button";
        why.id = `porque-${seat}`;
        why.dataset.seat = seat;
        why.setAttribute("aria-label", t("why.aria", { seat: seatName(seat) }));
        why.setAttribute("aria-expanded", openReason === seat ? "true" : "false");
        if (openReason === seat) why.setAttribute("aria-controls", `bocadillo-${seat}`);
        foot.append(why);
      }
      pod.append(foot);
    }
    // Sentences that agree with the seat (South is «tú») and the counts (i18n.js, agreeing()).
    const you = seat === "south";
    const parts = [seatName(seat, { long: true }), bidSentence(model, seat), t("pod.won", { n: model.won[seat], you })];
    if (seat !== "south") parts.push(t("pod.cards", { n: model.dealtCount ? model.dealtCount[seat] : model.handSizes[seat] }));
    if (model.dealer === seat) parts.push(t("pod.dealer", { you }));
    if (isTurn) parts.push(t("pod.turn", { you }));
    pod.append(srOnly(parts.join(". ") + "."));
    if (reason && openReason === seat) {
      const bubble = el("p", "bocadillo", reasonLine(seat, bid, model.blind[seat], reason));
      bubble.id = `bocadillo-${seat}`;
      pod.append(bubble);
    }
  }
}

/** The bid pad: Nil, 1–13, the Tip key, the reason line and «Cantar». `refused` ({bid: text}):
 * the bids the rules forbid now (the team minimum), dimmed, each saying why; the why is also
 * written once under the pad. */
export function renderBidPad({ selected, tip, tipLoading, refused = {} }) {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones cantando";
  const pad = el("div", "teclado");
  pad.setAttribute("role", "group");
  pad.setAttribute("aria-label", t("bid.pad"));
  for (let n = 0; n <= 13; n += 1) {
    const key = button("", { className: "tecla", action: "elegir", value: n });
    if (n === 0) {
      // The space keeps "Nil 0" apart in the text, so the name («Nil, 0 bazas») contains it.
      key.append(el("span", "tecla-valor", t("btn.nil")), " ", el("span", "tecla-sub", t("bid.nilHint")));
      key.setAttribute("aria-label", t("bid.keyAria.nil"));
      key.classList.add("tecla-nil");
    } else {
      key.append(el("span", "tecla-valor", String(n)));
      key.setAttribute("aria-label", n === 1 ? t("bid.keyAria.one") : t("bid.keyAria", { n }));
    }
    key.setAttribute("aria-pressed", selected === n ? "true" : "false");
    if (tip && tip.bid === n) key.classList.add("sugerida");
    const why = refused[n];
    if (why) {
      key.classList.add("vetada");
      key.setAttribute("aria-disabled", "true");
      key.setAttribute("aria-label", t("bid.refusedAria", { bid: n === 0 ? t("btn.nil") : n, reason: why }));
      key.title = why;
    }
    pad.append(key);
  }
  const tipKey = button("", { className: "tecla tecla-tip", action: "tip", id: "tecla-tip" });
  tipKey.append(el("span", "tecla-valor", t("btn.tip")));
  if (tip) {
    tipKey.append(" ", el("span", "tecla-sub", tip.bid === 0 ? t("bid.tipNil") : String(tip.bid)));
    tipKey.setAttribute("aria-label", t("bid.tipAria", { bid: tip.bid === 0 ? t("bid.tipNil") : tip.bid }));
  } else {
    tipKey.setAttribute("aria-label", t("bid.tipAriaEmpty"));
  }
  pad.append(tipKey);
  const reason = el("p", "tip-razon");
  reason.id = "tip-razon";
  reason.setAttribute("aria-live", "off");
  if (tipLoading) reason.textContent = t("bid.tipLoading");
  else if (tip) {
    reason.append(el("strong", "", t("bid.tipLabel", { bid: tip.bid === 0 ? t("bid.tipNil") : tip.bid })));
    reason.append(document.createTextNode(tip.reasons.length ? ` — ${tip.reasons.map(reasonText).join("; ")}` : ""));
  }
  tipKey.setAttribute("aria-describedby", "tip-razon");
  const confirm = button(selected === null || selected === undefined ? t("btn.bidPick") : t("btn.bid", { bid: selected === 0 ? t("btn.nil") : selected }), {
    className: "boton principal cantar",
    action: "cantar",
    id: "btn-cantar",
  });
  if (selected === null || selected === undefined) confirm.disabled = true;
  const row = el("div", "fila-cantar");
  row.append(reason, confirm);
  const reasons = [...new Set(Object.values(refused))];
  if (reasons.length) {
    const note = el("p", "nota-canto", reasons.join(" "));
    note.id = "canto-vetado";
    box.append(pad, note, row);
  } else box.append(pad, row);
}

export function renderBlindChoice() {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones ciego";
  box.append(
    button(t("btn.blindNil"), { className: "boton principal", action: "nil-ciego", id: "btn-nil-ciego" }),
    button(t("btn.look"), { className: "boton", action: "ver", id: "btn-ver" }),
  );
}

/** «Jugar», and with the play hint on, the suggested card and why (hint: {card, reason, reasonCode, reasonParams} | {error}). */
export function renderPlayBar({ lifted, hint = null, hintLoading = false }) {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones jugando";
  box.append(playButton(lifted));
  if (hint || hintLoading) {
    box.append(hintLine(hint, (line) => {
      line.append(el("strong", "", t("hint.label", { card: cardName(hint.card) })));
      const coded = hintReason(hint.reasonCode, hint.reasonParams);
      if (coded || hint.reason) {
        const shown = coded ?? reasonText(hint.reason); // an unknown code: the server's words
        const why = el("span", "", ` — ${shown}`);
        if (!coded && shown === hint.reason && language() !== "es") why.lang = "es"; // left as the server wrote it
        line.append(why);
      }
    }));
  }
}
