// The client on the main thread, and the same run inside a module Worker
// (Vite's standard worker syntax).
import { AgentClient } from "agui-wasm";
import { mountChat, render } from "../../support/chat-page.js";

const $ = (id) => document.getElementById(id);
const agentUrl = mountChat(AgentClient);

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.messages) render($("worker-messages"), data.messages);
  if (data.status) $("worker-status").textContent = data.status;
};
worker.onerror = (e) => ($("worker-status").textContent = `error: ${e.message ?? "the worker failed to start"}`);
$("run-worker").onclick = () => worker.postMessage(agentUrl);
