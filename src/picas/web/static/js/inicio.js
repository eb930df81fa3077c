// The page's entry: which game is on the table. A first visit gets the first screen (Picas or
// Corazones); the choice is remembered, so a returning player lands on their game, and a Spades
// player from before Corazones (a save, no choice yet) lands on Spades. Each game's hooks (its
// module in the games' manifest, games.js) load only when it is played, and the solo table
// (table/solo.js) shows (#app, hidden until then) once its buttons answer. «Más → Cambiar de juego» opens the same screen.
// «Jugar ya» (each game at its quick and standard target) opens the queue (js/ya/cola.js, loaded
// on first use, which makes the player's profile then: reading this screen makes none).

import * as store from "./store.js";
import * as anim from "./animation.js";
import * as manifest from "./games.js";
import { applyTo, loadLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** ?juego=corazones (or hearts, picas, spades): a link that names its game; taken off the address. */
function gameFromLink() {
  const params = new URLSearchParams(window.location.search);
  const raw = params.get("juego");
  if (raw === null) return null;
  params.delete("juego");
  const rest = params.toString();
  window.history.replaceState(null, "", window.location.pathname + (rest ? `?${rest}` : "") + window.location.hash);
  const game = manifest.byLink(raw);
  return game ? game.key : null;
}

/** ?amigos=1 («Más → Jugar con amigos»): the first screen opens with the friends' form; taken off. */
function friendsFromLink() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has("amigos")) return false;
  params.delete("amigos");
  const rest = params.toString();
  window.history.replaceState(null, "", window.location.pathname + (rest ? `?${rest}` : "") + window.location.hash);
  return true;
}

/** «Jugar con amigos»: its form (js/amigos/crear.js, loaded on first use) opens in the first screen. */
async function openFriends(game) {
  const form = await import("./amigos/crear.js");
  form.show(game);
  $("elegir-amigos").setAttribute("aria-expanded", "true");
}

/** The targets «Jugar ya» offers for a game: its declared target's values, the quick one first. */
export function quickTargets(game) {
  const option = game.settings.options.find((o) => o.name === "target");
  return option ? [...option.values].sort((a, b) => a - b) : [];
}

/** ?ya=spades-250 (a rated table's «Jugar otra»): the queue opens at once; ?ya= alone («Más →
 * Jugar ya»): the first screen. Taken off the address. */
function queueFromLink() {
  const params = new URLSearchParams(window.location.search);
  const raw = params.get("ya");
  if (raw === null) return null;
  params.delete("ya");
  const rest = params.toString();
  window.history.replaceState(null, "", window.location.pathname + (rest ? `?${rest}` : "") + window.location.hash);
  if (raw === "") return { pick: true }; // «Más → Jugar ya»: the first screen, at «Jugar ya»
  const match = /^([a-z]+)-(\d{1,4})$/.exec(raw);
  const game = match ? manifest.byLink(match[1]) : null;
  const target = match ? Number(match[2]) : null;
  return game && quickTargets(game).includes(target) ? { game: game.key, target } : null;
}

/** «Jugar ya»: the first screen gives way to the queue's screen; «Cancelar» brings it back. */
async function openQueue(game, target) {
  const queue = await import("./ya/cola.js");
  const screen = $("portada");
  screen.hidden = true;
  queue.search(game, target, {
    onBack() {
      $("cola").hidden = true;
      screen.hidden = false;
      const button = $(`ya-${game}-${target}`);
      if (button) button.focus({ preventScroll: true });
    },
  });
}

/** «Jugar ya»'s buttons: for each game, its name and a button per target (quick, standard). */
function drawQuickChoices() {
  const rows = manifest.GAMES.filter((game) => game.friends).map((game) => {
    const row = document.createElement("div");
    row.className = "ya-juego";
    row.setAttribute("role", "group");
    const name = document.createElement("span");
    name.className = "ya-juego-nombre";
    name.id = `ya-nombre-${game.key}`;
    name.dataset.i18n = game.choice.name;
    row.setAttribute("aria-labelledby", name.id);
    row.append(name);
    quickTargets(game).forEach((target, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "boton ya-boton";
      button.id = `ya-${game.key}-${target}`;
      button.dataset.ya = game.key;
      button.dataset.objetivo = String(target);
      const kind = document.createElement("span");
      kind.className = "ya-boton-tipo";
      kind.dataset.i18n = index === 0 ? "ya.target.quick" : "ya.target.standard";
      const points = document.createElement("span");
      points.className = "ya-boton-puntos";
      points.textContent = String(target);
      button.append(kind, points);
      row.append(button);
    });
    return row;
  });
  $("ya-juegos").replaceChildren(...rows);
}

/** A shared Spades link from before Corazones (?codigo= alone) is a Spades game. */
function linkHasCode() {
  return new URLSearchParams(window.location.search).has("codigo");
}

/** The first screen's button of each game in the manifest: its cards, its name and its note. */
function drawChoices() {
  const span = (className, text) => {
    const node = document.createElement("span");
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  };
  const buttons = manifest.GAMES.map((game) => {
    const option = document.createElement("button");
    option.type = "button";
    option.className = "juego";
    option.dataset.juego = game.key;
    option.id = `elegir-${game.key}`;
    const suits = span("juego-palos");
    suits.setAttribute("aria-hidden", "true");
    suits.append(...game.choice.suits.map(([sign, red]) => span(red ? "rojo" : "", sign)));
    const name = span("juego-nombre");
    name.id = `nombre-${game.key}`;
    name.dataset.i18n = game.choice.name;
    const note = span("juego-nota");
    note.id = `nota-${game.key}`;
    note.dataset.i18n = game.choice.note;
    option.append(suits, name, note);
    return option;
  });
  $("portada-juegos").replaceChildren(...buttons);
}

/** The first screen; resolves with the game the player picks. `current`: the game on the table. */
function choose(current = null) {
  const screen = $("portada");
  const app = $("app");
  for (const option of screen.querySelectorAll("[data-juego]")) {
    option.setAttribute("aria-current", option.dataset.juego === current ? "true" : "false");
  }
  $("portada-volver").hidden = !current;
  applyTo(screen);
  const english = document.documentElement.lang === "en";
  const link = $("portada-diferencia");
  link.setAttribute("href", english ? link.dataset.hrefEn : link.dataset.hrefEs);
  app.hidden = true;
  screen.hidden = false;
  const first = screen.querySelector(current ? `[data-juego="${current}"]` : "[data-juego]");
  first.focus({ preventScroll: true });
  return new Promise((resolve) => {
    const done = (game) => {
      screen.removeEventListener("click", onClick);
      screen.hidden = true;
      if (game === current) app.hidden = false; // a new game's table shows once it is ready
      resolve(game);
    };
    const onClick = (event) => {
      if (event.target.closest("#elegir-amigos")) {
        openFriends(current || store.chosenGame());
        return;
      }
      if (event.target.closest("#crear-mesa")) return; // the friends' form has its own buttons
      const quick = event.target.closest("[data-ya]");
      if (quick) {
        openQueue(quick.dataset.ya, Number(quick.dataset.objetivo));
        return;
      }
      const option = event.target.closest("[data-juego]");
      if (option) done(option.dataset.juego);
      else if (event.target.closest("#portada-volver")) done(current);
    };
    screen.addEventListener("click", onClick);
  });
}

async function play(game) {
  const entry = manifest.byKey(game) || manifest.FIRST;
  const [solo, hooks] = await Promise.all([import("./table/solo.js"), import(entry.module)]);
  await solo.start(entry.key, hooks);
  $("btn-juego").addEventListener("click", async () => {
    $("mas").open = false;
    const next = await choose(game);
    if (next === game) {
      $("btn-juego").focus({ preventScroll: true });
      return;
    }
    store.chooseGame(next);
    window.location.reload(); // each game starts from a clean page
  });
}

async function boot() {
  drawChoices();
  drawQuickChoices();
  const { language, speed } = store.loadSettings();
  anim.configure({ fast: store.fastMode(), speed }); // the table's pace, shared by both games
  if (language !== "es") {
    try {
      await loadLanguage(language);
    } catch {
      // Spanish, then
    }
  }
  const friends = friendsFromLink();
  const queued = queueFromLink();
  let game = gameFromLink() || store.chosenGame();
  const first = manifest.FIRST.key;
  if (!game && (linkHasCode() || store.hasSave(first))) game = first;
  if (!game || friends || queued) {
    applyTo(document);
    import("./reto/portada.js").then((entry) => entry.show()).catch(() => undefined);
    const picking = choose(friends || queued ? game : null);
    if (friends) openFriends(game);
    if (queued && queued.pick) $("portada-ya").scrollIntoView({ block: "center" });
    else if (queued) openQueue(queued.game, queued.target);
    game = await picking;
  }
  store.chooseGame(game);
  await play(game);
}

boot();
