// Node 20: the same module, with the .wasm read from disk (Node's fetch
// cannot read file: URLs).
import { readFile } from "node:fs/promises";
import init from "./dist/agui_wasm.js";

await init({ module_or_path: await readFile(new URL("./dist/agui_wasm_bg.wasm", import.meta.url)) });

export * from "./dist/agui_wasm.js";
