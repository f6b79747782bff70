// Child processes: commands run to their end, servers kept running, each
// in a process group of its own so none outlives the run.
import { spawn } from "node:child_process";
import net from "node:net";
import { cleanups, delay } from "./report.mjs";

/**
 * Runs a command to its end (never blocking this process: the agent answers
 * while a child runs), killed with its process group after `timeoutMs`.
 */
export function sh(cmd, args, { cwd, env, timeoutMs = 5 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawnGroup(cmd, args, { cwd, env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      out += `\n(killed after ${timeoutMs / 1000} s)`;
      killGroup(child);
    }, timeoutMs);
    child.on("error", (e) => (out += String(e)));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, out: out.trim() });
    });
  });
}
// Every child leads a process group of its own (a `next dev` has children
// of its own), and none outlives this process, even when it crashes.
const children = new Set();
process.on("exit", () => children.forEach((c) => killGroup(c, "SIGKILL")));
function spawnGroup(cmd, args, { cwd, env }) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  child.on("close", () => children.delete(child));
  return child;
}
function killGroup(child, signal = "SIGTERM") {
  try {
    process.kill(-child.pid, signal);
  } catch {}
}
/** Starts a long-running command in its own process group, stopped at the end; its output is collected. */
export function startProcess(cmd, args, { cwd, env }) {
  const child = spawnGroup(cmd, args, { cwd, env });
  const proc = { child, log: "" };
  child.stdout.on("data", (d) => (proc.log += d));
  child.stderr.on("data", (d) => (proc.log += d));
  proc.stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const closed = new Promise((r) => child.on("close", r));
    killGroup(child);
    await Promise.race([closed, delay(5_000)]);
    killGroup(child, "SIGKILL");
  };
  cleanups.push(proc.stop);
  return proc;
}
export async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}
export const npm = (args, cwd, timeoutMs) => sh("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, timeoutMs });
