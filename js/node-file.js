// @ts-check
// The .wasm beside the module, read synchronously when first needed (Node
// has no limit on compiling it so), found whichever way the module runs:
// plain Node, a CommonJS copy, a bundle a bundler built for Node. Nothing
// here runs on import.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A reader of `dir/agui_wasm_bg.wasm` beside the module at `moduleUrl`
 * (its `import.meta.url`), or else resolved as `agui-wasm/<dir>/...` from
 * that module or from the working directory.
 * @param {string | undefined} moduleUrl @param {string} dir
 */
export function wasmFile(moduleUrl, dir) {
  return () => {
    const tried = [];
    for (const path of candidates(moduleUrl, dir)) {
      tried.push(path);
      if (existsSync(path)) return readFileSync(path);
    }
    throw new Error(`agui-wasm: cannot find ${dir}/agui_wasm_bg.wasm (tried ${tried.join(", ")}); pass its bytes or URL to ready({ module_or_path })`);
  };
}

/** @param {string | undefined} moduleUrl @param {string} dir */
function* candidates(moduleUrl, dir) {
  if (typeof moduleUrl === "string" && moduleUrl.startsWith("file:")) yield join(dirname(fileURLToPath(moduleUrl)), dir, "agui_wasm_bg.wasm");
  for (const base of [moduleUrl, join(process.cwd(), "noop.js")]) {
    if (typeof base !== "string" || !/^(file:|\/|[A-Za-z]:)/.test(base)) continue;
    try {
      yield createRequire(base).resolve(`agui-wasm/${dir}/agui_wasm_bg.wasm`);
    } catch {}
  }
}
