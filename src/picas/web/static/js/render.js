// Drawing the table from a plain model. Holds no rules: what is playable, and why not, comes from
// the server's view. Redraws are cheap (a few dozen elements), so each part is rebuilt whole.

import { t, has, num, seatName, bagsText, reasonText, language } from "./i18n.js";
import { faceSvg, backSvg, cardImage, cardName, botLabel, sortHand } from "./cards.js";

export const SEATS = ["south", "west", "north", "east"]; // clockwise
export const TEAM_OF = { south: "north_south", north: "north_south", west: "east_west", east: "east_west" };
const $ = (id) => document.getElementById(id);

export function nextSeat(seat) {
  return SEATS[(SEATS.indexOf(seat) + 1) % 4];
}

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function srOnly(text) {
  return el("span", "sr-only", text);
}

// --- the model ---------------------------------------------------------------------------------

/** What the table shows, built from a view. Animations change a copy of it step by step. */
export function modelFromView(view) {
  const trick = view.trick.map((card, i) => ({ seat: SEATS[(SEATS.indexOf(view.leader) + i) % 4], card }));
  return {
    handNumber: view.hand_number,
    dealer: view.dealer,
    phase: view.phase,
    turn: view.turn,
    bids: { ...view.bids },
    blind: { ...view.blind },
    won: { ...view.won },
    handSizes: { ...view.hand_sizes },
    hand: view.hand ? sortHand(view.hand) : null,
    trick,
    totals: { ...view.totals },
    bags: { ...view.bags },
    target: view.rules.target,
    bagPenalty: view.rules.bag_penalty,
    dealtCount: null, // during the deal animation: how many cards each seat holds so far
  };
}

/** The model at the moment a new hand is dealt (before anyone bids): from the final view. */
export function freshHandModel(view, dealer, handNumber) {
  const model = modelFromView(view);
  model.handNumber = handNumber;
  model.dealer = dealer;
  model.phase = "bidding";
  model.turn = nextSeat(dealer);
  for (const seat of SEATS) {
    model.bids[seat] = null;
    model.blind[seat] = false;
    model.won[seat] = 0;
    model.handSizes[seat] = 13;
  }
  model.trick = [];
  return model;
}

// --- header ------------------------------------------------------------------------------------

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

export function renderInfo({ code, level, target, handNumber }) {
  $("dato-codigo").textContent = formatCode(code);
  $("dato-objetivo").textContent = target ? String(target) : "—";
  $("dato-nivel").textContent = level ? t(`level.${level}`) : "—";
  $("dato-mano").textContent = handNumber ? String(handNumber) : "—";
}

export function formatCode(code) {
  if (!code) return "—";
  const clean = String(code).replace(/\s+/g, "");
  return clean.length === 8 ? `${clean.slice(0, 4)} ${clean.slice(4)}` : clean;
}

// --- seat pods ---------------------------------------------------------------------------------

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

/** A seat's cards in hand as a small back and a count (hidden from screen readers: the pod's
 * sentence says it). */
export function miniHand(cards) {
  const mini = el("div", "mini-mano");
  mini.setAttribute("aria-hidden", "true");
  const back = el("span", "mini-dorso");
  back.innerHTML = backSvg();
  mini.append(back, el("span", "mini-cuenta", String(cards)));
  return mini;
}

// --- the trick ---------------------------------------------------------------------------------

export function trickSlot(seat) {
  return document.querySelector(`#baza .hueco[data-seat="${seat}"]`);
}

export function renderTrick(model) {
  for (const seat of SEATS) trickSlot(seat).replaceChildren();
  for (const { seat, card } of model.trick) {
    const image = cardImage(card);
    image.classList.add("en-baza");
    image.setAttribute("aria-label", `${seatName(seat)}: ${cardName(card)}`);
    trickSlot(seat).append(image);
  }
}

// --- South's hand ------------------------------------------------------------------------------

/**
 * options: {playable: Set, refusals: {code: text}, lifted, suggested, focusIndex, myPlayTurn}
 * Face-down cards (Blind Nil undecided, or the deal in progress) are pictures, not controls.
 */
export function renderHand(model, options) {
  const hand = $("mano");
  const hadFocus = hand.contains(document.activeElement);
  hand.classList.toggle("mi-turno", Boolean(options.myPlayTurn || options.choosing));
  if (model.dealtCount || !model.hand) {
    const count = model.dealtCount ? model.dealtCount.south : model.handSizes.south;
    hand.replaceChildren();
    for (let i = 0; i < count; i += 1) hand.append(faceDownCard());
    layoutHand();
    return;
  }
  const count = model.hand.length;
  const focusIndex = Math.min(options.focusIndex ?? 0, count - 1);
  // The same cards as on screen: update the buttons in place. Replacing them would drop a tap
  // that is under way (pointer down on the old button, up on the new one is no click), as when
  // the play hint's answer redraws the hand while the player is already choosing.
  const shown = [...hand.children];
  const same = shown.length === count && shown.every((node, i) => node.tagName === "BUTTON" && node.dataset.carta === model.hand[i]);
  if (!same) {
    hand.replaceChildren(
      ...model.hand.map((code) => {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.carta = code;
        button.innerHTML = faceSvg(code);
        return button;
      }),
    );
  }
  [...hand.children].forEach((button, i) => dressHandCard(button, model.hand[i], i, focusIndex, options));
  if (hadFocus && count > 0 && !hand.children[focusIndex].matches(":focus")) hand.children[focusIndex].focus({ preventScroll: true });
  layoutHand();
}

/**
 * Classes, label and state of one of South's cards, set from scratch (the button may be reused).
 * Games differ in two options: `received` (a Set: Corazones marks the cards passed to South, for
 * the eye and in the name) and `choosing` with `chosen` (a Set: picking the cards of a pass, each
 * card toggles on and off instead of being played).
 */
function dressHandCard(button, code, i, focusIndex, options) {
  button.className = "carta carta-mano";
  button.dataset.index = String(i);
  const received = Boolean(options.received && options.received.has(code));
  button.classList.toggle("recibida", received);
  const name = received ? t("card.received", { card: cardName(code) }) : cardName(code);
  button.setAttribute("aria-label", name);
  button.removeAttribute("aria-disabled");
  button.removeAttribute("aria-pressed");
  button.removeAttribute("title");
  button.tabIndex = i === focusIndex ? 0 : -1;
  if (options.choosing) {
    const chosen = options.chosen.has(code);
    button.classList.add("jugable");
    button.classList.toggle("elegida", chosen); // raised in its place: the neighbours stay tappable
    button.setAttribute("aria-pressed", chosen ? "true" : "false");
    if (options.suggested && options.suggested.includes(code)) {
      button.classList.add("sugerida");
      button.setAttribute("aria-label", t("hint.cardAria", { card: name }));
    }
    return;
  }
  if (!options.myPlayTurn) return;
  const ok = options.playable.has(code);
  button.classList.add(ok ? "jugable" : "apagada");
  if (!ok) {
    button.setAttribute("aria-disabled", "true");
    const refusal = options.refusals[code];
    if (refusal) button.title = refusal;
  } else {
    button.setAttribute("aria-pressed", options.lifted === code ? "true" : "false");
    if (options.suggested === code) {
      button.classList.add("sugerida");
      button.setAttribute("aria-label", t("hint.cardAria", { card: name }));
    }
  }
  if (options.lifted === code) button.classList.add("levantada");
}

function faceDownCard() {
  const card = el("div", "carta carta-mano boca-abajo");
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", t("card.faceDown"));
  card.innerHTML = backSvg();
  return card;
}

/** Fan the hand: one row if each card keeps a strip of at least 24 px, else two rows. */
export function layoutHand() {
  const hand = $("mano");
  const cards = [...hand.children];
  const n = cards.length;
  const width = hand.clientWidth;
  if (!n || !width) {
    hand.style.height = "";
    return;
  }
  const cw = cards[0].offsetWidth;
  const ch = cards[0].offsetHeight;
  const maxStep = cw * 0.66;
  // The fan's outer cards lean outwards: keep their corners on screen.
  const spread = Math.min(1.4, 14 / Math.max(n, 1));
  const lean = n > 1 ? Math.ceil(ch * 1.4 * Math.sin(((spread * (n - 1)) / 2) * (Math.PI / 180))) : 0;
  let usable = width - 2 * lean;
  const single = n > 1 ? Math.min(maxStep, (usable - cw) / (n - 1)) : 0;
  const rows = n > 1 && single < 24 ? 2 : 1;
  if (rows === 2) usable = width;
  const perRow = Math.ceil(n / rows);
  const step = rows === 1 ? single : Math.min(maxStep, (usable - cw) / Math.max(1, perRow - 1));
  const lift = Math.round(ch * 0.24);
  let lowest = 0;
  cards.forEach((card, i) => {
    const row = rows === 1 ? 0 : i < perRow ? 0 : 1;
    const inRow = row === 0 ? Math.min(perRow, n) : n - perRow;
    const j = row === 0 ? i : i - perRow;
    const span = cw + (inRow - 1) * step;
    const left = (width - span) / 2 + j * step;
    const mid = (inRow - 1) / 2;
    const off = j - mid;
    const angle = rows === 1 ? off * spread : 0;
    const drop = rows === 1 ? off * off * 0.3 : 0;
    lowest = Math.max(lowest, drop);
    card.style.left = `${left}px`;
    card.style.top = `${lift + row * ch * 0.52 + drop}px`;
    card.style.setProperty("--giro", `${angle}deg`);
    card.style.zIndex = String(i + 1);
  });
  const height = Math.ceil(lift + ch + (rows - 1) * ch * 0.52 + lowest + 4);
  hand.style.height = `${height}px`;
  hand.dataset.filas = String(rows);
  // What opens above the hand (Corazones' «¿Por qué?») rises by this much over the actions.
  hand.parentElement.style.setProperty("--mano-alto", `${height + 4}px`);
}

// --- status, announcements ---------------------------------------------------------------------

export function setStatus(text, { warn = false } = {}) {
  const status = $("aviso");
  status.textContent = text || "";
  status.classList.toggle("alerta", warn);
}

let announceTimer = null;
export function announce(text) {
  const region = $("anuncios");
  const line = el("p", "", text);
  region.append(line);
  while (region.children.length > 6) region.firstChild.remove();
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => region.replaceChildren(), 15000);
}

// --- the action area ---------------------------------------------------------------------------

export function button(label, { id, className = "boton", action, value } = {}) {
  const b = el("button", className, label);
  b.type = "button";
  if (id) b.id = id;
  if (action) b.dataset.accion = action;
  if (value !== undefined) b.dataset.valor = String(value);
  return b;
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

const SUIT_LETTER = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };

/**
 * The play hint's reason in the page's language, from its code and parameters (docs/api.md):
 * `hint.<code>` (Corazones: `hint.corazones.<code>`, the prefix) with the cards as labels (♥Q) and the suits and seats named; a `discard` code is
 * rendered the same way and put in its place. Null for a code (or parameter) the tables lack.
 */
export function hintReason(code, params = {}, prefix = "hint") {
  if (typeof code !== "string" || !has(`${prefix}.${code}`)) return null;
  const words = {};
  for (const [name, value] of Object.entries(params || {})) {
    const text = String(value);
    if (name === "card" || name === "best") words[name] = /^[2-9TJQKA][CDHS]$/.test(text) ? botLabel(text) : null;
    else if (name === "suit" || name === "led") words[name] = SUIT_LETTER[text] ? t(`suit.${SUIT_LETTER[text]}`) : null;
    else if (name === "seat") words[name] = has(`seat.${text}`) ? seatName(text) : null;
    else if (name !== "discard") words[name] = text;
    if (words[name] === null) return null;
  }
  if (params && "discard" in params) {
    if (!has(`hint.${params.discard}`)) return null;
    words.discard = t(`hint.${params.discard}`, words);
  }
  const out = t(`${prefix}.${code}`, words);
  return /\{\w+\}/.test(out) ? null : out;
}

/** «Jugar», and with the play hint on, the suggested card and why (hint: {card, reason, reasonCode, reasonParams} | {error}). */
export function renderPlayBar({ lifted, hint = null, hintLoading = false }) {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones jugando";
  const play = button(t("btn.play"), { className: "boton principal", action: "jugar", id: "btn-jugar" });
  play.disabled = !lifted;
  box.append(play);
  if (hint || hintLoading) {
    const line = el("p", "pista");
    line.id = "pista";
    if (hintLoading && !hint) line.textContent = t("hint.loading");
    else if (hint.error) line.textContent = hint.error;
    else {
      line.append(el("strong", "", t("hint.label", { card: cardName(hint.card) })));
      const coded = hintReason(hint.reasonCode, hint.reasonParams);
      if (coded || hint.reason) {
        const shown = coded ?? reasonText(hint.reason); // an unknown code: the server's words
        const why = el("span", "", ` — ${shown}`);
        if (!coded && shown === hint.reason && language() !== "es") why.lang = "es"; // left as the server wrote it
        line.append(why);
      }
    }
    box.append(line);
  }
}

/** The pause after a trick: «Seguir» (a tap anywhere on the table does the same). */
export function renderContinue() {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones jugando";
  box.append(button(t("btn.continue"), { className: "boton principal", action: "seguir", id: "btn-seguir" }));
}

export function clearActions() {
  const box = $("acciones");
  box.replaceChildren();
  box.className = "acciones";
}

/** The first screen's choice of target, next to «Repartir»: Spades' 250 (quick) or 500 (standard);
 * a game passes its own targets and the key of their short names (`${prefix}.${target}`). */
export function targetChoice(current, { targets = [250, 500], prefix = "deal.target" } = {}) {
  const group = el("div", "eleccion-objetivo");
  group.setAttribute("role", "group");
  const label = el("span", "eleccion-titulo", t("deal.target"));
  label.id = "eleccion-objetivo-titulo";
  group.setAttribute("aria-labelledby", label.id);
  group.append(label);
  for (const target of targets) {
    const choice = button("", { className: "boton eleccion", action: "objetivo", value: target, id: `objetivo-${target}` });
    choice.append(el("strong", "", String(target)), " ", el("span", "eleccion-sub", t(`${prefix}.${target}`)));
    choice.setAttribute("aria-pressed", target === current ? "true" : "false");
    group.append(choice);
  }
  return group;
}

/** The overlay in the middle of the table: Repartir, Siguiente mano, the end of the game, errors. */
export function renderCentre(content) {
  const centre = $("centro");
  centre.replaceChildren();
  if (!content) {
    centre.hidden = true;
    return;
  }
  centre.hidden = false;
  for (const node of content) centre.append(node);
}

// --- last trick --------------------------------------------------------------------------------

/** A finished trick as a small cross, its winner's card marked. */
export function trickCross(trick) {
  const cross = el("div", "baza baza-mini");
  const start = SEATS.indexOf(trick.leader);
  trick.cards.forEach((card, i) => {
    const seat = SEATS[(start + i) % 4];
    const slot = el("div", "hueco");
    slot.dataset.seat = seat;
    const image = cardImage(card);
    image.classList.add("en-baza");
    image.setAttribute("aria-label", `${seatName(seat)}: ${cardName(card)}`);
    if (seat === trick.winner) image.classList.add("ganadora");
    slot.append(image);
    cross.append(slot);
  });
  return cross;
}

export function lastTrickContent(trick) {
  const box = el("div", "ultima");
  if (!trick) {
    box.append(el("p", "", t("last.none")));
    return box;
  }
  box.append(trickCross(trick));
  box.append(el("p", "", `${t("last.leader", { seat: seatName(trick.leader) })} ${trick.winner === "south" ? t("last.winner.you") : t("last.winner", { seat: seatName(trick.winner) })}`));
  return box;
}

// --- the sheet dialog (#dlg-hoja), shared by the games' sheets --------------------------------------

/** A table with its caption and a row of column headings. */
export function headedTable(className, captionKey, headingKeys) {
  const table = el("table", className);
  table.append(el("caption", "", t(captionKey)));
  const head = el("tr");
  for (const key of headingKeys) {
    const th = el("th", "", t(key));
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  table.append(thead);
  return table;
}

/** The sheet's buttons: «Nueva partida» at the end of the game, «Siguiente mano» between hands,
 * «Cerrar». Returns the one that takes the focus. */
function sheetButtons(over, stage) {
  const buttons = $("hoja-botones");
  buttons.replaceChildren();
  if (over) buttons.append(button(t("btn.newGame"), { className: "boton principal", action: "nueva", id: "btn-nueva" }));
  else if (stage === "hoja") buttons.append(button(t("btn.nextHand"), { className: "boton principal", action: "siguiente", id: "btn-siguiente-hoja" }));
  const close = button(t("btn.close"), { className: "boton" });
  close.dataset.cerrar = "";
  buttons.append(close);
  return buttons.querySelector(".principal") || close;
}

/** A hand's row head in a game's list of hands: its number, a button (data-mano) that opens its sheet. */
export function handRowHead(number, selected) {
  const th = el("th");
  th.scope = "row";
  const open = button(t("sheet.openHand", { n: number }), { className: "enlace-mano" });
  open.dataset.mano = String(number);
  open.setAttribute("aria-label", t("sheet.openHandAria", { n: number }));
  if (number === selected) open.setAttribute("aria-current", "true");
  th.append(open);
  return th;
}

/** The sheet dialog: its buttons (at game over, or for the stage), its content (`drawContent()`),
 * then open, with the focus on its main button. */
export function showSheetDialog(over, stage, drawContent) {
  const main = sheetButtons(over, stage);
  drawContent();
  openSheet(main);
}

export function openSheet(focus) {
  const dialog = $("dlg-hoja");
  if (!dialog.open) dialog.showModal();
  if (focus) focus.focus({ preventScroll: true });
  dialog.scrollTop = 0;
}

// --- styles of the rarely used parts -------------------------------------------------------------

let extraStyles = null;

/** The dialogs loaded on first use (review, statistics, sharing) bring their own style sheet. */
export function loadStyles() {
  if (!extraStyles) {
    extraStyles = new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = "extras.css";
      link.addEventListener("load", () => resolve());
      link.addEventListener("error", () => resolve());
      document.head.append(link);
    });
  }
  return extraStyles;
}
