// Pointer and keyboard. The hand is one tab stop with a roving tabindex (←/→, Home/End; Enter and
// Space are the buttons' own click); digits and N choose a bid. Everything is handed to `h`.

const $ = (id) => document.getElementById(id);

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

export function bindInput(h) {
  const hand = $("mano");

  // The card a finger or the mouse went down on is the card tapped, wherever the click lands: the
  // hand may move under a still finger (the play hint's answer redraws the actions under it, a
  // card rises or sinks, the fan closes up after a card is played), and the click then falls on
  // the neighbour, or on a button under the hand.
  let pressed = null;
  document.addEventListener("pointerdown", (event) => {
    pressed = event.isPrimary && hand.contains(event.target) ? event.target.closest(".carta-mano[data-carta]") : null;
  }, true);
  document.addEventListener("pointercancel", () => {
    pressed = null;
  }, true);
  const tapped = (event) => {
    // A click from the keyboard (Enter, Space) has no press: it is the focused card's.
    const card = event.detail > 0 && pressed && pressed.isConnected ? pressed : event.target.closest("#mano .carta-mano[data-carta]");
    pressed = null;
    return card;
  };
  document.addEventListener("click", (event) => {
    if (!pressed || hand.contains(event.target)) return;
    const card = tapped(event);
    if (!card) return;
    event.preventDefault();
    event.stopPropagation();
    onHandClick(card);
  }, true);

  const onHandClick = (card) => {
    if (h.isBusy()) {
      h.onSkip();
      return;
    }
    if (!card) return;
    h.onFocusIndex(Number(card.dataset.index));
    h.onCard(card.dataset.carta, card);
  };
  hand.addEventListener("click", (event) => onHandClick(tapped(event)));

  hand.addEventListener("keydown", (event) => {
    const cards = [...hand.querySelectorAll("button.carta-mano")];
    const index = cards.indexOf(document.activeElement);
    if (index < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(cards.length - 1, index + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, index - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = cards.length - 1;
    if (next === null) return;
    event.preventDefault();
    cards[index].tabIndex = -1;
    cards[next].tabIndex = 0;
    cards[next].focus();
    h.onFocusIndex(next);
  });

  for (const id of ["acciones", "centro", "hoja-botones"]) {
    $(id).addEventListener("click", (event) => {
      const target = event.target.closest("[data-accion]");
      if (!target || target.disabled) return;
      h.onAction(target.dataset.accion, target.dataset.valor, target);
    });
  }

  // A tap on the table while something moves skips the animation (or ends the pause after a
  // trick). The «?» of a computer player's bid opens its reason.
  $("mesa").addEventListener("click", (event) => {
    const why = event.target.closest(".porque");
    if (why) {
      h.onReason(why.dataset.seat);
      return;
    }
    // Not the tap that started it: that button may already have left the page.
    if (!event.target.isConnected || event.target.closest("button")) return;
    if (h.isBusy()) h.onSkip();
  });
  document.addEventListener("click", (event) => {
    if (event.target.isConnected && !event.target.closest(".porque, .bocadillo")) h.onReason(null);
  });

  $("btn-ultima").addEventListener("click", () => h.onLastTrick());
  $("btn-puntos").addEventListener("click", () => h.onScore());
  $("btn-ajustes").addEventListener("click", () => h.onSettings());
  $("btn-volver-practica").addEventListener("click", () => h.onBackToGame());
  const more = $("mas");
  $("btn-estadisticas").addEventListener("click", () => {
    more.open = false;
    h.onStats();
  });
  $("btn-compartir").addEventListener("click", () => {
    more.open = false;
    h.onShare();
  });

  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("click", (event) => {
      if (event.target.closest("[data-cerrar]")) dialog.close();
      else if (event.target === dialog) dialog.close(); // a tap on the backdrop
    });
  }

  // The help and «Más» menus close when the player taps elsewhere or presses Escape; one at a time.
  const help = $("ayuda");
  const menus = [help, more];
  document.addEventListener("click", (event) => {
    for (const menu of menus) if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  for (const menu of menus) {
    menu.addEventListener("toggle", () => {
      if (menu.open) for (const other of menus) if (other !== menu) other.open = false;
    });
  }

  let oneAt = 0;
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target) || document.querySelector("dialog[open]")) return;
    if (event.key === "Escape") {
      for (const menu of menus) menu.open = false;
      h.onEscape();
      return;
    }
    if (h.waitingForTap() && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      h.onSkip();
      return;
    }
    if (!h.canBid()) return;
    let bid = null;
    if (event.key === "n" || event.key === "N") bid = 0;
    else if (/^[0-9]$/.test(event.key)) {
      const digit = Number(event.key);
      if (oneAt && Date.now() - oneAt < 1500 && digit <= 3) {
        bid = 10 + digit;
        oneAt = 0;
      } else {
        bid = digit;
        oneAt = digit === 1 ? Date.now() : 0;
      }
    }
    if (bid === null) return;
    event.preventDefault();
    h.onBidKey(bid);
  });

  window.addEventListener("resize", () => h.onResize());
}
