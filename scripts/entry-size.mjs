// The default entry's JavaScript as an application ships it: bundled and
// minified by esbuild for the browser, the way the reference client's
// 98 KB is measured (bench/lib/size.mjs). Prints the gzipped byte count.
// The .wasm is fetched beside it (`new URL(..., import.meta.url)`), so it is
// not in the bundle and is counted on its own by the caller.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as esbuild from "esbuild";

const pkg = path.resolve(process.argv[2] ?? "pkg");
const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "agui-entry-")), "entry.js");
await esbuild.build({
  stdin: { contents: 'export * from "./index.js";', resolveDir: pkg, loader: "js" },
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  outfile,
  logLevel: "error",
});
const bundle = fs.readFileSync(outfile);
fs.rmSync(path.dirname(outfile), { recursive: true });
console.log(zlib.gzipSync(bundle, { level: 9 }).length);
