// Our own card art, drawn as SVG: a big index in the top-left corner (the part that shows when the
// hand is fanned), the suit symbol under it, then pips, a big ace or a framed court letter.
// The suit shapes and the back live once in a hidden sprite; each card is a few hundred bytes.

import { t } from "./i18n.js";

export const SUITS = ["S", "H", "C", "D"]; // display order: black, red, black, red
const RANKS = "23456789TJQKA";
const RED = new Set(["H", "D"]);
const NS = "http://www.w3.org/2000/svg";

// «Comodines» (Spades' house rule): the big ("BJ") and the little ("LJ") joker, the two highest
// trumps. A joker is a spade for following suit, so it sorts and groups with the spades, above ♠A.
export const JOKERS = ["BJ", "LJ"];

export function isJoker(code) {
  return code === "BJ" || code === "LJ";
}

export function parse(code) {
  return { rank: code[0], suit: isJoker(code) ? "S" : code[1] };
}

/** The suit a card is grouped and followed with: a joker's is ♠. */
export function suitOf(code) {
  return isJoker(code) ? "S" : code[1];
}

export function rankValue(code) {
  if (isJoker(code)) return code === "BJ" ? 16 : 15;
  return RANKS.indexOf(code[0]) + 2;
}

/** Spanish accessible name: "reina de corazones", "10 de tréboles", "comodín grande". */
export function cardName(code) {
  if (isJoker(code)) return t(code === "BJ" ? "card.joker.big" : "card.joker.little");
  const { rank, suit } = parse(code);
  return t("card.name", { rank: t(`rank.${rank}`), suit: t(`suit.${suit}`) });
}

/** The grammatical gender of a card's name, for the words that agree with it: "f" for «la reina»
 * and «la jota», "m" for «el as», «el rey», the numbers («el 5») and «el comodín». */
export function cardGender(code) {
  if (isJoker(code)) return "m";
  return code[0] === "Q" || code[0] === "J" ? "f" : "m";
}

/** With its article, for sentences: "la reina de corazones", "el as de picas". */
export function cardNameWithArticle(code) {
  if (isJoker(code)) return `${t("card.article")} ${cardName(code)}`;
  const rank = code[0];
  const article = cardGender(code) === "f" ? t(`card.article.${rank}`) : t("card.article");
  return `${article} ${cardName(code)}`;
}

/** South's hand in display order: ♠ ♥ ♣ ♦ (colours alternate), high to low within a suit; the
 * jokers at the top of the spades (big, little, then ♠A). */
export function sortHand(codes) {
  return [...codes].sort((a, b) => {
    const s = SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b));
    return s !== 0 ? s : rankValue(b) - rankValue(a);
  });
}

const LABEL = { T: "10" };
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** The computer players' label, suit first, as their reasons write it: "♠A", "♥10"; a joker by
 * its name ("comodín grande"). */
export function botLabel(code) {
  if (isJoker(code)) return cardName(code);
  return SYMBOL[code[1]] + (LABEL[code[0]] || code[0]);
}

/** "10♠", "Q♥"; a joker "★G" / "★P" (the sheet's and the review's short label). */
export function shortLabel(code) {
  if (isJoker(code)) return t(code === "BJ" ? "card.joker.bigShort" : "card.joker.littleShort");
  return (LABEL[code[0]] || code[0]) + SYMBOL[code[1]];
}

export function suitSymbol(suit) {
  return SYMBOL[suit];
}

// Suit shapes in a 100×100 box.
const SHAPES = {
  H: '<path d="M50 90C46 84 6 60 6 32 6 16 18 6 31 6c9 0 16 5 19 13C53 11 60 6 69 6c13 0 25 10 25 26C94 60 54 84 50 90Z"/>',
  D: '<path d="M50 3Q64 27 86 50Q64 73 50 97Q36 73 14 50Q36 27 50 3Z"/>',
  S: '<path d="M50 4C45 14 6 36 6 62c0 14 11 23 23 23 9 0 15-4 18-10-1 9-5 15-12 20h30c-7-5-11-11-12-20 3 6 9 10 18 10 12 0 23-9 23-23C94 36 55 14 50 4Z"/>',
  C: '<circle cx="50" cy="28" r="20"/><circle cx="27" cy="60" r="20"/><circle cx="73" cy="60" r="20"/><circle cx="50" cy="55" r="12"/><path d="M46 58h8c0 16 4 26 13 37H33c9-11 13-21 13-37Z"/>',
};

// The letters of the face cards are drawn from the sprite (<use>), not written as text in each
// card: they are part of the picture, so the card's name («rey de picas») is its only text and a
// screen reader or a label check does not find a «K» that the name lacks.
const FACES = ["K", "Q", "J"];

/** Insert the sprite (suit symbols, card back, the face cards' letters) once. */
export function installSprite() {
  if (document.getElementById("picas-sprite")) return;
  const svg = document.createElementNS(NS, "svg");
  svg.id = "picas-sprite";
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", "0");
  svg.setAttribute("height", "0");
  svg.setAttribute("class", "sprite");
  const symbols = Object.entries(SHAPES)
    .map(([suit, shape]) => `<symbol id="palo-${suit}" viewBox="0 0 100 100">${shape}</symbol>`)
    .join("");
  svg.innerHTML = `<defs>
    <pattern id="trama" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="10" height="10" class="dorso-a"/><rect width="5" height="5" class="dorso-b"/><rect x="5" y="5" width="5" height="5" class="dorso-b"/>
    </pattern>
    ${symbols}
    ${FACES.map((rank) => `<text id="indice-${rank}" class="indice" text-anchor="middle">${rank}</text>`
      + `<text id="letra-${rank}" class="letra" text-anchor="middle">${rank}</text>`).join("")}
    <symbol id="dorso" viewBox="0 0 100 140">
      <rect x="1" y="1" width="98" height="138" rx="8" class="dorso-borde"/>
      <rect x="8" y="8" width="84" height="124" rx="4" fill="url(#trama)"/>
      <rect x="8" y="8" width="84" height="124" rx="4" class="dorso-marco"/>
      <circle cx="50" cy="70" r="19" class="dorso-sello"/>
      <use href="#palo-S" x="37" y="57" width="26" height="26" class="dorso-pica"/>
    </symbol>
  </defs>`;
  document.body.prepend(svg);
}

// Pip centres (x, y) in the card's 100×140 box, for the ranks 2–10. The index takes the top-left
// corner, so the pips sit a little to the right.
const L = 42, M = 64, R = 86;
const PIPS = {
  2: [[M, 30], [M, 112]],
  3: [[M, 30], [M, 71], [M, 112]],
  4: [[L, 30], [R, 30], [L, 112], [R, 112]],
  5: [[L, 30], [R, 30], [M, 71], [L, 112], [R, 112]],
  6: [[L, 30], [R, 30], [L, 71], [R, 71], [L, 112], [R, 112]],
  7: [[L, 30], [R, 30], [M, 50], [L, 71], [R, 71], [L, 112], [R, 112]],
  8: [[L, 30], [R, 30], [M, 50], [L, 71], [R, 71], [M, 92], [L, 112], [R, 112]],
  9: [[L, 28], [R, 28], [L, 56], [R, 56], [M, 71], [L, 86], [R, 86], [L, 114], [R, 114]],
  10: [[L, 28], [R, 28], [M, 42], [L, 56], [R, 56], [L, 86], [R, 86], [M, 100], [L, 114], [R, 114]],
};

function pip(suit, x, y, size, flip = false) {
  const h = size / 2;
  const tr = flip ? ` transform="rotate(180 ${x} ${y})"` : "";
  return `<use href="#palo-${suit}" x="${x - h}" y="${y - h}" width="${size}" height="${size}"${tr}/>`;
}

// A five-pointed star in a 100×100 box: the jokers' mark (drawn, not written: the card's name is
// its only text).
const STAR = "M50 4 61 38H96L68 59 79 94 50 73 21 94 32 59 4 38H39Z";

/** A joker's face: the big one red with a crowned star, the little one black with a plain star;
 * the corner shows two stars (big) or one (little), so the two tell apart in a fanned hand. */
function jokerSvg(code) {
  const big = code === "BJ";
  const colour = big ? "rojo" : "negro";
  const star = (x, y, size) => `<path d="${STAR}" transform="translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})"/>`;
  const index = big ? star(14, 18, 18) + star(26, 34, 18) : star(20, 24, 24);
  const crown = big ? `<path class="corona" d="M40 40 48 28 56 38 63 24 70 38 78 28 86 40 84 50H42Z"/>` : "";
  const body = `<rect x="32" y="16" width="62" height="116" rx="6" class="figura"/>` + crown
    + star(63, 82, big ? 50 : 42) + star(63, 122, 12);
  return `<svg viewBox="0 0 100 140" class="cara comodin ${big ? "grande" : "pequeno"} palo-S ${colour}" aria-hidden="true" focusable="false">`
    + `<rect x="1" y="1" width="98" height="138" rx="8" class="fondo"/>` + index + body + `</svg>`;
}

/** The SVG markup of a face-up card (decorative: the accessible name sits on its container). */
export function faceSvg(code) {
  if (isJoker(code)) return jokerSvg(code);
  const { rank, suit } = parse(code);
  const colour = RED.has(suit) ? "rojo" : "negro";
  const label = LABEL[rank] || rank;
  let index = `<text x="20" y="31" class="indice" text-anchor="middle">${label}</text>`;
  if (label.length > 1) index = `<text x="4" y="31" class="indice" textLength="34" lengthAdjust="spacingAndGlyphs">${label}</text>`;
  else if (FACES.includes(rank)) index = `<use href="#indice-${rank}" x="20" y="31"/>`;
  let body;
  if (rank === "A") {
    body = pip(suit, 62, 78, suit === "S" ? 62 : 52);
  } else if ("KQJ".includes(rank)) {
    body = `<rect x="32" y="16" width="62" height="116" rx="6" class="figura"/>`
      + `<use href="#letra-${rank}" x="63" y="92"/>`
      + pip(suit, 63, 34, 20) + pip(suit, 63, 114, 20, true);
  } else {
    const n = rank === "T" ? 10 : Number(rank);
    body = PIPS[n].map(([x, y]) => pip(suit, x, y, 19, y > 80)).join("");
  }
  return `<svg viewBox="0 0 100 140" class="cara palo-${suit} ${colour}" aria-hidden="true" focusable="false">`
    + `<rect x="1" y="1" width="98" height="138" rx="8" class="fondo"/>`
    + index + pip(suit, 20, 48, 26) + body + `</svg>`;
}

export function backSvg() {
  return `<svg viewBox="0 0 100 140" class="dorso" aria-hidden="true" focusable="false"><use href="#dorso"/></svg>`;
}

/** A card picture that is not a control (trick, last trick, flying card). */
export function cardImage(code, { faceDown = false } = {}) {
  const el = document.createElement("div");
  el.className = "carta";
  el.setAttribute("role", "img");
  if (faceDown || !code) {
    el.classList.add("boca-abajo");
    el.setAttribute("aria-label", t("card.faceDown"));
    el.innerHTML = backSvg();
  } else {
    el.dataset.carta = code;
    el.setAttribute("aria-label", cardName(code));
    el.innerHTML = faceSvg(code);
  }
  return el;
}
