#!/usr/bin/env node
// The adapters against the vendors, through LangChain: every history of
// corpus.mjs converted by the built package's adapters entry
// (pkg/adapters-node.js), our LangChain output loaded by LangChain.js and
// sent by ChatOpenAI and ChatAnthropic to a stubbed fetch, the same output
// loaded by Python LangChain when Python is present, and every captured
// request (and our own toOpenAIChat and toAnthropic output) held to the
// vendors' SDK types (tsc --strict) and rules (rules.mjs), with nothing of
// the history lost; our LangChain output compared with ag-ui's own converter
// (differences.mjs); and fromLangChain reading ag-ui's output.
//
//   node tests/adapters-langchain/run.mjs
//
// Installs its npm packages (package-lock.json) when they are missing, and
// its Python ones (requirements.txt) into .venv when python3 is there.
// AGUI_ADAPTERS names another build of the adapters entry.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, "out");
mkdirSync(out, { recursive: true });

if (!existsSync(resolve(here, "node_modules/.package-lock.json"))) {
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: here, stdio: "inherit" });
}

const entry = process.env.AGUI_ADAPTERS ?? resolve(here, "../../pkg/adapters-node.js");
if (!existsSync(entry)) {
  console.log(`FAILED adapters entry: no ${entry}; build the package with scripts/build-pkg.sh`);
  console.log("adapters-langchain: 0 passed, 1 failed");
  process.exit(1);
}
const adapters = await import(pathToFileURL(entry).href);
const { MessageSchema } = await import("@ag-ui/core/schemas");
const { corpus } = await import("./corpus.mjs");
const rules = await import("./rules.mjs");
const { KNOWN } = await import("./known.mjs");
const { DIFFERENCES, differences, describe } = await import("./differences.mjs");
const { load, send } = await import("./langchain-js.mjs");
const { loadReference } = await import("./agui-reference.mjs");
const { typecheck } = await import("./typecheck.mjs");
const { python } = await import("./python.mjs");
const aguiToLangChain = await loadReference(out);

const attempt = (f) => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: `${e?.name ?? "Error"}: ${e?.message ?? e}` };
  }
};
// ag-ui's converter logs what it drops; the comparison reports it.
function quietly(f) {
  const saved = [console.warn, console.error];
  console.warn = console.error = () => {};
  try {
    return f();
  } finally {
    [console.warn, console.error] = saved;
  }
}
const ANTHROPIC_REQUEST = { model: "claude-sonnet-4-5", max_tokens: 1024 };
// What of a request body each vendor's rules and types look at: Chat
// Completions `messages`, the whole Messages API request.
const VENDORS = {
  openai: { violations: rules.openaiViolations, items: rules.openaiItems, payload: (body) => body.messages },
  anthropic: { violations: rules.anthropicViolations, items: rules.anthropicItems, payload: (body) => body },
};

// Each history's checks: name -> list of problems (empty: passed), and notes.
const results = corpus.map((c) => ({ name: c.name, history: c.messages, checks: new Map(), known: new Set() }));
const payloads = [];
const knownSeen = new Set();
const differencesSeen = new Set();

function check(r, name, problems) {
  r.checks.set(name, [...(r.checks.get(name) ?? []), ...problems]);
}

/** Holds one request to its vendor's rules and to the history's items;
 * findings a known LangChain behaviour explains are noted, not failed. */
function judge(r, path, vendor, body, expected) {
  const v = VENDORS[vendor];
  const payload = v.payload(body);
  const findings = [...v.violations(payload), ...rules.itemDifferences(expected, v.items(payload))];
  const problems = [];
  for (const f of findings) {
    const known = KNOWN.find((k) => k.path === path && k.matches(f, r.history));
    if (known) {
      r.known.add(known.name);
      knownSeen.add(known.name);
    } else problems.push(f);
  }
  check(r, path, problems);
  payloads.push({ label: [r, path], vendor, value: payload });
}

const pythonCases = [];
for (const [i, c] of corpus.entries()) {
  const r = results[i];
  const refuses = c.refuses ?? {};
  check(r, "schema", c.messages.flatMap((m) => {
    const p = MessageSchema.safeParse(m);
    return p.success ? [] : [`${m.id}: ${p.error.issues.map((x) => `${x.path.join(".")} ${x.message}`).join("; ")}`];
  }));
  const converted = {
    langchain: attempt(() => adapters.toLangChain(c.messages)),
    openai: attempt(() => adapters.toOpenAIChat(c.messages)),
    anthropic: attempt(() => adapters.toAnthropic(c.messages)),
  };
  check(r, "refusals", Object.entries(converted).flatMap(([target, got]) => {
    const want = refuses[target];
    if (want === undefined) return got.error ? [`${target} refuses: ${got.error}`] : [];
    if (!got.error) return [`${target} should refuse (${want}) and converts`];
    return got.error.startsWith("AdapterError: ") && got.error.includes(want) ? [] : [`${target} refuses with ${got.error}, not an AdapterError saying ${want}`];
  }));
  const expected = rules.expectedItems(c.messages);
  if (converted.openai.value) judge(r, "toOpenAIChat", "openai", { messages: converted.openai.value }, expected);
  if (converted.anthropic.value) judge(r, "toAnthropic", "anthropic", { ...ANTHROPIC_REQUEST, ...converted.anthropic.value }, expected);

  const ours = converted.langchain;
  const theirs = quietly(() => attempt(() => aguiToLangChain(c.messages)));
  const diffs = differences(c.messages, ours, theirs);
  check(r, "ag-ui differences", diffs.flatMap((d) => {
    const entry = DIFFERENCES.find((e) => e.matches(d));
    if (!entry) return [`unexplained: ${describe(d)}`];
    differencesSeen.add(entry.name);
    return [];
  }));
  if (theirs.value) check(r, "fromLangChain(ag-ui)", readsAgui(c.messages, theirs.value));
  if (!ours.value) continue;

  const loaded = attempt(() => load(ours.value));
  check(r, "langchain.js load", loaded.error ? [loaded.error] : loadProblems(ours.value, loaded.value.map((m) => ({ type: m._getType(), id: m.id, tool_calls: m.tool_calls?.length ?? 0, additional_kwargs: m.additional_kwargs }))));
  if (loaded.error) continue;
  for (const vendor of ["openai", "anthropic"]) {
    // Only a history the vendor adapter accepts is one the vendor can take.
    if (!converted[vendor].value) continue;
    const path = `langchain.js → ${vendor}`;
    const sent = await send(vendor, loaded.value);
    if (sent.error) check(r, path, [`LangChain.js refuses: ${sent.error}`]);
    else judge(r, path, vendor, sent.body, expected);
  }
  pythonCases.push({ r, messages: ours.value, vendors: ["openai", "anthropic"].filter((v) => converted[v].value) });
}

const py = python(here, pythonCases.map(({ r, messages }) => ({ name: r.name, messages })));
const globals = [];
if (py.skipped) globals.push({ name: "python", skipped: py.skipped });
else if (py.error) globals.push({ name: "python", problems: [py.error] });
else {
  for (const [k, { r, messages, vendors }] of pythonCases.entries()) {
    const got = py.cases[k];
    check(r, "python load", got.load_error ? [got.load_error] : loadProblems(messages, got.loaded));
    if (got.load_error) continue;
    for (const vendor of vendors) {
      const path = `python → ${vendor}`;
      if (got[vendor].error) check(r, path, [`Python LangChain refuses: ${got[vendor].error}`]);
      else judge(r, path, vendor, vendor === "anthropic" ? { ...ANTHROPIC_REQUEST, ...got[vendor].body } : got[vendor].body, rules.expectedItems(r.history));
    }
  }
}

for (const [k, errors] of typecheck(out, payloads).entries()) {
  const [r, path] = payloads[k].label;
  check(r, `${path} types`, errors.map((e) => e.slice(0, 400)));
}

globals.push({
  name: "known LangChain behaviours still seen",
  problems: KNOWN.filter((k) => !knownSeen.has(k.name)).map((k) => `${k.path}: ${k.name} no longer happens; drop it from known.mjs`),
});
globals.push({
  name: "ag-ui difference table current",
  problems: DIFFERENCES.filter((d) => !differencesSeen.has(d.name)).map((d) => `${d.name} no longer differs; drop it from differences.mjs`),
});

let passed = 0;
let failed = 0;
for (const r of results) {
  for (const [name, problems] of r.checks) {
    if (problems.length) {
      failed += 1;
      for (const p of problems) console.log(`FAILED ${r.name} / ${name}: ${p}`);
    } else passed += 1;
  }
  const known = r.known.size ? ` (known: ${[...r.known].join("; ")})` : "";
  if ([...r.checks.values()].every((p) => !p.length)) console.log(`ok ${r.name}: ${summary(r.checks)}${known}`);
}
for (const g of globals) {
  if (g.skipped) console.log(`skip ${g.name}: ${g.skipped}`);
  else if (g.problems.length) {
    failed += 1;
    for (const p of g.problems) console.log(`FAILED ${g.name}: ${p}`);
  } else {
    passed += 1;
    console.log(`ok ${g.name}`);
  }
}
console.log(`adapters-langchain: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/** The checks of one history, short: the requests checked (each against
 * the rules and, with "+types", the SDK types) and the other checks. */
function summary(checks) {
  const names = [...checks.keys()];
  const requests = names.filter((n) => checks.has(`${n} types`)).map((n) => `${n} +types`);
  const others = names.filter((n) => !n.endsWith(" types") && !checks.has(`${n} types`));
  return `${names.length} checks: ${[...others, ...requests].join(", ")}`;
}

/** Our dicts as LangChain loaded them: every message kept, with its type,
 * id, tool calls and developer marker. */
function loadProblems(dicts, loaded) {
  if (loaded.length !== dicts.length) return [`${dicts.length} messages, ${loaded.length} loaded`];
  return dicts.flatMap((d, i) => {
    const m = loaded[i];
    const p = [];
    if (m.type !== d.type) p.push(`${d.id}: loaded as ${m.type}, written as ${d.type}`);
    if (m.id !== d.id) p.push(`${d.id}: loaded with id ${m.id}`);
    if (m.tool_calls !== (d.tool_calls?.length ?? 0)) p.push(`${d.id}: ${m.tool_calls} tool calls loaded of ${d.tool_calls?.length ?? 0}`);
    if (d.additional_kwargs?.__openai_role__ && m.additional_kwargs?.__openai_role__ !== "developer") p.push(`${d.id}: the developer marker is lost`);
    return p;
  });
}

/** fromLangChain on ag-ui's output: inline media read back as the kind it
 * was, and a failed tool's body kept as its result. */
function readsAgui(history, theirs) {
  const back = attempt(() => adapters.fromLangChain(theirs));
  if (back.error) return [back.error];
  const byId = new Map(back.value.map((m) => [m.id, m]));
  return history.flatMap((m) => {
    const got = byId.get(m.id);
    if (!got) return [];
    const p = [];
    if (m.role === "tool" && m.error !== undefined) {
      if (got.error === undefined) p.push(`${m.id}: the failure is lost`);
      if (JSON.stringify(got.content) !== JSON.stringify(m.content)) p.push(`${m.id}: result ${JSON.stringify(got.content)}, was ${JSON.stringify(m.content)}`);
    }
    if (m.role === "user" && Array.isArray(m.content) && Array.isArray(got.content)) {
      // A url source holding a data: URL is inline data too.
      const inline = (list) => list.filter((x) => x.source?.type === "data" || /^data:/.test(x.source?.value ?? "")).map((x) => x.type);
      if (inline(got.content).join() !== inline(m.content).join()) p.push(`${m.id}: inline media read as ${inline(got.content)}, were ${inline(m.content)}`);
    }
    return p;
  });
}
