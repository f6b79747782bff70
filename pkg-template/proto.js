// `agui-wasm/proto`: the same client, built to also read the AG-UI protobuf
// transport (application/vnd.ag-ui.event+proto). A separate module so the
// default entry does not carry the decoder.
import init from "./dist-proto/agui_wasm.js";

await init({ module_or_path: new URL("./dist-proto/agui_wasm_bg.wasm", import.meta.url) });

export * from "./dist-proto/agui_wasm.js";
