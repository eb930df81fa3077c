// The language of a page of its own (/perfil, /clasificacion): the player's saved choice, as at
// the table, and a button that switches it (saved for every page) and says the page again.

import * as store from "../store.js";
import { applyTo, loadLanguage, language, t } from "../i18n.js";

/** Say the page in the saved language; `redraw()` after each switch. `titleKey`: the page's title. */
export async function useSavedLanguage(titleKey, redraw) {
  const settings = store.loadSettings();
  if (settings.language !== "es") {
    try {
      await loadLanguage(settings.language);
    } catch {
      // Spanish, then
    }
  }
  const say = () => {
    applyTo(document);
    document.title = t(titleKey);
    const button = document.getElementById("btn-idioma");
    if (button) {
      button.textContent = t("lang.switch");
      button.lang = language() === "en" ? "es" : "en";
    }
  };
  say();
  const button = document.getElementById("btn-idioma");
  if (button) {
    button.addEventListener("click", async () => {
      const next = language() === "en" ? "es" : "en";
      try {
        await loadLanguage(next);
      } catch {
        return;
      }
      store.saveSettings({ ...store.loadSettings(), language: next });
      say();
      redraw();
      button.focus();
    });
  }
}
