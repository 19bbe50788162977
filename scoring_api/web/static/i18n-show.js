// Words of the show under muggins, the line over the palette during the play and the deals
// opened again, in English and Russian; merged into STRINGS by i18n.js.

export const SHOW_STRINGS = {
  en: {
    muggins_label: "Muggins: an opponent takes the points a claim misses",
    muggins_ask: (p) => `${p.who} missed ${p.n} ${p.n === 1 ? "point" : "points"}. Muggins,`
      + " called by:",
    muggins_call: (p) => p.who,
    event_muggins_hand: (p) => `muggins on ${p.you ? "your" : `${p.who}'s`} hand`,
    event_muggins_crib: (p) => `muggins on ${p.you ? "your" : `${p.who}'s`} crib`,
    strip_entry: (p) => `${p.entry} · count ${p.count}`,
    strip_nothing: "Nothing laid yet.",
    history_hint: "Tap a finished deal's number to see its scores and its review again.",
    history_open: (p) => `Deal ${p.n}: its scores and its review`,
    opened_heading: (p) => `Deal ${p.n}: every score, and the review`,
  },
  ru: {
    muggins_label: "Маггинс: соперник забирает очки, пропущенные в подсчёте",
    muggins_ask: (p) => `${p.who}: пропущено очков — ${p.n}. «Маггинс!» объявляет:`,
    muggins_call: (p) => p.who,
    event_muggins_hand: (p) => `«маггинс» на руке (${p.who})`,
    event_muggins_crib: (p) => `«маггинс» на крибе (${p.who})`,
    strip_entry: (p) => `${p.entry} · счёт ${p.count}`,
    strip_nothing: "Ещё ничего не сыграно.",
    history_hint: "Нажмите на номер сыгранной сдачи, чтобы снова увидеть её очки и разбор.",
    history_open: (p) => `Сдача ${p.n}: очки и разбор`,
    opened_heading: (p) => `Сдача ${p.n}: все очки и разбор`,
  },
};
