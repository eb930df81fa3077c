// Motion: CSS transforms through the Web Animations API, a steady pace, and a skip that finishes
// whatever is running. The speed setting scales every duration (lenta, normal, rápida); ?rapido=1
// sets them to 0; prefers-reduced-motion swaps flights for short fades and keeps the reading pauses.

import { backSvg } from "./cards.js";

const PACE = {
  bid: 650, // a computer's bid stays on screen this long before the next one
  play: 360, // a card's flight to the trick
  playGap: 220, // pause after each card lands (the card stays in the trick: this only spaces the plays)
  trickPause: 1000, // a finished trick stays visible before it goes to its winner
  collect: 420,
  dealFlight: 260,
  dealStagger: 34,
  lift: 140,
  lastCard: 450, // South's forced last card waits this long before it plays itself
};
const SPEED_FACTOR = { lenta: 1.6, normal: 1, rapida: 0.45 };
const OVERDUE_MS = 1000; // a flight still unfinished this long after its end is given up on

let factor = 1;
const reducedQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
const running = new Set();
const sleepers = new Set(); // the wake-up of every wait under way (pauses and flights), for skip()
let skipping = false;

export function configure({ fast = false, speed = "normal" } = {}) {
  factor = fast ? 0 : SPEED_FACTOR[speed] ?? 1;
  document.documentElement.classList.toggle("rapido", fast);
  document.documentElement.dataset.ritmo = fast ? "instantaneo" : speed;
}

export function reduced() {
  return Boolean(reducedQuery && reducedQuery.matches);
}

export function duration(name) {
  return PACE[name] * factor;
}

export function isInstant() {
  return factor === 0 || skipping;
}

/** Finish everything now; later waits of this sequence return at once until endSkip(). */
export function skip() {
  skipping = true;
  for (const anim of [...running]) finishNow(anim);
  for (const wake of [...sleepers]) wake();
}

export function endSkip() {
  skipping = false;
}

export function pause(name) {
  const ms = typeof name === "number" ? name * factor : duration(name);
  if (ms <= 0 || skipping) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sleepers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    sleepers.add(done);
  });
}

/**
 * Play one animation; resolves when it ends. `finished` is the usual end, but a page that draws no
 * frames for a while (hidden, throttled) can leave it pending: skip() and a timer a little past
 * its length end the wait too, so no sequence of the table ever hangs on one flight.
 */
function run(el, keyframes, options) {
  if (isInstant() || !el.animate || options.duration <= 0) return Promise.resolve();
  const anim = el.animate(keyframes, options);
  running.add(anim);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sleepers.delete(done);
      running.delete(anim);
      resolve();
    };
    const timer = setTimeout(() => {
      finishNow(anim);
      done();
    }, options.duration + OVERDUE_MS);
    sleepers.add(done);
    anim.finished.then(done, done);
  });
}

function finishNow(anim) {
  try {
    anim.finish();
  } catch {
    anim.cancel();
  }
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** Move `el` (already in its final place) in from where `fromRect` was: FLIP. */
export function flyFrom(el, fromRect, name = "play") {
  if (!fromRect) return Promise.resolve();
  const ms = duration(name);
  if (reduced()) return run(el, [{ opacity: 0 }, { opacity: 1 }], { duration: Math.min(ms, 150) });
  const to = el.getBoundingClientRect();
  const a = centre(fromRect);
  const b = centre(to);
  const scale = to.width ? fromRect.width / to.width : 1;
  return run(
    el,
    [
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${scale})` },
      { transform: "none" },
    ],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

/** Send `els` to `toRect` and fade them (a trick going to its winner). */
export function collect(els, toRect) {
  const ms = duration("collect");
  if (reduced()) {
    return Promise.all(els.map((el) => run(el, [{ opacity: 1 }, { opacity: 0 }], { duration: Math.min(ms, 150), fill: "forwards" })));
  }
  const b = centre(toRect);
  return Promise.all(
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const a = centre(r);
      return run(
        el,
        [
          { transform: "none", opacity: 1 },
          { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.45)`, opacity: 0.2 },
        ],
        { duration: ms, easing: "ease-in", fill: "forwards" },
      );
    }),
  );
}

/** A short "pop" on an element that just changed (a bid appearing in a pod). */
export function pop(el) {
  if (reduced()) return Promise.resolve();
  return run(el, [{ transform: "scale(1.25)" }, { transform: "scale(1)" }], { duration: Math.min(240, duration("bid")) });
}

/**
 * Deal 52 cards one at a time from `fromRect` to the seats, in `order` (one seat per card).
 * `targetRect(seat, i)` gives where card i lands; `onArrive(seat, i)` updates the table as it lands.
 */
export async function deal({ layer, fromRect, order, targetRect, onArrive }) {
  if (isInstant() || reduced()) {
    order.forEach((seat, i) => onArrive(seat, i));
    return;
  }
  const start = centre(fromRect);
  const flights = order.map(async (seat, i) => {
    await pause(PACE.dealStagger * i);
    if (skipping) return;
    const card = document.createElement("div");
    card.className = "carta volando";
    card.innerHTML = backSvg();
    layer.append(card);
    const w = card.offsetWidth;
    const h = card.offsetHeight;
    const target = centre(targetRect(seat, i));
    card.style.left = `${start.x - w / 2}px`;
    card.style.top = `${start.y - h / 2}px`;
    await run(
      card,
      [
        { transform: "translate(0, 0) rotate(0deg)" },
        { transform: `translate(${target.x - start.x}px, ${target.y - start.y}px) rotate(${(i % 7) * 9 - 27}deg)` },
      ],
      { duration: duration("dealFlight"), easing: "ease-out", fill: "forwards" },
    );
    card.remove();
    if (!skipping) onArrive(seat, i);
  });
  await Promise.all(flights);
  for (const el of layer.querySelectorAll(".volando")) el.remove();
}
