// Which HttpAgent the app gets is decided here, at build time, from
// AGUI_AGENT (run.mjs sets it): the app imports "agent-under-test" and never
// knows which one it is. No plugins: JSX goes through Vite's own transform,
// and agui-wasm's .wasm through its handling of `new URL(..., import.meta.url)`.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const agent = process.env.AGUI_AGENT === "wasm" ? "wasm" : "stock";

export default {
  resolve: {
    alias: { "agent-under-test": path.join(here, "src/agent", `${agent}.ts`) },
  },
  define: { __AGENT__: JSON.stringify(agent) },
  build: {
    outDir: path.join(here, "dist", agent),
    emptyOutDir: true,
    // assistant-ui is most of the bundle; its size is not what this app tests.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // assistant-ui marks its modules "use client" for React Server
      // Components; in a client-only bundle that is noise, one warning a file.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
};
