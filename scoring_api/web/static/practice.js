// The practice tab: one person (seat 0) plays a whole game against one to three computer
// seats, each at a strategy the service lists; the set-up, then deal after deal. The game is
// kept in the browser's storage (practice-store), played through the service
// (practice-play) and drawn by practice-view.

import { $, $$, enqueue, errorLines, revealWith, tr } from "./core.js";
import { dealShape } from "./advice.js";
import { strategyNames } from "./simulate.js";
import { loadPractice, table } from "./practice-store.js";
import {
  advance, askHint, endPractice, layAway, nextDeal, propose, startPractice, ui,
} from "./practice-play.js";
import { renderPractice, seatName } from "./practice-view.js";
import { savePracticeFile } from "./practice-file.js";

const PACES = { steady: 700, quick: 0 };

const mode = () => $('input[name="practice-mode"]:checked').value;
const seatCount = () => (mode() === "partners" ? 4 : Number(mode()));

// The set-up follows the mode: a strategy for each computer seat, the dealer among the seats.
function refreshSetup() {
  const n = seatCount();
  const names = strategyNames(n);
  $$(".practice-seat").forEach((field) => {
    const seat = Number(field.dataset.seat);
    field.hidden = seat >= n;
    const partner = mode() === "partners" && seat === 2;
    field.querySelector(".name-label").textContent = tr(partner ? "practice_partner"
      : "practice_opponent", { n: seat + 1 });
    const select = field.querySelector("select");
    const chosen = select.value || select.dataset.default; // the service's default
    select.replaceChildren(...names.map((name) => new Option(name, name)));
    select.value = names.includes(chosen) ? chosen : names[0] || "";
  });
  const dealer = $("#practice-dealer");
  const before = Math.min(Number(dealer.value || n - 1), n - 1);
  dealer.replaceChildren(...Array.from({ length: n }, (_, seat) => new Option(seat === 0
    ? tr("practice_you") : tr("practice_seat", { n: seat + 1 }), String(seat))));
  dealer.value = String(before);
}

function render() {
  renderPractice();
  if (!table.game) refreshSetup();
}

// The computer plays up to the person's next decision (queued with the person's actions).
function play() {
  enqueue(async () => {
    ui.busy = true;
    render();
    await advance(render);
    ui.busy = false;
    render();
  });
}

function onStart(event) {
  event.preventDefault();
  const players = seatCount();
  const shape = dealShape(players);
  const seedText = $("#practice-seed-input").value.trim();
  const seed = /^\d{1,9}$/.test(seedText) ? Number(seedText) : null;
  if (!shape || (seedText && seed === null)) {
    $("#practice-setup-error").hidden = false;
    $("#practice-setup-error").textContent = tr(shape ? "practice_bad_seed"
      : "advice_unavailable");
    return;
  }
  $("#practice-setup-error").hidden = true;
  begin({ players, partners: mode() === "partners",
    seats: Array.from({ length: players }, (_, seat) => (seat === 0 ? null
      : $(`#practice-seat-${seat}`).value)),
    target: Number($('input[name="practice-target"]:checked').value),
    firstDealer: Number($("#practice-dealer").value),
    pace: PACES[$("#practice-pace").value] ?? PACES.steady, seed });
}

// A game from a set-up, its first deal dealt by the service (the table waits meanwhile); a
// refusal is said under the set-up (a new game) or at the table (the same seed again), and
// nothing changes.
function begin(setup) {
  enqueue(async () => {
    ui.busy = true;
    render();
    try {
      await startPractice(setup);
    } catch (exc) {
      ui.busy = false;
      if (table.game) {
        ui.error = { exc };
      } else {
        $("#practice-setup-error").hidden = false;
        $("#practice-setup-error").textContent = errorLines({ exc }).join(" ");
      }
      render();
      return;
    }
    ui.busy = false;
    render();
    $("#practice-heading").focus();
    play();
  });
}

function onHandTile(event) {
  const button = event.target.closest("button[data-tile]");
  if (!button || button.disabled) return;
  const { tile } = button.dataset;
  if (button.hasAttribute("aria-pressed")) {
    const shape = dealShape(table.game.setup.players);
    ui.pick = ui.pick.includes(tile) ? ui.pick.filter((t) => t !== tile)
      : [...ui.pick, tile].slice(-shape.laid_away);
    render();
    $(`#practice-hand button[data-tile="${tile}"]`)?.focus();
    return;
  }
  enqueue(async () => {
    await propose({ tile });
    render();
  });
  play();
}

export function initPractice(strategiesLoaded) {
  loadPractice();
  $("#practice-setup").addEventListener("submit", onStart);
  for (const radio of $$('input[name="practice-mode"]')) {
    radio.addEventListener("change", () => {
      $(`input[name="practice-target"][value="${mode() === "partners" ? 121 : 61}"]`)
        .checked = true;
      refreshSetup();
    });
  }
  $("#practice-hand").addEventListener("click", onHandTile);
  $("#practice-lay").addEventListener("click", () => {
    if (layAway(dealShape(table.game.setup.players))) play();
    render();
  });
  $("#practice-go").addEventListener("click", () => {
    enqueue(async () => {
      await propose({ go: true });
      render();
    });
    play();
  });
  $("#practice-hint").addEventListener("click", () => enqueue(async () => {
    await askHint();
    render();
    revealWith($("#practice-hand"), $("#practice-hint-text")); // the hint, with the tiles
  }));
  $("#practice-next").addEventListener("click", () => enqueue(async () => {
    ui.busy = true;
    render();
    await nextDeal();
    ui.busy = false;
    render();
    $("#practice-heading").focus();
    play();
  }));
  $("#practice-replay").addEventListener("click", () => begin(table.game.setup));
  $("#practice-save").addEventListener("click", savePracticeFile);
  $("#practice-new").addEventListener("click", () => {
    ui.confirm = true;
    render();
    $("#practice-confirm-yes").focus();
  });
  $("#practice-confirm-no").addEventListener("click", () => {
    ui.confirm = false;
    render();
    $("#practice-new").focus();
  });
  $("#practice-confirm-yes").addEventListener("click", () => {
    ui.confirm = false;
    endPractice();
    render();
    $("#practice-setup input:checked").focus();
  });
  strategiesLoaded.finally(() => {
    render();
    if (table.game) play(); // a reload mid-deal: the computer's seats go on
  });
  render();
}

export { renderPractice as renderPracticeTab, seatName };
