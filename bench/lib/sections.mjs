// BENCHMARKS.md is written by several runs, each owning sections that start
// with a "## " heading: a run replaces its own sections and keeps the rest.
import fs from "node:fs";

/** The headings of the sections other runs own (bench/copilotkit.mjs, bench/cold-start.mjs, bench/first-paint.mjs, bench/memory.mjs). */
export const KEPT_HEADINGS = ["## CopilotKit app (issue 15)", "## Cold start (issue 16)", "## First paint (issue 36)", "## Memory (issue 37)"];

function bounds(md, heading) {
  const start = md.indexOf(`${heading}\n`);
  if (start === -1) return null;
  const next = md.indexOf("\n## ", start + heading.length);
  return [start, next === -1 ? md.length : next + 1];
}

/** `md` with the section that `text` starts with (its first line is the heading) replaced, or appended. */
export function spliceSection(md, text) {
  const heading = text.slice(0, text.indexOf("\n"));
  const at = bounds(md, heading);
  if (!at) return `${md.replace(/\n*$/, "\n\n")}${text.replace(/\n*$/, "\n")}`;
  const rest = md.slice(at[1]);
  return `${md.slice(0, at[0])}${text.replace(/\n*$/, rest ? "\n\n" : "\n")}${rest}`;
}

/** The section under `heading` as it is in `md`, or null. */
export function existingSection(md, heading) {
  const at = bounds(md, heading);
  return at ? md.slice(at[0], at[1]) : null;
}

/** Writes `text`'s section into the file. */
export function writeSection(file, text) {
  const md = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  fs.writeFileSync(file, spliceSection(md, text));
}
