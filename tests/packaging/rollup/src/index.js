// Rollup carries no .wasm asset: agui-wasm/inline has it inside the JavaScript.
// The agent's URL comes from the page's query (?agent=...): the test picks
// the port.
import { AgentClient } from "agui-wasm/inline";

const agentUrl = new URLSearchParams(location.search).get("agent");
const $ = (id) => document.getElementById(id);

function render(messages) {
  $("messages").replaceChildren(
    ...messages.map((m) => Object.assign(document.createElement("li"), { className: m.role, textContent: m.content })),
  );
}

const agent = new AgentClient({ url: agentUrl, initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
render(agent.messages);
agent.subscribe({ onMessagesChanged: ({ messages }) => render(messages) });
$("run").onclick = () =>
  agent.runAgent().then(
    () => ($("status").textContent = "done"),
    (e) => ($("status").textContent = `error: ${e.message}`),
  );
