// `agui-wasm/adapters` in Node 20: the .wasm read from disk.
import { readFile } from "node:fs/promises";
import init from "./dist-adapters/agui_wasm.js";

await init({ module_or_path: await readFile(new URL("./dist-adapters/agui_wasm_bg.wasm", import.meta.url)) });

export * from "./dist-adapters/agui_wasm.js";
