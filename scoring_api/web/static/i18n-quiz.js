// Words of the quiz on the costly decisions of the reviews kept (quiz.js), in English and
// Russian; merged into STRINGS by i18n.js.

export const QUIZ_STRINGS = {
  en: {
    quiz_heading: "Practise your mistakes",
    quiz_none: "No costly decision to practise yet: review a deal (at the table or here), and"
      + " its mistakes and blunders come back here as questions.",
    quiz_progress: (p) => `Position ${p.n} of ${p.of}, from the reviews kept on this device.`,
    quiz_seat: (p) => `Seat ${p.seat}`,
    quiz_lay_away: (p) => `${p.who} drew these tiles. Which ${p.n === 1 ? "tile" : "two"}`
      + " would you lay away?",
    quiz_play: (p) => `${p.you ? "You are" : `${p.who} is`} to lay a tile on the count of`
      + ` ${p.count}. Which one?`,
    quiz_laid_heading: "Laid so far",
    quiz_nothing_laid: "Nothing yet: you lead.",
    quiz_hand_heading: (p) => (p.you ? "Your tiles" : `${p.who}'s tiles`),
    quiz_choose: "Choose a tile",
    quiz_choose_away: (p) => `Choose ${p.n === 1 ? "one tile" : `${p.n} tiles`} to lay away`,
    quiz_check: "Check",
    quiz_right: (p) => `${p.choice}: the best choice.`,
    quiz_wrong: (p) => `${p.choice}: not the best; ${p.best} was.`,
    quiz_worth_caption: "What each choice was worth (expected points)",
    quiz_reason: (p) => `Why ${p.chosen}, laid in the game, lost: ${p.text}`,
    quiz_next: "Next position",
  },
  ru: {
    quiz_heading: "Работа над ошибками",
    quiz_none: "Пока нечего повторять: сделайте разбор сдачи (за столом или здесь), и её"
      + " ошибки и грубые ошибки появятся здесь как задачи.",
    quiz_progress: (p) => `Позиция ${p.n} из ${p.of}, из разборов, сохранённых на этом`
      + " устройстве.",
    quiz_seat: (p) => `Место ${p.seat}`,
    quiz_lay_away: (p) => `${p.who}: вот взятые кости. Какие ${p.n === 1 ? "одну" : "две"}`
      + " вы бы сбросили?",
    quiz_play: (p) => `${p.who}: ход на счёт ${p.count}. Какую кость положить?`,
    quiz_laid_heading: "Уже выложено",
    quiz_nothing_laid: "Пока ничего: ваш заход.",
    quiz_hand_heading: (p) => (p.you ? "Ваши кости" : `Кости: ${p.who}`),
    quiz_choose: "Выберите кость",
    quiz_choose_away: (p) => `Выберите ${p.n === 1 ? "одну кость" : `${p.n} кости`} для`
      + " сброса",
    quiz_check: "Проверить",
    quiz_right: (p) => `${p.choice}: лучший выбор.`,
    quiz_wrong: (p) => `${p.choice}: не лучший выбор; лучше было ${p.best}.`,
    quiz_worth_caption: "Чего стоил каждый выбор (ожидаемые очки)",
    quiz_reason: (p) => `Почему ${p.chosen} в партии оказалось хуже: ${p.text}`,
    quiz_next: "Следующая позиция",
  },
};
