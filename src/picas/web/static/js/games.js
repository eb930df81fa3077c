// The manifest of the games the page plays: the one list the first screen, the store, the API
// client and sharing read (the server's list is the games' registry, picas.games; a test checks the
// two agree). Each entry: the game's key (the record's, the API's and the page's one name for it),
// the names a link may use (?juego=), the names the page stored its choice under before (Spades'
// was "picas"), its conductor module, the name of its downloads, and the
// localStorage keys of its save, practice hand, settings and statistics (Spades keeps the keys it
// had before Corazones came, so a Spades player's save and statistics still open).

export const GAMES = Object.freeze([
  Object.freeze({
    key: "spades",
    links: ["picas", "spades"],
    former: ["picas"],
    module: "./games/spades/table.js",
    download: "picas",
    options: ["target", "bag_penalty", "blind_nil", "team_minimum", "all_thirteen", "ten_for_200"],
    storage: Object.freeze({
      game: "picas.partida",
      practice: "picas.practica",
      settings: "picas.ajustes",
      aside: "picas.partida.apartada.",
      stats: "picas.estadisticas",
    }),
  }),
  Object.freeze({
    key: "corazones",
    id: "corazones",
    links: ["corazones", "hearts"],
    former: [],
    module: "./games/corazones/table.js",
    download: "corazones",
    options: ["target", "passing", "jack_of_diamonds", "moon"],
    storage: Object.freeze({
      game: "picas.corazones.partida",
      practice: "picas.corazones.practica",
      settings: "picas.corazones.ajustes",
      aside: "picas.corazones.partida.apartada.",
      stats: "picas.corazones.estadisticas",
    }),
  }),
]);

/** The first game: a bare shared link (?codigo= alone) and a save from before the choice are its. */
export const FIRST = GAMES[0];

/** The entry of a game's key, or undefined. */
export function byKey(key) {
  return GAMES.find((game) => game.key === key);
}

/** The entry a link's ?juego= names (any case), or undefined. */
export function byLink(name) {
  const wanted = String(name).toLowerCase();
  return GAMES.find((game) => game.links.includes(wanted));
}
