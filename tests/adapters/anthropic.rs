//! AG-UI history to Anthropic Messages.

use super::*;

#[test]
fn to_anthropic_table() {
    let cases = [
        Case {
            name: "assistant with only tool calls",
            rule: "tool calls are tool_use blocks {id, name, input: <parsed object>}",
            input: tool_calls_only(),
            expected: json!({ "messages": [{ "role": "assistant", "content": [
                { "type": "tool_use", "id": "call_1", "name": "get_weather", "input": { "city": "Paris" } }
            ] }] }),
        },
        Case {
            name: "parallel tool calls, results out of order",
            rule: "consecutive tool results merge into one user turn of tool_result blocks, in history order",
            input: parallel_calls(),
            expected: json!({ "messages": [
                { "role": "user", "content": "Weather in Paris and Rome?" },
                { "role": "assistant", "content": [
                    { "type": "tool_use", "id": "call_paris", "name": "get_weather", "input": { "city": "Paris" } },
                    { "type": "tool_use", "id": "call_rome", "name": "get_weather", "input": { "city": "Rome" } }
                ] },
                { "role": "user", "content": [
                    { "type": "tool_result", "tool_use_id": "call_rome", "content": "22C" },
                    { "type": "tool_result", "tool_use_id": "call_paris", "content": "18C" }
                ] }
            ] }),
        },
        Case {
            name: "multimodal user with data and url sources",
            rule: "image/document blocks with base64 or url sources; filename as the document title",
            input: multimodal_user(),
            expected: json!({ "messages": [{ "role": "user", "content": [
                { "type": "text", "text": "What is in these?" },
                { "type": "image", "source": { "type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo=" } },
                { "type": "image", "source": { "type": "url", "url": "https://example.com/cat.jpg" } },
                { "type": "document", "source": { "type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQ=" },
                  "title": "report.pdf" }
            ] }] }),
        },
        Case {
            name: "url and file document sources",
            rule: "documents by url, and Files API file ids as {type: file, file_id}",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "document", "source": { "type": "url", "value": "https://x/d.pdf", "mimeType": "application/pdf" } },
                { "type": "image", "source": { "type": "file", "value": "file_011", "provider": "anthropic" } }
            ] }]),
            expected: json!({ "messages": [{ "role": "user", "content": [
                { "type": "document", "source": { "type": "url", "url": "https://x/d.pdf" } },
                { "type": "image", "source": { "type": "file", "file_id": "file_011" } }
            ] }] }),
        },
        Case {
            name: "reasoning with encryptedValue, default options",
            rule: "reasoning is omitted unless the caller says what encryptedValue is",
            input: reasoning_then_reply(),
            expected: json!({ "messages": [
                { "role": "user", "content": "2+2?" },
                { "role": "assistant", "content": "4" }
            ] }),
        },
        Case {
            name: "activity in the middle",
            rule: "activity messages are dropped",
            input: activity_in_the_middle(),
            expected: json!({ "messages": [
                { "role": "user", "content": "Plan my trip" },
                { "role": "assistant", "content": "Done." }
            ] }),
        },
        Case {
            name: "system and developer together",
            rule: "both lift into system, as text blocks when there are several",
            input: system_and_developer(),
            expected: json!({
                "system": [
                    { "type": "text", "text": "You are terse." },
                    { "type": "text", "text": "Answer in French." }
                ],
                "messages": [{ "role": "user", "content": "Hi" }]
            }),
        },
        Case {
            name: "one system message mid-history",
            rule: "a single system prompt is a string; lifting it lets tool results around it merge",
            input: json!([
                { "id": "a1", "role": "assistant", "content": "Checking.", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "one" },
                { "id": "s1", "role": "system", "content": "Stay calm." },
                { "id": "act", "role": "activity", "activityType": "T", "content": {} },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "", "error": "timeout" },
                { "id": "u1", "role": "user", "content": "and?" }
            ]),
            expected: json!({
                "system": "Stay calm.",
                "messages": [
                    { "role": "assistant", "content": [
                        { "type": "text", "text": "Checking." },
                        { "type": "tool_use", "id": "c1", "name": "f", "input": {} },
                        { "type": "tool_use", "id": "c2", "name": "g", "input": {} }
                    ] },
                    { "role": "user", "content": [
                        { "type": "tool_result", "tool_use_id": "c1", "content": "one" },
                        { "type": "tool_result", "tool_use_id": "c2", "content": "timeout", "is_error": true }
                    ] },
                    { "role": "user", "content": "and?" }
                ]
            }),
        },
        Case {
            name: "tool error after a result, media in a result, an empty assistant",
            rule: "is_error with the error as a last text block; tool_result content takes images; an empty assistant turn is skipped",
            input: json!([
                { "id": "a0", "role": "assistant", "content": "" },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "error": "partial", "content": [
                    { "type": "image", "source": { "type": "data", "value": "R0lG", "mimeType": "IMAGE/GIF" } }
                ] }
            ]),
            expected: json!({ "messages": [{ "role": "user", "content": [
                { "type": "tool_result", "tool_use_id": "c1", "is_error": true, "content": [
                    { "type": "image", "source": { "type": "base64", "media_type": "image/gif", "data": "R0lG" } },
                    { "type": "text", "text": "partial" }
                ] }
            ] }] }),
        },
        Case {
            name: "empty user messages",
            rule: "a user message with empty content is skipped: the API rejects empty turns",
            input: json!([
                { "id": "u0", "role": "user", "content": [] },
                { "id": "u1", "role": "user", "content": "hi" },
                { "id": "a1", "role": "assistant", "content": "hello" },
                { "id": "u2", "role": "user", "content": "" }
            ]),
            expected: json!({ "messages": [
                { "role": "user", "content": "hi" },
                { "role": "assistant", "content": "hello" }
            ] }),
        },
    ];
    run(&cases, |h| to_anthropic(h, &AnthropicOptions::default()));
}

#[test]
fn to_anthropic_reasoning_modes() {
    let input = json!([
        { "id": "u1", "role": "user", "content": "2+2?" },
        { "id": "r0", "role": "reasoning", "content": "unsigned" },
        { "id": "r1", "role": "reasoning", "content": "Adding.", "encryptedValue": "sig_1" },
        { "id": "a1", "role": "assistant", "content": "4" },
        { "id": "r2", "role": "reasoning", "content": "orphan", "encryptedValue": "sig_2" },
        { "id": "u2", "role": "user", "content": "ok" }
    ]);
    let cases = [
        (
            AnthropicReasoning::Thinking,
            "thinking {thinking: content, signature: encryptedValue} first in the next assistant turn; unsigned and orphan reasoning omitted",
            json!({ "type": "thinking", "thinking": "Adding.", "signature": "sig_1" }),
        ),
        (
            AnthropicReasoning::RedactedThinking,
            "redacted_thinking {data: encryptedValue} first in the next assistant turn",
            json!({ "type": "redacted_thinking", "data": "sig_1" }),
        ),
    ];
    for (mode, rule, block) in cases {
        let got = to_anthropic(
            &history("modes", &input),
            &AnthropicOptions { reasoning: mode },
        )
        .expect("converts");
        let expected = json!({ "messages": [
            { "role": "user", "content": "2+2?" },
            { "role": "assistant", "content": [block, { "type": "text", "text": "4" }] },
            { "role": "user", "content": "ok" }
        ] });
        assert_eq!(got, expected, "{rule}");
    }
}

#[test]
fn to_anthropic_refuses_what_the_messages_api_cannot_say() {
    let t = Format::Anthropic;
    let user = |part: Value| json!([{ "id": "u1", "role": "user", "content": [part] }]);
    let cases = [
        ErrCase {
            name: "audio",
            rule: "the Messages API has no audio block",
            input: user(json!({ "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } })),
            expected: unsupported(t, "u1", "content[0] (audio, data source)", "the Messages API has text, image and document blocks, no audio block"),
        },
        ErrCase {
            name: "video in a tool result",
            rule: "tool_result content takes text, image and document blocks",
            input: json!([{ "id": "t1", "role": "tool", "toolCallId": "c", "content": [
                { "type": "video", "source": { "type": "url", "value": "https://x/v.mp4" } }
            ] }]),
            expected: unsupported(t, "t1", "content[0] (video, url source)", "tool_result content takes text, image and document blocks, no video block"),
        },
        ErrCase {
            name: "svg image",
            rule: "base64 image media_type is jpeg | png | gif | webp",
            input: user(json!({ "type": "image", "source": { "type": "data", "value": "PHN2", "mimeType": "image/svg+xml" } })),
            expected: unsupported(t, "u1", "content[0] (image, data source)", "base64 image sources take image/jpeg, image/png, image/gif, image/webp, not \"image/svg+xml\""),
        },
        ErrCase {
            name: "base64 text document",
            rule: "base64 document media_type is application/pdf",
            input: user(json!({ "type": "document", "source": { "type": "data", "value": "aGk=", "mimeType": "text/plain" } })),
            expected: unsupported(t, "u1", "content[0] (document, data source)", "base64 document sources take application/pdf, not \"text/plain\""),
        },
        ErrCase {
            name: "docx by url",
            rule: "url documents are PDFs",
            input: user(json!({ "type": "document", "source": { "type": "url", "value": "https://x/d.docx",
                "mimeType": "application/vnd.openxmlformats-officedocument.wordprocessingml.document" } })),
            expected: unsupported(t, "u1", "content[0] (document, url source)", "document URLs must be PDFs, and this one is \"application/vnd.openxmlformats-officedocument.wordprocessingml.document\""),
        },
        ErrCase {
            name: "OpenAI file",
            rule: "a file id issued by another provider means nothing to Anthropic",
            input: user(json!({ "type": "image", "source": { "type": "file", "value": "file-abc", "provider": "openai" } })),
            expected: unsupported(t, "u1", "content[0] (image, file source)", "the file is held by \"openai\", and only an Anthropic file id means anything to Anthropic"),
        },
        ErrCase {
            name: "invalid JSON arguments",
            rule: "tool_use.input must be an object",
            input: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "call_bad", "type": "function", "function": { "name": "g", "arguments": "{\"x\":" } }
            ] }]),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_bad".into(),
                reason: "they are not valid JSON (EOF while parsing a value at line 1 column 5)".into(),
            },
        },
        ErrCase {
            name: "arguments that are not an object",
            rule: "tool_use.input must be an object",
            input: json!([{ "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "call_n", "type": "function", "function": { "name": "g", "arguments": "42" } }
            ] }]),
            expected: AdapterError::InvalidToolArguments {
                target: t,
                message_id: "a1".into(),
                tool_call_id: "call_n".into(),
                reason: "they parse as a number, not an object".into(),
            },
        },
    ];
    run_errors(&cases, |h| to_anthropic(h, &AnthropicOptions::default()));
}
