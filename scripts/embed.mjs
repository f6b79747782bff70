// node scripts/embed.mjs IN.wasm OUT.js: an ES module whose default export
// is the .wasm as a string literal of one character per byte, ASCII only
// (bytes from 0x80 as \xNN, a few escaped), and `fnv1a`, the bytes' hash,
// which js/embedded.js checks. Gzips to about 1.08x the .wasm (base64:
// 1.34x).
import { readFileSync, writeFileSync } from "node:fs";

const [input, output] = process.argv.slice(2);
const w = readFileSync(input);
let s = "";
for (let i = 0; i < w.length; i++) {
  const x = w[i];
  if (x === 0x5c) s += "\\\\";
  else if (x === 0x22) s += '\\"';
  else if (x === 0x0a) s += "\\n";
  else if (x === 0x0d) s += "\\r";
  else if (x === 0x00) s += w[i + 1] >= 0x30 && w[i + 1] <= 0x39 ? "\\x00" : "\\0";
  else if (x < 0x80) s += String.fromCharCode(x);
  else s += "\\x" + x.toString(16).toUpperCase();
}
let h = 0x811c9dc5;
for (const c of w) h = Math.imul(h ^ c, 0x01000193) >>> 0;
writeFileSync(output, `// ${w.length} bytes of ${input.split("/").pop()}, one character per byte (scripts/embed.mjs)\nexport const fnv1a = ${h};\nexport default "${s}";\n`);
