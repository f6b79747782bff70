// Conformance cases from disk (Node only); replaying them is in
// ../shared/replay.mjs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");


export function caseDirs() {
  const dirs = [path.resolve(root, "../shared/conformance/cases"), path.join(root, "tests/cases")];
  if (process.env.AGUI_CONFORMANCE_DIR) dirs.push(process.env.AGUI_CONFORMANCE_DIR);
  return dirs;
}

export function loadCases() {
  const out = [];
  for (const dir of caseDirs()) {
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
      const c = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
      if (c.transport === "proto") continue;
      // Recorded with the reference losing effects to its async apply (see tests/conformance.rs).
      if (c.expectedFrom) {
        c.expected = JSON.parse(fs.readFileSync(path.join(root, "tests/cases", c.expectedFrom), "utf8")).expected;
      }
      out.push({ file: f, c });
    }
  }
  return out;
}

export { deepSort, differences, replay, sseBody, splitBytes } from "../shared/replay.mjs";
