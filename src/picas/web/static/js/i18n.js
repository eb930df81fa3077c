// Every string the table shows, in one table per language: Spanish here (the default), English in
// i18n-en.js with the same keys, loaded only when chosen in the settings.

export const ES = {
  "app.title": "Picas — Spades en español",
  "app.skip": "Saltar a tu mano",

  // «Jugar ya», the profile and the leaderboards (js/ya/, js/perfil/)
  "ya.title": "Jugar ya",
  "ya.note": "Partida puntuada con gente de cualquier parte. Si falta alguien, juega la CPU (Difícil).",
  "ya.target.quick": "Rápida",
  "ya.target.standard": "Estándar",
  "ya.link.profile": "Tu perfil",
  "ya.link.board": "Clasificación",
  "ya.queue.title": "Buscando jugadores…",
  "ya.queue.stopped": "No se pudo buscar mesa",
  "ya.queue.game": "{game} · a {target} puntos · partida puntuada",
  "ya.queue.preparing": "Preparando tu perfil…",
  "ya.queue.searching": "Buscando gente de tu nivel…",
  "ya.queue.count": "{n} personas en la cola",
  "ya.queue.count.one": "1 persona en la cola",
  "ya.queue.elapsed": "Llevas {time} buscando",
  "ya.queue.note": "Si en 20 segundos no sois cuatro, se empieza con la CPU en los asientos libres.",
  "ya.queue.cpuSoon": "Enseguida: se empieza con la CPU (Difícil) en los asientos libres.",
  "ya.queue.as": "Juegas como {name} (cámbialo en «Tu perfil»).",
  "ya.queue.seated": "¡Mesa encontrada! Abriendo la mesa…",
  "ya.queue.cancel": "Cancelar",
  "ya.queue.back": "Volver",
  "ya.queue.retry": "Reintentar",
  "ya.queue.lost": "Se perdió la conexión con el servidor. Puedes reintentarlo.",
  "ya.banned": "Has dejado tres partidas puntuadas en 24 horas: podrás volver a «Jugar ya» a las {time}.",
  "ya.bannedNoTime": "Has dejado tres partidas puntuadas en 24 horas: podrás volver a «Jugar ya» dentro de una hora.",
  "ya.table.badge": "Partida puntuada",
  "ya.table.title": "Partida puntuada — Picas",
  "ya.leave.confirm": "¿Dejar la partida puntuada? Contará como perdida para tu valoración, y la CPU jugará por ti hasta el final.",
  "ya.end.ratingWaiting": "Calculando tu valoración…",
  "ya.end.rating": "Tu valoración: {after} ({change})",
  "ya.end.ratingProvisional": "Tu valoración: {after} ({change}) · provisional",
  "ya.end.ratingFirst": "Tu valoración: {after} · provisional",
  "ya.end.ratingLater": "Tu nueva valoración aparecerá en «Tu perfil».",
  "ya.block.menu": "No volver a jugar con…",
  "ya.block.heading": "No volver a jugar con…",
  "ya.block.about": "Elige a quién: «Jugar ya» no volverá a sentaros a la misma mesa. Nadie se entera.",
  "ya.block.buttonFor": "No volver a jugar con {name}",
  "ya.block.title": "¿No volver a jugar con {name}?",
  "ya.block.text": "«Jugar ya» no volverá a sentaros juntos. Esta partida sigue igual.",
  "ya.block.ok": "No volver a jugar",
  "ya.block.keep": "Cancelar",
  "ya.block.done": "✓ {name}: no volveréis a coincidir",
  "ya.block.left": "dejó la mesa",
  "ya.block.someone": "Alguien de la mesa",
  "ya.end.again": "Jugar otra",
  "ya.end.board": "Clasificación",
  "lang.switch": "English",
  "profile.defaultName": "Jugador {n}",
  "profile.title": "Tu perfil — Picas",
  "profile.heading": "Tu perfil",
  "profile.nav": "Páginas",
  "profile.back": "Volver a jugar",
  "profile.none.title": "Aún no tienes perfil",
  "profile.none": "Tu perfil guarda tu nombre y tu valoración en las partidas de «Jugar ya». Sin contraseñas ni correo: se crea al jugar tu primera partida, o ahora.",
  "profile.make": "Crear mi perfil",
  "profile.made": "Perfil creado. Ponle tu nombre.",
  "profile.name.title": "Tu nombre",
  "profile.name.label": "Nombre en la mesa",
  "profile.name.save": "Guardar nombre",
  "profile.name.saved": "Nombre guardado: {name}.",
  "profile.summary": "Partidas puntuadas: {games} · ganadas: {wins}",
  "profile.games.title": "Valoración",
  "profile.games.counts": "Partidas: {games} · ganadas: {wins}",
  "profile.provisional": "provisional",
  "profile.rating.none": "Sin partidas puntuadas",
  "profile.rating.provisional": "{rating} · provisional",
  "profile.plot.label": "Tu valoración en {game}: de {first} a {last} en {n} partidas",
  "profile.plot.label.one": "Tu valoración en {game}: de {first} a {last} en 1 partida",
  "profile.plot.empty": "Juega partidas puntuadas y aquí verás cómo cambia.",
  "profile.stats.title": "Partidas contra la CPU",
  "profile.stats.row": "{game}: {played} partidas, {won} ganadas, {lost} perdidas",
  "profile.stats.note": "Copiadas de este navegador a tu perfil.",
  "profile.stats.none": "Aún no hay partidas contra la CPU en tu perfil.",
  "profile.blocks.title": "No volver a jugar con…",
  "profile.blocks.note": "«Jugar ya» no te sentará en la misma mesa que estas personas, y nadie se entera. Las eliges al final de una partida puntuada.",
  "profile.blocks.none": "No has bloqueado a nadie.",
  "profile.blocks.noName": "Un perfil que ya no existe",
  "profile.blocks.unblock": "Desbloquear",
  "profile.blocks.unblockAria": "Desbloquear a {name}",
  "profile.blocks.done": "{name} puede volver a coincidir contigo.",
  "profile.blocks.undo": "Deshacer",
  "profile.blocks.undoAria": "Deshacer: no volver a jugar con {name}",
  "profile.blocks.again": "✓ {name}: no volveréis a coincidir.",
  "profile.blocks.failed": "No se pudo cambiar: {error}",
  "profile.blocks.unread": "No se pudo leer la lista. {error}",
  "profile.blocks.retry": "Reintentar",
  "profile.keys.title": "Llave de acceso",
  "profile.keys.note": "Guarda tu perfil con una llave de acceso (la huella, la cara o el PIN de tu dispositivo) para entrar con él en otro navegador. Sin contraseñas ni correo.",
  "profile.keys.add": "Guardar mi perfil con una llave de acceso",
  "profile.keys.added": "Llave guardada.",
  "profile.keys.none": "Aún no has guardado ninguna llave.",
  "profile.keys.item": "Llave del {date}",
  "profile.keys.itemN": "Llave {n}",
  "profile.keys.used": "usada el {date}",
  "profile.keys.remove": "Quitar",
  "profile.keys.removeAria": "Quitar: {what}",
  "profile.keys.removed": "Llave quitada.",
  "profile.keys.unsupported": "Este navegador no admite llaves de acceso.",
  "profile.keys.cancelled": "No se guardó la llave: se canceló o el dispositivo no respondió.",
  "profile.signin.title": "¿Tu perfil está en otro dispositivo?",
  "profile.signin.note": "Entra con la llave que guardaste allí: este navegador pasará a usar ese perfil.",
  "profile.signin.button": "Entrar con mi llave",
  "profile.signin.done": "Has entrado como {name}.",
  "profile.signin.cancelled": "No se pudo entrar: se canceló o el dispositivo no respondió.",
  "profile.delete.title": "Borrar el perfil",
  "profile.delete.note": "Se borran tu nombre, tus llaves, tu valoración y tus resultados. No se puede deshacer.",
  "profile.delete.button": "Borrar mi perfil",
  "profile.delete.confirmTitle": "¿Borrar tu perfil?",
  "profile.delete.confirm": "Se borrará todo lo que guarda, en este y en cualquier otro dispositivo. No se puede deshacer.",
  "profile.delete.no": "No, conservarlo",
  "profile.delete.yes": "Sí, borrarlo",
  "profile.delete.done": "Perfil borrado.",
  "board.title": "Clasificación — Picas",
  "board.heading": "Clasificación",
  "board.game": "Juego",
  "board.period": "Periodo",
  "board.period.siempre": "De siempre",
  "board.period.semana": "Esta semana",
  "board.caption": "{game} · {period}",
  "board.col.rank": "Puesto",
  "board.col.name": "Jugador",
  "board.col.rating": "Valoración",
  "board.col.games": "Partidas",
  "board.you": "tú",
  "board.cpu": "CPU · {level}",
  "board.gap": "más puestos",
  "board.empty": "Aún no hay partidas puntuadas en este periodo.",
  "board.mine": "Tu puesto: {rank}.º, con {rating}",
  "board.mineNone": "Aún no tienes puesto: juega una partida de «Jugar ya».",
  "board.noProfile": "Juega una partida de «Jugar ya» para entrar en la clasificación.",
  "board.more": "Ver más",
  "board.loading": "Cargando…",
  "board.note": "Solo cuentan las partidas de «Jugar ya». Cada nivel de la CPU tiene su valoración, como una persona más.",

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
  "team.north_south.dos": "Tú",
  "team.east_west.dos": "Oeste",
  "team.north_south.long.dos": "Tú",
  "team.east_west.long.dos": "Oeste",

  // Cards
  "rank.A": "as", "rank.K": "rey", "rank.Q": "reina", "rank.J": "jota", "rank.T": "10",
  "rank.9": "9", "rank.8": "8", "rank.7": "7", "rank.6": "6", "rank.5": "5", "rank.4": "4",
  "rank.3": "3", "rank.2": "2",
  "suit.S": "picas", "suit.H": "corazones", "suit.D": "diamantes", "suit.C": "tréboles",
  "card.name": "{rank} de {suit}",
  "card.received": "{card}, recibida",
  "card.faceDown": "carta boca abajo",
  "card.joker.big": "comodín grande", "card.joker.little": "comodín pequeño",
  "card.joker.bigShort": "★G", "card.joker.littleShort": "★P",
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
  "pod.dealer": "Reparte",
  "pod.turn": "Le toca",
  "pod.cards": "{n} cartas",
  "pod.label": "{seat}. {bid}. {won} de {target} bazas. {cards}.",
  "pod.label.noBid": "Aún no ha cantado",
  "pod.label.bid": "Ha cantado {n}",
  "pod.label.nil": "Ha cantado Nil",
  "pod.label.blindNil": "Ha cantado Nil ciego",
  // The forms t() picks by agreement (see agreeing()): .you for South, .one for 1, .m/.f by gender.
  "pod.label.noBid.you": "Aún no has cantado",
  "pod.label.bid.you": "Has cantado {n}",
  "pod.label.nil.you": "Has cantado Nil",
  "pod.label.blindNil.you": "Has cantado Nil ciego",
  "pod.won": "Lleva {n} bazas",
  "pod.won.one": "Lleva 1 baza",
  "pod.won.you": "Llevas {n} bazas",
  "pod.won.you.one": "Llevas 1 baza",
  "pod.cards.one": "1 carta",
  "pod.dealer.you": "Repartes",
  "pod.turn.you": "Te toca",

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
  "help.difference": "Picas y Corazones",
  "menu.more": "Más",
  "menu.stats": "Estadísticas",
  "menu.share": "Compartir",
  "menu.switchGame": "Cambiar de juego",

  // The first screen: which game
  "choose.title": "¿A qué jugamos?",
  "choose.spades": "Picas",
  "choose.spadesNote": "Spades por parejas: se cantan las bazas y las picas son triunfo.",
  "choose.hearts": "Corazones",
  "choose.heartsNote": "Cada uno por su cuenta: evita los corazones y la reina de picas.",
  "choose.difference": "¿En qué se diferencian?",
  "choose.back": "Volver a la partida",

  // Table areas
  "table.label": "Mesa",
  "table.trick": "Baza en juego",
  "table.hand": "Tu mano",
  "table.actions": "Tus acciones",

  // Buttons
  "btn.deal": "Repartir",
  "btn.deal.dos": "Empezar",
  "btn.play": "Jugar",
  "btn.keep": "Me la quedo",
  "btn.discard": "La descarto",
  "draw.keepSub": "la siguiente se descarta sin verla",
  "draw.discardSub": "y me quedo la siguiente",
  "draw.stock": "Mazo: {n}",
  "draw.stockAria": "Mazo: quedan {n} cartas",
  "draw.topAria": "Carta de arriba del mazo: {card}",
  "say.draw": "{seat} roba.",
  "say.draw.keep": "Te quedas {card}; la siguiente se descarta sin verla.",
  "say.draw.swap": "Descartas {out} y te quedas {card}.",
  "say.yourDraw": "Te toca robar.",
  "say.drawStart": "Mano {n}: se roba del mazo; empieza {seat}.",
  "status.draw": "Tu turno: ¿te quedas la carta de arriba del mazo?",
  "hint.drawLabel": "Sugerencia:",
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
  "btn.continue": "Seguir",
  "deal.target": "Partida a",
  "deal.target.250": "rápida",
  "deal.target.500": "estándar",

  // Status line
  "status.deal": "Pulsa «Repartir» y las cartas saldrán una a una. Toca la mesa para saltarte el reparto.",
  "status.deal.dos": "Pulsa «Empezar»: robaréis del mazo por turnos, empieza quien no reparte.",
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
  "status.lifted.m": "{card} levantado: tócalo otra vez o pulsa «Jugar».",
  "status.tapToGo": "Baza completa. Toca la mesa o pulsa «Seguir» para continuar.",
  "status.lastCard": "Tu última carta, {card}, se juega sola.",

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
  "say.handScored.dos": "Fin de la mano {n}. Tú {ns}, Oeste {ew}.",
  "say.yourBid": "Te toca cantar.",
  "say.yourPlay": "Te toca jugar.",
  "say.nil": "Nil",

  // Bid pad
  "bid.pad": "Canto",
  "bid.nilHint": "0",
  "bid.tipLoading": "Calculando el tip…",
  "bid.refusedAria": "{bid}: no se puede cantar. {reason}",
  "bid.tipLabel": "Tip: {bid}",
  "bid.tipNil": "Nil",
  "bid.tipAria": "Tip {bid}: canto sugerido",
  "bid.tipAriaEmpty": "Tip: ver el canto sugerido",
  "bid.keyAria.nil": "Nil, 0 bazas",
  "bid.keyAria": "{n} bazas",
  "bid.keyAria.one": "1 baza",

  // «¿Por qué?» of the computer players' bids, and the play hint
  "why.line": "{seat}: {bid} — {reason}",
  "why.aria": "¿Por qué ese canto de {seat}?",
  "why.short": "Por qué:",
  "hint.label": "Sugerencia: {card}",
  "hint.loading": "Buscando una carta que sugerirte…",
  "hint.cardAria": "{card}, la carta sugerida",
  // The play hint's reasons by code (picas.games.spades.bots.hint.REASONS_ES, DISCARDS_ES: the same words). {card},
  // {best}: a card's short label (♥Q); {suit}, {led}: suit names; {seat}; {n}; {discard}: a discard reason.
  "hint.last_card": "es tu última carta",
  "hint.only_of_led": "es tu única carta de {led}: debes asistir",
  "hint.only_non_spade": "las picas no están rotas y es tu única carta de otro palo",
  "hint.nil_lead_higher": "cantaste Nil: sales con {card}, y hay {n} cartas más altas en otras manos",
  "hint.nil_lead_higher_one": "cantaste Nil: sales con {card}, y hay 1 carta más alta en otras manos",
  "hint.nil_lead": "cantaste Nil: sales con {card}",
  "hint.nil_under": "cantaste Nil: te quedas por debajo de {best}",
  "hint.nil_forced_highest": "cantaste Nil, pero no puedes quedarte por debajo de {best}: sueltas la más alta",
  "hint.nil_forced_lowest": "cantaste Nil, pero no puedes quedarte por debajo de {best}: juegas la más baja por si alguien la supera",
  "hint.nil_forced": "cantaste Nil, pero no puedes quedarte por debajo de {best}",
  "hint.partner_nil_lead_void": "proteges el Nil de tu compañero: sales alto en {suit}, que él no tiene",
  "hint.partner_nil_lead": "proteges el Nil de tu compañero: sales alto",
  "hint.partner_nil_cover": "proteges el Nil de tu compañero: juegas alto para que él pueda ir por debajo",
  "hint.partner_nil_overtake": "tu compañero cantó Nil e iba ganando la baza: la superas para salvarle",
  "hint.partner_nil_stuck": "tu compañero cantó Nil y va ganando la baza, pero no puedes superarle",
  "hint.opponent_nil_lead_low": "atacas el Nil de {seat}: sales bajo en {suit}",
  "hint.opponent_nil_winning": "{seat} cantó Nil y va ganando esta baza: no la superas",
  "hint.opponent_nil_after": "{seat} cantó Nil y juega después: mantienes la baza baja",
  "hint.partner_sure_discard": "tu compañero ya gana la baza: {discard}",
  "hint.partner_sure_lowest": "tu compañero ya gana la baza: juega la más baja",
  "hint.partner_sure_under": "tu compañero ya gana la baza: sueltas {card} sin superarle",
  "hint.partner_winning_discard": "tu compañero va ganando la baza: {discard}",
  "hint.partner_winning_lowest": "tu compañero va ganando la baza: juega la más baja",
  "hint.partner_winning_under": "tu compañero va ganando la baza: sueltas {card} sin superarle",
  "hint.last_to_play_wins": "eres el último en jugar: ganas la baza con {card}",
  "hint.master_spade": "la carta maestra de picas: ganas la baza",
  "hint.ruff_wins": "no tienes {led}: fallas con {card} y ganas la baza",
  "hint.unbeatable": "nadie puede superar {card}: ganas la baza",
  "hint.ruff_lowest": "no tienes {led}: fallas con {card}, la pica más baja que tienes",
  "hint.ruff": "no tienes {led}: fallas con {card}",
  "hint.top_unless_ruffed": "{card} es la más alta que queda de {suit}: gana si nadie falla",
  "hint.none_higher_unless_ruffed": "nadie más tiene {suit} más altos que {card}: gana si nadie falla",
  "hint.none_higher_spades_unless_ruffed": "nadie más tiene picas más altas que {card}: gana si nadie falla",
  "hint.need_team": "os faltan {n} bazas para el contrato: vas a por esta baza con {card}",
  "hint.need_team_one": "os falta 1 baza para el contrato: vas a por esta baza con {card}",
  "hint.need_alone": "te faltan {n} bazas para el contrato: vas a por esta baza con {card}",
  "hint.need_alone_one": "te falta 1 baza para el contrato: vas a por esta baza con {card}",
  "hint.forced_over": "no puedes quedarte por debajo de {best}: juegas {card}",
  "hint.go_for": "vas a por la baza con {card}",
  "hint.void_discard": "no tienes {led}: {discard}",
  "hint.cannot_win_lowest": "no puedes ganar esta baza: asistes con la más baja",
  "hint.cannot_win_shed": "no puedes ganar esta baza: sueltas {card}, que podría darte sacos",
  "hint.cannot_win_follow": "no puedes ganar esta baza: asistes con {card}",
  "hint.made_discard_team": "ya tenéis el contrato: no fallas; {discard}",
  "hint.made_discard_alone": "ya tienes tu contrato: no fallas; {discard}",
  "hint.made_lowest_team": "asistes con la más baja: no necesitáis más bazas",
  "hint.made_lowest_alone": "asistes con la más baja: no necesitas más bazas",
  "hint.made_under_team": "ya tenéis el contrato: te quedas por debajo para no llevarte sacos",
  "hint.made_under_alone": "ya tienes tu contrato: te quedas por debajo para no llevarte sacos",
  "hint.partner_after_low": "tu compañero juega después: asistes bajo con {card}",
  "hint.keep_high": "te guardas las cartas altas: juegas {card}",
  "hint.partner_void": "tu compañero no tiene {suit}: puede fallar",
  "hint.lead_singleton": "sales de tu única carta de {suit}: luego podrás fallar",
  "hint.lead_longest_lowest": "sales de tu palo más largo con la más baja",
  "hint.lead_longest": "sales de tu palo más largo",
  "hint.lead_low_team": "no necesitáis más bazas: sales bajo",
  "hint.lead_low_alone": "no necesitas más bazas: sales bajo",
  "hint.lead_spade": "sales de picas con {card}",
  "hint.lead": "sales con {card}",
  "hint.play": "juegas {card}",
  "hint.discard_bag_risk": "te deshaces de {card}, que podría darte sacos más tarde",
  "hint.discard_singleton": "te descartas de tu única carta de {suit}: luego podrás fallar",
  "hint.discard_short": "te descartas de tu palo más corto para poder fallar",
  "hint.discard_lowest": "te descartas de tu carta más baja, {card}",
  "hint.discard": "te descartas de {card}",
  "hint.lead_longest_side_lowest": "sales de tu palo más largo fuera de las picas con la más baja",
  "hint.lead_longest_side": "sales de tu palo más largo fuera de las picas",
  // «Dos jugadores»' draw hint (picas.games.spades.bots.two_draw.DRAW_REASONS_ES): keep or put out the top card.
  "hint.draw_keep_top_spade": "Quédatela: una pica alta es una baza segura",
  "hint.draw_keep_joker": "Quédatela: un comodín es la baza más segura",
  "hint.draw_keep_spade": "Quédatela: las picas ganan bazas y fallan los palos que te falten",
  "hint.draw_keep_ace": "Quédatela: un as es casi una baza segura",
  "hint.draw_keep_honour": "Quédatela: una carta alta vale más que la carta que venga a ciegas",
  "hint.draw_keep_shape": "Quédatela: vale más en tu mano que la carta que venga a ciegas",
  "hint.draw_discard_low": "Descártala: la siguiente puede servir más",
  "hint.draw_discard_long": "Descártala: alargaría un palo ya largo; la siguiente puede servir más",
  "hint.draw_discard_shape": "Descártala: en tu mano vale menos que la carta que venga a ciegas",

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
  "sheet.hands.dos": "Ver las dos manos",
  "sheet.history": "Todas las manos",
  "sheet.historyCaption": "Totales de cada mano",
  "sheet.historyHand": "Mano",
  "sheet.empty": "Todavía no se ha terminado ninguna mano.",
  "sheet.next": "Siguiente mano",
  "sheet.openHand": "Mano {n}",
  "sheet.openHandAria": "Ver la hoja de la mano {n}",
  // Under «Nosotros» in the words of the sums («cantasteis»), under «Ellos» «cantaron».
  "sheet.contractDetail.ns": "cantasteis {bid}, hicisteis {made}",
  "sheet.contractDetail.ns.dos": "cantaste {bid}, hiciste {made}",
  "sheet.contractDetail.ew": "cantaron {bid}, hicieron {made}",
  "sheet.contractDetail.ew.dos": "cantó {bid}, hizo {made}",

  // The arithmetic of each line of the sheet
  "calc.made.ns": "cantasteis {bid} e hicisteis {made}: {bid}×10 = {points}",
  "calc.made.ns.dos": "cantaste {bid} e hiciste {made}: {bid}×10 = {points}",
  "calc.made.ew": "cantaron {bid} e hicieron {made}: {bid}×10 = {points}",
  "calc.made.ew.dos": "cantó {bid} e hizo {made}: {bid}×10 = {points}",
  "calc.madeBags.ns": "cantasteis {bid} e hicisteis {made}: {bid}×10 + {bags} = {points}",
  "calc.madeBags.ns.dos": "cantaste {bid} e hiciste {made}: {bid}×10 + {bags} = {points}",
  "calc.madeBags.ew": "cantaron {bid} e hicieron {made}: {bid}×10 + {bags} = {points}",
  "calc.madeBags.ew.dos": "cantó {bid} e hizo {made}: {bid}×10 + {bags} = {points}",
  "calc.set.ns": "cantasteis {bid} e hicisteis {made}: −{bid}×10 = {points}",
  "calc.set.ns.dos": "cantaste {bid} e hiciste {made}: −{bid}×10 = {points}",
  "calc.set.ew": "cantaron {bid} e hicieron {made}: −{bid}×10 = {points}",
  "calc.set.ew.dos": "cantó {bid} e hizo {made}: −{bid}×10 = {points}",
  "calc.madeHouse.ns": "cantasteis {bid} e hicisteis {made}: {value}{prize}{bags} = {points}",
  "calc.madeHouse.ns.dos": "cantaste {bid} e hiciste {made}: {value}{prize}{bags} = {points}",
  "calc.madeHouse.ew": "cantaron {bid} e hicieron {made}: {value}{prize}{bags} = {points}",
  "calc.madeHouse.ew.dos": "cantó {bid} e hizo {made}: {value}{prize}{bags} = {points}",
  "calc.tenFor200": "200 (10 por 200)",
  "calc.prize": " + {points} (premio por 13 bazas)",
  "calc.noContract.ns": "los dos cantasteis Nil: no hay contrato",
  "calc.noContract.ns.dos": "cantaste Nil: no hay contrato",
  "calc.noContract.ew": "los dos cantaron Nil: no hay contrato",
  "calc.noContract.ew.dos": "cantó Nil: no hay contrato",
  "calc.bagWord": "{n} sacos",
  "calc.bagWord.one": "1 saco",
  "calc.trickWord": "{n} bazas",
  "calc.trickWord.one": "1 baza",
  "calc.nilBags": "; y {bags} por las bazas del Nil: {points}",
  "calc.nilBagsCount": "; las bazas del Nil ({bags}) solo van a la cuenta de sacos",
  "calc.nilMade": "Nil de {seat} sin ninguna baza: {points}",
  "calc.nilFailed": "Nil de {seat} con {tricks}: {points}",
  "calc.blindMade": "Nil ciego de {seat} sin ninguna baza: {points}",
  "calc.blindFailed": "Nil ciego de {seat} con {tricks}: {points}",
  "calc.penaltyOff": "sin castigo por sacos en esta partida",
  "calc.penaltyNoBags": "{before}, ninguno nuevo",
  "calc.penalty": "{before} + {added} = {total}: {points}, quedan {after}",
  "calc.penaltyNone": "{before} + {added} = {total}: sin castigo (se castiga al llegar a {limit})",

  // Review: trick by trick, the Nil that broke, every hand
  "review.showCalc": "Ver las cuentas",
  "review.hideCalc": "Ocultar las cuentas",
  "review.replay": "Repasar baza a baza",
  "review.nilBroke": "El Nil de {seat} se rompió en la baza {n}.",
  "review.blindBroke": "El Nil ciego de {seat} se rompió en la baza {n}.",
  "review.seeTrick": "Ver la baza {n}",
  "review.backToList": "← Todas las manos",
  "review.backToSheet": "← Volver a la hoja",
  "replay.title": "Mano {n}, baza a baza",
  "replay.prev": "Baza anterior",
  "replay.next": "Baza siguiente",
  "replay.position": "Baza {n} de {total}",
  "replay.line": "Sale {leader}; gana {winner}.",
  "replay.nilBroke": "Con esta baza se rompe el Nil de {seat}.",
  "replay.blindBroke": "Con esta baza se rompe el Nil ciego de {seat}.",
  "replay.tally": "Bazas hasta aquí: {tricks}",
  "replay.itemAria": "Baza {n}: sale {leader}; {cards}; gana {winner}",

  // Practice: «Rejugar esta mano»
  "practice.replayHand": "Rejugar esta mano",
  "practice.preparing": "Preparando la mano y lo que haría Difícil en tu asiento…",
  "practice.banner": "Práctica: mano {n} de la partida {code}",
  "practice.started": "Rejuegas la mano {n}: las mismas cartas, desde tu asiento.",
  "practice.done": "Mano de práctica terminada.",
  "practice.status": "Mano de práctica terminada: compara o vuelve a tu partida.",
  "practice.back": "Volver a la partida",
  "practice.showCompare": "Ver la comparación",
  "practice.again": "Rejugar otra vez",
  "compare.title": "Mano {n}: la misma mano, tres veces",
  "compare.caption": "Cantos, bazas y puntos de la mano",
  "compare.original": "En la partida",
  "compare.replay": "Esta vez",
  "compare.dificil": "Difícil en tu asiento",
  "compare.bidsNS": "Cantos Sur + Norte",
  "compare.wonNS": "Bazas Sur + Norte",
  "compare.bidsEW": "Cantos Oeste + Este",
  "compare.wonEW": "Bazas Oeste + Este",
  "compare.pointsNS": "Puntos de Nosotros",
  "compare.pointsEW": "Puntos de Ellos",
  "compare.better": "Esta vez hacéis {points}: {diff} más que en la partida.",
  "compare.worse": "Esta vez hacéis {points}: {diff} menos que en la partida.",
  "compare.same": "Esta vez hacéis {points}, lo mismo que en la partida.",
  "compare.dificilLine": "Difícil, en tu asiento, hizo {points}.",
  "compare.seat": "En tu asiento: tú cantaste {mine} y ganaste {myWon}; Difícil cantó {bid} y ganó {won}.",
  "compare.sideBySide": "Tus bazas y las de Difícil",
  "compare.sideTitle": "Baza a baza: tú y Difícil",
  "compare.sideCaption": "Las 13 bazas de esta vez y las de Difícil en tu asiento; tu carta, en negrita",
  "compare.trick": "Baza",
  "compare.trickAria": "{cards}; gana {winner}",
  "compare.sameCards": "Difícil jugó en tu asiento las mismas cartas que tú, baza a baza.",
  "compare.firstDifferent": "La primera diferencia, en la baza {n}: tú jugaste {mine} y Difícil, {theirs}.",

  // Statistics
  "stats.title": "Estadísticas",
  "stats.games": "Partidas terminadas",
  "stats.noGames": "Aún no has terminado ninguna partida.",
  "stats.level": "Nivel",
  "stats.target": "Objetivo",
  "stats.won": "Ganadas",
  "stats.lost": "Perdidas",
  "stats.drawn": "Tablas",
  "stats.hands": "Manos",
  "stats.handsPlayed": "Manos jugadas",
  "stats.contracts": "Contratos de Norte y tú",
  "stats.ownBids": "Tus cantos",
  "stats.nils": "Tus Nil",
  "stats.bagsPerHand": "Sacos por mano (Norte y tú)",
  "stats.madeOf": "{made} cumplidos de {of}",
  "stats.madeOf.one": "1 cumplido de {of}",
  "stats.note": "Se guardan en este navegador. Las manos de práctica no cuentan.",
  "stats.reset": "Borrar estadísticas",
  "stats.resetTitle": "¿Borrar las estadísticas?",
  "stats.resetText": "Todas las partidas y manos contadas vuelven a cero. No se puede deshacer.",
  "stats.resetYes": "Sí, borrarlas",
  "stats.resetNo": "Cancelar",
  "stats.resetDone": "Estadísticas borradas.",

  // Sharing
  "share.title": "Compartir la partida",
  "share.linkTitle": "Enlace a esta partida",
  "share.linkNote": "Quien lo abra empieza una partida con el código {code}: los mismos repartos que la tuya.",
  "share.linkLabel": "Enlace de la partida",
  "share.copy": "Copiar enlace",
  "share.copied": "Enlace copiado.",
  "share.copyByHand": "No se ha podido copiar: selecciona el enlace y cópialo.",
  "share.exportTitle": "Descargar la partida",
  "share.exportNote": "El registro completo en JSON: las reglas, el código y cada canto y carta en orden, con la firma de este servidor para volver a abrirla aquí al momento.",
  "share.exportNotePractice": "El registro de tu partida (no el de la práctica), en JSON.",
  "share.export": "Descargar (JSON)",
  "share.importTitle": "Abrir una partida descargada",
  "share.importLabel": "Elegir el archivo (.json)…",
  "share.importNote": "La partida en curso se abandona.",
  "share.opening": "Abriendo la partida…",
  "share.tooBig": "El archivo es demasiado grande para ser una partida de Picas.",
  "share.notJson": "El archivo no es JSON: no es una partida de Picas.",
  "share.notRecord": "El archivo no contiene una partida de Picas.",
  "share.waiting": "La partida abierta se corta cuando le toca a {seat}: desde aquí no puede seguir.",
  "link.title": "Partida de un enlace",
  "link.confirm": "El enlace abre la partida {code}. ¿La empiezas? La partida en curso se abandona.",
  "link.start": "Empezar esa partida",
  "link.keep": "Seguir con la mía",
  "link.refused": "El código del enlace no vale, así que se ha repartido una partida al azar. {message}",

  // Game over
  "over.title": "Fin de la partida",
  "over.won": "¡Ganáis Norte y tú!",
  "over.lost": "Ganan Oeste y Este.",
  "over.draw": "Tablas.",
  "fr.over.won": "¡Ganáis {partner} y tú!",
  "fr.over.lost": "Ganan {a} y {b}.",
  "over.reason.target": "Se ha llegado al objetivo de {target}.",
  "over.reason.floor": "Un equipo ha bajado a −200 o menos.",
  "over.reason.draw": "Seguís empatados tras la mano {n}.",
  "over.reason.thirteen": "Una pareja cantó 13 y ganó todas las bazas: partida ganada.",
  "over.reason.thirteen.dos": "Un jugador cantó 13 y ganó todas las bazas: partida ganada.",
  // No-break spaces hold «Ellos 180» together and keep the «·» at the end of its line.
  "over.totals": "Nosotros\u00a0{ns}\u00a0· Ellos\u00a0{ew}, en\u00a0{n}\u00a0manos.",
  "over.totals.one": "Nosotros\u00a0{ns}\u00a0· Ellos\u00a0{ew}, en\u00a01\u00a0mano.",
  "over.totals.dos": "Tú\u00a0{ns}\u00a0· Oeste\u00a0{ew}, en\u00a0{n}\u00a0manos.",
  "over.totals.one.dos": "Tú\u00a0{ns}\u00a0· Oeste\u00a0{ew}, en\u00a01\u00a0mano.",

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
  "settings.house": "Reglas de la casa",
  "settings.houseNote": "Sin marcar nada se juega la partida normal. Se aplican en la próxima partida.",
  "settings.teamMinimum": "Mínimo de 4 por pareja (el compañero de un Nil canta 4 o más)",
  "settings.allThirteen": "Premio por 13 bazas (una pareja canta 13 y las gana todas)",
  "settings.allThirteen.off": "Sin premio",
  "settings.allThirteen.bonus": "+200",
  "settings.allThirteen.win": "Gana la partida",
  "settings.tenFor200": "10 por 200 (cantar 10 o más y cumplir vale 200)",
  "settings.jokers": "Comodines (dos comodines por encima del ♠A; salen el ♥2 y el ♦2)",
  "settings.twoPlayers": "Dos jugadores (tú contra Oeste, sin parejas; se roban las cartas del mazo)",
  "settings.twoPlayersNote": "Con dos jugadores no hay Nil ciego ni mínimo por pareja.",
  "settings.fourColor": "Baraja de cuatro colores (diamantes azules, tréboles verdes)",
  "settings.newGame": "Nueva partida con estos ajustes",
  "settings.abandon": "La partida en curso se abandona.",
  "settings.codeTitle": "Jugar una partida por su código",
  "settings.code": "Código de partida",
  "settings.codeHint": "8 caracteres; no hay 0, O, 1 ni I.",
  "settings.codeStart": "Empezar con este código",
  "settings.saved": "Ajustes guardados: se aplicarán en la próxima partida.",
  "settings.now": "La mesa (se aplica ya)",
  "settings.nextGame": "La próxima partida",
  "settings.language": "Idioma · Language",
  "lang.es": "Español",
  "lang.en": "English",
  "settings.speed": "Velocidad de las animaciones",
  "speed.lenta": "Lenta",
  "speed.normal": "Normal",
  "speed.rapida": "Rápida",
  "settings.pauseTricks": "Parar después de cada baza hasta que toques la mesa",
  "settings.hint": "Sugerirme una carta en mi turno, con el porqué",
  "settings.pace": "Ritmo",
  "settings.savedUndealt": "Ajustes guardados: la partida sin repartir ya los usa.",
  "settings.autoLast": "Mi última carta se juega sola (no hay otra que jugar)",

  // Help pages: the settings they describe
  "helpPage.settings": "En tu partida: objetivo {target}, castigo por sacos {penalty}, Nil ciego {blind}.",
  "helpPage.saved": "Para la próxima partida tienes guardado: objetivo {target}, castigo por sacos {penalty}, Nil ciego {blind}.",
  "helpPage.defaults": "Sin partida guardada, esta página describe los ajustes de fábrica: objetivo {target}, castigo por sacos {penalty}, Nil ciego {blind}.",
  "helpPage.on": "activado",
  "helpPage.off": "desactivado",
  "helpPage.where.game": "En tu partida",
  "helpPage.where.settings": "Con tus ajustes",
  "helpPage.where.defaults": "Con los ajustes de fábrica",

  // Errors and saves
  "error.network": "No se puede conectar con el servidor. Comprueba la conexión y vuelve a intentarlo.",
  "error.server": "El servidor ha tenido un problema ({status}). Vuelve a intentarlo.",
  "error.unexpected": "El servidor ha dado una respuesta inesperada. Vuelve a intentarlo.",
  "error.damaged": "La partida guardada estaba dañada o había sido modificada, así que no se ha abierto. La hemos apartado sin borrarla y empieza una partida nueva.",
  "error.damagedDetail": "Motivo: {message}",
  "error.storage": "Este navegador no deja guardar la partida: si cierras la página, se perderá.",
  "error.codeEmpty": "Escribe un código de partida.",
  "key.title": "No podemos seguir esta partida aquí",
  "key.text": "El servidor no reconoce la firma de tu partida guardada: puede que haya cambiado su clave, o que la partida sea de otro servidor. No has hecho nada mal. Podemos guardarla aparte, sin borrarla, y empezar una partida nueva.",
  "key.setAside": "Guardarla aparte y empezar otra",
  "key.later": "Ahora no",
  "key.notice": "Tu partida anterior está guardada aparte, sin borrar. Empieza una partida nueva.",
  "key.waiting": "Tu partida sigue guardada tal como estaba. Vuelve a intentarlo más tarde.",
  // --- Mesa con amigos (js/amigos/, the first screen's «Jugar con amigos») ---
  "fr.choose": "Jugar con amigos",
  "fr.chooseNote": "Una mesa para dos a cuatro personas con un enlace; la CPU ocupa los asientos libres.",
  "fr.create.title": "Jugar con amigos",
  "fr.create.game": "Juego",
  "fr.create.settings": "Reglas",
  "fr.create.target": "Objetivo",
  "fr.create.level": "Nivel de la CPU en los asientos libres",
  "fr.create.timer": "Tiempo por turno",
  "fr.create.timer.0": "Sin límite",
  "fr.create.timer.30": "30 s",
  "fr.create.timer.60": "60 s",
  "fr.create.timerNote": "Si se acaba, la CPU juega ese turno.",
  "fr.create.passing": "Pasar cartas antes de cada mano",
  "fr.create.jack": "La jota de diamantes resta 10 puntos",
  "fr.create.moon": "Tirarse a la luna",
  "fr.create.house": "Reglas de la casa",
  "fr.create.omnibus": "Omnibus: el 10 de diamantes resta 10 puntos (en lugar de la jota)",
  "fr.create.passSize": "Cartas que se pasan",
  "fr.create.passSize.3": "3 · estándar",
  "fr.create.passSize.4": "4",
  "fr.create.queenBreaks": "La reina de picas rompe corazones",
  "fr.create.moon.others": "26 a cada rival",
  "fr.create.moon.self": "−26 para quien la hace",
  "fr.create.target.50": "50 · partida rápida",
  "fr.create.target.100": "100 · estándar",
  "fr.create.submit": "Crear la mesa",
  "fr.create.making": "Creando la mesa…",
  "fr.name": "Tu nombre",
  "fr.name.bad": "Escribe un nombre de 1 a 20 caracteres.",
  "fr.link.title": "Enlace de la mesa",
  "fr.link.copy": "Copiar enlace",
  "fr.link.copied": "Enlace copiado: pásaselo a tus amigos.",
  "fr.link.copyFailed": "No se pudo copiar: selecciona el enlace y cópialo.",
  "fr.link.share": "Compartir",
  "fr.link.shareText": "¿Una partida de {game}? Siéntate en mi mesa:",
  "fr.room.title": "Mesa con amigos",
  "fr.room.game": "{game} · objetivo {target} · CPU {level}",
  "fr.room.timer": "{n} s por turno",
  "fr.room.seats": "Asientos",
  "fr.room.pairs": "Sur y Norte juegan juntos contra Oeste y Este.",
  "fr.room.noPairs": "Cada uno juega por su cuenta.",
  "fr.room.sit": "Elige asiento",
  "fr.room.sitHere": "Sentarme aquí",
  "fr.room.waiting": "Esperando a que el anfitrión empiece…",
  "fr.room.needTwo": "Hacen falta al menos dos personas para empezar.",
  "fr.room.start": "Empezar",
  "fr.room.pickSeat": "Escribe tu nombre y elige un asiento libre.",
  "fr.room.host": "anfitrión",
  "fr.room.you": "tú",
  "fr.room.free": "Libre",
  "fr.room.cpu": "CPU · {level}",
  "fr.room.toCpu": "Dejar a la CPU",
  "fr.room.toFree": "Dejar libre",
  "fr.room.moveTo": "Cambiar con…",
  "fr.room.moveAria": "Cambiar a {name} de asiento",
  "fr.room.moveOption": "{seat}",
  "fr.room.connected": "conectado",
  "fr.room.away": "desconectado",
  "fr.room.leave": "Dejar el asiento",
  "fr.seat.south": "Sur",
  "fr.seat.west": "Oeste",
  "fr.seat.north": "Norte",
  "fr.seat.east": "Este",
  "fr.pod.cpu": "CPU · {level}",
  "fr.pod.connected": "Conectado",
  "fr.pod.away": "Desconectado",
  "fr.thinking": "{name} está pensando…",
  "fr.cpuFor": "Juega la CPU por {name} (volverá cuando se conecte)",
  "fr.yourTurn": "Te toca.",
  "fr.timer": "Quedan {n} s",
  "fr.talk.label": "Decir algo a la mesa",
  "fr.talk.open": "Decir algo",
  "fr.talk.said": "{name}: {phrase}",
  "fr.phrase.bien_jugado": "¡Bien jugado!",
  "fr.phrase.perdon": "Perdón, compañero",
  "fr.phrase.vamos": "¡Vamos!",
  "fr.phrase.gracias": "Gracias",
  "fr.phrase.uy": "¡Uy!",
  "fr.phrase.pensando": "Déjame pensar…",
  "fr.phrase.hola": "¡Hola!",
  "fr.phrase.adios": "¡Hasta luego!",
  "fr.phrase.e_aplauso": "👏",
  "fr.phrase.e_risa": "😄",
  "fr.phrase.e_sorpresa": "😮",
  "fr.phrase.e_corazon": "❤️",
  "fr.phrase.e_aplauso.aria": "Aplausos",
  "fr.phrase.e_risa.aria": "Risa",
  "fr.phrase.e_sorpresa.aria": "Sorpresa",
  "fr.phrase.e_corazon.aria": "Corazón",
  "fr.conn.lost": "Se ha perdido la conexión. Reconectando…",
  "fr.conn.back": "Conectado de nuevo.",
  "fr.conn.replaced": "Esta mesa se ha abierto en otra pestaña o aparato.",
  "fr.conn.retry": "Reconectar",
  "fr.end.verifying": "Comprobando los repartos…",
  "fr.end.verified": "Repartos verificados",
  "fr.end.verifiedNote": "El código {code} da los mismos repartos en una partida en solitario.",
  "fr.end.notVerified": "¡Atención! El código revelado no coincide con el compromiso del principio.",
  "fr.end.again": "Otra partida",
  "fr.end.againWait": "El anfitrión puede empezar otra partida con los mismos asientos.",
  "fr.end.download": "Descargar la partida",
  "fr.end.review": "Repasar en mi mesa",
  "fr.end.reviewNote": "Tu partida en solitario se guarda aparte.",
  "fr.end.fair": "Juego limpio: cómo se comprueban los repartos",
  "fr.commitment": "Compromiso de los repartos: {hash}",
  "fr.menu.link": "Enlace de la mesa",
  "fr.menu.leave": "Dejar la mesa",
  "fr.menu.solo": "Jugar en solitario",
  "fr.leave.confirm": "¿Dejar la mesa? La CPU jugará por ti hasta el final.",
  "fr.missing.title": "Esta mesa no existe",
  "fr.missing.text": "El enlace no lleva a ninguna mesa: quizá se cerró tras dos horas sin jugar.",
  "fr.missing.back": "Ir al inicio",
  "fr.left": "Has dejado la mesa.",
  "fr.help.fair": "Juego limpio",
  "fr.help.fairLink": "Juego limpio: repartos que se pueden comprobar",
  "fr.passed": "{name} ya ha elegido su pase.",
  "fr.room.partner": "con {seat}",
  "fr.title": "Mesa con amigos — Picas",
  // The server's refusals by code (picas.web.codes): {seat}, {suit}, {card_name}, counts from their params
  "server.atAction": "Acción {n}: {text}",
  "server.not_your_turn": "No es tu turno: le toca a {seat}.",
  "server.not_your_turn.nobody": "No es tu turno: le toca a nadie.",
  "server.must_follow_suit": "Tienes {suit}: debes asistir.",
  "server.card_not_in_hand": "No tienes esa carta ({card_name}).",
  "server.card_not_in_deck": "El {card_name} solo se juega con «Comodines»: no está en esta baraja.",
  "server.card_not_in_deck.jokers": "Con «Comodines» el {card_name} no está en la baraja (salen ♥2 y ♦2).",
  "server.spades_not_broken": "Las picas aún no se han roto.",
  "server.game_over": "La partida ha terminado.",
  "server.hand_over": "La mano ya ha terminado.",
  "server.bidding_over": "Ya se ha cantado: ahora se juegan las cartas.",
  "server.bidding_not_over": "Aún se está cantando: primero canta tu baza.",
  "server.bid_out_of_range": "El canto va de 0 a 13.",
  "server.decide_blind_nil": "Antes de cantar, elige: Nil ciego o ver tus cartas.",
  "server.blind_nil_not_offered": "El Nil ciego solo se ofrece si está activado y tu equipo va 100 puntos o más por detrás.",
  "server.blind_nil_not_offered.two_players": "A dos jugadores no hay Nil ciego.",
  "server.cards_already_seen": "Ya has visto tus cartas: el Nil ciego se canta antes de mirarlas.",
  "server.cards_already_seen.look": "Ya tienes tus cartas a la vista.",
  "server.team_minimum": "Mínimo de {min} por pareja: tu compañero ha cantado {partner}, así que tú cantas {lowest} o más.",
  "server.team_minimum.partner_nil": "Mínimo de {min} por pareja: tu compañero ha cantado Nil, así que tú cantas {lowest} o más.",
  "server.still_drawing": "Aún se roba del mazo: quédate con la carta de arriba o descártala.",
  "server.drawing_over": "Ya no queda mazo: cada uno tiene sus 13 cartas.",
  "server.no_draw": "Solo se roba del mazo a dos jugadores.",
  "server.bad_card": "Eso no es una carta.",
  "server.bad_action": "Esa acción no existe.",
  "server.internal": "Jugada imposible.",
  "server.illegal_action": "Esa jugada no está permitida.",
  "server.invalid_action": "Esa acción no se puede leer.",
  "server.bot_illegal_action": "Un jugador de la CPU eligió una acción ilegal.",
  "server.no_tip": "El consejo se pide al cantar, con tus cartas a la vista.",
  "server.no_hint": "La pista se pide cuando es tu turno.",
  "server.no_practice": "En este juego no se rejuegan manos.",
  "server.no_practice_two_players": "A dos jugadores no se rejuega una mano: sus cartas salen del robo, no de un reparto.",
  "server.no_review": "Este juego no comprueba repartos.",
  "server.hand_not_finished": "La mano {n} aún no ha terminado: solo se puede rejugar una mano acabada.",
  "server.unknown_level": "Nivel desconocido.",
  "server.unknown_bot": "Ese jugador de la CPU no existe.",
  "server.unavailable": "Los jugadores de la CPU de ese nivel no están disponibles ahora.",
  "server.bad_signature": "El servidor no reconoce la firma de esta partida (quizá cambió su clave, o la partida viene de otro servidor): no puede seguir aquí.",
  "server.malformed_signature": "La firma de esta partida no es de las que escribe este servidor: la partida se ha modificado o dañado.",
  "server.bad_json": "La partida guardada no es JSON válido.",
  "server.bad_format": "Esto no es una partida de Picas.",
  "server.bad_text": "La partida tiene un texto con caracteres no válidos (Unicode mal formado).",
  "server.unknown_version": "Esta partida es de una versión de Picas más nueva.",
  "server.unknown_game": "Juego desconocido.",
  "server.wrong_game": "Esta partida es de otro juego.",
  "server.invalid_code": "Eso no es un código de partida: 8 caracteres, sin 0, O, 1 ni I.",
  "server.invalid_rules": "Las reglas de la partida no se pueden leer.",
  "server.invalid_deal": "Los repartos de la partida no se pueden leer.",
  "server.invalid_record": "La partida no se puede reproducir.",
  "server.record_too_long": "La partida tiene demasiadas acciones.",
  "server.malformed_action": "no se puede leer.",
  "server.not_reproducible": "{seat} hizo «{played}», pero el jugador de la CPU de nivel {level} habría hecho «{expected}»: esta partida no se puede reproducir.",
  "server.too_long_to_verify": "Esta partida tiene {n} acciones: las de nivel {level} se comprueban hasta {limit}.",
  "server.too_long_to_verify.unsigned": "La firma no es de este servidor (o la partida se ha modificado), así que hay que comprobarla entera. Esta partida tiene {n} acciones: las de nivel {level} se comprueban hasta {limit}.",
  "server.deal_not_from_code": "El reparto {n} no es el del código {code}: una partida con repartos propios no se puede abrir con ese código.",
  "server.bad_request": "No se puede leer la petición.",
  "server.not_found": "Aquí no hay nada.",
  "server.bad_board_page": "Esa página de la clasificación no existe.",
  "server.no_such_profile": "Ese perfil no existe.",
  "server.bad_stats": "Las estadísticas no tienen la forma esperada: no se han guardado.",
  "server.stats_too_large": "Las estadísticas son demasiado grandes: no se han guardado.",
  "server.method_not_allowed": "Esa dirección no admite este método.",
  "server.too_large": "La petición es demasiado grande.",
  "server.save_too_large": "La petición es más grande que la partida más larga posible.",
  "server.too_deep": "El JSON está anidado a más niveles de los que ninguna partida necesita.",
  "server.too_many_objects": "La petición tiene más listas y objetos que la partida más larga posible.",
  "server.bad_number": "La petición tiene un número con decimales, NaN o Infinity: aquí solo hay enteros.",
  "server.headers_too_large": "Las cabeceras de la petición son demasiado grandes.",
  "server.url_too_long": "La dirección es demasiado larga.",
  "server.request_timeout": "La petición ha tardado demasiado.",
  "server.too_many_connections": "El servidor tiene demasiadas conexiones abiertas: vuelve a intentarlo en unos segundos.",
  "server.too_many_requests": "Demasiadas peticiones seguidas desde tu dirección: espera unos segundos y vuelve a intentarlo. Tu partida sigue guardada.",
  "server.busy": "La mesa está muy ocupada ahora mismo: vuelve a intentarlo en unos segundos. Tu partida sigue guardada.",
  "server.too_slow": "La CPU ha tardado demasiado en pensar esta vez: vuelve a intentarlo más tarde. Tu partida sigue guardada.",
  "server.worker_crashed": "El proceso que pensaba la jugada de la CPU se ha detenido sin terminarla. Tu partida sigue guardada tal como estaba: vuelve a intentarlo.",
  "server.client_gone": "La petición se ha cancelado.",
  "server.internal_error": "Algo ha fallado en el servidor. Tu partida sigue guardada en el navegador: vuelve a intentarlo.",
  "server.server_down": "El servidor de la partida no responde ahora mismo: vuelve a intentarlo en unos segundos. Tu partida sigue guardada.",
  "server.server_timeout": "El servidor ha tardado demasiado en contestar: vuelve a intentarlo. Tu partida sigue guardada.",
  "server.table_not_found": "Esta mesa no existe.",
  "server.table_started": "La partida ya ha empezado.",
  "server.seat_taken": "Ese asiento ya está ocupado.",
  "server.seat_lost": "Ya no tienes asiento en esta mesa.",
  "server.no_profile": "Este navegador no tiene perfil, o su perfil ya no existe.",
  "server.too_many_profiles": "Desde tu dirección ya se han creado muchos perfiles en la última hora: vuelve a intentarlo más tarde.",
  "server.too_many_ceremonies": "Demasiados intentos con llaves de acceso desde tu dirección: espera un minuto.",
  "server.ceremonies_full": "El servidor atiende ahora muchas llaves de acceso a la vez: vuelve a intentarlo en unos segundos.",
  "server.profiles_unavailable": "Los perfiles no están disponibles ahora mismo: vuelve a intentarlo en unos segundos.",
  "server.bad_host": "La petición no dice a qué sitio va: no se puede usar una llave de acceso.",
  "server.passkey_malformed": "La respuesta de la llave de acceso no se puede leer.",
  "server.passkey_challenge_unknown": "Esta respuesta no responde a ningún reto de este servidor: vuelve a empezar.",
  "server.passkey_challenge_used": "Ese reto ya se usó: vuelve a empezar.",
  "server.passkey_challenge_expired": "Se acabó el tiempo para responder (2 minutos): vuelve a empezar.",
  "server.passkey_wrong_ceremony": "Esa respuesta es de otro paso (añadir una llave o entrar con ella): vuelve a empezar.",
  "server.passkey_other_profile": "Ese reto se dio a otro perfil.",
  "server.passkey_wrong_origin": "La llave respondió a otra página, no a esta.",
  "server.passkey_wrong_rp": "La llave se hizo para otro sitio, no para este.",
  "server.passkey_bad_signature": "La firma de la llave de acceso no es válida.",
  "server.passkey_replayed": "La llave de acceso repite una firma ya usada (su contador no avanzó): no se acepta.",
  "server.passkey_unknown": "Esa llave de acceso no es de ningún perfil de este servidor.",
  "server.passkey_refused": "La llave de acceso no cumple lo que pide este servidor.",
  "server.passkey_taken": "Esa llave de acceso ya está guardada.",
  "server.too_many_passkeys": "Este perfil ya tiene el máximo de llaves de acceso.",
  "server.passkey_not_found": "Este perfil no tiene esa llave de acceso.",
  "server.not_host": "Solo quien abrió la mesa puede hacer esto.",
  "server.bad_host_action": "Eso no se puede hacer con ese asiento.",
  "server.not_enough_players": "Hacen falta al menos dos personas para empezar.",
  "server.not_started": "La partida aún no ha empezado.",
  "server.bad_state": "Eso no se puede hacer ahora en esta mesa.",
  "server.bad_token": "Este enlace de asiento no vale para esta mesa.",
  "server.bad_settings": "Las opciones de la mesa no son válidas.",
  "server.bad_name": "Ese nombre no vale: escribe otro.",
  "server.stale": "La mesa ha cambiado mientras tanto: vuelve a intentarlo.",
  "server.no_friends": "Este juego no se juega con amigos.",
  "server.two_players_solo_only": "«Dos jugadores» se juega solo contra la CPU: una mesa con amigos es de cuatro.",
  "server.too_many_tables": "Has abierto demasiadas mesas seguidas: espera un poco.",
  "server.tables_full": "El servidor no admite más mesas ahora: vuelve a intentarlo más tarde.",
  "server.store_unavailable": "Las mesas no están disponibles ahora mismo: vuelve a intentarlo en un momento.",
  "server.not_hello": "El primer mensaje debe ser «hello», una sola vez.",
  "server.not_seated": "Para jugar o hablar hay que sentarse a la mesa.",
  "server.hints_off": "En el reto del día no hay pistas.",
  "server.daily_not_open": "El reto de hoy se está preparando: vuelve a intentarlo en un momento.",
  "server.daily_over": "El día del reto ha terminado: la CPU acaba la partida.",
  "server.daily_not_over": "Ese reto aún no ha terminado: sus repartos se muestran al acabar el día.",
  "server.daily_not_found": "No hay reto de ese día.",
  "server.daily_sealed": "Los repartos del reto del día no se juegan fuera del reto hasta que acabe el día.",
  "server.daily_unknown_game": "Ese juego no tiene reto del día.",
  "server.bad_day": "Ese día no es una fecha (AAAA-MM-DD).",
  "server.not_text": "Los mensajes van en texto (JSON), no en binario.",
  "server.too_big": "El mensaje es demasiado largo.",
  "server.not_object": "El mensaje debe ser un objeto JSON, entre llaves.",
  "server.no_type": "Al mensaje le falta su tipo («type»).",
  "server.unknown_type": "No hay mensajes de ese tipo.",
  "server.unexpected_field": "El mensaje lleva un campo que no le corresponde.",
  "server.bad_message": "El mensaje no tiene la forma que se espera.",
  "server.missing_field": "Falta el campo «{field}».",
  "server.bad_field": "El campo «{field}» no tiene un valor válido.",
  "server.unknown_phrase": "Esa frase no está entre las de la mesa.",
  "server.too_many_messages": "Demasiados mensajes: espera un momento.",
  "server.too_many_watchers": "Hay demasiada gente mirando esta mesa: prueba más tarde.",
  "server.replaced": "Esta mesa se ha abierto en otra pestaña o aparato.",
  "server.banned": "Has dejado tres partidas puntuadas en 24 horas: no puedes usar «Jugar ya» durante una hora.",
  "server.too_many_joins": "Has entrado en la cola demasiadas veces: espera un minuto.",
  "server.bad_target": "«Jugar ya» se juega al objetivo rápido o al normal de ese juego.",
  "server.bad_block": "No puedes bloquearte a ti mismo.",
  "server.not_your_table": "Solo puedes bloquear a otra persona de una mesa puntuada en la que has jugado.",
  "server.too_many_blocks": "Ya has bloqueado a demasiadas personas.",
  "count.2": "dos",
  "count.3": "tres",
  "count.4": "cuatro",
  "suit.one.S": "pica",
  "suit.one.H": "corazón",
  "suit.one.D": "diamante",
  "suit.one.C": "trébol",
  // The bids' reasons by code (picas.games.spades.bots.bid_reasons): the tip, «¿Por qué?», the sheet
  "bid.jokers_both": "con los dos comodines, dos bazas seguras",
  "bid.joker_big": "con el comodín grande, una baza segura",
  "bid.joker_little": "con el comodín pequeño, casi una baza",
  "bid.sure_cards": "{cards} seguras",
  "bid.sure_cards.one": "{cards} segura",
  "bid.guarded_king": "{card} protegido",
  "bid.void_suits": "sin {suits}, puedes fallar",
  "bid.void_suits.item": "{suit}",
  "bid.void_suits.join": " ni ",
  "bid.singleton_suits": "{suits}, puedes fallar",
  "bid.singleton_suits.item": "un solo {suit_one}",
  "bid.singleton_suits.join": " y ",
  "bid.doubleton_suits": "solo {suits}, quizá falles",
  "bid.doubleton_suits.item": "dos {suit}",
  "bid.doubleton_suits.join": " y ",
  "bid.nil_short_spades_top": "picas cortas y bajas (la más alta, {card})",
  "bid.nil_voids": "sin {suits}: te descartas",
  "bid.nil_voids.item": "{suit}",
  "bid.nil_voids.join": " ni ",
  "bid.sure_tricks": "{n} bazas seguras",
  "bid.sure_tricks.one": "1 baza segura",
  "bid.guarded_kings": "{n} reyes protegidos",
  "bid.guarded_kings.one": "un rey protegido",
  "bid.long_spades": "{n} picas: las pequeñas también ganan",
  "bid.void_count": "sin cartas de {n_word} palos, puedes fallar",
  "bid.void_count.one": "sin cartas de un palo, puedes fallar",
  "bid.singleton_count": "{n_word} palos con una sola carta, puedes fallar",
  "bid.singleton_count.one": "un palo con una sola carta, puedes fallar",
  "bid.doubleton_count": "{n_word} palos con solo dos cartas, quizá falles",
  "bid.doubleton_count.one": "un palo con solo dos cartas, quizá falles",
  "bid.few_high_cards": "pocas cartas altas",
  "bid.nil_hand": "mano de Nil: sin cartas altas",
  "bid.nil_high_cards": "Nil arriesgado: {n_word} cartas altas",
  "bid.nil_high_cards.one": "Nil arriesgado: una carta alta",
  "bid.nil_no_spades": "sin picas",
  "bid.nil_short_spades": "picas cortas y bajas",
  "bid.nil_void_count": "sin cartas de {n_word} palos: te descartas",
  "bid.nil_void_count.one": "sin cartas de un palo: te descartas",
  "bid.blind_nil_behind": "vais 100 o más por detrás: Nil sin mirar",
  "bid.far_behind": "vais muy por detrás: canto valiente",
  "bid.far_behind_alone": "vas muy por detrás: canto valiente",
  "bid.far_ahead": "vais muy por delante: canto prudente",
  "bid.far_ahead_alone": "vas muy por delante: canto prudente",
  "bid.bags_near_limit": "muchos sacos: mejor cantar de más",
  "bid.partner_nil": "tu compañero canta Nil: no cantes Nil",
  "bid.team_minimum": "mínimo de {min} por pareja: al menos {lowest}",
  "bid.all_thirteen_win": "entre los dos, las 13 bazas: a por el premio (partida ganada)",
  "bid.all_thirteen_bonus": "entre los dos, las 13 bazas: a por el premio (+{points})",
  "bid.ten_reach": "10 por 200: entre los dos llegamos a 10",
  "bid.ten_enough": "10 por 200: con 10 basta",
  "bid.ten_team": "10 por 200: la pareja canta 10",
  // «Reto del día» (js/reto/)
  "reto.title": "Reto del día",
  "reto.entry": "Reto del día",
  "reto.game.spades": "Picas",
  "reto.game.corazones": "Corazones",
  "reto.subtitle": "{game} · {day} (UTC)",
  "reto.today": "El reto de hoy",
  "reto.ends": "Termina el {when} (tu hora).",
  "reto.commitment": "Compromiso de los repartos:",
  "reto.commitmentNote": "Los repartos del día están fijados desde antes de la primera carta: al acabar el día se publican el código y la sal, y esta página comprueba que dan este compromiso.",
  "reto.preparing": "El reto de hoy se está preparando: vuelve en un momento.",
  "reto.done": "Ya jugaste el reto de hoy: {total} frente a Difícil. Puedes practicar con los mismos repartos (no cuenta).",
  "reto.going": "Tu intento de hoy está empezado; si lo dejas, la CPU lo acaba por ti y cuenta.",
  "reto.notYet": "Aún no has jugado hoy: {hands} manos contra tres CPU en Difícil; solo cuenta el primer intento.",
  "reto.play": "Jugar el reto",
  "reto.practiceBtn": "Practicar (no cuenta)",
  "reto.resume": "Seguir mi intento",
  "reto.tableToday": "Tabla de hoy",
  "reto.tableYesterday": "Tabla de ayer",
  "reto.reveal": "Los repartos de ayer",
  "reto.revealNote": "El día {day} tenía el código {code} y la sal {salt}: dan el compromiso que se mostró antes de la primera carta.",
  "reto.handsCaption": "Cada mano de ayer: Difícil en tu asiento y el mejor del día",
  "reto.handsCaptionMine": "Cada mano de ayer: Difícil en tu asiento, el mejor del día y tu intento",
  "reto.col.hand": "Mano",
  "reto.col.dificil": "Difícil",
  "reto.col.best": "Mejor",
  "reto.col.mine": "Tú",
  "reto.col.review": "Repaso",
  "reto.col.rank": "Puesto",
  "reto.col.player": "Jugador",
  "reto.col.total": "Total",
  "reto.review.short": "Repasar",
  "reto.review.ofHand": "la mano {n}",
  "reto.handsNote": "Difícil: los puntos de su mano en tu asiento. Mejor y Tú: frente a Difícil en esa mano.",
  "reto.review.title": "Mano {n}: baza a baza",
  "reto.review.loading": "Abriendo las partidas…",
  "reto.review.dificil": "Difícil",
  "reto.review.mine": "Tu intento",
  "reto.review.best": "El mejor del día: {name}",
  "reto.review.bestYou": "El mejor del día: tú",
  "reto.review.noBest": "Nadie jugó ese día",
  "reto.review.none": "Sin esta baza.",
  "reto.review.won": "Gana {seat}",
  "reto.noDay": "No hubo reto ese día.",
  "reto.playersOne": "1 jugador · mejor total {best}",
  "reto.nobody": "Nadie lo ha terminado todavía.",
  "reto.players": "{n} jugadores · mejor total {best}",
  "reto.myRank": "Tu puesto: {rank} de {players}",
  "reto.myMore": "(percentil {percentile}, total {total})",
  "reto.streak": "Racha: {n} días seguidos",
  "reto.streakOne": "Racha: 1 día",
  "reto.ranked": "Reto del día",
  "reto.practice": "Práctica (no cuenta)",
  "reto.handN": "Mano {n}",
  "reto.noHandYet": "Tu puntuación frente a Difícil aparece al acabar cada mano.",
  "reto.handScore": "{score} frente a Difícil en esta mano",
  "reto.total": "Total: {total}",
  "reto.over": "Reto terminado",
  "reto.practiceNote": "Era una práctica: no entra en la tabla del día.",
  "reto.seeTable": "Ver la tabla del día",
  "reto.back": "Volver al reto",
  "reto.help": "Cómo funciona el reto del día",
  "reto.unknownGame": "Ese juego no tiene reto del día.",
  "reto.doneShort": "Hecho hoy: {total}",
  "reto.openShort": "Sin jugar hoy",
  "reto.endsShort": "Acaba {when}",
};

const TABLES = { es: ES };
let current = ES;
const gameTables = []; // a game's own words ({es, en}), added to each language's table

/** A game's own words (Corazones loads them with its table), in both languages. */
export function addStrings(tables) {
  gameTables.push(tables);
  Object.assign(ES, tables.es);
  if (TABLES.en) Object.assign(TABLES.en, tables.en);
}

/** Switch the page's language; English is fetched the first time it is chosen. */
export async function loadLanguage(lang) {
  if (lang === "en" && !TABLES.en) {
    TABLES.en = (await import("./i18n-en.js")).EN;
    for (const tables of gameTables) Object.assign(TABLES.en, tables.en);
  }
  current = TABLES[lang] || ES;
  document.documentElement.lang = TABLES[lang] ? lang : "es";
}

export function language() {
  return current === ES ? "es" : "en";
}

/** Whether the current language has its own text for `key`. */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(current, key);
}

const SUIT_LETTER = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const isCard = (code) => typeof code === "string" && /^([2-9TJQKA][CDHS]|[BL]J)$/.test(code);
const jokerName = (code) => t(code === "BJ" ? "card.joker.big" : "card.joker.little");
/** A card as the reasons write it, suit first: «♠A», «♥10»; a joker by its name. */
const cardLabel = (code) => (code[1] === "J" ? jokerName(code) : SYMBOL[code[1]] + (code[0] === "T" ? "10" : code[0]));
/** A card's full name: «reina de corazones», «comodín grande». */
const cardFullName = (code) => (code[1] === "J" ? jokerName(code) : t("card.name", { rank: t(`rank.${code[0]}`), suit: t(`suit.${code[1]}`) }));

/**
 * The words of a coded sentence's parameters (docs/api.md, «Codes and words»): a card `X` as
 * `{X}` (its label, «♥Q») and `{X_name}` (its name); `cards` as labels; a suit key as its plural
 * (`{suit}`) and singular (`{suit_one}`) name; `suits` as each suit in `key.item`, joined with
 * `key.join`; a seat key and a level by their names; `n` also as `{n_word}` («dos»). Null when a
 * value is not one the page knows, so the caller shows the server's own words instead.
 */
function paramWords(key, params) {
  const words = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === "form" || name === "discard") continue;
    if (name === "card" || name === "best") {
      if (!isCard(value)) return null;
      words[name] = cardLabel(value);
      words[`${name}_name`] = cardFullName(value);
    } else if (name === "cards") {
      if (!Array.isArray(value) || !value.every(isCard)) return null;
      words.cards = value.map(cardLabel).join(" ");
    } else if (name === "suit" || name === "led") {
      const letter = SUIT_LETTER[value];
      if (!letter) return null;
      words[name] = t(`suit.${letter}`);
      words[`${name}_one`] = t(`suit.one.${letter}`);
    } else if (name === "suits") {
      if (!Array.isArray(value) || !value.every((suit) => SUIT_LETTER[suit])) return null;
      const item = (suit) => t(`${key}.item`, { suit: t(`suit.${SUIT_LETTER[suit]}`), suit_one: t(`suit.one.${SUIT_LETTER[suit]}`) });
      words.suits = value.map(item).join(t(`${key}.join`));
    } else if (name === "seat") {
      if (!has(`seat.${value}`)) return null;
      words.seat = seatName(value);
    } else if (name === "level") {
      words.level = has(`level.${value}`) ? t(`level.${value}`) : String(value);
    } else if (name === "you" || name === "gender") words[name] = value;
    else words[name] = String(value);
  }
  if (Number.isInteger(params.n)) words.n_word = has(`count.${params.n}`) ? t(`count.${params.n}`) : String(params.n);
  return words;
}

/**
 * The sentence `key` of the current language with `params`' words in it (the form that agrees
 * with them: `.one` when `n` is 1…), or null when the language has no such key or a parameter is
 * not one it knows: the caller then shows the server's Spanish words.
 */
export function codedText(key, params = {}, extra = {}) {
  const p = params && typeof params === "object" ? params : {};
  if (!has(key)) return null;
  const words = paramWords(key, p);
  if (words === null) return null;
  const out = t(key, { ...words, ...extra }).replace(/ de el (comodín)/gu, " del $1");
  return /\{\w+\}/.test(out) ? null : out;
}

/**
 * A refusal from the server in the player's language, from its code and parameters
 * (`server.<code>`, or `server.<code>.<form>`; «Acción N: » first when a replayed record's action
 * `N` was refused). The server's Spanish `message` only for a code this page does not know.
 */
export function serverText(code, message, params = {}) {
  const p = params && typeof params === "object" ? params : {};
  const base = `server.${code}`;
  const key = typeof p.form === "string" && has(`${base}.${p.form}`) ? `${base}.${p.form}` : base;
  const text = codedText(key, p);
  if (text === null) return String(message ?? "");
  return Number.isInteger(p.action) ? t("server.atAction", { n: p.action, text }) : text;
}

/**
 * A bid's reasons (the tip's one reason, a computer player's «¿Por qué?»): `{text, codes}` is
 * worded from `bid.<code>` in the player's language (the server's Spanish `text` if a code is not
 * known); a plain text (a game saved before the codes) is shown as it is.
 */
export function reasonText(reason) {
  if (reason && typeof reason === "object") {
    const codes = Array.isArray(reason.codes) ? reason.codes : [];
    const words = codes.map((r) => (r && typeof r === "object" ? codedText(`bid.${r.code}`, r.params) : null));
    if (codes.length && words.every((w) => w !== null)) return words.join(", ");
    return String(reason.text ?? "");
  }
  return String(reason ?? "");
}

/** Reasons as the page keeps them: each text with its codes (`reason_codes`), when it has them. */
export function withCodes(text, codes) {
  return Array.isArray(codes) && codes.length ? { text: String(text ?? ""), codes } : text;
}

/** The tip's reasons ([text], [{code, params}]) as a list for `reasonText`: one code a reason. */
export function tipReasons(texts, codes) {
  const list = Array.isArray(texts) ? texts.map(String) : [];
  return list.map((text, i) => withCodes(text, Array.isArray(codes) && codes[i] ? [codes[i]] : null));
}

/** Each seat's (or each hand's seats') reasons with their codes: `{west: text}` and
 * `{west: [codes]}` → `{west: {text, codes}}`. */
export function reasonsWithCodes(texts, codes) {
  const out = {};
  for (const [key, value] of Object.entries(texts || {})) {
    const coded = codes && typeof codes === "object" ? codes[key] : undefined;
    out[key] = value && typeof value === "object" ? reasonsWithCodes(value, coded) : withCodes(value, coded);
  }
  return out;
}

/**
 * The form of `key` that agrees with `params`, in any language: `key.you` when the sentence is
 * about South (`you: true`: «Te toca», «Has cantado»), `key.one` when `n` is 1 («1 baza»),
 * `key.none` when it is 0 and the language words it otherwise («no tienes picas bajas»),
 * `key.m` / `key.f` for a masculine or feminine `gender` («el as … levantado»), or any mix of
 * them in that order (`key.you.one`); the plain key when the language needs no other form.
 */
function agreeing(key, params) {
  const count = params.n === undefined || params.n === null || params.n === "" ? NaN : Number(params.n);
  const forms = [params.you && "you", count === 1 ? "one" : count === 0 && "none", params.gender].filter(Boolean);
  // Most forms first; among as many, the earlier ones (the person before the number).
  const last = forms.length - 1;
  for (let pick = (1 << forms.length) - 1; pick > 0; pick--) {
    const name = [key, ...forms.filter((_, i) => (pick >> (last - i)) & 1)].join(".");
    if (Object.prototype.hasOwnProperty.call(current, name)) return name;
  }
  return key;
}

let twoPlayers = false;

/** Spades' «Dos jugadores»: each side is one player, so a key with a `.dos` form («Tú» and «Oeste»
 * instead of «Nosotros» and «Ellos») says it that way while that table is on the page. */
export function useTwoPlayers(on) {
  twoPlayers = Boolean(on);
}

/** The string for `key` (in the form that agrees with `params`), `{name}` filled from `params`. */
export function t(key, params = {}) {
  const agreed = agreeing(key, params);
  const two = twoPlayers ? current[`${agreed}.dos`] ?? current[`${key}.dos`] : undefined;
  const text = two ?? current[agreed] ?? current[key] ?? ES[key];
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
