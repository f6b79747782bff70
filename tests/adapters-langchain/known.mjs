// What the LangChain libraries themselves do wrong with output that is
// right, where no other shape of ours would do better (src/core/adapters/
// langchain/mod.rs says why each shape was chosen). A finding on a path is
// either matched here or a failure, and every entry must still be seen, so
// the table stays true when a library changes.

export const KNOWN = [
  {
    path: "langchain.js → anthropic",
    name: "ChatAnthropic sends a source_type document twice",
    reason:
      "@langchain/anthropic 1.5.11 converts a source_type block, then also reads it as a v1 block (its `data` or `url`), so each " +
      "inline or URL document arrives twice, both copies valid and identical; the only shapes it reads once are ones ChatOpenAI " +
      "forwards unconverted or Python does not read",
    matches: (finding, history) => {
      const m = /^document attachments: (\d+) in the history, (\d+) in the request$/.exec(finding);
      const copied = history.flatMap((h) => (Array.isArray(h.content) ? h.content : [])).filter((p) => p.type === "document" && p.source.type !== "file").length;
      return !!m && Number(m[2]) === Number(m[1]) + copied;
    },
  },
  {
    path: "langchain.js → anthropic",
    name: "ChatAnthropic keeps a non-leading SystemMessage in place",
    reason:
      "@langchain/anthropic 1.5.11 sends a system message that does not open the history as a role: system turn where it stands, " +
      "which the Messages API takes only on models with mid-conversation system messages and only after a user turn " +
      "(langchain-anthropic in Python lifts it for other models); the history's order is ours to keep, the placement is the library's",
    matches: (finding, history) =>
      history.some((m, i) => m.role === "system" && history.slice(0, i).some((p) => p.role !== "system" && p.role !== "developer")) &&
      /a system turn in messages|is not answered by a tool_result at the head of the next message|answers no tool_use of the previous message/.test(finding),
  },
];
