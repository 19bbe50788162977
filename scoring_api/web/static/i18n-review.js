// Words of the deal review, in English and Russian; merged into STRINGS by i18n.js.

export const REVIEW_STRINGS = {
  en: {
    review_heading: "Review this deal",
    review_ask: "Who laid which tiles away? Tap each player's tiles in the crib (only the"
      + " review needs them).",
    review_ask_blind: "Who laid which tile away? Tap each player's tile in the crib (only the"
      + " review needs them); the tile left over was drawn blind.",
    review_laid_by: (p) => `${p.who} laid away ${p.n === 1 ? "one tile" : "two tiles"}`,
    review_go: "Review",
    review_working: "Reviewing the deal…",
    review_and: " and ",
    review_lay_away_line: (p) => `${p.who} laid away ${p.tiles}: ${p.loss} points worse`
      + ` than ${p.best}`,
    review_play_line: (p) => `${p.who} laid ${p.tile} at count ${p.count}: ${p.loss} points`
      + ` worse than ${p.best}`,
    review_lead_line: (p) => `${p.who} led ${p.tile}: ${p.loss} points worse than ${p.best}`,
    review_label_forced: "Forced",
    review_label_best: "Best",
    review_label_fine: "Fine",
    review_label_inaccuracy: "Inaccuracy",
    review_label_mistake: "Mistake",
    review_label_blunder: "Blunder",
    review_all_fine: "No costly decision: every choice was fine.",
    review_costly_heading: "Costly decisions",
    review_luck_heading: "The deal's luck",
    review_luck: (p) => `luck ${p.luck}: a net ${p.scored} from the deal, where the tiles`
      + ` promised ${p.expected} (the board gave the side +${p.board});`,
    review_net: "The net of a deal: the hand, the crib added when it is the side's and taken"
      + " off when it is another's, and the play's points less the others'. The board adds"
      + " only what each side scored, so the two differ.",
    review_luck_none: "the game ended during the deal;",
    review_lost: (p) => `lost ${p.lay} at the lay-away and ${p.play} in the play.`,
    review_options_heading: "Lay-aways side by side",
    review_options_of: (p) => `${p.who}'s lay-away`,
    review_col_away: "Laid away",
    review_col_hand: "Hand",
    review_col_crib: "Crib (±)",
    review_col_play: "Play",
    review_col_net: "Net",
    review_best: "best",
    review_chosen: "chosen",
    review_how: (p) => `In expected points. Each tile of the play is valued over ${p.n} deals`
      + " of the tiles its player had not seen, the others' as that player could know them.",
  },
  ru: {
    review_heading: "Разбор сдачи",
    review_ask: "Чьи кости в крибе? Отметьте кости каждого игрока в крибе (они нужны"
      + " только для разбора).",
    review_ask_blind: "Чья кость в крибе? Отметьте кость каждого игрока в крибе (она нужна"
      + " только для разбора); оставшаяся взята вслепую.",
    review_laid_by: (p) => `Снос в криб: ${p.who}, ${p.n === 1 ? "одна кость" : "две кости"}`,
    review_go: "Разобрать",
    review_working: "Разбираю сдачу…",
    review_and: " и ",
    review_lay_away_line: (p) => `${p.who}: снос ${p.tiles} — на ${p.loss} очка хуже,`
      + ` чем ${p.best}`,
    review_play_line: (p) => `${p.who}: ${p.tile} на счёт ${p.count} — на ${p.loss}`
      + ` очка хуже, чем ${p.best}`,
    review_lead_line: (p) => `${p.who}: начало счёта с ${p.tile} — на ${p.loss} очка хуже,`
      + ` чем ${p.best}`,
    review_label_forced: "Без выбора",
    review_label_best: "Лучший ход",
    review_label_fine: "Точно",
    review_label_inaccuracy: "Неточность",
    review_label_mistake: "Ошибка",
    review_label_blunder: "Грубая ошибка",
    review_all_fine: "Дорогих ошибок нет: все решения точные.",
    review_costly_heading: "Дорогие решения",
    review_luck_heading: "Удача в сдаче",
    review_luck: (p) => `удача ${p.luck}: итог сдачи ${p.scored}, а кости сулили`
      + ` ${p.expected} (на доске стороне +${p.board});`,
    review_net: "Итог сдачи: рука, плюс криб своей стороны или минус криб чужой, и очки"
      + " розыгрыша за вычетом очков соперников. Доска же только складывает набранное, поэтому"
      + " числа расходятся.",
    review_luck_none: "игра кончилась в этой сдаче;",
    review_lost: (p) => `потери: ${p.lay} при сносе и ${p.play} в розыгрыше.`,
    review_options_heading: "Снос: варианты рядом",
    review_options_of: (p) => `Снос: ${p.who}`,
    review_col_away: "Снос",
    review_col_hand: "Рука",
    review_col_crib: "Криб (±)",
    review_col_play: "Игра",
    review_col_net: "Итог",
    review_best: "лучший",
    review_chosen: "выбран",
    review_how: (p) => `В ожидаемых очках. Каждая кость игры оценена по ${p.n} раскладам`
      + " костей, которых игрок не видел, с тем, что о чужих костях можно было знать с его места.",
  },
};
