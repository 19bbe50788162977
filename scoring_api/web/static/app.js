// The players' page: keep a whole game at the table, check a hand, get advice on the
// lay-away, practise against the computer, simulate games between strategies. Plain ES
// modules, no build step: core (helpers, API), picker (the 28 tiles), hand, advice, the game
// (game-store: the saved game, kept by stored.js as the practice table's is; game-play: the
// deal as it happens; game-show: the crib, the claims, muggins; game-view, board, play-strip
// and game-record: what is shown), practice (the table against the computer: practice-store,
// practice-play, practice-view) and simulate (with charts).

import { $, $$, reveal, tr, view } from "./core.js";
import { STRINGS, pickLanguage } from "./i18n.js";
import {
  adviceHint, adviceMarks, adviceTile, initAdvice, loadShapes, renderAdvice,
} from "./advice.js";
import {
  discardSaved, gameGo, gameHint, gameMarks, gameTile, initGame, renderGame,
} from "./game.js";
import { handHint, handMarks, handTile, initHand, renderHand } from "./hand.js";
import { initSimulate, renderSimulate, simulateAddress } from "./simulate.js";
import { initPractice, renderPracticeTab } from "./practice.js";
import { buildPalette, setHint, updatePalette } from "./picker.js";
import { readToken, splitTokens } from "./tiles.js";

const TABS = {
  game: { marks: gameMarks, hint: gameHint, tile: gameTile },
  hand: { marks: handMarks, hint: handHint, tile: handTile },
  advice: { marks: adviceMarks, hint: adviceHint, tile: adviceTile },
  // the person's own tiles are drawn in the tab (practice-view.js): no palette
  practice: { marks: () => ({}), hint: () => "", tile: () => {} },
  // no tiles to pick; the run's parameters in the address (simulate.js)
  simulate: { marks: () => ({}), hint: () => "", tile: () => {}, address: simulateAddress },
};

function paletteChanged() {
  const tab = TABS[view.tab];
  updatePalette(tab.marks);
  setHint(tab.hint());
}

function showTab(name, focus = false) {
  view.tab = name;
  for (const tab of $$('[role="tab"]')) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    if (on && focus) tab.focus();
  }
  for (const panel of $$('[role="tabpanel"]')) panel.hidden = panel.id !== `panel-${name}`;
  const home = $(`#panel-${name} .palette-home`);
  if (home) home.append($("#picker"));
  $("#picker").hidden = !home;
  $("#type-error").hidden = true;
  $("#type-input").value = ""; // a tile typed for one tab is not kept for the next
  $("#play-warning").hidden = true;
  const hash = `#${name}${TABS[name].address ? TABS[name].address() : ""}`;
  if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
  if (name === "game") renderGame();
  if (name === "practice") renderPracticeTab(); // the quiz reads the reviews kept since
  paletteChanged();
}

function setLanguage(lang, save) {
  view.lang = lang in STRINGS ? lang : "en";
  document.documentElement.lang = view.lang;
  document.title = tr("title");
  for (const el of $$("[data-i18n]")) el.textContent = tr(el.dataset.i18n);
  for (const el of $$("[data-i18n-label]")) el.setAttribute("aria-label", tr(el.dataset.i18nLabel));
  for (const button of $$(".lang-btn")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === view.lang));
  }
  if (save) {
    try {
      window.localStorage.setItem("lang", view.lang);
    } catch {
      // storage may be off (private mode): the switch still works for this visit
    }
  }
  $("#type-error").hidden = true;
  renderHand();
  renderAdvice();
  renderGame();
  renderSimulate();
  renderPracticeTab();
  paletteChanged();
}

function onTyped(event) {
  event.preventDefault();
  const input = $("#type-input");
  const problem = $("#type-error");
  const tokens = splitTokens(input.value);
  const bad = tokens.find((token) => readToken(token) === null);
  problem.hidden = true;
  const refuse = (text) => {
    problem.textContent = text;
    problem.hidden = false;
    reveal(problem);
  };
  if (bad !== undefined) return refuse(tr("type_bad", { token: bad }));
  const tiles = tokens.map(readToken);
  if (view.tab !== "game" && tiles.includes("go")) return refuse(tr("type_go_here"));
  input.value = "";
  for (const tile of tiles) {
    if (tile === "go") gameGo();
    else TABS[view.tab].tile(tile, true);
  }
  return undefined;
}

function storedLanguage() {
  try {
    return window.localStorage.getItem("lang");
  } catch {
    return null;
  }
}

function init() {
  buildPalette((tile, typed) => TABS[view.tab].tile(tile, typed));
  initHand(() => view.tab === "hand" && paletteChanged());
  initAdvice(() => view.tab === "advice" && paletteChanged());
  const shapes = loadShapes(); // the lay-away's tiles for each table, asked of the service
  initGame(() => view.tab === "game" && paletteChanged());
  initPractice(initSimulate());

  const tabs = $$('[role="tab"]');
  for (const tab of tabs) {
    tab.addEventListener("click", () => showTab(tab.dataset.tab));
    tab.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      showTab(next.dataset.tab, true);
    });
  }
  for (const button of $$(".lang-btn")) {
    button.addEventListener("click", () => setLanguage(button.dataset.lang, true));
  }
  $("#type-form").addEventListener("submit", onTyped);

  const browser = [navigator.language, ...(navigator.languages || [])];
  const wanted = window.location.hash.slice(1).split("?")[0];
  try {
    setLanguage(pickLanguage(storedLanguage(), browser), false);
    showTab(wanted in TABS ? wanted : "game");
  } catch (error) {
    // a saved game that reads but cannot be shown: set aside with a message, never a crash
    console.error(error); // eslint-disable-line no-console
    discardSaved();
    setLanguage(view.lang, false);
    showTab(wanted in TABS ? wanted : "game");
  }
  // The page's own font, both faces (Latin and Cyrillic), is in before the page says it is
  // ready: laid out in it from the first, whatever fonts the machine has.
  const fonts = Array.from(document.fonts, (face) => face.load());
  Promise.allSettled([shapes, ...fonts]).then(() => {
    renderGame(); // the review of a deal asks the shapes too
    document.body.classList.add("ready");
  });
}

init();
