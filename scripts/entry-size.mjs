// Bundle sizes as an application ships code: bundled and minified by
// esbuild for the browser, gzipped at level 9. The build measures the
// default entry's JavaScript this way (the .wasm is fetched beside it with
// `new URL(..., import.meta.url)`, so it is not in the bundle and is counted
// on its own); the benchmarks measure the reference client the same way.
//
//   node scripts/entry-size.mjs [pkg]   prints the entry's gzipped bytes
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

export const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/** Bundles `entry` (module source resolved from `resolveDir`) into `outfile`. */
export async function bundle(entry, resolveDir, outfile, define = {}) {
  await esbuild.build({
    stdin: { contents: entry, resolveDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    define,
    outfile,
    logLevel: "error",
  });
  const buf = fs.readFileSync(outfile);
  return { raw: buf.length, gzip: gzipSize(buf) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = path.resolve(process.argv[2] ?? "pkg");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agui-entry-"));
  const { gzip } = await bundle('export * from "./index.js";', pkg, path.join(dir, "entry.js"));
  fs.rmSync(dir, { recursive: true });
  console.log(gzip);
}
