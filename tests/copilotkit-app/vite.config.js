// A plain Vite config: no plugins (Vite's own transform compiles the TSX).
// AGUI_AGENT picks the agent class the app is built with, `stock` or
// `wasm`, by pointing the `agent-impl` import at agents/<kind>.ts; the
// tsconfig files map the same import for tsc.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const kind = process.env.AGUI_AGENT ?? "stock";
if (!["stock", "wasm"].includes(kind)) throw new Error(`AGUI_AGENT must be stock or wasm, not ${kind}`);

export default {
  resolve: { alias: { "agent-impl": path.join(here, "agents", `${kind}.ts`) } },
  build: { outDir: `dist/${kind}`, emptyOutDir: true },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
};
