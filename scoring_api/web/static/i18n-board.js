// Words of the board (board.js), in English and Russian; merged into STRINGS by i18n.js.

export const BOARD_STRINGS = {
  en: {
    board_svg_label: (p) => `The board, game to ${p.target}: ${p.sides}.`,
    board_side: (p) => `${p.who} at ${p.score}, back peg at ${p.before}`,
    lurch_line: (p) => `The lurch line: half the target (hole ${p.n} is past it)`,
  },
  ru: {
    board_svg_label: (p) => `Доска, игра до ${p.target}: ${p.sides}.`,
    board_side: (p) => `${p.who} — ${p.score}, задний колышек на ${p.before}`,
    lurch_line: (p) => `Линия «марса»: половина цели (лунка ${p.n} уже за ней)`,
  },
};
