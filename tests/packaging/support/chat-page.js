// The page every static packaging app shows, written once: the app's own
// entry brings `AgentClient` as its bundler resolved it, which is what each
// app tests. The agent's URL comes from the page's query (?agent=...): the
// test picks the port.

/** `messages` as the items of the list `list`. */
export function render(list, messages) {
  list.replaceChildren(
    ...messages.map((m) => Object.assign(document.createElement("li"), { className: m.role, textContent: m.content })),
  );
}

/** A client with one user message, shown in #messages; #run runs it and #status says how the run ended. */
export function mountChat(AgentClient) {
  const $ = (id) => document.getElementById(id);
  const agentUrl = new URLSearchParams(location.search).get("agent");
  const agent = new AgentClient({ url: agentUrl, initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
  render($("messages"), agent.messages);
  agent.subscribe({ onMessagesChanged: ({ messages }) => render($("messages"), messages) });
  $("run").onclick = () =>
    agent.runAgent().then(
      () => ($("status").textContent = "done"),
      (e) => ($("status").textContent = `error: ${e.message}`),
    );
  return agentUrl;
}
