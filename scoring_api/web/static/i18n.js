// Words of the page in English and Russian (Russian game terms as docs/rules.md section 7 gives them).

const EN_NUMBERS = [
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
  "nineteen", "twenty",
];
const RU_NUMBERS = [
  "ноль", "одно", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять",
  "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать",
  "семнадцать", "восемнадцать", "девятнадцать", "двадцать",
];

function enNumber(n) {
  if (n <= 20) return EN_NUMBERS[n];
  if (n < 30) return `twenty-${EN_NUMBERS[n - 20]}`;
  if (n === 30) return "thirty";
  if (n < 40) return `thirty-${EN_NUMBERS[n - 30]}`;
  return String(n);
}

function ruNumber(n) {
  if (n <= 20) return RU_NUMBERS[n];
  if (n < 30) return `двадцать ${RU_NUMBERS[n - 20]}`;
  if (n === 30) return "тридцать";
  if (n < 40) return `тридцать ${RU_NUMBERS[n - 30]}`;
  return String(n);
}

// Russian plural: one (1, 21), few (2-4, 22-24), many (0, 5-20, 25-30).
function ruPlural(n, one, few, many) {
  const d = n % 10;
  const h = n % 100;
  if (d === 1 && h !== 11) return one;
  if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return few;
  return many;
}

const PAIRS_EN = { pair: "pair", pair_royal: "pair royal", double_pair_royal: "double pair royal" };
const PAIRS_RU = { pair: "пара", pair_royal: "триплет", double_pair_royal: "двойной триплет" };
const RUN_EN = { 3: "three", 4: "four", 5: "five" };
const RUN_RU = { 3: "трёх", 4: "четырёх", 5: "пяти" };

import { GAME_STRINGS } from "./i18n-game.js";
import { REVIEW_STRINGS } from "./i18n-review.js";
import { BOARD_STRINGS } from "./i18n-board.js";
import { SIM_STRINGS } from "./i18n-sim.js";

export const STRINGS = {
  en: {
    title: "Domino cribbage: check your count",
    sections: "Sections",
    tiles: "Tiles",
    tab_hand: "Hand or crib",
    tab_advice: "Lay away",
    type_label: "Or type tiles",
    type_add: "Add",
    type_bad: (p) => `“${p.token}” is not a tile: write two numbers from 0 to 6, like 3-5.`,
    type_go_here: "A go only belongs to the play.",
    tile_label: (p) => `Tile ${p.tile}`,
    tile_in_hand: (p) => `Tile ${p.tile}, in the hand`,
    tile_is_starter: (p) => `Tile ${p.tile}, the starter`,
    tile_chosen: (p) => `Tile ${p.tile}, chosen`,
    tile_played: (p) => `Tile ${p.tile}, already played`,
    slot_empty: (p) => `${p.what}: empty`,
    slot_full: (p) => `${p.what}: ${p.tile}, tap to take it back`,
    hand_slot: (p) => `Hand tile ${p.n}`,
    six_slot: (p) => `Tile ${p.n} of ${p.of}`,
    hint_hand: (p) => `Tap a tile for hand tile ${p.n} of 4.`,
    hint_starter: "Tap a tile for the starter.",
    hint_full: "All five chosen. Tap a chosen tile to take it back.",
    hint_advice: (p) => `Tap your tile ${p.n} of ${p.of}.`,
    hint_advice_full: (p) => `All ${p.of} chosen. Tap one to take it back.`,
    hand_heading: "Check a hand or crib",
    hand: "Hand",
    starter: "Starter",
    is_crib: "This is the crib",
    count_it: "Count it",
    clear: "Clear",
    need_five: "Choose four tiles and the starter first.",
    points: (p) => `${p.n} ${p.n === 1 ? "point" : "points"}`,
    total_of_crib: "Crib total",
    total_of_hand: "Hand total",
    nothing: "Nothing at all: a “nineteen” hand.",
    say_fifteen: (p) => `fifteen ${enNumber(p.total)}`,
    say_pair: (p) => `${p.first ? "a" : "another"} ${PAIRS_EN[p.size]} is ${enNumber(p.total)}`,
    say_run: (p) =>
      `${p.first ? "a run" : "another run"} of ${RUN_EN[p.len] || p.len} is ${enNumber(p.total)}`,
    claim_right: (p) => `You claimed ${p.claimed}: that is right.`,
    claim_missed: (p) => `You claimed ${p.claimed}: you missed ${p.n} ${p.n === 1 ? "point" : "points"}.`,
    claim_over: (p) =>
      `You claimed ${p.claimed}: that is ${p.n} ${p.n === 1 ? "point" : "points"} too many.`,
    items_heading: "Every item",
    subtotals: (p) => `Fifteens ${p.fifteen} · pairs ${p.pair} · runs ${p.run}`,
    kind_fifteen: "Fifteen",
    kind_pair: "Pair",
    kind_run: (p) => `Run of ${p.len}`,
    kind_thirty_one: "Thirty-one",
    kind_pair_royal: "Pair royal",
    kind_double_pair_royal: "Double pair royal",
    kind_go: "Go",
    kind_last_tile: "Last tile",
    who_lays: "Who lays the next tile",
    next_entry: "Next entry by",
    say_go: "Go",
    undo: "Undo last",
    count: "Count",
    next_turn: (p) => `${p.who} to play`,
    play_over: "The play is over.",
    record_heading: "Tiles laid",
    said_go: "“Go”",
    new_count: "new count",
    closed_31: "thirty-one: new count",
    refused: "Not recorded:",
    entry_by: (p) => `${p.who} ${p.what}`,
    advice_heading: "Which to lay away?",
    advice_heading_1: "Which one to lay away?",
    advice_heading_2: "Which two to lay away?",
    drawn_tiles: (p) => (p.n ? `Your ${p.n} tiles` : "Your tiles"),
    whose_crib: "Whose crib",
    i_deal: "I am the dealer (my crib)",
    i_dont_deal: "I am not the dealer (their crib)",
    advise: "Advise",
    need_tiles: (p) => `Choose your ${p.n} tiles first.`,
    advice_unavailable: "Advice is not available on this server.",
    advice_working: "Working it out…",
    lay_away: "Lay away",
    keep: "keep",
    more_options: (p) => `All ${p.n} ways`,
    best: "best",
    err_network: "The server cannot be reached. Check the connection and try again.",
    err_server: (p) => `The server could not answer (${p.status}).`,
    err_field: (p) => `${p.where}: ${p.detail}`,
    ptr_hand: (p) => `hand tile ${p.n}`,
    ptr_tiles: (p) => `tile ${p.n}`,
    ptr_plays: (p) => `entry ${p.n}`,
    ptr_starter: "starter",
    ptr_claimed: "claimed count",
    ptr_play: "new entry",
    ptr_dealer: "dealer",
  },
  ru: {
    title: "Домино-крибидж: проверка счёта",
    sections: "Разделы",
    tiles: "Кости",
    tab_hand: "Рука или криб",
    tab_advice: "Снос в криб",
    type_label: "Или наберите кости",
    type_add: "Добавить",
    type_bad: (p) => `«${p.token}» — не кость: нужны два числа от 0 до 6, например 3-5.`,
    type_go_here: "«Иди!» бывает только в розыгрыше.",
    tile_label: (p) => `Кость ${p.tile}`,
    tile_in_hand: (p) => `Кость ${p.tile}, в руке`,
    tile_is_starter: (p) => `Кость ${p.tile}, стартер`,
    tile_chosen: (p) => `Кость ${p.tile}, выбрана`,
    tile_played: (p) => `Кость ${p.tile}, уже сыграна`,
    slot_empty: (p) => `${p.what}: пусто`,
    slot_full: (p) => `${p.what}: ${p.tile}, нажмите, чтобы убрать`,
    hand_slot: (p) => `Кость руки ${p.n}`,
    six_slot: (p) => `Кость ${p.n} из ${p.of}`,
    hint_hand: (p) => `Выберите кость руки ${p.n} из 4.`,
    hint_starter: "Выберите стартер.",
    hint_full: "Все пять выбраны. Нажмите на выбранную кость, чтобы убрать её.",
    hint_advice: (p) => `Выберите свою кость ${p.n} из ${p.of}.`,
    hint_advice_full: (p) => `Все ${p.of} выбраны. Нажмите на кость, чтобы убрать её.`,
    hand_heading: "Проверить руку или криб",
    hand: "Рука",
    starter: "Стартер",
    is_crib: "Это криб",
    count_it: "Посчитать",
    clear: "Очистить",
    need_five: "Сначала выберите четыре кости и стартер.",
    points: (p) => `${p.n} ${ruPlural(p.n, "очко", "очка", "очков")}`,
    total_of_crib: "Криб",
    total_of_hand: "Рука",
    nothing: "Ничего: ноль очков.",
    say_fifteen: (p) => `пятнадцать — ${ruNumber(p.total)}`,
    say_pair: (p) => `${p.first ? "" : "ещё "}${PAIRS_RU[p.size]} — ${ruNumber(p.total)}`,
    say_run: (p) =>
      `${p.first ? "прогон" : "ещё прогон"} из ${RUN_RU[p.len] || p.len} — ${ruNumber(p.total)}`,
    claim_right: (p) => `Вы насчитали ${p.claimed}: верно.`,
    claim_missed: (p) =>
      `Вы насчитали ${p.claimed}: пропущено ${p.n} ${ruPlural(p.n, "очко", "очка", "очков")}.`,
    claim_over: (p) =>
      `Вы насчитали ${p.claimed}: это на ${p.n} ${ruPlural(p.n, "очко", "очка", "очков")} больше.`,
    items_heading: "Все комбинации",
    subtotals: (p) => `Пятнадцать ${p.fifteen} · пары ${p.pair} · прогоны ${p.run}`,
    kind_fifteen: "Пятнадцать",
    kind_pair: "Пара",
    kind_run: (p) => `Прогон из ${RUN_RU[p.len] || p.len}`,
    kind_thirty_one: "Тридцать одно",
    kind_pair_royal: "Триплет",
    kind_double_pair_royal: "Двойной триплет",
    kind_go: "«Иди!»",
    kind_last_tile: "Последняя кость",
    who_lays: "Кто кладёт следующую кость",
    next_entry: "Ходит",
    say_go: "«Иди!»",
    undo: "Отменить",
    count: "Счёт",
    next_turn: (p) => `Ход: ${p.who}`,
    play_over: "Розыгрыш окончен.",
    record_heading: "Сыгранные кости",
    said_go: "«Иди!»",
    new_count: "новый счёт",
    closed_31: "тридцать одно: новый счёт",
    refused: "Не записано:",
    entry_by: (p) => `${p.who} ${p.what}`,
    advice_heading: "Какие кости снести в криб?",
    advice_heading_1: "Какую кость снести в криб?",
    advice_heading_2: "Какие две кости снести в криб?",
    drawn_tiles: (p) => (p.n ? `Ваши кости (${p.n})` : "Ваши кости"),
    whose_crib: "Чей криб",
    i_deal: "Я разыгрывающий (мой криб)",
    i_dont_deal: "Я противник (криб соперника)",
    advise: "Подсказать",
    need_tiles: (p) => `Сначала выберите все кости (${p.n}).`,
    advice_unavailable: "Подсказка недоступна на этом сервере.",
    advice_working: "Считаю…",
    lay_away: "Снести",
    keep: "оставить",
    more_options: (p) => `Все ${p.n} вариантов`,
    best: "лучший",
    err_network: "Сервер недоступен. Проверьте связь и попробуйте ещё раз.",
    err_server: (p) => `Сервер не смог ответить (${p.status}).`,
    err_field: (p) => `${p.where}: ${p.detail}`,
    ptr_hand: (p) => `кость руки ${p.n}`,
    ptr_tiles: (p) => `кость ${p.n}`,
    ptr_plays: (p) => `запись ${p.n}`,
    ptr_starter: "стартер",
    ptr_claimed: "подсчёт",
    ptr_play: "новая запись",
    ptr_dealer: "разыгрывающий",
  },
};

for (const lang of Object.keys(STRINGS)) {
  Object.assign(STRINGS[lang], GAME_STRINGS[lang], REVIEW_STRINGS[lang], BOARD_STRINGS[lang],
    SIM_STRINGS[lang]);
}

export function pickLanguage(stored, browserLanguages) {
  if (stored === "en" || stored === "ru") return stored;
  for (const tag of browserLanguages || []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "ru") return "ru";
    if (base === "en") return "en";
  }
  return "en";
}

const tileValue = (tile) => tile.split("-").reduce((sum, end) => sum + Number(end), 0);

// The count said aloud with a running total: "fifteen two, fifteen four, a pair is six".
// Pairs of one value are said together: three of a kind is a pair royal, four a double one.
export function countAloud(items, tr) {
  let total = 0;
  const phrases = [];
  for (const item of items.filter((i) => i.kind === "fifteen")) {
    total += item.points;
    phrases.push(tr("say_fifteen", { total }));
  }
  const pairs = new Map();
  for (const item of items.filter((i) => i.kind === "pair")) {
    const value = tileValue(item.tiles[0]);
    pairs.set(value, (pairs.get(value) || 0) + item.points);
  }
  let first = true;
  for (const points of pairs.values()) {
    total += points;
    const size = { 2: "pair", 6: "pair_royal", 12: "double_pair_royal" }[points] || "pair";
    phrases.push(tr("say_pair", { total, first, size }));
    first = false;
  }
  first = true;
  for (const item of items.filter((i) => i.kind === "run")) {
    total += item.points;
    phrases.push(tr("say_run", { total, first, len: item.tiles.length }));
    first = false;
  }
  return phrases.join(", ");
}
