// The Russian plural form of a count, for every words module (i18n.js, i18n-game.js).

// one (1, 21), few (2-4, 22-24), many (0, 5-20, 25-30).
export function ruPlural(n, one, few, many) {
  const d = n % 10;
  const h = n % 100;
  if (d === 1 && h !== 11) return one;
  if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return few;
  return many;
}
