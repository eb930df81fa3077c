// A save this server cannot check (a key changed, or another server's save): the player is not
// to blame, and chooses to keep the game aside and start a new one (or to try again later).

import { t } from "./i18n.js";
import { confirmDialog } from "./dialogs.js";

/** Resolves true to keep the save aside and start a new game, false to leave it as it is. */
export function askSetAside() {
  return confirmDialog({
    id: "dlg-clave",
    title: t("key.title"),
    text: t("key.text"),
    ok: t("key.setAside"),
    cancel: t("key.later"),
  });
}
