// Words of the whole game: the chance to win (chance.js), the game as a file (game-file.js)
// and the game's review (game-review.js), in English and Russian; merged by i18n.js.

export const WHOLE_STRINGS = {
  en: {
    chance_caption: "Chance to win",
    chance_side: (p) => `${p.who} ${p.p}`,
    chance_label: (p) => `Chance to win: ${p.sides}.`,
    chance_none: "No chance to win is shown: the service works it out for the rule book's"
      + " show rules only.",
    event_chance: (p) => `${p.who}'s chance ${p.p}`,
    open_game: "Open a game file",
    save_game: "Save to a file",
    file_not_a_game: "That file is not a game record.",
    file_refused: "The game in that file does not add up:",
    game_review_heading: "Review the game",
    game_review_go: "Review the game",
    game_review_working: "Reviewing the game…",
    game_review_missing: (p) => `${p.many ? "Deals" : "Deal"} ${p.deals}: who laid which`
      + ` tiles away is not tapped in, so the review leaves ${p.many ? "them" : "it"} out`
      + " (open it in “Deals so far” and tap them).",
    game_review_players: "Each player's game",
    game_review_col_player: "Player",
    game_review_col_accuracy: "Accuracy",
    game_review_col_loss: "Lost, points",
    game_review_col_luck: "Luck, points",
    game_review_col_luck_chance: "Luck, chance to win",
    game_review_how: "Accuracy, 0 to 100: what each decision with a choice cost his side's"
      + " chance to win (points lost near the end weigh more). Luck: what the tiles and the"
      + " others' play gave beyond his own choices, in points and in the chance to win.",
    game_review_key_heading: "The decisions that mattered",
    game_review_key: (p) => `Deal ${p.n}: ${p.who} ${p.what}, ${p.cost} of the chance to win`
      + ` (${p.points} points)`,
    game_review_laid_away: (p) => `laid away ${p.tiles}`,
    game_review_laid: (p) => `laid ${p.tile} at count ${p.count}`,
    game_review_led: (p) => `led ${p.tile}`,
    game_review_no_key: "No decision cost a side any of its chance to win.",
    review_focus: "The decision:",
    ptr_deals: (p) => `deal ${p.n}`,
  },
  ru: {
    chance_caption: "Шанс на победу",
    chance_side: (p) => `${p.who} ${p.p}`,
    chance_label: (p) => `Шанс на победу: ${p.sides}.`,
    chance_none: "Шанс на победу не показан: сервис считает его только для правил показа"
      + " из свода правил.",
    event_chance: (p) => `шанс: ${p.who} ${p.p}`,
    open_game: "Открыть файл игры",
    save_game: "Сохранить в файл",
    file_not_a_game: "Этот файл — не запись игры.",
    file_refused: "Игра в этом файле не сходится:",
    game_review_heading: "Разбор игры",
    game_review_go: "Разобрать игру",
    game_review_working: "Разбираем игру…",
    game_review_missing: (p) => `${p.many ? "Сдачи" : "Сдача"} ${p.deals}: не отмечено,`
      + ` кто какие кости снёс, и разбор ${p.many ? "их" : "её"} пропускает (откройте её`
      + " в «Сдачах» и отметьте).",
    game_review_players: "Игра каждого игрока",
    game_review_col_player: "Игрок",
    game_review_col_accuracy: "Точность",
    game_review_col_loss: "Потери, очки",
    game_review_col_luck: "Удача, очки",
    game_review_col_luck_chance: "Удача, шанс на победу",
    game_review_how: "Точность от 0 до 100: сколько каждое решение с выбором стоило шансу"
      + " его стороны на победу (очки, потерянные под конец, весят больше). Удача: что дали"
      + " кости и игра других сверх его собственных решений, в очках и в шансе на победу.",
    game_review_key_heading: "Решения, которые решили дело",
    game_review_key: (p) => `Сдача ${p.n}: ${p.who} ${p.what}, ${p.cost} шанса на победу`
      + ` (${p.points} очка)`,
    game_review_laid_away: (p) => `снёс ${p.tiles}`,
    game_review_laid: (p) => `выложил ${p.tile} при счёте ${p.count}`,
    game_review_led: (p) => `начал с ${p.tile}`,
    game_review_no_key: "Ни одно решение не стоило стороне шанса на победу.",
    review_focus: "Решение:",
    ptr_deals: (p) => `сдача ${p.n}`,
  },
};
