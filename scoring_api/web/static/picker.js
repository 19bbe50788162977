// The tile picker: the 28 tiles in a triangle (one tab stop, arrow keys inside: a roving
// tabindex), and the rows of places ("slots") a chosen tile goes into.

import { $, h, tr } from "./core.js";
import { ALL_TILES, ends, tileSvg } from "./tiles.js";

const buttons = new Map();
let onTile = () => {};

function rove(button) {
  for (const other of buttons.values()) other.tabIndex = other === button ? 0 : -1;
}

export function buildPalette(handler) {
  onTile = handler;
  const grid = $("#palette");
  for (const tile of ALL_TILES) {
    const [low, high] = ends(tile);
    const button = h("button", { type: "button", class: `tile r${low} c${high}`,
      "data-tile": tile, tabindex: tile === "0-0" ? 0 : -1 });
    button.append(tileSvg(tile));
    button.addEventListener("click", () => {
      rove(button);
      onTile(tile, false);
    });
    button.addEventListener("focus", () => rove(button));
    grid.append(button);
    buttons.set(tile, button);
  }
  // Arrow keys move across the triangle: a row holds one low end, a column one high end.
  grid.addEventListener("keydown", (event) => {
    const tile = event.target.closest("button")?.dataset.tile;
    if (!tile) return;
    let [low, high] = ends(tile);
    if (event.key === "ArrowRight") high += 1;
    else if (event.key === "ArrowLeft") high -= 1;
    else if (event.key === "ArrowDown") low += 1;
    else if (event.key === "ArrowUp") low -= 1;
    else if (event.key === "Home") [low, high] = [low, low];
    else if (event.key === "End") high = 6;
    else return;
    const next = buttons.get(`${low}-${high}`);
    event.preventDefault();
    if (next && low <= high) {
      rove(next);
      next.focus();
    }
  });
}

// marks(tile) -> {mark: "" | "chosen" | "starter" | "used", label, pressed: bool | null}
export function updatePalette(marks) {
  for (const [tile, button] of buttons) {
    const { mark = "", label = tr("tile_label", { tile }), pressed = null } = marks(tile);
    button.classList.toggle("chosen", mark === "chosen");
    button.classList.toggle("starter", mark === "starter");
    button.classList.toggle("used", mark === "used");
    if (pressed === null) button.removeAttribute("aria-pressed");
    else button.setAttribute("aria-pressed", String(pressed));
    button.setAttribute("aria-label", label);
  }
}

export function setHint(text) {
  $("#picker-hint").textContent = text;
}

// Tap an empty place's tile to fill the place; tap a chosen tile to take it back.
export function pickInto(selection, tile, typed, changed) {
  const { slots } = selection;
  const at = slots.indexOf(tile);
  if (at >= 0) {
    if (typed) return; // typing a tile twice does not take it back
    slots[at] = null;
    selection.target = at;
  } else {
    if (slots[selection.target] !== null) return; // all places full: take one back first
    slots[selection.target] = tile;
    for (let step = 1; step <= slots.length; step += 1) {
      const next = (selection.target + step) % slots.length;
      if (slots[next] === null) {
        selection.target = next;
        break;
      }
    }
  }
  changed();
}

export function buildSlots(container, count, offset, selection, labelFor, changed) {
  const made = [];
  for (let i = 0; i < count; i += 1) {
    const index = offset + i;
    const button = h("button", { type: "button", class: "slot", "data-slot": index });
    button.addEventListener("click", () => {
      if (selection.slots[index] !== null) selection.slots[index] = null;
      selection.target = index;
      changed();
    });
    container.append(button);
    made.push({ button, index, labelFor });
  }
  return made;
}

export function slotFace(button, tile, target, label) {
  button.replaceChildren(tile ? tileSvg(tile) : h("span", { class: "slot-empty" }));
  button.classList.toggle("target", Boolean(target) && !tile);
  button.dataset.tile = tile || "";
  button.setAttribute("aria-label", label);
}

export function updateSlots(slotButtons, selection) {
  for (const { button, index, labelFor } of slotButtons) {
    const tile = selection.slots[index];
    const what = labelFor(index);
    slotFace(button, tile, selection.target === index, tile ? tr("slot_full", { what, tile })
      : tr("slot_empty", { what }));
  }
}
