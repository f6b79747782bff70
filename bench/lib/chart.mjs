// µs/event against history length, both axes log, as a standalone SVG.
// H=0 has no place on a log axis; it is drawn one decade left of H=100.

const W = 760, H = 440, L = 70, R = 240, T = 40, B = 80;
const HISTORY = [0, 100, 1000, 10000];
const xOf = (h) => L + ((Math.log10(h || 10) - 1) / 3) * (W - L - R);

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** series: [{ label, color, dash, points: [[h, us]] }] */
export function chart(series, title, note = "") {
  const all = series.flatMap((s) => s.points.map((p) => p[1])).filter((v) => v > 0);
  const lo = Math.floor(Math.log10(Math.min(...all)));
  const hi = Math.ceil(Math.log10(Math.max(...all)));
  const yOf = (v) => T + (1 - (Math.log10(v) - lo) / (hi - lo)) * (H - T - B);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2 - R / 2}" y="22" text-anchor="middle" font-size="14">${esc(title)}</text>`,
  ];
  for (let e = lo; e <= hi; e++) {
    const y = yOf(10 ** e);
    out.push(`<line x1="${L}" x2="${W - R}" y1="${y}" y2="${y}" stroke="#ddd"/>`);
    out.push(`<text x="${L - 6}" y="${y + 4}" text-anchor="end">${(10 ** e).toLocaleString("en-US")}</text>`);
  }
  for (const h of HISTORY) {
    const x = xOf(h);
    out.push(`<line x1="${x}" x2="${x}" y1="${T}" y2="${H - B}" stroke="#eee"/>`);
    out.push(`<text x="${x}" y="${H - B + 18}" text-anchor="middle">${h.toLocaleString("en-US")}</text>`);
  }
  out.push(`<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" fill="none" stroke="#444"/>`);
  out.push(`<text x="${(L + W - R) / 2}" y="${H - B + 38}" text-anchor="middle">history length H (prior messages, log scale)</text>`);
  if (note) out.push(`<text x="${L}" y="${H - 12}" font-size="11" fill="#555">${esc(note)}</text>`);
  out.push(`<text transform="translate(18 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">µs per event (log scale)</text>`);
  series.forEach((s, i) => {
    const pts = s.points.filter((p) => p[1] > 0).map(([h, v]) => `${xOf(h).toFixed(1)},${yOf(v).toFixed(1)}`);
    const dash = s.dash ? ` stroke-dasharray="${s.dash}"` : "";
    out.push(`<polyline points="${pts.join(" ")}" fill="none" stroke="${s.color}" stroke-width="2"${dash}/>`);
    for (const p of pts) out.push(`<circle cx="${p.split(",")[0]}" cy="${p.split(",")[1]}" r="3" fill="${s.color}"/>`);
    const ly = T + 14 + i * 20;
    out.push(`<line x1="${W - R + 12}" x2="${W - R + 40}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2"${dash}/>`);
    out.push(`<text x="${W - R + 46}" y="${ly}">${esc(s.label)}</text>`);
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}
