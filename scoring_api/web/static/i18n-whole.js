// Words of the whole game: the chance to win (chance.js), the game as a file (game-file.js)
// and the game's review (game-review.js), in English and Russian; merged by i18n.js.

export const WHOLE_STRINGS = {
  en: {
    chance_caption: "Chance to win",
    chance_side: (p) => `${p.who} ${p.p}`,
    chance_label: (p) => `Chance to win: ${p.sides}.`,
    chance_none: "No chance to win is shown: the service works it out for the rule book's"
      + " show rules only.",
    event_chance: (p) => `${p.you ? "Your" : `${p.who}'s`} chance ${p.p}`,
    event_crib_chance: (p) => `The crib scored ${p.points} where the chance had counted on`
      + ` ${p.expected}: ${p.you ? "your" : `${p.who}'s`} chance ${["fell", "stayed",
        "rose"][p.move + 1]}${p.move
        ? ` from ${p.from} to ${p.to}` : ` at ${p.to}`}.`,
    open_game: "Open a game file",
    save_game: "Save to a file",
    file_not_a_game: "That file is not a game record.",
    file_refused_dealer_out_of_turn: (p) => `The game in that file does not add up: deal`
      + ` ${p.n} is dealt by ${p.dealer}, but the deal passes to the left, so ${p.expected}`
      + " deals it.",
    file_refused_dealer_not_a_seat: (p) => `The game in that file does not add up: deal ${p.n}`
      + " is dealt by a seat that is not at the table.",
    file_refused_scores_not_carried: (p) => "The game in that file does not add up: the"
      + ` scores it gives before deal ${p.n} are not those the deals before it leave (${
        p.scores}).`,
    file_refused_deal_after_the_win: (p) => "The game in that file does not add up: the game"
      + ` was won in deal ${p.won}, yet deal ${p.n} comes after it.`,
    file_refused_starter_missing: (p) => `The game in that file does not add up: deal ${p.n}`
      + " has no starter.",
    file_refused_deal_not_whole: (p) => `The game in that file does not add up: deal ${p.n}`
      + " is not there whole (its hands or its crib are missing), though the game goes on"
      + " after it.",
    file_refused_play: (p) => `The game in that file does not add up: in deal ${p.n}, entry`
      + ` ${p.entry} (${p.who}: ${p.what}) is not a legal play: ${p.why}.`,
    file_refused_field: (p) => `The game in that file does not add up${p.where ? ` at ${
      p.where}` : ""}.`,
    file_play_why: {
      out_of_turn: "it is not that player's turn",
      count_over_31: "it would take the count over 31",
      tile_repeated: "that tile has already been played",
      starter_played: "that tile is the starter",
      too_many_tiles: "that player has laid all four tiles already",
      tile_not_in_hand: "that tile is not in that player's hand",
      go_with_playable_tile: "a tile still fitted the count",
      go_proved_wrong: "it proves an earlier “Go” of that player wrong",
    },
    ptr_hands_of: (p) => `${p.who}'s hand`,
    ptr_hands_of_tile: (p) => `${p.who}'s hand, tile ${p.m}`,
    ptr_drawn_of: (p) => `the tiles ${p.who} drew`,
    ptr_drawn_of_tile: (p) => `the tiles ${p.who} drew, tile ${p.m}`,
    game_review_heading: "Review the game",
    game_review_go: "Review the game",
    game_review_working: "Reviewing the game…",
    game_review_missing: (p) => `${p.many ? "Deals" : "Deal"} ${p.deals}: who laid which`
      + ` tiles away is not tapped in, so the review leaves ${p.many ? "them" : "it"} out`
      + " (open it in “Deals so far” and tap them).",
    game_review_left_out_hands_not_shown: (p) => `Deal ${p.n} is not reviewed: the game`
      + " ended in its play, before the hands were shown, and the record does not say them.",
    game_review_left_out_drawn_not_given: (p) => `Deal ${p.n} is not reviewed: the record`
      + " does not say which tiles each player laid away (the crib was never put in, or its"
      + " lay-aways not tapped in).",
    game_review_players: "Each player's game",
    game_review_col_player: "Player",
    game_review_col_accuracy: "Accuracy",
    game_review_col_loss: "Lost, points",
    game_review_col_luck: "Luck, points",
    game_review_col_luck_chance: "Luck, chance to win",
    game_review_how: "Accuracy, 0 to 100: what each decision with a choice cost the player's side's"
      + " chance to win (points lost near the end weigh more). Luck: what the tiles and the"
      + " others' play gave beyond the player's own choices, in points and in the chance to win.",
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
    event_chance: (p) => `шанс: ${p.you ? "ваш" : p.who} ${p.p}`,
    event_crib_chance: (p) => `Криб дал ${p.points} при ожидаемых ${p.expected}: шанс`
      + ` (${p.who}) ${["упал", "остался", "вырос"][p.move + 1]}${p.move ? ` с ${p.from} до`
        + ` ${p.to}` : ` ${p.to}`}.`,
    open_game: "Открыть файл игры",
    save_game: "Сохранить в файл",
    file_not_a_game: "Этот файл — не запись игры.",
    file_refused_dealer_out_of_turn: (p) => `Игра в этом файле не сходится: сдачу ${p.n}`
      + ` сдаёт ${p.dealer}, но сдача переходит влево, и её сдаёт ${p.expected}.`,
    file_refused_dealer_not_a_seat: (p) => `Игра в этом файле не сходится: сдачу ${p.n}`
      + " сдаёт место, которого нет за столом.",
    file_refused_scores_not_carried: (p) => "Игра в этом файле не сходится: счёт перед"
      + ` сдачей ${p.n} не тот, что оставили сдачи до неё (${p.scores}).`,
    file_refused_deal_after_the_win: (p) => "Игра в этом файле не сходится: игра выиграна в"
      + ` сдаче ${p.won}, а после неё записана сдача ${p.n}.`,
    file_refused_starter_missing: (p) => `Игра в этом файле не сходится: у сдачи ${p.n}`
      + " нет стартера.",
    file_refused_deal_not_whole: (p) => `Игра в этом файле не сходится: сдача ${p.n} записана`
      + " не целиком (нет рук или криба), хотя игра после неё идёт дальше.",
    file_refused_play: (p) => `Игра в этом файле не сходится: в сдаче ${p.n} запись`
      + ` ${p.entry} (${p.who}: ${p.what}) нарушает правила розыгрыша: ${p.why}.`,
    file_refused_field: (p) => `Игра в этом файле не сходится${p.where ? `: ${p.where}` : ""}.`,
    file_play_why: {
      out_of_turn: "сейчас не этот игрок на ходу",
      count_over_31: "счёт перевалил бы за 31",
      tile_repeated: "эта кость уже выложена",
      starter_played: "эта кость — стартер",
      too_many_tiles: "этот игрок уже выложил все четыре кости",
      tile_not_in_hand: "этой кости нет в руке этого игрока",
      go_with_playable_tile: "кость ещё подходила к счёту",
      go_proved_wrong: "она показывает, что прежнее «Иди!» этого игрока было неверным",
    },
    ptr_hands_of: (p) => `рука: ${p.who}`,
    ptr_hands_of_tile: (p) => `рука: ${p.who}, кость ${p.m}`,
    ptr_drawn_of: (p) => `набранные кости: ${p.who}`,
    ptr_drawn_of_tile: (p) => `набранные кости: ${p.who}, кость ${p.m}`,
    game_review_heading: "Разбор игры",
    game_review_go: "Разобрать игру",
    game_review_working: "Разбираем игру…",
    game_review_missing: (p) => `${p.many ? "Сдачи" : "Сдача"} ${p.deals}: не отмечено,`
      + ` чьи кости в крибе, и разбор ${p.many ? "их" : "её"} пропускает (откройте`
      + ` ${p.many ? "их" : "её"} в «Сдачах» и отметьте).`,
    game_review_left_out_hands_not_shown: (p) => `Сдача ${p.n} не разобрана: игра`
      + " кончилась в её розыгрыше, до показа рук, и запись их не называет.",
    game_review_left_out_drawn_not_given: (p) => `Сдача ${p.n} не разобрана: в записи нет,`
      + " чьи кости в крибе (криб не внесён или в нём не отмечены кости каждого).",
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
    game_review_key: (p) => `Сдача ${p.n}, ${p.who}: ${p.what} — ${p.cost} шанса на победу`
      + ` (${p.points} очка)`,
    game_review_laid_away: (p) => `снос ${p.tiles}`,
    game_review_laid: (p) => `${p.tile} при счёте ${p.count}`,
    game_review_led: (p) => `начало счёта с ${p.tile}`,
    game_review_no_key: "Ни одно решение не стоило стороне шанса на победу.",
    review_focus: "Решение:",
    ptr_deals: (p) => `сдача ${p.n}`,
  },
};
