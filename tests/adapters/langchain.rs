//! AG-UI history to and from LangChain messages.

use super::*;

#[test]
fn to_langchain_table() {
    let cases = [
        Case {
            name: "assistant with only tool calls",
            rule: "AIMessage content is a string, \"\" when empty; tool_calls are {name, args: <parsed object>, id, type: tool_call}",
            input: tool_calls_only(),
            expected: json!([{ "type": "ai", "id": "a1", "content": "", "tool_calls": [
                { "name": "get_weather", "args": { "city": "Paris" }, "id": "call_1", "type": "tool_call" }
            ] }]),
        },
        Case {
            name: "parallel tool calls, results out of order",
            rule: "ToolMessage is {type: tool, tool_call_id}; results link by id and keep history order",
            input: parallel_calls(),
            expected: json!([
                { "type": "human", "id": "u1", "content": "Weather in Paris and Rome?" },
                { "type": "ai", "id": "a1", "content": "", "tool_calls": [
                    { "name": "get_weather", "args": { "city": "Paris" }, "id": "call_paris", "type": "tool_call" },
                    { "name": "get_weather", "args": { "city": "Rome" }, "id": "call_rome", "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t_rome", "content": "22C", "tool_call_id": "call_rome" },
                { "type": "tool", "id": "t_paris", "content": "18C", "tool_call_id": "call_paris" }
            ]),
        },
        Case {
            name: "multimodal user with data and url sources",
            rule: "images as image_url (data: URL for inline bytes); a document as a source_type base64 file block named in metadata.filename",
            input: multimodal_user(),
            expected: json!([{ "type": "human", "id": "u1", "content": [
                { "type": "text", "text": "What is in these?" },
                { "type": "image_url", "image_url": { "url": "data:image/png;base64,iVBORw0KGgo=" } },
                { "type": "image_url", "image_url": { "url": "https://example.com/cat.jpg" } },
                { "type": "file", "source_type": "base64", "data": "JVBERi0xLjQ=", "mime_type": "application/pdf",
                  "metadata": { "filename": "report.pdf" } }
            ] }]),
        },
        Case {
            name: "audio, video and file sources",
            rule: "source_type blocks for audio and video; WAV and MP3 as audio/wav and audio/mp3; a file id as source_type id, or as file_id + fileId when Anthropic holds it or it is an image",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "audio", "source": { "type": "data", "value": "UklGRiQ=", "mimeType": "Audio/X-WAV; codecs=1" } },
                { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
                { "type": "audio", "source": { "type": "data", "value": "T2dn", "mimeType": "audio/ogg" } },
                { "type": "video", "source": { "type": "url", "value": "https://example.com/v.mp4", "mimeType": "video/mp4" } },
                { "type": "document", "source": { "type": "file", "value": "file-abc", "provider": "openai" } },
                { "type": "document", "source": { "type": "file", "value": "file_01", "provider": "Anthropic", "mimeType": "application/pdf" } },
                { "type": "image", "source": { "type": "file", "value": "file-img" } },
                { "type": "document", "source": { "type": "url", "value": "https://example.com/d.pdf" },
                  "metadata": { "filename": "d.pdf" } }
            ] }]),
            expected: json!([{ "type": "human", "id": "u1", "content": [
                { "type": "audio", "source_type": "base64", "data": "UklGRiQ=", "mime_type": "audio/wav" },
                { "type": "audio", "source_type": "base64", "data": "SUQz", "mime_type": "audio/mp3" },
                { "type": "audio", "source_type": "base64", "data": "T2dn", "mime_type": "audio/ogg" },
                { "type": "video", "source_type": "url", "url": "https://example.com/v.mp4", "mime_type": "video/mp4" },
                { "type": "file", "source_type": "id", "id": "file-abc" },
                { "type": "file", "file_id": "file_01", "fileId": "file_01", "mime_type": "application/pdf" },
                { "type": "image", "file_id": "file-img", "fileId": "file-img" },
                { "type": "file", "source_type": "url", "url": "https://example.com/d.pdf", "metadata": { "filename": "d.pdf" } }
            ] }]),
        },
        Case {
            name: "inline documents without a filename",
            rule: "an inline document always has a name: document.pdf for a PDF, document otherwise",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "Application/PDF" } },
                { "type": "document", "source": { "type": "data", "value": "aGk=", "mimeType": "text/plain" } }
            ] }]),
            expected: json!([{ "type": "human", "id": "u1", "content": [
                { "type": "file", "source_type": "base64", "data": "JVBE", "mime_type": "Application/PDF",
                  "metadata": { "filename": "document.pdf" } },
                { "type": "file", "source_type": "base64", "data": "aGk=", "mime_type": "text/plain",
                  "metadata": { "filename": "document" } }
            ] }]),
        },
        Case {
            name: "reasoning with encryptedValue before the reply",
            rule: "reasoning is a Responses-style block {type: reasoning, id, summary: [summary_text], encrypted_content} at the head of the next ai message",
            input: reasoning_then_reply(),
            expected: json!([
                { "type": "human", "id": "u1", "content": "2+2?" },
                { "type": "ai", "id": "a1", "content": [
                    { "type": "reasoning", "id": "r1",
                      "summary": [{ "type": "summary_text", "text": "Adding." }],
                      "encrypted_content": "enc_r1" },
                    { "type": "text", "text": "4" }
                ], "tool_calls": [] }
            ]),
        },
        Case {
            name: "reasoning with no text reply after it",
            rule: "reasoning before a tool-call-only reply, before a user message or at the end is omitted, never an ai message of its own",
            input: json!([
                { "id": "r0", "role": "reasoning", "content": "lost", "encryptedValue": "enc0" },
                { "id": "u1", "role": "user", "content": "go" },
                { "id": "r1", "role": "reasoning", "content": "Need a tool.", "encryptedValue": "enc1" },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "ok" },
                { "id": "r2", "role": "reasoning", "content": "", "encryptedValue": "enc2" }
            ]),
            expected: json!([
                { "type": "human", "id": "u1", "content": "go" },
                { "type": "ai", "id": "a1", "content": "", "tool_calls": [
                    { "name": "f", "args": {}, "id": "c1", "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t1", "content": "ok", "tool_call_id": "c1" }
            ]),
        },
        Case {
            name: "activity in the middle",
            rule: "activity messages are UI state and are dropped",
            input: activity_in_the_middle(),
            expected: json!([
                { "type": "human", "id": "u1", "content": "Plan my trip" },
                { "type": "ai", "id": "a1", "content": "Done.", "tool_calls": [] }
            ]),
        },
        Case {
            name: "system and developer together",
            rule: "both become SystemMessage; developer carries additional_kwargs.__openai_role__ = developer, as convert_to_messages sets it",
            input: system_and_developer(),
            expected: json!([
                { "type": "system", "id": "s1", "content": "You are terse." },
                { "type": "system", "id": "d1", "content": "Answer in French.",
                  "additional_kwargs": { "__openai_role__": "developer" } },
                { "type": "human", "id": "u1", "content": "Hi" }
            ]),
        },
        Case {
            name: "an instruction while tools run",
            rule: "a system or developer message between a call and its last result goes right after the results",
            input: json!([
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "one" },
                { "id": "s1", "role": "system", "content": "Stay calm." },
                { "id": "act", "role": "activity", "activityType": "T", "content": {} },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "two" },
                { "id": "u1", "role": "user", "content": "and?" }
            ]),
            expected: json!([
                { "type": "ai", "id": "a1", "content": "", "tool_calls": [
                    { "name": "f", "args": {}, "id": "c1", "type": "tool_call" },
                    { "name": "g", "args": {}, "id": "c2", "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t1", "content": "one", "tool_call_id": "c1" },
                { "type": "tool", "id": "t2", "content": "two", "tool_call_id": "c2" },
                { "type": "system", "id": "s1", "content": "Stay calm." },
                { "type": "human", "id": "u1", "content": "and?" }
            ]),
        },
        Case {
            name: "tool errors",
            rule: "status: error, and `Error: <error>` as a last text block, alone when the tool returned nothing",
            input: json!([
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "", "error": "timeout" },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "partial rows", "error": "disk full" }
            ]),
            expected: json!([
                { "type": "tool", "id": "t1", "content": [{ "type": "text", "text": "Error: timeout" }],
                  "tool_call_id": "c1", "status": "error" },
                { "type": "tool", "id": "t2", "content": [
                    { "type": "text", "text": "partial rows" }, { "type": "text", "text": "Error: disk full" }
                ], "tool_call_id": "c2", "status": "error" }
            ]),
        },
        Case {
            name: "empty messages",
            rule: "user, system and developer messages with empty content and assistant messages with neither text nor calls are skipped",
            input: json!([
                { "id": "s1", "role": "system", "content": "" },
                { "id": "d1", "role": "developer", "content": "" },
                { "id": "u1", "role": "user", "content": "" },
                { "id": "u2", "role": "user", "content": [] },
                { "id": "a1", "role": "assistant" },
                { "id": "a2", "role": "assistant", "content": "", "toolCalls": [] },
                { "id": "u3", "role": "user", "content": "hi" }
            ]),
            expected: json!([{ "type": "human", "id": "u3", "content": "hi" }]),
        },
        Case {
            name: "names and a legacy binary part",
            rule: "name is kept; a legacy binary part travels as its 1.0 media part",
            input: json!([{ "id": "u1", "role": "user", "name": "ada", "content": [
                { "type": "binary", "mimeType": "application/pdf", "data": "JVBE", "filename": "a.pdf" }
            ] }]),
            expected: json!([{ "type": "human", "id": "u1", "name": "ada", "content": [
                { "type": "file", "source_type": "base64", "data": "JVBE", "mime_type": "application/pdf",
                  "metadata": { "filename": "a.pdf" } }
            ] }]),
        },
    ];
    run(&cases, to_langchain);
}

#[test]
fn to_langchain_refuses_what_langchain_cannot_hold() {
    let t = Format::LangChain;
    let cases = [
        ErrCase {
            name: "binary with only an id",
            rule: "a legacy part with neither data nor url has no 1.0 form",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "text", "text": "see" },
                { "type": "binary", "mimeType": "image/png", "id": "blob-1" }
            ] }]),
            expected: unsupported(
                t,
                "u1",
                "content[1] (binary)",
                "a legacy binary part with neither data nor a url has no 1.0 form to send",
            ),
        },
        ErrCase {
            name: "invalid JSON arguments",
            rule: "args is an object in LangChain, and invalid_tool_calls never reach the vendor",
            input: invalid_arguments(),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_bad".into(),
                reason: "they are not valid JSON (EOF while parsing a value at line 1 column 5)"
                    .into(),
            },
        },
        ErrCase {
            name: "arguments that are a list",
            rule: "args is an object in LangChain",
            input: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "call_list", "type": "function", "function": { "name": "h", "arguments": "[1,2]" } }
            ] }]),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_list".into(),
                reason: "they parse as an array, not an object".into(),
            },
        },
    ];
    run_errors(&cases, to_langchain);
}

#[test]
fn from_langchain_table() {
    let cases = [
        Case {
            name: "role instead of type, and the messages_to_dict envelope",
            rule: "convert_to_messages reads `role`; messages_from_dict reads {type, data}",
            input: json!([
                { "role": "user", "content": "hi", "id": "h1" },
                { "type": "ai", "data": { "content": "hello", "id": "a1", "type": "ai",
                                          "tool_calls": [], "response_metadata": {} } }
            ]),
            expected: json!([
                { "id": "h1", "role": "user", "content": "hi" },
                { "id": "a1", "role": "assistant", "content": "hello" }
            ]),
        },
        Case {
            name: "missing ids are minted from the position",
            rule: "LangChain ids are optional; AG-UI's are not",
            input: json!([{ "type": "human", "content": "hi" }, { "type": "ai", "content": "yo", "id": null }]),
            expected: json!([
                { "id": "langchain-0", "role": "user", "content": "hi" },
                { "id": "langchain-1", "role": "assistant", "content": "yo" }
            ]),
        },
        Case {
            name: "older and foreign multimodal block shapes",
            rule: "source_type blocks, either language's v1 names, Anthropic source blocks, OpenAI input_audio and file parts, plain strings in a list",
            input: json!([{ "type": "human", "id": "h1", "content": [
                "plain",
                { "type": "image", "source_type": "base64", "data": "iVBO", "mime_type": "image/png" },
                { "type": "file", "source_type": "url", "url": "https://x/doc.pdf" },
                { "type": "image", "source": { "type": "base64", "media_type": "image/jpeg", "data": "/9j/" } },
                { "type": "document", "source": { "type": "url", "url": "https://x/a.pdf" } },
                { "type": "input_audio", "input_audio": { "data": "SUQz", "format": "mp3" } },
                { "type": "file", "file": { "file_data": "data:application/pdf;base64,JVBE", "filename": "x.pdf" } },
                { "type": "audio", "base64": "UklG", "mime_type": "audio/wav" },
                { "type": "image", "data": "R0lG", "mimeType": "image/gif" },
                { "type": "file", "fileId": "file_9" }
            ] }]),
            expected: json!([{ "id": "h1", "role": "user", "content": [
                { "type": "text", "text": "plain" },
                { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
                { "type": "document", "source": { "type": "url", "value": "https://x/doc.pdf" } },
                { "type": "image", "source": { "type": "data", "value": "/9j/", "mimeType": "image/jpeg" } },
                { "type": "document", "source": { "type": "url", "value": "https://x/a.pdf" } },
                { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
                  "metadata": { "filename": "x.pdf" } },
                { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
                { "type": "image", "source": { "type": "data", "value": "R0lG", "mimeType": "image/gif" } },
                { "type": "document", "source": { "type": "file", "value": "file_9" } }
            ] }]),
        },
        Case {
            name: "the AG-UI LangGraph adapters' output",
            rule: "every medium as an image_url data URL, read by the URL's MIME type; AG-UI parts passed through in a tool result; args parsed from a list kept as JSON text",
            input: json!([
                { "type": "human", "id": "h1", "role": "user", "content": [
                    { "type": "image_url", "image_url": { "url": "data:audio/wav;base64,UklG" } },
                    { "type": "image_url", "image_url": { "url": "data:application/pdf;base64,JVBE" } },
                    { "type": "image_url", "image_url": { "url": "data:video/mp4;base64,AAAA" } },
                    { "type": "image_url", "image_url": { "url": "data:image/png;base64,iVBO" } },
                    { "type": "image_url", "image_url": { "url": "https://x/song.mp3" } }
                ] },
                { "type": "ai", "id": "a1", "role": "assistant", "content": "", "tool_calls": [
                    { "id": "c1", "name": "plot", "args": [1, 2], "type": "tool_call" }
                ] },
                { "type": "tool", "id": "t1", "role": "tool", "tool_call_id": "c1", "status": "success", "content": [
                    { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } }
                ] }
            ]),
            expected: json!([
                { "id": "h1", "role": "user", "content": [
                    { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
                    { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" } },
                    { "type": "video", "source": { "type": "data", "value": "AAAA", "mimeType": "video/mp4" } },
                    { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
                    { "type": "image", "source": { "type": "url", "value": "https://x/song.mp3" } }
                ] },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "plot", "arguments": "[1,2]" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": [
                    { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } }
                ] }
            ]),
        },
        Case {
            name: "Anthropic-style ai content",
            rule: "thinking/redacted_thinking become reasoning (signature or data as encryptedValue); tool_use copies are skipped for tool_calls",
            input: json!([{ "type": "ai", "id": "a1", "content": [
                { "type": "thinking", "thinking": "hmm", "signature": "sig" },
                { "type": "redacted_thinking", "data": "opaque" },
                { "type": "text", "text": "Checking." },
                { "type": "tool_use", "id": "toolu_1", "name": "f", "input": {} }
            ], "tool_calls": [{ "name": "f", "args": {}, "id": "toolu_1", "type": "tool_call" }] }]),
            expected: json!([
                { "id": "a1-reasoning-0", "role": "reasoning", "content": "hmm", "encryptedValue": "sig" },
                { "id": "a1-reasoning-1", "role": "reasoning", "content": "", "encryptedValue": "opaque" },
                { "id": "a1", "role": "assistant", "content": "Checking.", "toolCalls": [
                    { "id": "toolu_1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] }
            ]),
        },
        Case {
            name: "failed tools as others write them",
            rule: "a body without a last `Error: ` block is the tool's own output (ToolNode's exception text, ag-ui's result), with error \"error\"; our own last block is the error text",
            input: json!([
                { "type": "tool", "id": "t1", "tool_call_id": "c1", "content": "Error: boom\n Please fix your mistakes.",
                  "status": "error", "name": "f" },
                { "type": "tool", "id": "t2", "tool_call_id": "c2", "content": "partial rows", "status": "error" },
                { "type": "tool", "id": "t3", "tool_call_id": "c3", "status": "error",
                  "content": [{ "type": "text", "text": "rows" }] },
                { "type": "tool", "id": "t4", "tool_call_id": "c4", "status": "error",
                  "content": [{ "type": "text", "text": "rows" }, { "type": "text", "text": "Error: disk full" }] }
            ]),
            expected: json!([
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "Error: boom\n Please fix your mistakes.", "error": "error" },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "partial rows", "error": "error" },
                { "id": "t3", "role": "tool", "toolCallId": "c3", "content": [{ "type": "text", "text": "rows" }], "error": "error" },
                { "id": "t4", "role": "tool", "toolCallId": "c4", "content": "rows", "error": "disk full" }
            ]),
        },
        Case {
            name: "OpenAI-style and invalid tool calls",
            rule: "convert_to_messages accepts {id, function: {name, arguments}}; arguments stay as sent; invalid_tool_calls keep their raw args, after the valid calls",
            input: json!([{ "type": "ai", "id": "a1", "content": "", "tool_calls": [
                { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } }
            ], "invalid_tool_calls": [
                { "id": "c2", "name": "g", "args": "{oops", "error": "bad", "type": "invalid_tool_call" }
            ] }]),
            expected: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } },
                { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{oops" } }
            ] }]),
        },
    ];
    let mut failures = Vec::new();
    for c in &cases {
        let want = history(c.name, &c.expected);
        match from_langchain(&c.input) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("{} [{}]: got {got:?}", c.name, c.rule)),
            Err(e) => failures.push(format!("{} [{}]: error: {e}", c.name, c.rule)),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn from_langchain_refuses_what_ag_ui_cannot_hold() {
    let cases = [
        (
            json!([{ "type": "ai", "id": "a1", "content": [{ "type": "image_url", "image_url": { "url": "https://x" } }] }]),
            "messages[0].content[0]",
            "an AG-UI assistant message holds text and tool calls, not \"image_url\" blocks",
        ),
        (
            json!([{ "type": "function", "content": "x", "name": "f" }]),
            "messages[0].type",
            "AG-UI has no message for LangChain type \"function\"",
        ),
        (
            json!([{ "type": "human", "content": [{ "type": "weird" }] }]),
            "messages[0].content[0]",
            "no AG-UI content part for a \"weird\" block",
        ),
        (
            json!([{ "type": "human", "content": [{ "type": "image", "base64": "AAA" }] }]),
            "messages[0].content[0]",
            "inline data needs a mime_type, which AG-UI requires",
        ),
        (
            json!([{ "type": "human", "content": [{ "type": "image", "source": { "type": "data", "value": "AAA" } }] }]),
            "messages[0].content[0].source",
            "not an AG-UI source: `mimeType`: missing field",
        ),
        (
            json!([{ "type": "tool", "content": "x" }]),
            "messages[0].tool_call_id",
            "a string is required here",
        ),
        (
            json!({ "nope": 1 }),
            "messages",
            "expected an array of messages",
        ),
    ];
    for (input, at, reason) in cases {
        assert_eq!(
            from_langchain(&input),
            Err(AdapterError::Invalid {
                format: Format::LangChain,
                at: at.into(),
                reason: reason.into()
            }),
            "{input}"
        );
    }
}

#[test]
fn langchain_round_trip_keeps_ids_links_and_content() {
    // Built to avoid the documented normalizations, so it must come back
    // exactly, activity aside.
    let original = json!([
        { "id": "s1", "role": "system", "content": "Be brief." },
        { "id": "d1", "role": "developer", "content": "Use metric units.", "name": "ops" },
        { "id": "u1", "role": "user", "name": "ada", "content": [
            { "type": "text", "text": "Here:" },
            { "type": "image", "source": { "type": "data", "value": "iVBORw0KGgo=", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "https://example.com/cat.jpg" } },
            { "type": "image", "source": { "type": "file", "value": "file_img" } },
            { "type": "audio", "source": { "type": "url", "value": "https://example.com/a.ogg", "mimeType": "audio/ogg" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mp3" } },
            { "type": "video", "source": { "type": "file", "value": "file-v", "mimeType": "video/mp4" } },
            { "type": "document", "source": { "type": "data", "value": "JVBERi0=", "mimeType": "application/pdf" },
              "metadata": { "filename": "r.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file-1", "mimeType": "application/pdf" } }
        ] },
        { "id": "act", "role": "activity", "activityType": "PLAN", "content": { "n": 1 } },
        { "id": "r1", "role": "reasoning", "content": "Two lookups.", "encryptedValue": "enc1" },
        { "id": "a1", "role": "assistant", "content": "Looking up.", "toolCalls": [
            { "id": "c1", "type": "function", "function": { "name": "get", "arguments": "{\"city\":\"Paris\",\"n\":[1,2]}" } },
            { "id": "c2", "type": "function", "function": { "name": "get", "arguments": "{}" } },
            { "id": "c3", "type": "function", "function": { "name": "put", "arguments": "{\"x\":null}" } }
        ] },
        { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "ok" },
        { "id": "t1", "role": "tool", "toolCallId": "c1", "content": [{ "type": "text", "text": "18C" }] },
        { "id": "t3", "role": "tool", "toolCallId": "c3", "content": "", "error": "Error: nested prefix" },
        { "id": "r2", "role": "reasoning", "content": "Done thinking." },
        { "id": "a2", "role": "assistant", "content": "Paris is 18C." },
        { "id": "u2", "role": "user", "content": "thanks" }
    ]);
    let h = history("round trip", &original);
    let lc = to_langchain(&h).expect("converts");
    let back = from_langchain(&lc).expect("reads back");
    let want: Vec<Message> = h.into_iter().filter(|m| !m.is_activity()).collect();
    assert_eq!(back, want, "via {lc}");
}

#[test]
fn langchain_round_trip_normalizations() {
    // Each documented normalization, as it comes back.
    let original = json!([
        { "id": "a1", "role": "assistant", "content": "", "toolCalls": [] },
        { "id": "u0", "role": "user", "content": [] },
        { "id": "r0", "role": "reasoning", "content": "before a call", "encryptedValue": "enc0" },
        { "id": "a2", "role": "assistant", "toolCalls": [
            { "id": "c2", "type": "function", "function": { "name": "g", "arguments": " { \"a\" : 1 } " } },
            { "id": "c3", "type": "function", "function": { "name": "h", "arguments": "" } }
        ] },
        { "id": "t1", "role": "tool", "toolCallId": "c2",
          "content": [{ "type": "text", "text": "rows" }], "error": "truncated" },
        { "id": "s1", "role": "system", "content": "Be quick." },
        { "id": "t2", "role": "tool", "toolCallId": "c3", "content": "done" },
        { "id": "u1", "role": "user", "content": [
            { "type": "image", "source": { "type": "url", "value": "https://x/i.png", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "data:image/gif;base64,R0lG" } },
            { "type": "binary", "mimeType": "image/png", "url": "https://x/b.png" },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
            { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/x-wav" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file_01", "provider": "anthropic" } }
        ] },
        { "id": "r1", "role": "reasoning", "content": "trailing", "encryptedValue": "enc1" }
    ]);
    let expected = json!([
        { "id": "a2", "role": "assistant", "toolCalls": [
            { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{\"a\":1}" } },
            { "id": "c3", "type": "function", "function": { "name": "h", "arguments": "{}" } }
        ] },
        { "id": "t1", "role": "tool", "toolCallId": "c2", "content": "rows", "error": "truncated" },
        { "id": "t2", "role": "tool", "toolCallId": "c3", "content": "done" },
        { "id": "s1", "role": "system", "content": "Be quick." },
        { "id": "u1", "role": "user", "content": [
            { "type": "image", "source": { "type": "url", "value": "https://x/i.png" } },
            { "type": "image", "source": { "type": "data", "value": "R0lG", "mimeType": "image/gif" } },
            { "type": "image", "source": { "type": "url", "value": "https://x/b.png" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mp3" } },
            { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
              "metadata": { "filename": "document.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file_01" } }
        ] }
    ]);
    let lc = to_langchain(&history("normalizations", &original)).expect("converts");
    assert_eq!(
        from_langchain(&lc).expect("reads back"),
        history("expected", &expected),
        "via {lc}"
    );
}
