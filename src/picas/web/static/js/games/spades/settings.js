// Spades' part of the settings dialog (js/settings.js): its next-game fields, drawn from its
// options' declaration (games/spades/options.py, in the manifest), as are its rules in the «Jugar
// con amigos» form (js/amigos/crear.js).

import * as manifest from "../../games.js";
import { nextGame } from "../../settings.js";

export const NEXT = nextGame(manifest.byKey("spades"));
