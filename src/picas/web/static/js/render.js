// The table pieces both games draw from a plain model: the seats, the info line, the trick, South's
// hand, the status line and announcements, the action area's buttons, the centre panel, the last
// trick, the sheet dialog's frame. Holds no rules: what is playable, and why not, comes from the
// server's view. Redraws are cheap (a few dozen elements), so each part is rebuilt whole. What only
// one game draws is in its folder (games/<key>/mesa.js).

import { t, seatName, codedText } from "./i18n.js";
import { faceSvg, backSvg, cardImage, cardName, cardNameWithArticle } from "./cards.js";

export const SEATS = ["south", "west", "north", "east"]; // clockwise
const $ = (id) => document.getElementById(id);

/** The seats that play a view's game: all four, or at Spades' «Dos jugadores» South and West
 * (West sits across on the page: the table's class `dos` moves its pod and its trick slot). */
export function seatsOf(view) {
  return view && view.rules && view.rules.players === 2 ? TWO_SEATS : SEATS;
}
export const TWO_SEATS = ["south", "west"];

/** The seat that plays after `seat`, clockwise among `seats` (the model's, or all four). */
export function nextSeat(seat, seats = SEATS) {
  return seats[(seats.indexOf(seat) + 1) % seats.length];
}

/** Who played each card of a finished trick ({leader, cards}): a trick of two is «Dos jugadores»'. */
export function playedBy(trick) {
  return trickSeats(trick.leader, trick.cards.length, trick.cards.length === 2 ? TWO_SEATS : SEATS);
}

/** The seats of a trick's cards in the order they were played, from its leader. */
export function trickSeats(leader, count, seats = SEATS) {
  const start = seats.indexOf(leader);
  return Array.from({ length: count }, (_, i) => seats[(start + i) % seats.length]);
}

/** What every game's table model takes from a view alike: the hand's number and dealer, the phase
 * and whose turn, how many cards each seat holds, the trick in progress by seat, the totals and the
 * target; `dealtCount` is how many cards each seat holds so far during the deal animation. */
export function modelBasics(view) {
  const seats = seatsOf(view);
  const order = trickSeats(view.leader, view.trick.length, seats);
  return {
    seats,
    handNumber: view.hand_number,
    dealer: view.dealer,
    phase: view.phase,
    turn: view.turn,
    handSizes: { ...view.hand_sizes },
    trick: view.trick.map((card, i) => ({ seat: order[i], card })),
    totals: { ...view.totals },
    target: view.rules.target,
    dealtCount: null,
  };
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

// --- header ------------------------------------------------------------------------------------

export function renderInfo({ code, level, target, handNumber }) {
  $("dato-codigo").textContent = formatCode(code);
  $("dato-objetivo").textContent = target ? String(target) : "—";
  $("dato-nivel").textContent = level ? t(`level.${level}`) : "—";
  $("dato-mano").textContent = handNumber ? String(handNumber) : "—";
}

export function formatCode(code) {
  if (!code) return "—";
  return codeGroups(String(code).replace(/\s+/g, "")).join(" ");
}

/** A code in groups of four, to read and type back: the code (8) and the long code of a
 * friends' table (28) alike; anything else as it is. */
export function codeGroups(code) {
  if (code.length !== 8 && code.length !== 28) return [code];
  return code.match(/.{4}/g);
}

// --- seat pods ---------------------------------------------------------------------------------

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

/**
 * The play hint's reason in the page's language, from its code and parameters (docs/api.md):
 * `hint.<code>` (Corazones: `hint.corazones.<code>`, the prefix) with the cards as labels (♥Q) and the suits and seats named; a `discard` code is
 * rendered the same way and put in its place. Null for a code (or parameter) the tables lack.
 */
export function hintReason(code, params = {}, prefix = "hint") {
  if (typeof code !== "string") return null;
  const p = params && typeof params === "object" ? params : {};
  const jokers = {}; // a joker in a hint's sentence takes its article («fallas con el comodín grande»)
  for (const name of ["card", "best"]) if (/^[BL]J$/.test(String(p[name]))) jokers[name] = cardNameWithArticle(p[name]);
  if (!("discard" in p)) return codedText(`${prefix}.${code}`, p, jokers);
  const discard = codedText(`hint.${p.discard}`, p, jokers);
  return discard === null ? null : codedText(`${prefix}.${code}`, p, { ...jokers, discard });
}

/** The pause after a trick: «Seguir» (a tap anywhere on the table does the same). */
/** «Jugar»: it plays the lifted card, and waits (disabled) while none is lifted. */
export function playButton(lifted) {
  const play = button(t("btn.play"), { className: "boton principal", action: "jugar", id: "btn-jugar" });
  play.disabled = !lifted;
  return play;
}

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

/** The first screen's choice of target, next to «Repartir»: the targets the game's declaration
 * offers (Spades' 250, quick, or 500, standard) and the key of their short names
 * (`${prefix}.${target}`). */
export function targetChoice(current, { targets, prefix = "deal.target" }) {
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
  if (trick.cards.length === 2) cross.classList.add("dos");
  const order = playedBy(trick);
  trick.cards.forEach((card, i) => {
    const seat = order[i];
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

/** A module loaded on first use, with the style sheet of the rarely used parts. */
export async function withStyles(loading) {
  const [module] = await Promise.all([loading, loadStyles()]);
  return module;
}
