// ag-ui's own layer 1 -> layer 2 converter, `aguiMessagesToLangChain` from
// @ag-ui/langgraph, for the comparison. The package bundles it without
// exporting it, so it is compiled here from the TypeScript source the
// package ships in its source map: the same text its bundle was built from.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";

const require = createRequire(import.meta.url);

export async function loadReference(outDir) {
  const pkgDir = require.resolve("@ag-ui/langgraph/package.json").replace(/package\.json$/, "");
  const map = JSON.parse(readFileSync(`${pkgDir}dist/index.mjs.map`, "utf8"));
  const index = map.sources.findIndex((s) => s.endsWith("/utils.ts"));
  if (index < 0) throw new Error("@ag-ui/langgraph's source map has no utils.ts");
  const { outputText } = ts.transpileModule(map.sourcesContent[index], {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  mkdirSync(outDir, { recursive: true });
  const file = `${outDir}/agui-langgraph-utils.mjs`;
  writeFileSync(file, outputText);
  const mod = await import(file);
  if (typeof mod.aguiMessagesToLangChain !== "function") throw new Error("no aguiMessagesToLangChain in @ag-ui/langgraph's utils.ts");
  return mod.aguiMessagesToLangChain;
}
