// `agui-wasm/adapters`: the history adapters (LangChain, OpenAI chat,
// Anthropic) as a module of their own, so the client entry does not carry
// them. They work on plain message arrays, such as `client.messages`.
import init from "./dist-adapters/agui_wasm.js";

await init({ module_or_path: new URL("./dist-adapters/agui_wasm_bg.wasm", import.meta.url) });

export * from "./dist-adapters/agui_wasm.js";
