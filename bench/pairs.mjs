// Whether a change made ours faster: two builds of the package timed in
// alternated pairs of fresh Node processes, A then B and B then A, so both
// see the same machine load; the median of the pairs' B/A ratios is the answer. A full
// `bench/run.sh` moves by tens of percent between runs on a shared machine,
// a ratio of pairs by a few.
//
//   cp -r pkg /tmp/before        # the build before the change
//   scripts/build-pkg.sh         # the build after it
//   node bench/pairs.mjs --a /tmp/before --b pkg --scenario 3 [--pairs 8] [--runs 20] [--variant ours]
import path from "node:path";
import { runNodeJob } from "./lib/node-runner.mjs";
import { SCENARIOS } from "./lib/scenarios.mjs";
import { OUR_VARIANTS } from "./lib/measure.mjs";
import { median } from "./lib/median.mjs";
import { parseOptions } from "./lib/options.mjs";

const HELP = `usage: node bench/pairs.mjs --a DIR --b DIR --scenario ID [--pairs N] [--runs N] [--variant V]
  --a, --b      two package directories (a built pkg/ or a copy of one)
  --scenario    one of ${SCENARIOS.map((s) => s.id).join(", ")}
  --pairs       alternated pairs (default 6)
  --runs        timed runs per job, of which the median counts (default 20)
  --variant     ${OUR_VARIANTS.join(", ")} (default ours)`;

function parseArgs(argv) {
  const spec = {
    "--a": ["a", "text"],
    "--b": ["b", "text"],
    "--scenario": ["id", "text"],
    "--pairs": ["pairs", "count"],
    "--runs": ["runs", "count"],
    "--variant": ["variant", "text"],
  };
  const o = parseOptions(argv, HELP, spec, { pairs: 6, runs: 20, variant: "ours" });
  if (!o.a || !o.b || !o.id) throw new Error(HELP);
  if (!SCENARIOS.some((s) => s.id === o.id)) throw new Error(`unknown scenario ${o.id}\n${HELP}`);
  if (!OUR_VARIANTS.includes(o.variant)) throw new Error(`unknown variant ${o.variant}\n${HELP}`);
  return { ...o, a: path.resolve(o.a), b: path.resolve(o.b) };
}

const o = parseArgs(process.argv.slice(2));
const job = (pkg) => runNodeJob({ kind: "client", variant: o.variant, id: o.id, runs: o.runs, pkg });
const ratios = [];
for (let i = 0; i < o.pairs; i++) {
  // Every other pair runs B first, so that whatever favours a pair's
  // second job (a warm file cache, load that rises or falls) is not
  // counted as B's.
  const first = i % 2 === 0 ? o.a : o.b;
  const one = await job(first);
  const two = await job(first === o.a ? o.b : o.a);
  const [a, b] = first === o.a ? [one, two] : [two, one];
  if (a.digest !== b.digest) throw new Error(`A and B end in different states (${a.digest} against ${b.digest})`);
  ratios.push(b.usPerEvent / a.usPerEvent);
  console.log(`pair ${i + 1}: A ${a.usPerEvent.toPrecision(4)} µs/event, B ${b.usPerEvent.toPrecision(4)}, B/A ${ratios.at(-1).toFixed(3)}`);
}
console.log(`scenario ${o.id} (${o.variant}), ${o.pairs} pairs: median B/A ${median(ratios).toFixed(3)}`);
