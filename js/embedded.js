// @ts-check
// The .wasm carried inside the JavaScript, for the bundlers and runtimes
// that cannot carry it beside (esbuild, Rollup without a plugin, a
// bundler building for Node, where no path survives a moved build): one
// character per byte, which gzips to about 1.08x the .wasm (base64:
// 1.34x), checked when decoded.

/**
 * The bytes `text` holds (see scripts/embed.mjs), checked against their
 * FNV-1a hash: a classic `<script>` on a page that is not UTF-8 decodes
 * the minified literal differently.
 * @param {string} text @param {number} fnv1a
 */
export function decode(text, fnv1a) {
  const out = new Uint8Array(text.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c;
    h = Math.imul(h ^ c, 0x01000193) >>> 0;
  }
  if (h !== fnv1a) {
    throw new Error('agui-wasm: the embedded WebAssembly was altered on its way (is the script decoded as UTF-8? add <meta charset="utf-8"> or serve it with charset=utf-8)');
  }
  return out;
}
