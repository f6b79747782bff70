// Runs each Node job in a fresh `node --expose-gc` process, one at a time
// (two at once would share the machine's two cores and skew both).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const JOB = fileURLToPath(new URL("./node-job.mjs", import.meta.url));

export function runNodeJob(job) {
  return new Promise((resolve, reject) => {
    // NODE_ENV=production as a deployed app runs; the reference clones and
    // freezes subscriber inputs in development and test.
    const child = spawn(process.execPath, ["--expose-gc", JOB, JSON.stringify(job)], {
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`node job ${JSON.stringify(job)} exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").pop()));
    });
  });
}
