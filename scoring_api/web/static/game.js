// The game tab: the table set up (players, partners, names, first dealer, target), then the
// deals; "new game" asks first. Taps on the tiles go to the step of the deal on hand.

import { $, $$, enqueue, reveal, revealSpan, tr, view } from "./core.js";
import { currentDeal, endGame, load, startGame, store } from "./game-store.js";
import {
  chancesAtStart, nextDeal, phase, propose, refereeSaved, setStarter, syncSeat, ui, undo,
} from "./game-play.js";
import { cribTile } from "./game-show.js";
import { gameHint, gameMarks, renderTable, renderWarning, setRenderer } from "./game-view.js";
import { renderRecord } from "./game-record.js";
import { initGameFile } from "./game-file.js";
import { keepPaletteInView, renderStrip } from "./play-strip.js";

let onChange = () => {};

export { gameHint, gameMarks };

function mode() {
  return $('input[name="mode"]:checked').value; // "2", "3", "4" or "partners"
}

function setupPlayers() {
  return mode() === "partners" ? 4 : Number(mode());
}

function defaultName(seat) {
  return tr(mode() === "partners" ? `compass_${seat}` : `seat_default_${seat}`);
}

// The form follows the mode: as many names as seats, the dealer among them, 121 with partners.
function refreshSetup(modeChanged = false) {
  const n = setupPlayers();
  $$(".name-field").forEach((field, seat) => {
    field.hidden = seat >= n;
    const input = field.querySelector("input");
    input.placeholder = defaultName(seat);
    field.querySelector(".name-label").textContent = mode() === "partners"
      ? tr("seat_side_label", { n: seat + 1, side: seat % 2 === 0 ? 1 : 2 })
      : tr("seat_label", { n: seat + 1 });
  });
  const select = $("#first-dealer");
  const chosen = Math.min(Number(select.value || n - 1), n - 1);
  select.replaceChildren(...Array.from({ length: n }, (_, seat) => {
    const option = document.createElement("option");
    option.value = String(seat);
    option.textContent = nameOf(seat);
    return option;
  }));
  select.value = String(modeChanged ? n - 1 : chosen);
  if (modeChanged) {
    $(`input[name="target"][value="${mode() === "partners" ? 121 : 61}"]`).checked = true;
  }
}

function nameOf(seat) {
  const typed = $(`#name-${seat}`).value.trim().slice(0, 20);
  return typed || defaultName(seat);
}

function onStart(event) {
  event.preventDefault();
  const players = setupPlayers();
  const names = Array.from({ length: players }, (_, seat) => nameOf(seat));
  if (new Set(names).size !== names.length) {
    const warn = $("#setup-error");
    warn.textContent = tr("names_differ");
    warn.hidden = false;
    reveal(warn);
    return;
  }
  $("#setup-error").hidden = true;
  startGame({ players, partners: mode() === "partners", names,
    firstDealer: Number($("#first-dealer").value),
    target: Number($('input[name="target"]:checked').value),
    starterDouble: Number($("#starter-double").value),
    doubleBlank: $("#double-blank").value === "true", muggins: $("#muggins").value === "true" });
  Object.assign(ui, { warning: null, dealError: null, confirmNew: false });
  syncSeat();
  renderGame();
  $("#board").focus();
  enqueue(async () => {
    await chancesAtStart();
    renderGame();
  });
}

export function gameTile(tile) {
  enqueue(async () => {
    if (!store.game) return;
    const step = phase(); // when its turn comes: typed tiles are queued together
    if (step === "starter") await setStarter(tile);
    else if (step === "play") await propose({ tile });
    else if (step === "crib") await cribTile(tile);
    else ui.warning = { local: step === "over" ? "warn_game_over" : "warn_deal_done", tile };
    renderGame();
    if (step === "play") keepPaletteInView();
  });
}

export function gameGo() {
  enqueue(async () => {
    await propose({ go: true });
    renderGame();
    keepPaletteInView();
  });
}

export function discardSaved() {
  endGame();
  store.notice = "saved_discarded";
}

export function renderGame() {
  const playing = Boolean(store.game);
  $("#setup").hidden = playing;
  $("#table").hidden = !playing;
  const notice = $("#game-notice");
  notice.hidden = !store.notice;
  notice.textContent = store.notice ? tr(store.notice) : "";
  if (view.tab === "game") $("#picker").hidden = !playing;
  renderStrip();
  if (!playing) {
    refreshSetup();
    renderRecord();
    onChange();
    return;
  }
  $("#confirm-new").hidden = !ui.confirmNew;
  renderTable();
  renderWarning();
  renderRecord();
  onChange();
  revealStage();
}

// After each stage (play over, deal counted, game won) what the scorer needs next comes into
// sight: on a phone the 28 tiles tapped are above it. Not on opening the page (a reload).
let lastStage = null;
function revealStage() {
  const step = phase();
  const before = lastStage;
  lastStage = step;
  if (before === null || before === step || view.tab !== "game") return;
  if (step === "crib") reveal($("#play-turn"), "center"); // the hands counted, the crib next
  else if (step === "scored") revealSpan($("#board .sides"), $("#next-deal")); // scores, "Next deal"
  else if (step === "over") reveal($("#winner"), "center");
}

export function initGame(paletteChanged) {
  onChange = paletteChanged;
  setRenderer(renderGame);
  initGameFile(renderGame);
  load();
  syncSeat();
  if (store.game) {
    enqueue(async () => {
      await refereeSaved();
      if (store.game.chances === undefined) await chancesAtStart(); // saved before it was asked
      renderGame();
    });
  }
  $("#setup").addEventListener("submit", onStart);
  for (const radio of $$('input[name="mode"]')) {
    radio.addEventListener("change", () => refreshSetup(true));
  }
  for (const input of $$(".name-field input")) {
    input.addEventListener("input", () => refreshSetup());
  }
  $("#play-go").addEventListener("click", gameGo);
  $("#play-undo").addEventListener("click", () => enqueue(async () => {
    await undo();
    renderGame();
  }));
  $("#next-deal").addEventListener("click", () => {
    nextDeal();
    renderGame();
    $("#deal-heading").focus();
  });
  $("#deal-starter .slot").addEventListener("click", () => enqueue(async () => {
    if (currentDeal().plays.length === 0 && phase() !== "over") await setStarter(null);
    renderGame();
  }));
  for (const button of $$("#deal-crib .slot")) {
    button.addEventListener("click", () => {
      const tile = button.dataset.tile;
      if (tile && phase() === "crib") gameTile(tile);
    });
  }
  $("#new-game").addEventListener("click", () => {
    ui.confirmNew = true;
    renderGame();
    $("#confirm-yes").focus();
  });
  $("#confirm-no").addEventListener("click", () => {
    ui.confirmNew = false;
    renderGame();
    $("#new-game").focus();
  });
  $("#confirm-yes").addEventListener("click", () => {
    ui.confirmNew = false;
    store.notice = null;
    endGame();
    renderGame();
    $("#setup input:checked").focus();
  });
}
