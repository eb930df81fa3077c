// Dialogs made on first use (statistics, sharing, a question before something is lost), with the
// same closing rules as the page's own: «Cerrar», a tap on the backdrop, Escape.

import { t } from "./i18n.js";

/** The dialog `id`, created empty the first time. */
export function makeDialog(id) {
  let dialog = document.getElementById(id);
  if (dialog) return dialog;
  dialog = document.createElement("dialog");
  dialog.className = "dialogo";
  dialog.id = id;
  dialog.setAttribute("aria-labelledby", `${id}-titulo`);
  dialog.addEventListener("click", (event) => {
    if (event.target.closest("[data-cerrar]") || event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

export function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

export function closeButton() {
  const close = node("button", "boton", t("btn.close"));
  close.type = "button";
  close.dataset.cerrar = "";
  return close;
}

/** Ask before something is lost. Resolves true only for `ok`; the safe answer has the focus. */
export function confirmDialog({ title, text, ok, cancel, id = "dlg-confirmar" }) {
  return new Promise((resolve) => {
    const dialog = makeDialog(id);
    dialog.classList.add("pregunta");
    dialog.setAttribute("aria-describedby", `${id}-texto`);
    const body = node("div", "dialogo-cuerpo");
    const heading = node("h2", "", title);
    heading.id = `${id}-titulo`;
    const para = node("p", "", text);
    para.id = `${id}-texto`;
    const row = node("div", "dialogo-botones");
    const no = node("button", "boton", cancel);
    no.type = "button";
    no.id = `${id}-no`;
    const yes = node("button", "boton principal", ok);
    yes.type = "button";
    yes.id = `${id}-si`;
    row.append(no, yes);
    body.append(heading, para, row);
    dialog.replaceChildren(body);
    let answer = false;
    yes.addEventListener("click", () => {
      answer = true;
      dialog.close();
    });
    no.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => resolve(answer), { once: true });
    dialog.showModal();
    no.focus();
  });
}
