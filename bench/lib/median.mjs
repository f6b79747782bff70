// The median of some numbers (the mean of the middle two for an even count),
// as every benchmark report and comparison takes it.
/** @param {number[]} xs */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
