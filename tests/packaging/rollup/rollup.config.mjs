// Input, output, and the resolver every Rollup app has; nothing for the .wasm.
import { nodeResolve } from "@rollup/plugin-node-resolve";

export default {
  input: "src/index.js",
  output: { file: "dist/main.js", format: "es" },
  plugins: [nodeResolve()],
};
