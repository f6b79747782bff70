// The captured payloads against the vendors' own SDK types, with
// `tsc --strict`: one generated file, one payload per line, so an error's
// line names the payload.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

const TYPES = {
  openai: "ChatCompletionMessageParam[]",
  anthropic: "MessageCreateParamsNonStreaming",
};

/**
 * `payloads`: [{ label, vendor, value }], `value` being Chat Completions
 * `messages` or a whole Messages API request. Returns one error list per
 * payload, in order.
 */
export function typecheck(dir, payloads) {
  const header = [
    'import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";',
    'import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";',
  ];
  const lines = payloads.map((p, i) => `export const p${i}: ${TYPES[p.vendor]} = ${JSON.stringify(p.value)};`);
  writeFileSync(`${dir}/payloads.ts`, [...header, ...lines, ""].join("\n"));
  writeFileSync(
    `${dir}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", types: [] },
      files: ["payloads.ts"],
    }),
  );
  const errors = payloads.map(() => []);
  let output = "";
  try {
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", `${dir}/tsconfig.json`], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    output = `${e.stdout ?? ""}${e.stderr ?? ""}`;
    if (!output.trim()) throw e;
  }
  const unplaced = [];
  for (const line of output.split("\n").filter(Boolean)) {
    const m = /payloads\.ts\((\d+),\d+\): (.*)/.exec(line);
    const index = m ? Number(m[1]) - header.length - 1 : -1;
    if (index >= 0 && index < payloads.length) errors[index].push(m[2]);
    else if (/error TS/.test(line)) unplaced.push(line);
  }
  if (unplaced.length) throw new Error(`tsc failed outside the payloads:\n${unplaced.join("\n")}`);
  return errors;
}
