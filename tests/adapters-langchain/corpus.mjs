// The AG-UI histories every path is held to. Each is a conversation an
// AG-UI client may send to an agent (it ends with the user's turn or with
// tool results, unless `note` says otherwise), valid by @ag-ui/core's
// schema, and covers one thing the adapters must get right.
//
// `refuses` names the adapters that cannot express the history, with a piece
// of the error they must give: the history is then held to that vendor's
// rules only where it is accepted.

const PNG = "iVBORw0KGgo=";
const JPEG = "/9j/4AAQSkZJRgABAQ==";
const GIF = "R0lGODlhAQABAAAAACw=";
const PDF = "JVBERi0xLjQK";
const WAV = "UklGRiQAAABXQVZF";
const MP3 = "SUQzBAAAAAAA";
const MP4 = "AAAAGGZ0eXBtcDQy";

const user = (id, content, extra = {}) => ({ id, role: "user", content, ...extra });
const assistant = (id, content, extra = {}) => ({ id, role: "assistant", ...(content === undefined ? {} : { content }), ...extra });
const call = (id, name, args) => ({ id, type: "function", function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) } });
const calls = (id, content, ...list) => assistant(id, content, { toolCalls: list });
const result = (id, toolCallId, content, extra = {}) => ({ id, role: "tool", toolCallId, content, ...extra });
const system = (id, content, extra = {}) => ({ id, role: "system", content, ...extra });
const developer = (id, content, extra = {}) => ({ id, role: "developer", content, ...extra });
const reasoning = (id, content, encryptedValue) => ({ id, role: "reasoning", content, ...(encryptedValue ? { encryptedValue } : {}) });
const activity = (id) => ({ id, role: "activity", activityType: "PLAN", content: { steps: ["search", "answer"] } });
const text = (t) => ({ type: "text", text: t });
const data = (type, value, mimeType, filename) => ({ type, source: { type: "data", value, mimeType }, ...(filename ? { metadata: { filename } } : {}) });
const url = (type, value, mimeType) => ({ type, source: { type: "url", value, ...(mimeType ? { mimeType } : {}) } });
const file = (type, value, provider, mimeType) => ({ type, source: { type: "file", value, ...(provider ? { provider } : {}), ...(mimeType ? { mimeType } : {}) } });

const ask = user("u1", "What's the weather in Paris?");
const weather = calls("a1", undefined, call("call_1", "get_weather", { city: "Paris" }));
const sunny = result("t1", "call_1", "18C and sunny");
const noVideo = { openai: "no video content part", anthropic: "no video block" };
const noAudioAnthropic = { anthropic: "no audio block" };

export const corpus = [
  { name: "plain chat", messages: [user("u1", "Hi"), assistant("a1", "Hello!"), user("u2", "How are you?")] },
  { name: "system prompt", messages: [system("s1", "You are terse."), user("u1", "Hi")] },
  { name: "system and developer", messages: [system("s1", "You are terse."), developer("d1", "Answer in French."), user("u1", "Hi")] },
  { name: "names on user, assistant and system", messages: [system("s1", "Be kind.", { name: "ops" }), user("u1", "Hi", { name: "ada" }), assistant("a1", "Hello Ada.", { name: "helper" }), user("u2", "Bye", { name: "ada" })] },
  { name: "one tool call and its result", messages: [ask, weather, sunny] },
  { name: "tool call, result and answer, then a question", messages: [ask, weather, sunny, assistant("a2", "It is 18C."), user("u2", "And tomorrow?")] },
  { name: "parallel calls answered out of order", messages: [user("u1", "Paris and Rome?"), calls("a1", undefined, call("call_p", "get_weather", { city: "Paris" }), call("call_r", "get_weather", { city: "Rome" })), result("t_r", "call_r", "22C"), result("t_p", "call_p", "18C")] },
  { name: "text next to a tool call", messages: [ask, calls("a1", "Let me check.", call("call_1", "get_weather", { city: "Paris" })), sunny] },
  { name: "empty arguments", messages: [user("u1", "What time is it?"), calls("a1", undefined, call("call_t", "now", "")), result("t1", "call_t", "12:00")] },
  { name: "nested arguments", messages: [user("u1", "Book it"), calls("a1", undefined, call("call_b", "book", { trip: { from: "PAR", to: "ROM", dates: ["2025-06-01", "2025-06-08"] }, seats: 2, flexible: true })), result("t1", "call_b", "{\"ok\":true}")] },
  { name: "tool error with no result", messages: [ask, weather, result("t1", "call_1", "", { error: "timeout after 30s" })] },
  { name: "tool error after a partial result", messages: [ask, weather, result("t1", "call_1", "18C", { error: "humidity sensor offline" })] },
  { name: "tool result as text parts", messages: [ask, weather, result("t1", "call_1", [text("18C"), text("sunny")])] },
  { name: "tool result with a chart image", messages: [user("u1", "Plot it"), calls("a1", undefined, call("call_c", "plot", { series: [1, 2] })), result("t1", "call_c", [text("chart:"), data("image", PNG, "image/png")])], refuses: { openai: "tool messages take text parts only" } },
  { name: "reasoning before a text reply", messages: [user("u1", "2+2?"), reasoning("r1", "Adding two and two.", "enc_r1"), assistant("a1", "4"), user("u2", "Thanks")] },
  { name: "reasoning before a tool call", messages: [ask, reasoning("r1", "I need the weather tool.", "enc_r1"), weather, sunny] },
  { name: "reasoning with only an encrypted value", messages: [user("u1", "2+2?"), reasoning("r1", "", "enc_only"), assistant("a1", "4"), user("u2", "ok")] },
  { name: "two reasoning messages before one reply", messages: [user("u1", "Plan?"), reasoning("r1", "First, list.", "enc_1"), reasoning("r2", "Then, order."), assistant("a1", "Done."), user("u2", "ok")] },
  { name: "reasoning with no reply at the end", messages: [user("u1", "Think"), reasoning("r1", "Hmm.", "enc_r1")], note: "ends with reasoning, as a history does when a run stopped mid-thought" },
  { name: "reasoning followed by the user", messages: [user("u1", "Think"), reasoning("r1", "Hmm.", "enc_r1"), user("u2", "Stop and answer")] },
  { name: "activity in the middle", messages: [user("u1", "Plan my trip"), activity("act1"), assistant("a1", "Done."), user("u2", "Thanks")] },
  { name: "inline image", messages: [user("u1", [text("What is this?"), data("image", PNG, "image/png")])] },
  { name: "image by URL", messages: [user("u1", [text("What is this?"), url("image", "https://example.com/cat.jpg")])] },
  { name: "image URL holding a data URL", messages: [user("u1", [url("image", `data:image/gif;base64,${GIF}`), text("Describe it")])] },
  { name: "JPEG and PNG together", messages: [user("u1", [data("image", JPEG, "image/jpeg"), data("image", PNG, "image/png"), text("Same picture?")])] },
  { name: "inline PDF with a filename", messages: [user("u1", [text("Summarize"), data("document", PDF, "application/pdf", "report.pdf")])] },
  { name: "inline PDF without a filename", messages: [user("u1", [text("Summarize"), data("document", PDF, "application/pdf")])] },
  { name: "PDF by URL", messages: [user("u1", [text("Summarize"), url("document", "https://example.com/report.pdf", "application/pdf")])], refuses: { openai: "file parts take base64 data or a file id, not a URL" } },
  { name: "PDF held by OpenAI", messages: [user("u1", [text("Summarize"), file("document", "file-abc123", "openai")])], refuses: { anthropic: "only an Anthropic file id means anything to Anthropic" } },
  { name: "PDF held by Anthropic", messages: [user("u1", [text("Summarize"), file("document", "file_011CNha8iCJcU1wXNR6q4V8w", "anthropic")])], refuses: { openai: "only an OpenAI file id means anything to OpenAI" } },
  { name: "image held by Anthropic", messages: [user("u1", [text("Describe"), file("image", "file_011CPMxVD3fHLUhvTqtsQA5w", "anthropic")])], refuses: { openai: "not by file id" } },
  { name: "WAV audio", messages: [user("u1", [text("Transcribe"), data("audio", WAV, "audio/wav")])], refuses: noAudioAnthropic },
  { name: "MP3 audio as audio/mpeg", messages: [user("u1", [text("Transcribe"), data("audio", MP3, "audio/mpeg")])], refuses: noAudioAnthropic },
  { name: "WAV audio as audio/x-wav", messages: [user("u1", [data("audio", WAV, "audio/x-wav"), text("What is said?")])], refuses: noAudioAnthropic },
  { name: "audio by URL", messages: [user("u1", [text("Transcribe"), url("audio", "https://example.com/a.mp3", "audio/mpeg")])], refuses: { openai: "inline base64 data only", anthropic: "no audio block" } },
  { name: "video by URL", messages: [user("u1", [text("What happens?"), url("video", "https://example.com/v.mp4", "video/mp4")])], refuses: noVideo },
  { name: "inline video", messages: [user("u1", [text("What happens?"), data("video", MP4, "video/mp4")])], refuses: noVideo },
  { name: "PDF, image and text together", messages: [user("u1", [text("Compare the chart with the report"), data("image", PNG, "image/png"), data("document", PDF, "application/pdf", "q3.pdf")]), assistant("a1", "They agree."), user("u2", "Thanks")] },
  { name: "empty user text between turns", messages: [user("u1", "Hi"), assistant("a1", "Hello!"), user("u2", ""), assistant("a2", "Still there?"), user("u3", "Yes")] },
  { name: "empty user parts", messages: [user("u1", "Hi"), assistant("a1", "Hello!"), user("u2", []), user("u3", "Yes")] },
  { name: "empty assistant mid-history", messages: [user("u1", "Hi"), assistant("a1"), user("u2", "Hello?")] },
  { name: "empty system message", messages: [system("s1", ""), user("u1", "Hi")] },
  { name: "arguments that are not valid JSON", messages: [user("u1", "Go"), calls("a1", undefined, call("call_bad", "f", "{\"x\":")), result("t1", "call_bad", "", { error: "bad arguments" })], refuses: { langchain: "call_bad", anthropic: "call_bad" } },
  { name: "arguments that are an array", messages: [user("u1", "Go"), calls("a1", undefined, call("call_list", "f", "[1,2]")), result("t1", "call_list", "ok")], refuses: { langchain: "call_list", anthropic: "call_list" } },
  { name: "system message mid-history", messages: [user("u1", "Hi"), assistant("a1", "Hello!"), system("s2", "The user is on mobile now."), user("u2", "Short answers please")] },
  { name: "system message between tool results", messages: [user("u1", "Paris and Rome?"), calls("a1", "Checking.", call("call_p", "get_weather", { city: "Paris" }), call("call_r", "get_weather", { city: "Rome" })), result("t_p", "call_p", "18C"), system("s1", "Use Celsius."), result("t_r", "call_r", "22C")] },
  { name: "two tool rounds", messages: [user("u1", "Weather at my place?"), calls("a1", undefined, call("call_loc", "locate", {})), result("t1", "call_loc", "Paris"), calls("a2", "You are in Paris.", call("call_w", "get_weather", { city: "Paris" })), result("t2", "call_w", "18C"), assistant("a3", "18C in Paris."), user("u2", "Thanks")] },
  { name: "ends with an assistant reply", messages: [user("u1", "Finish the sentence: the sky is"), assistant("a1", "blue")], note: "ends with the assistant's turn, which Anthropic takes as a prefill" },
  { name: "user with several text parts", messages: [user("u1", [text("First part."), text("Second part.")], { name: "ada" })] },
  { name: "tool error with parts", messages: [ask, weather, result("t1", "call_1", [text("partial rows")], { error: "disk full" })] },
  { name: "plain-text document", messages: [user("u1", [text("Read this"), data("document", "aGVsbG8=", "text/plain", "notes.txt")])], refuses: { anthropic: "base64 document sources take application/pdf" } },
  { name: "unicode text", messages: [user("u1", "Çà et là: 東京 🌸"), assistant("a1", "Oui — 東京 🌸"), user("u2", "Merci")] },
];
