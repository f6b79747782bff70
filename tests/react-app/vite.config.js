// A plain Vite config on purpose: no plugins. The package's .wasm must load
// through Vite's own handling of `new URL(..., import.meta.url)`, and JSX is
// compiled by Vite's built-in transform (no @vitejs/plugin-react).
export default {
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
};
