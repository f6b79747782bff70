//! AG-UI history to and from OpenAI Chat Completions messages.

use super::*;

#[test]
fn to_openai_chat_table() {
    let cases = [
        Case {
            name: "assistant with only tool calls",
            rule: "content is null when there are only tool_calls; arguments stay a JSON string",
            input: tool_calls_only(),
            expected: json!([{ "role": "assistant", "content": null, "tool_calls": [
                { "id": "call_1", "type": "function",
                  "function": { "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" } }
            ] }]),
        },
        Case {
            name: "parallel tool calls, results out of order",
            rule: "tool messages carry tool_call_id and keep history order",
            input: parallel_calls(),
            expected: json!([
                { "role": "user", "content": "Weather in Paris and Rome?" },
                { "role": "assistant", "content": null, "tool_calls": [
                    { "id": "call_paris", "type": "function",
                      "function": { "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" } },
                    { "id": "call_rome", "type": "function",
                      "function": { "name": "get_weather", "arguments": "{\"city\":\"Rome\"}" } }
                ] },
                { "role": "tool", "tool_call_id": "call_rome", "content": "22C" },
                { "role": "tool", "tool_call_id": "call_paris", "content": "18C" }
            ]),
        },
        Case {
            name: "multimodal user with data and url sources",
            rule: "text and image_url parts (data: URL for inline bytes); a PDF as a file part with file_data and filename",
            input: multimodal_user(),
            expected: json!([{ "role": "user", "content": [
                { "type": "text", "text": "What is in these?" },
                { "type": "image_url", "image_url": { "url": "data:image/png;base64,iVBORw0KGgo=" } },
                { "type": "image_url", "image_url": { "url": "https://example.com/cat.jpg" } },
                { "type": "file", "file": { "file_data": "data:application/pdf;base64,JVBERi0xLjQ=", "filename": "report.pdf" } }
            ] }]),
        },
        Case {
            name: "inline audio and an uploaded file",
            rule: "input_audio {data, format} with format wav|mp3 from the MIME type; a file source as {file: {file_id}}",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
                { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "Audio/X-WAV; codecs=1" } },
                { "type": "document", "source": { "type": "file", "value": "file-abc", "provider": "OpenAI" } }
            ] }]),
            expected: json!([{ "role": "user", "content": [
                { "type": "input_audio", "input_audio": { "data": "SUQz", "format": "mp3" } },
                { "type": "input_audio", "input_audio": { "data": "UklG", "format": "wav" } },
                { "type": "file", "file": { "file_id": "file-abc" } }
            ] }]),
        },
        Case {
            name: "reasoning with encryptedValue, default options",
            rule: "reasoning is not sent by default: OpenAI chat takes no reasoning",
            input: reasoning_then_reply(),
            expected: json!([
                { "role": "user", "content": "2+2?" },
                { "role": "assistant", "content": "4" }
            ]),
        },
        Case {
            name: "activity in the middle",
            rule: "activity messages are dropped",
            input: activity_in_the_middle(),
            expected: json!([
                { "role": "user", "content": "Plan my trip" },
                { "role": "assistant", "content": "Done." }
            ]),
        },
        Case {
            name: "system and developer together",
            rule: "developer keeps its role (OpenAI has both), in place",
            input: system_and_developer(),
            expected: json!([
                { "role": "system", "content": "You are terse." },
                { "role": "developer", "content": "Answer in French." },
                { "role": "user", "content": "Hi" }
            ]),
        },
        Case {
            name: "invalid JSON arguments",
            rule: "arguments are a string in OpenAI, so they go out verbatim",
            input: invalid_arguments(),
            expected: json!([{ "role": "assistant", "content": null, "tool_calls": [
                { "id": "call_ok", "type": "function", "function": { "name": "f", "arguments": "{\"x\":1}" } },
                { "id": "call_bad", "type": "function", "function": { "name": "g", "arguments": "{\"x\":" } },
                { "id": "call_list", "type": "function", "function": { "name": "h", "arguments": "[1,2]" } },
                { "id": "call_empty", "type": "function", "function": { "name": "k", "arguments": "" } }
            ] }]),
        },
        Case {
            name: "tool errors and text parts",
            rule: "no error flag in OpenAI: `Error: <error>` is the body or a last text part; tool content takes text parts",
            input: json!([
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "", "error": "timeout" },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": [{ "type": "text", "text": "a" }] },
                { "id": "t3", "role": "tool", "toolCallId": "c3", "content": "rows", "error": "cut" }
            ]),
            expected: json!([
                { "role": "tool", "tool_call_id": "c1", "content": "Error: timeout" },
                { "role": "tool", "tool_call_id": "c2", "content": [{ "type": "text", "text": "a" }] },
                { "role": "tool", "tool_call_id": "c3", "content": [
                    { "type": "text", "text": "rows" }, { "type": "text", "text": "Error: cut" }
                ] }
            ]),
        },
        Case {
            name: "text, tool calls and names together",
            rule: "assistant keeps content next to tool_calls; name on user/assistant; empty assistant is content \"\"",
            input: json!([
                { "id": "u1", "role": "user", "content": "go", "name": "ada" },
                { "id": "a1", "role": "assistant", "content": "On it.", "name": "bot", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] },
                { "id": "a2", "role": "assistant" }
            ]),
            expected: json!([
                { "role": "user", "content": "go", "name": "ada" },
                { "role": "assistant", "content": "On it.", "name": "bot", "tool_calls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] },
                { "role": "assistant", "content": "" }
            ]),
        },
        Case {
            name: "inline documents without a filename",
            rule: "file_data always has a filename: document.pdf for a PDF, document otherwise",
            input: json!([{ "id": "u1", "role": "user", "content": [
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf; x=1" } },
                { "type": "document", "source": { "type": "data", "value": "aGk=", "mimeType": "text/plain" } },
                { "type": "document", "source": { "type": "file", "value": "file-1" } }
            ] }]),
            expected: json!([{ "role": "user", "content": [
                { "type": "file", "file": { "file_data": "data:application/pdf; x=1;base64,JVBE", "filename": "document.pdf" } },
                { "type": "file", "file": { "file_data": "data:text/plain;base64,aGk=", "filename": "document" } },
                { "type": "file", "file": { "file_id": "file-1" } }
            ] }]),
        },
        Case {
            name: "empty user messages and an instruction while tools run",
            rule: "a user message with empty content is skipped; a system message between a call and its last result goes right after the results",
            input: json!([
                { "id": "u0", "role": "user", "content": "" },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "one" },
                { "id": "d1", "role": "developer", "content": "Stay calm." },
                { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "two" },
                { "id": "u1", "role": "user", "content": [] },
                { "id": "u2", "role": "user", "content": "and?" }
            ]),
            expected: json!([
                { "role": "assistant", "content": null, "tool_calls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } },
                    { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
                ] },
                { "role": "tool", "tool_call_id": "c1", "content": "one" },
                { "role": "tool", "tool_call_id": "c2", "content": "two" },
                { "role": "developer", "content": "Stay calm." },
                { "role": "user", "content": "and?" }
            ]),
        },
    ];
    run(&cases, |h| to_openai_chat(h, &OpenAiChatOptions::default()));
}

#[test]
fn to_openai_chat_carries_encrypted_reasoning_only_when_asked() {
    let options = OpenAiChatOptions {
        encrypted_reasoning: true,
    };
    let cases = [
        Case {
            name: "reasoning before the reply",
            rule: "extension: encryptedValue as reasoning_details [{type: reasoning.encrypted, data}] on the next assistant message (OpenRouter's field)",
            input: reasoning_then_reply(),
            expected: json!([
                { "role": "user", "content": "2+2?" },
                { "role": "assistant", "content": "4",
                  "reasoning_details": [{ "type": "reasoning.encrypted", "data": "enc_r1" }] }
            ]),
        },
        Case {
            name: "summaries, orphans and activity",
            rule: "only encryptedValue travels; reasoning with no reply right after it is omitted; activity does not separate",
            input: json!([
                { "id": "r0", "role": "reasoning", "content": "lost", "encryptedValue": "enc0" },
                { "id": "u1", "role": "user", "content": "hi" },
                { "id": "r1", "role": "reasoning", "content": "summary only" },
                { "id": "r2", "role": "reasoning", "content": "x", "encryptedValue": "enc2" },
                { "id": "act", "role": "activity", "activityType": "T", "content": {} },
                { "id": "a1", "role": "assistant", "toolCalls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ] }
            ]),
            expected: json!([
                { "role": "user", "content": "hi" },
                { "role": "assistant", "content": null, "tool_calls": [
                    { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
                ], "reasoning_details": [{ "type": "reasoning.encrypted", "data": "enc2" }] }
            ]),
        },
    ];
    run(&cases, |h| to_openai_chat(h, &options));
}

#[test]
fn to_openai_chat_refuses_what_chat_completions_cannot_say() {
    let t = Format::OpenAiChat;
    let user = |part: Value| json!([{ "id": "u1", "role": "user", "content": [part] }]);
    let cases = [
        ErrCase {
            name: "video",
            rule: "Chat Completions has no video part",
            input: user(json!({ "type": "video", "source": { "type": "url", "value": "https://x/v.mp4" } })),
            expected: unsupported(t, "u1", "content[0] (video, url source)", "Chat Completions has no video content part"),
        },
        ErrCase {
            name: "ogg audio",
            rule: "input_audio.format is the enum wav | mp3",
            input: user(json!({ "type": "audio", "source": { "type": "data", "value": "T2dn", "mimeType": "audio/ogg" } })),
            expected: unsupported(t, "u1", "content[0] (audio, data source)", "input_audio.format is wav or mp3, and \"audio/ogg\" is neither"),
        },
        ErrCase {
            name: "audio by url",
            rule: "input_audio takes inline base64 only",
            input: user(json!({ "type": "audio", "source": { "type": "url", "value": "https://x/a.mp3" } })),
            expected: unsupported(t, "u1", "content[0] (audio, url source)", "input_audio takes inline base64 data only, not a URL or file id"),
        },
        ErrCase {
            name: "image by file id",
            rule: "image_url takes a URL or data URL, no file id",
            input: user(json!({ "type": "image", "source": { "type": "file", "value": "file-1" } })),
            expected: unsupported(t, "u1", "content[0] (image, file source)", "Chat Completions takes images by URL or data URL, not by file id"),
        },
        ErrCase {
            name: "document by url",
            rule: "file parts take file_data or file_id, no URL",
            input: user(json!({ "type": "document", "source": { "type": "url", "value": "https://x/d.pdf" } })),
            expected: unsupported(t, "u1", "content[0] (document, url source)", "Chat Completions file parts take base64 data or a file id, not a URL"),
        },
        ErrCase {
            name: "another vendor's file",
            rule: "a file id issued by another provider means nothing to OpenAI",
            input: user(json!({ "type": "document", "source": { "type": "file", "value": "file_01", "provider": "anthropic" } })),
            expected: unsupported(t, "u1", "content[0] (document, file source)", "the file is held by \"anthropic\", and only an OpenAI file id means anything to OpenAI"),
        },
        ErrCase {
            name: "image in a tool result",
            rule: "tool message content takes text parts only",
            input: json!([{ "id": "t1", "role": "tool", "toolCallId": "c1", "content": [
                { "type": "text", "text": "chart:" },
                { "type": "image", "source": { "type": "url", "value": "https://x/c.png" } }
            ] }]),
            expected: unsupported(t, "t1", "content[1] (image, url source)", "Chat Completions tool messages take text parts only"),
        },
    ];
    run_errors(&cases, |h| to_openai_chat(h, &OpenAiChatOptions::default()));
}

#[test]
fn errors_name_the_target_the_message_and_the_part() {
    let h = history(
        "video",
        &json!([{ "id": "u7", "role": "user", "content": [
            { "type": "text", "text": "watch" },
            { "type": "video", "source": { "type": "data", "value": "AAAA", "mimeType": "video/mp4" } }
        ] }]),
    );
    let e = to_openai_chat(&h, &OpenAiChatOptions::default()).expect_err("video");
    assert_eq!(
        e.to_string(),
        "OpenAI chat cannot express message \"u7\", content[1] (video, data source): \
         Chat Completions has no video content part"
    );
}

#[test]
fn from_openai_chat_table() {
    let cases = [
        Case {
            name: "a request body, ids minted from positions",
            rule: "chat messages carry no ids: openai-{index}; tool_call ids are kept",
            input: json!({ "model": "gpt-4o", "messages": [
                { "role": "developer", "content": [{ "type": "text", "text": "Be " }, { "type": "text", "text": "brief." }] },
                { "role": "user", "content": "hi", "name": "ada" },
                { "role": "assistant", "content": null, "refusal": null, "tool_calls": [
                    { "id": "call_1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } }
                ] },
                { "role": "tool", "tool_call_id": "call_1", "content": "done" }
            ] }),
            expected: json!([
                { "id": "openai-0", "role": "developer", "content": "Be brief." },
                { "id": "openai-1", "role": "user", "content": "hi", "name": "ada" },
                { "id": "openai-2", "role": "assistant", "toolCalls": [
                    { "id": "call_1", "type": "function", "function": { "name": "f", "arguments": "{\"a\": 1}" } }
                ] },
                { "id": "openai-3", "role": "tool", "toolCallId": "call_1", "content": "done" }
            ]),
        },
        Case {
            name: "user parts",
            rule: "image_url (detail not read), input_audio, file_data (data URL or bare base64 PDF) and file_id",
            input: json!([{ "role": "user", "content": [
                { "type": "image_url", "image_url": { "url": "https://x/i.png", "detail": "high" } },
                { "type": "input_audio", "input_audio": { "data": "UklG", "format": "wav" } },
                { "type": "file", "file": { "file_data": "JVBE", "filename": "d.pdf" } },
                { "type": "file", "file": { "file_id": "file-9" } }
            ] }]),
            expected: json!([{ "id": "openai-0", "role": "user", "content": [
                { "type": "image", "source": { "type": "url", "value": "https://x/i.png" } },
                { "type": "audio", "source": { "type": "data", "value": "UklG", "mimeType": "audio/wav" } },
                { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
                  "metadata": { "filename": "d.pdf" } },
                { "type": "document", "source": { "type": "file", "value": "file-9" } }
            ] }]),
        },
        Case {
            name: "reasoning_details",
            rule: "OpenRouter reasoning details become reasoning messages before the assistant message",
            input: json!([{ "role": "assistant", "content": "4", "reasoning_details": [
                { "type": "reasoning.summary", "summary": "Adding." },
                { "type": "reasoning.encrypted", "data": "enc" }
            ] }]),
            expected: json!([
                { "id": "openai-0-reasoning-0", "role": "reasoning", "content": "Adding." },
                { "id": "openai-0-reasoning-1", "role": "reasoning", "content": "", "encryptedValue": "enc" },
                { "id": "openai-0", "role": "assistant", "content": "4" }
            ]),
        },
    ];
    let mut failures = Vec::new();
    for c in &cases {
        let want = history(c.name, &c.expected);
        match from_openai_chat(&c.input) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("{} [{}]: got {got:?}", c.name, c.rule)),
            Err(e) => failures.push(format!("{} [{}]: error: {e}", c.name, c.rule)),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn from_openai_chat_refuses_what_ag_ui_cannot_hold() {
    let cases = [
        (
            json!([{ "role": "assistant", "content": null, "refusal": "I can't." }]),
            "messages[0].refusal",
            "AG-UI messages have no refusal",
        ),
        (
            json!([{ "role": "function", "name": "f", "content": "x" }]),
            "messages[0].role",
            "AG-UI has no message for the \"function\" role",
        ),
        (
            json!([{ "role": "assistant", "tool_calls": [{ "id": "c", "type": "custom", "custom": {} }] }]),
            "messages[0].tool_calls[0].type",
            "AG-UI tool calls are functions, not \"custom\"",
        ),
        (
            json!([{ "role": "assistant", "content": "x", "reasoning_details": [
                { "type": "reasoning.text", "text": "t", "signature": "s" }
            ] }]),
            "messages[0].reasoning_details[0]",
            "a signed reasoning.text must go back with text and signature together; \
             AG-UI's one encryptedValue cannot hold both",
        ),
        (
            json!([{ "role": "user", "content": [{ "type": "input_video" }] }]),
            "messages[0].content[0]",
            "no AG-UI content part for a \"input_video\" part",
        ),
        (
            json!([{ "role": "tool", "tool_call_id": "c", "content": [{ "type": "image_url" }] }]),
            "messages[0].content[0]",
            "only text parts can go here in AG-UI, not \"image_url\"",
        ),
        (
            json!("hello"),
            "$",
            "expected an array of messages or an object with `messages`, got a string",
        ),
    ];
    for (input, at, reason) in cases {
        assert_eq!(
            from_openai_chat(&input),
            Err(AdapterError::Invalid {
                format: Format::OpenAiChat,
                at: at.into(),
                reason: reason.into()
            }),
            "{input}"
        );
    }
}

#[test]
fn openai_round_trip_keeps_links_and_content_with_minted_ids() {
    let original = json!([
        { "id": "s1", "role": "system", "content": "Be brief." },
        { "id": "d1", "role": "developer", "content": "Metric.", "name": "ops" },
        { "id": "u1", "role": "user", "name": "ada", "content": [
            { "type": "text", "text": "Here:" },
            { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "https://x/cat.jpg" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
              "metadata": { "filename": "r.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file-1" } }
        ] },
        { "id": "act", "role": "activity", "activityType": "PLAN", "content": {} },
        { "id": "r1", "role": "reasoning", "content": "Two lookups.", "encryptedValue": "enc1" },
        { "id": "a1", "role": "assistant", "content": "Looking.", "toolCalls": [
            { "id": "c1", "type": "function", "function": { "name": "get", "arguments": "{ \"city\": \"Paris\" }" } },
            { "id": "c2", "type": "function", "function": { "name": "get", "arguments": "not json" } }
        ] },
        { "id": "t2", "role": "tool", "toolCallId": "c2", "content": "ok" },
        { "id": "t1", "role": "tool", "toolCallId": "c1", "content": [{ "type": "text", "text": "18C" }] },
        { "id": "a2", "role": "assistant", "content": "Paris: 18C." }
    ]);
    // Same messages, minus activity and reasoning, ids minted by position;
    // arguments byte for byte.
    let expected = json!([
        { "id": "openai-0", "role": "system", "content": "Be brief." },
        { "id": "openai-1", "role": "developer", "content": "Metric.", "name": "ops" },
        { "id": "openai-2", "role": "user", "name": "ada", "content": [
            { "type": "text", "text": "Here:" },
            { "type": "image", "source": { "type": "data", "value": "iVBO", "mimeType": "image/png" } },
            { "type": "image", "source": { "type": "url", "value": "https://x/cat.jpg" } },
            { "type": "audio", "source": { "type": "data", "value": "SUQz", "mimeType": "audio/mpeg" } },
            { "type": "document", "source": { "type": "data", "value": "JVBE", "mimeType": "application/pdf" },
              "metadata": { "filename": "r.pdf" } },
            { "type": "document", "source": { "type": "file", "value": "file-1" } }
        ] },
        { "id": "openai-3", "role": "assistant", "content": "Looking.", "toolCalls": [
            { "id": "c1", "type": "function", "function": { "name": "get", "arguments": "{ \"city\": \"Paris\" }" } },
            { "id": "c2", "type": "function", "function": { "name": "get", "arguments": "not json" } }
        ] },
        { "id": "openai-4", "role": "tool", "toolCallId": "c2", "content": "ok" },
        { "id": "openai-5", "role": "tool", "toolCallId": "c1", "content": [{ "type": "text", "text": "18C" }] },
        { "id": "openai-6", "role": "assistant", "content": "Paris: 18C." }
    ]);
    let h = history("round trip", &original);
    let chat = to_openai_chat(&h, &OpenAiChatOptions::default()).expect("converts");
    assert_eq!(
        from_openai_chat(&chat).expect("reads back"),
        history("expected", &expected),
        "via {chat}"
    );

    // With the extension on, the encrypted value survives too.
    let options = OpenAiChatOptions {
        encrypted_reasoning: true,
    };
    let chat = to_openai_chat(&h, &options).expect("converts");
    let back = from_openai_chat(&chat).expect("reads back");
    assert_eq!(
        back.get(3),
        history(
            "reasoning",
            &json!([{ "id": "openai-3-reasoning-0", "role": "reasoning", "content": "", "encryptedValue": "enc1" }])
        )
        .first(),
        "via {chat}"
    );
}
