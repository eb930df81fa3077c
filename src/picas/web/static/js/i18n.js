// Every string the table shows, in one table per language. Spanish is the only one for now; an
// English table with the same keys can be added to TABLES and chosen with setLanguage("en").

const ES = {
  "app.title": "Picas — Spades en español",
  "app.skip": "Saltar a tu mano",

  // Seats and teams
  "seat.south": "Sur",
  "seat.west": "Oeste",
  "seat.north": "Norte",
  "seat.east": "Este",
  "seat.south.long": "Sur (tú)",
  "seat.north.long": "Norte (compañero)",
  "seat.west.long": "Oeste",
  "seat.east.long": "Este",
  "team.north_south": "Nosotros",
  "team.east_west": "Ellos",
  "team.north_south.long": "Norte y tú",
  "team.east_west.long": "Oeste y Este",

  // Cards
  "rank.A": "as", "rank.K": "rey", "rank.Q": "reina", "rank.J": "jota", "rank.T": "10",
  "rank.9": "9", "rank.8": "8", "rank.7": "7", "rank.6": "6", "rank.5": "5", "rank.4": "4",
  "rank.3": "3", "rank.2": "2",
  "suit.S": "picas", "suit.H": "corazones", "suit.D": "diamantes", "suit.C": "tréboles",
  "card.name": "{rank} de {suit}",
  "card.faceDown": "carta boca abajo",
  "card.article.Q": "la", "card.article.J": "la", "card.article": "el",

  // Score pill and info line
  "score.target": "Objetivo",
  "score.bags": "{n} sacos",
  "score.bags.one": "1 saco",
  "score.bagsMeter": "Sacos de {team}: {n} de 10",
  "score.points": "{team}: {points} puntos, {bags}",
  "info.code": "Partida",
  "info.target": "Objetivo",
  "info.level": "Nivel",
  "info.hand": "Mano",
  "info.dealer": "Reparte",
  "level.facil": "Fácil",
  "level.normal": "Normal",
  "level.dificil": "Difícil",

  // Seat pods
  "pod.noBid": "—",
  "pod.bid": "Canta {n}",
  "pod.nil": "Nil",
  "pod.blindNil": "Nil ciego",
  "pod.tricks": "Bazas",
  "pod.dealerMark": "R",
  "pod.dealer": "reparte",
  "pod.turn": "le toca",
  "pod.cards": "{n} cartas",
  "pod.label": "{seat}. {bid}. {won} de {target} bazas. {cards}.",
  "pod.label.noBid": "Aún no ha cantado",
  "pod.label.bid": "Ha cantado {n}",
  "pod.label.nil": "Ha cantado Nil",
  "pod.label.blindNil": "Ha cantado Nil ciego",

  // Menu
  "menu.label": "Menú",
  "menu.lastTrick": "Última baza",
  "menu.score": "Puntuación",
  "menu.settings": "Ajustes",
  "menu.help": "Ayuda",
  "help.howTo": "Cómo se juega",
  "help.rules": "Reglas y variantes",
  "help.example": "Ejemplo de puntuación",
  "help.strategy": "Estrategia",
  "help.faq": "Preguntas frecuentes",

  // Table areas
  "table.label": "Mesa",
  "table.trick": "Baza en juego",
  "table.hand": "Tu mano",
  "table.actions": "Tus acciones",

  // Buttons
  "btn.deal": "Repartir",
  "btn.play": "Jugar",
  "btn.bid": "Cantar {bid}",
  "btn.bidPick": "Elige tu canto",
  "btn.tip": "Tip",
  "btn.nil": "Nil",
  "btn.blindNil": "Nil ciego",
  "btn.look": "Ver cartas",
  "btn.nextHand": "Siguiente mano",
  "btn.newGame": "Nueva partida",
  "btn.close": "Cerrar",
  "btn.save": "Guardar",
  "btn.retry": "Reintentar",
  "btn.showScore": "Ver puntuación",

  // Status line
  "status.deal": "Pulsa «Repartir» y las cartas saldrán una a una. Toca la mesa para saltarte el reparto.",
  "status.dealing": "Repartiendo… toca la mesa para saltar el reparto.",
  "status.bid": "Te toca cantar: ¿cuántas bazas vas a ganar?",
  "status.blind": "Vais 100 puntos o más por detrás: puedes cantar Nil ciego sin mirar tus cartas (+200 si no ganas ninguna baza, −200 si ganas alguna) o verlas y cantar como siempre.",
  "status.playLead": "Te toca salir. Toca una carta para levantarla; vuelve a tocarla o pulsa «Jugar».",
  "status.playFollow": "Te toca jugar. Toca una carta para levantarla; vuelve a tocarla o pulsa «Jugar».",
  "status.wait": "Le toca a {seat}…",
  "status.waitBidding": "Esperando los cantos…",
  "status.notYourTurn": "Espera: ahora le toca a {seat}.",
  "status.bidFirst": "Ahora se canta: elige tu canto abajo.",
  "status.handOver": "Fin de la mano {n}.",
  "status.gameOver": "La partida ha terminado.",
  "status.lifted": "{card} levantada: tócala otra vez o pulsa «Jugar».",

  // Announcements (aria-live)
  "say.bid": "{seat} canta {bid}.",
  "say.bid.you": "Cantas {bid}.",
  "say.blindNil": "{seat} canta Nil ciego.",
  "say.blindNil.you": "Cantas Nil ciego.",
  "say.look": "{seat} mira sus cartas.",
  "say.look.you": "Miras tus cartas.",
  "say.play": "{seat} juega {card}.",
  "say.play.you": "Juegas {card}.",
  "say.trick": "{seat} gana la baza.",
  "say.trick.you": "Ganas la baza.",
  "say.deal": "{seat} reparte la mano {n}.",
  "say.deal.you": "Repartes la mano {n}.",
  "say.handScored": "Fin de la mano {n}. Nosotros {ns}, Ellos {ew}.",
  "say.yourBid": "Te toca cantar.",
  "say.yourPlay": "Te toca jugar.",
  "say.nil": "Nil",

  // Bid pad
  "bid.pad": "Canto",
  "bid.nilHint": "0",
  "bid.tipLoading": "Calculando el tip…",
  "bid.tipLabel": "Tip: {bid}",
  "bid.tipNil": "Nil",
  "bid.tipAria": "Tip: canto sugerido {bid}",
  "bid.tipAriaEmpty": "Tip: ver el canto sugerido",
  "bid.keyAria.nil": "Nil, cero bazas",
  "bid.keyAria": "{n} bazas",
  "bid.keyAria.one": "1 baza",

  // Score sheet
  "sheet.title": "Mano {n}",
  "sheet.caption": "Puntuación de la mano {n}",
  "sheet.line": "Línea",
  "sheet.contract": "Contrato",
  "sheet.bags": "Sacos",
  "sheet.nil": "Nil",
  "sheet.bagPenalty": "Castigo por sacos",
  "sheet.handTotal": "Total de la mano",
  "sheet.runningTotal": "Total acumulado",
  "sheet.contractDetail": "cantan {bid}, hacen {made}",
  "sheet.noContract": "sin contrato",
  "sheet.bagsDetail": "cuenta: {n}",
  "sheet.nilNone": "—",
  "sheet.nilMadeSr": "cumplido",
  "sheet.nilFailedSr": "fallado",
  "sheet.nilMade": "✓",
  "sheet.nilFailed": "✗",
  "sheet.blind": "ciego",
  "sheet.seats": "Cantos y bazas",
  "sheet.seatLine": "{seat}: canta {bid}, gana {won}",
  "sheet.hands": "Ver las cuatro manos",
  "sheet.history": "Todas las manos",
  "sheet.historyCaption": "Totales de cada mano",
  "sheet.historyHand": "Mano",
  "sheet.empty": "Todavía no se ha terminado ninguna mano.",
  "sheet.next": "Siguiente mano",

  // Game over
  "over.title": "Fin de la partida",
  "over.won": "¡Ganáis Norte y tú!",
  "over.lost": "Ganan Oeste y Este.",
  "over.draw": "Tablas.",
  "over.reason.target": "Se ha llegado al objetivo de {target}.",
  "over.reason.floor": "Un equipo ha bajado a −200 o menos.",
  "over.reason.draw": "Seguís empatados tras la mano {n}.",
  "over.totals": "Nosotros {ns} · Ellos {ew}, en {n} manos.",

  // Last trick
  "last.title": "Última baza",
  "last.none": "Aún no se ha terminado ninguna baza en esta mano.",
  "last.winner": "La ganó {seat}.",
  "last.winner.you": "La ganaste tú.",
  "last.leader": "Salió {seat}.",

  // Settings
  "settings.title": "Ajustes",
  "settings.note": "Objetivo, nivel, castigo por sacos y Nil ciego se aplican en la próxima partida.",
  "settings.target": "Objetivo",
  "settings.target.250": "250 · partida rápida",
  "settings.target.500": "500 · estándar",
  "settings.level": "Nivel",
  "settings.bagPenalty": "Castigo por sacos (−100 cada 10 sacos)",
  "settings.blindNil": "Nil ciego (cuando tu equipo va 100 puntos o más por detrás)",
  "settings.fourColor": "Baraja de cuatro colores (se aplica ya)",
  "settings.newGame": "Nueva partida con estos ajustes",
  "settings.abandon": "La partida en curso se abandona.",
  "settings.codeTitle": "Jugar una partida por su código",
  "settings.code": "Código de partida",
  "settings.codeHint": "8 caracteres; no hay 0, O, 1 ni I.",
  "settings.codeStart": "Empezar con este código",
  "settings.saved": "Ajustes guardados: se aplicarán en la próxima partida.",

  // Errors and saves
  "error.network": "No se puede conectar con el servidor. Comprueba la conexión y vuelve a intentarlo.",
  "error.server": "El servidor ha tenido un problema ({status}). Vuelve a intentarlo.",
  "error.unexpected": "El servidor ha dado una respuesta inesperada. Vuelve a intentarlo.",
  "error.damaged": "La partida guardada estaba dañada o había sido modificada, así que no se ha abierto. La hemos apartado sin borrarla y empieza una partida nueva.",
  "error.damagedDetail": "Motivo: {message}",
  "error.storage": "Este navegador no deja guardar la partida: si cierras la página, se perderá.",
  "error.codeEmpty": "Escribe un código de partida.",
};

const TABLES = { es: ES };
let current = ES;

export function setLanguage(lang) {
  current = TABLES[lang] || ES;
  document.documentElement.lang = TABLES[lang] ? lang : "es";
}

/** The string for `key`, with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  let text = current[key] ?? ES[key];
  if (text === undefined) {
    console.warn("i18n: falta la clave", key);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Fill every element marked with data-i18n (text), data-i18n-aria (aria-label), data-i18n-title. */
export function applyTo(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}

/** A signed number as players write it: +70, −130 (true minus sign), 0. */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return "0";
}

/** A plain number with a true minus sign. */
export function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

export function seatName(seat, { long = false } = {}) {
  return t(long ? `seat.${seat}.long` : `seat.${seat}`);
}

export function bagsText(n) {
  return n === 1 ? t("score.bags.one") : t("score.bags", { n });
}
