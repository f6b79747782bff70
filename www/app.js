// The demo page: one AgentClient from the built package, rendered from its
// subscriber callbacks. A turn may take several runs: frontend tools answer
// and the agent goes on; a broken stream is caught up through connect.
import { AgentClient } from "/pkg/index.js";
import { h } from "./dom.js";
import { ChatLog } from "./log.js";
import { renderMessage } from "./messages.js";
import { renderState } from "./state.js";
import { FRONTEND_TOOLS, TOOL_DEFS } from "./tools.js";

const $ = (selector) => document.querySelector(selector);

const agent = new AgentClient({ url: "/agent", connectUrl: "/agent/connect", initialState: {} });
const ctx = { toolNames: new Map(), partialArgs: new Map(), openReasoning: new Set() };
const log = new ChatLog($("#log"), (m) => renderMessage(m, ctx));
let busy = false;
let turns = 0;

agent.subscribe({
  onMessagesChanged: ({ messages }) => {
    for (const m of messages) for (const tc of m.toolCalls ?? []) ctx.toolNames.set(tc.id, tc.function?.name);
    log.update(messages);
    $("#intro").hidden = messages.length > 0;
    const { updates, built, reused } = log.stats;
    $("#stats").textContent = `${updates} updates: ${built} rows built, ${reused} reused`;
  },
  onStateChanged: ({ state }) => renderState($("#state"), state, (next) => agent.setState(next)),
  // Arguments parsed so far, so a card can show a tool call while it streams.
  onToolCallArgsEvent: ({ event, partialToolCallArgs }) => {
    ctx.partialArgs.set(event.toolCallId, partialToolCallArgs);
  },
  onRunErrorEvent: ({ event }) => {
    if (event.code === "abort") log.notice("info", "Stopped.");
    else log.notice("error", `The agent reported an error${event.code ? ` (${event.code})` : ""}: ${event.message}`);
  },
});

/** One run; a failure becomes a notice, and a broken stream a reconnect. */
async function run(params) {
  try {
    return await agent.runAgent({ ...params, tools: TOOL_DEFS });
  } catch (error) {
    if (error.name === "AgentHttpError") {
      log.notice("error", `The server refused the run (HTTP ${error.status}): ${error.message}`);
    } else if (error.name === "AgentProtocolError" || error.name === "AGUIError") {
      log.notice("error", `${error.name}: ${error.message}`);
    } else {
      // The body ended mid-event or the connection dropped: what arrived is
      // kept, and the server's snapshot fills in the rest.
      log.notice("warn", `The stream broke mid-answer (${error.name}). Reconnecting…`);
      try {
        await agent.connectAgent();
        log.notice("info", "Reconnected: caught up from the server's snapshot.");
      } catch (again) {
        log.notice("error", `Could not reconnect: ${again.message}`);
      }
    }
    return null;
  }
}

/** Runs the frontend tools the agent called; true if it should hear back. */
async function answerTools(newMessages) {
  const answered = new Set(agent.messages.filter((m) => m.role === "tool").map((m) => m.toolCallId));
  const calls = newMessages
    .filter((m) => m.role === "assistant")
    .flatMap((m) => m.toolCalls ?? [])
    .filter((tc) => Object.hasOwn(FRONTEND_TOOLS, tc.function.name) && !answered.has(tc.id));
  for (const tc of calls) {
    let args;
    try {
      args = JSON.parse(tc.function.arguments);
    } catch {
      args = {};
    }
    const result = await FRONTEND_TOOLS[tc.function.name].run(args);
    agent.addMessage({ id: crypto.randomUUID(), role: "tool", toolCallId: tc.id, content: JSON.stringify(result) });
  }
  return calls.length > 0;
}

async function turn(params = {}) {
  if (busy) return;
  busy = true;
  $("#interrupts").replaceChildren();
  refresh();
  try {
    let next = params;
    for (let round = 0; next && round < 4; round++) {
      const out = await run(next);
      next = out && (await answerTools(out.newMessages)) ? {} : null;
    }
  } finally {
    busy = false;
    renderInterrupts();
    refresh();
    // Last, so a test that waits for the turn count sees the finished page.
    document.body.dataset.turns = String(++turns);
  }
}

function send(text) {
  const content = text.trim();
  if (!content || busy || agent.pendingInterrupts.length > 0) return;
  agent.addMessage({ id: crypto.randomUUID(), role: "user", content });
  turn();
}

function answer(status) {
  const resume = agent.pendingInterrupts.map((i) => ({
    interruptId: i.id,
    status,
    ...(status === "resolved" ? { payload: { approved: true } } : {}),
  }));
  log.notice("info", status === "resolved" ? "You approved." : "You rejected.");
  turn({ resume });
}

function renderInterrupts() {
  $("#interrupts").replaceChildren(
    ...agent.pendingInterrupts.map((i) =>
      h("section", { class: "card interrupt", dataset: { interrupt: i.id } },
        h("header", {}, h("strong", {}, "✋ Approval needed"), h("span", { class: "meta" }, i.reason)),
        h("p", {}, i.message ?? "The agent is waiting for your answer."),
        h("div", { class: "actions" },
          h("button", { type: "button", class: "primary", dataset: { answer: "approve" }, on: { click: () => answer("resolved") } }, "Approve"),
          h("button", { type: "button", dataset: { answer: "reject" }, on: { click: () => answer("cancelled") } }, "Reject")))),
  );
}

function refresh() {
  const waiting = agent.pendingInterrupts.length > 0;
  document.body.dataset.busy = String(busy);
  for (const el of document.querySelectorAll("#composer input, #composer button[type=submit], .chips button")) el.disabled = busy || waiting;
  $("#stop").disabled = !busy;
  $("#reset").disabled = busy;
  const status = $("#status");
  status.dataset.state = busy ? "busy" : waiting ? "waiting" : "idle";
  status.textContent = busy ? "Streaming…" : waiting ? "Waiting for your approval" : "Ready";
}

function reset() {
  agent.pendingInterrupts = [];
  agent.threadId = crypto.randomUUID();
  log.clear();
  ctx.partialArgs.clear();
  ctx.openReasoning.clear();
  agent.setMessages([]);
  agent.setState({});
  $("#thread").textContent = agent.threadId;
  renderInterrupts();
  refresh();
}

$("#composer").addEventListener("submit", (e) => {
  e.preventDefault();
  send($("#prompt").value);
  $("#prompt").value = "";
});
for (const chip of document.querySelectorAll(".chips button")) chip.addEventListener("click", () => send(chip.dataset.prompt));
$("#stop").addEventListener("click", () => agent.abortRun());
$("#reset").addEventListener("click", reset);

$("#thread").textContent = agent.threadId;
renderState($("#state"), agent.state, (next) => agent.setState(next));
refresh();
document.body.dataset.turns = "0";
document.body.dataset.ready = "true";
