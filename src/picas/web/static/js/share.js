// Sharing a game: a link that starts a game from its code (?codigo=XXXX-XXXX), the game's save
// (the record and this server's signature) as a JSON download, and opening a downloaded game: a
// save this server signed opens at once; a plain record (or another server's save) is replayed and
// checked by the server.

import { t } from "./i18n.js";
import * as api from "./api.js";
import * as manifest from "./games.js";
import { makeDialog, node, closeButton } from "./dialogs.js";
import { codeGroups } from "./render.js";

const MAX_FILE = 250 * 1024; // the server's body cap is 256 KB

/** "K7PM-X4QH" */
export function linkCode(code) {
  const clean = String(code || "").replace(/[\s-]+/g, "").toUpperCase();
  return codeGroups(clean).join("-");
}

/** The link to a game's deals; a link names its game unless it is the first (a bare code is
 * Spades, as before there were two). `game`: a page id of the games' manifest. */
export function linkFor(code, game = manifest.FIRST.key) {
  const entry = manifest.byKey(game) || manifest.FIRST;
  const which = entry === manifest.FIRST ? "" : `&juego=${entry.links[0]}`;
  return `${window.location.origin}${window.location.pathname}?codigo=${linkCode(code)}${which}`;
}

function section(titleKey) {
  const box = node("section", "compartir-parte");
  box.append(node("h3", "", t(titleKey)));
  return box;
}

/** The download is the save the page keeps: {"record": ..., "sig": ...} (docs/record.md). */
function download(save, code, game = manifest.FIRST.key) {
  const file = { record: save.record, sig: save.sig };
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `${(manifest.byKey(game) || manifest.FIRST).download}-${linkCode(code) || "partida"}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

/** Read a chosen file into {record, sig}: a save ({record, sig}, sig then checked by the server)
 * or a bare record (sig null: the server checks it action by action). */
async function readGame(file) {
  if (file.size > MAX_FILE) throw new Error(t("share.tooBig"));
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    throw new Error(t("share.notJson"));
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error(t("share.notRecord"));
  const isSave = !("format" in data) && "record" in data;
  const record = isSave ? data.record : data;
  const sig = isSave && "sig" in data ? data.sig : null;
  if (!record || typeof record !== "object" || Array.isArray(record)) throw new Error(t("share.notRecord"));
  if (sig !== null && typeof sig !== "string") throw new Error(t("share.notRecord"));
  return { record, sig };
}

/** ctx: {save, code, practice, onImported(answer)} */
export function showShare(ctx) {
  const dialog = makeDialog("dlg-compartir");
  const body = node("div", "dialogo-cuerpo");
  const heading = node("h2", "", t("share.title"));
  heading.id = "dlg-compartir-titulo";

  const link = section("share.linkTitle");
  link.append(node("p", "nota", t("share.linkNote", { code: linkCode(ctx.code) })));
  const row = node("div", "fila-enlace");
  const input = node("input", "enlace");
  input.id = "compartir-enlace";
  input.readOnly = true;
  input.value = linkFor(ctx.code, ctx.game);
  input.setAttribute("aria-label", t("share.linkLabel"));
  const copyButton = node("button", "boton principal", t("share.copy"));
  copyButton.type = "button";
  copyButton.id = "btn-copiar-enlace";
  row.append(input, copyButton);
  const copied = node("p", "mensaje");
  copied.id = "compartir-copiado";
  copied.setAttribute("role", "status");
  link.append(row, copied);
  copyButton.addEventListener("click", async () => {
    const ok = await copy(input.value, input);
    copied.textContent = ok ? t("share.copied") : t("share.copyByHand");
  });

  const exportPart = section("share.exportTitle");
  exportPart.append(node("p", "nota", t(ctx.practice ? "share.exportNotePractice" : "share.exportNote")));
  const exportButton = node("button", "boton", t("share.export"));
  exportButton.type = "button";
  exportButton.id = "btn-exportar";
  exportButton.addEventListener("click", () => download(ctx.save, ctx.code, ctx.game));
  exportPart.append(exportButton);

  const importPart = section("share.importTitle");
  // The browser's own file button speaks the browser's language: ours is a label, the input
  // itself stays in the tab order (visually hidden) and shows its focus on the label.
  const label = node("label", "boton elegir-archivo", t("share.importLabel"));
  label.htmlFor = "compartir-archivo";
  const file = node("input", "sr-only");
  file.type = "file";
  file.id = "compartir-archivo";
  file.accept = ".json,application/json";
  const message = node("p", "mensaje");
  message.id = "compartir-mensaje";
  message.setAttribute("role", "status");
  importPart.append(file, label, node("p", "nota", t("share.importNote")), message);
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    message.classList.remove("error");
    message.textContent = t("share.opening");
    try {
      const game = await readGame(chosen);
      const answer = await api.importGame(game.record, game.sig);
      dialog.close();
      await ctx.onImported(answer);
    } catch (error) {
      message.classList.add("error");
      message.textContent = error.message || t("error.unexpected");
    } finally {
      file.value = "";
    }
  });

  const buttons = node("div", "dialogo-botones");
  const close = closeButton();
  buttons.append(close);
  body.append(heading, link, exportPart, importPart, buttons);
  dialog.replaceChildren(body);
  dialog.showModal();
  copyButton.focus({ preventScroll: true });
}
