// The client on the main thread, and the same run inside a module Worker
// (Vite's standard worker syntax). The agent's URL comes from the page's
// query (?agent=...): the test picks the port.
import { AgentClient } from "agui-wasm";

const agentUrl = new URLSearchParams(location.search).get("agent");
const $ = (id) => document.getElementById(id);

function render(list, messages) {
  list.replaceChildren(
    ...messages.map((m) => Object.assign(document.createElement("li"), { className: m.role, textContent: m.content })),
  );
}

const agent = new AgentClient({ url: agentUrl, initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
render($("messages"), agent.messages);
agent.subscribe({ onMessagesChanged: ({ messages }) => render($("messages"), messages) });
$("run").onclick = () =>
  agent.runAgent().then(
    () => ($("status").textContent = "done"),
    (e) => ($("status").textContent = `error: ${e.message}`),
  );

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.messages) render($("worker-messages"), data.messages);
  if (data.status) $("worker-status").textContent = data.status;
};
worker.onerror = (e) => ($("worker-status").textContent = `error: ${e.message ?? "the worker failed to start"}`);
$("run-worker").onclick = () => worker.postMessage(agentUrl);
