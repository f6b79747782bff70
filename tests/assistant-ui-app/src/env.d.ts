/** Which agent class this build uses; vite.config.js defines it. */
declare const __AGENT__: "stock" | "wasm";
