// Bundle sizes, gzipped at level 9. Ours: what the package ships to a
// browser (the .wasm and every .js). The reference: @ag-ui/client and its
// dependencies, bundled and minified by esbuild for the browser, both as a
// whole and tree-shaken to HttpAgent (what an app importing only it ships).
import fs from "node:fs";
import path from "node:path";
// The build's own bundler settings, so both sides are measured alike.
import { bundle as esbuildBundle, gzipSize as gz } from "../../scripts/entry-size.mjs";

function files(dir, keep) {
  return fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile() && keep(f));
}

// What production bundlers set; the reference's dev-only freezing and
// cloning is keyed on it.
const bundle = (bench, entry, outfile) => esbuildBundle(entry, bench, outfile, { "process.env.NODE_ENV": '"production"' });

/** Builds bench/out/reference.js (used by the browser jobs) and measures everything. */
export async function sizes(root, pkg = path.join(root, "pkg")) {
  const bench = path.join(root, "bench");
  const out = path.join(bench, "out");
  fs.mkdirSync(out, { recursive: true });
  // As the brief counts it: the .wasm, pkg/*.js and pkg/dist/**/*.js.
  const ours = files(pkg, (f) => f.endsWith(".js") || f.endsWith(".wasm"));
  const oursGzip = ours.reduce((n, f) => n + gz(fs.readFileSync(f)), 0);
  const oursRaw = ours.reduce((n, f) => n + fs.statSync(f).size, 0);
  const wasm = path.join(pkg, "dist", "agui_wasm_bg.wasm");
  return {
    ours: { raw: oursRaw, gzip: oursGzip, wasmGzip: gz(fs.readFileSync(wasm)), files: ours.map((f) => path.join("pkg", path.relative(pkg, f))) },
    referenceHttpAgent: await bundle(bench, 'export { HttpAgent } from "@ag-ui/client";', path.join(out, "reference.js")),
    referenceAll: await bundle(bench, 'export * from "@ag-ui/client";', path.join(out, "reference-all.js")),
  };
}
