// Dragging cards with the pointer (mouse, pen or finger): press on a card, move a little, and a
// copy of the card (or of the run it heads) follows the pointer until it is let go over a place.

const THRESHOLD = 6; // px the pointer moves before a press becomes a drag

/** Let the cards of ``board`` be dragged. ``hooks.lift(card)`` answers the nodes that move with
 * the pressed card (null: it does not move); ``hooks.over(place)`` is told the place under the
 * pointer (or null); ``hooks.drop(place)`` the place it was let go over (or null). The click that
 * ends a drag is swallowed, so that it does not choose the card again. */
export function enableDrag(board, hooks) {
  let press = null; // {id, x, y, card}
  let drag = null; // {ghost, nodes, dx, dy}
  let swallow = false;

  const placeAt = (x, y) => {
    const under = document.elementFromPoint(x, y);
    return under && board.contains(under) ? under.closest("[data-place]") : null;
  };
  const follow = (event) => {
    drag.ghost.style.transform = `translate(${event.clientX - drag.dx}px, ${event.clientY - drag.dy}px)`;
  };
  const end = () => {
    if (drag) {
      drag.ghost.remove();
      for (const node of drag.nodes) node.classList.remove("lifted");
      document.body.classList.remove("dragging");
    }
    press = null;
    drag = null;
  };
  const start = (event) => {
    const nodes = hooks.lift(press.card);
    if (!nodes || !nodes.length) {
      press = null;
      return;
    }
    const box = nodes[0].getBoundingClientRect();
    const ghost = document.createElement("div");
    ghost.className = "ghost";
    ghost.setAttribute("aria-hidden", "true");
    for (const node of nodes) {
      const copy = node.cloneNode(true);
      copy.classList.remove("chosen", "target", "hinted", "over");
      for (const name of ["aria-pressed", "aria-label", "data-card", "data-place", "data-index"]) copy.removeAttribute(name);
      copy.tabIndex = -1;
      ghost.append(copy);
      node.classList.add("lifted");
    }
    board.append(ghost); // in the board, for its sizes; fixed to the window all the same
    document.body.classList.add("dragging");
    drag = { ghost, nodes, dx: press.x - box.left, dy: press.y - box.top };
    follow(event);
  };

  board.addEventListener("pointerdown", (event) => {
    const card = event.button === 0 ? event.target.closest("[data-card]") : null;
    if (!card || !card.closest("[data-place]") || card.closest("#foundations")) return;
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, card };
  });
  board.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < THRESHOLD) return;
      start(event);
      if (!drag) return;
      try {
        board.setPointerCapture(event.pointerId);
      } catch (error) {
        // the pointer is gone already: the drag ends with its pointerup or pointercancel
      }
    }
    follow(event);
    hooks.over(placeAt(event.clientX, event.clientY));
  });
  board.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (drag) {
      const place = placeAt(event.clientX, event.clientY);
      swallow = true;
      setTimeout(() => (swallow = false), 0);
      end();
      hooks.over(null);
      hooks.drop(place);
      return;
    }
    press = null;
  });
  board.addEventListener("pointercancel", () => {
    if (drag) hooks.over(null);
    end();
  });
  board.addEventListener("click", (event) => {
    if (swallow) {
      event.stopImmediatePropagation();
      event.preventDefault();
      swallow = false;
    }
  }, true);
}
