// `agui-wasm/proto` in Node 20: the .wasm read from disk.
import { readFile } from "node:fs/promises";
import init from "./dist-proto/agui_wasm.js";

await init({ module_or_path: await readFile(new URL("./dist-proto/agui_wasm_bg.wasm", import.meta.url)) });

export * from "./dist-proto/agui_wasm.js";
