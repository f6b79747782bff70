//! Text and frontend tools: the plain answer, weather and haiku, and the
//! follow-up run that reads what the page's tool returned.

use serde_json::{json, Value};

use super::after;
use crate::input::Input;
use crate::script::{Script, Step};
use crate::store::Store;

pub fn plain(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let said: String = input
        .user_text()
        .unwrap_or_default()
        .chars()
        .take(120)
        .collect();
    let id = s.id("answer");
    s.text(
        &id,
        &format!(
            "안녕하세요! 👋 I'm the AG-UI demo agent, streaming this reply word by word \
             from a small Rust server. 스트리밍이 잘 보이나요? 🚀 You said: “{said}”. \
             Try a chip below for tools, activities, reasoning and shared state."
        ),
    );
    s.finish()
}

pub fn weather(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let text = input.user_text().unwrap_or_default();
    let city = after(&text, &[" in ", " for "], 40).unwrap_or_else(|| "Seoul".into());
    let msg = s.id("msg");
    // A frontend tool exists only if the page offered it.
    if !input.tools.iter().any(|t| t == "weather") {
        s.text(
            &msg,
            "I'd look that up with a weather tool, but this page didn't offer one.",
        );
        return s.finish();
    }
    s.text(&msg, &format!("Let me check the weather in {city}. 🌤️"));
    let call = s.id("weather");
    s.tool_call(&call, "weather", &msg, &json!({ "city": city }), 4);
    s.finish()
}

/// A canned haiku for the topic: (title, lines).
fn compose(topic: &str) -> (String, Vec<String>) {
    let lower = topic.to_lowercase();
    let pick =
        |title: &str, lines: [&str; 3]| (title.to_owned(), lines.map(str::to_owned).to_vec());
    if lower.contains("ocean") || lower.contains("sea") {
        pick(
            "Tide Pool",
            [
                "Salt light on the rocks",
                "a crab rehearses its walk",
                "the tide claps it back",
            ],
        )
    } else if lower.contains("rust") || lower.contains("code") || lower.contains("wasm") {
        pick(
            "Compiled at Dawn",
            [
                "Borrow checker sighs",
                "lifetimes fold like paper cranes",
                "the build turns green",
            ],
        )
    } else if lower.contains("autumn") || lower.contains("fall") {
        pick(
            "Autumn Wind",
            [
                "Maple leaves let go",
                "the wind writes in red and gold",
                "one crow reads it all",
            ],
        )
    } else {
        let title: String = topic.chars().take(30).collect();
        (
            title.clone(),
            vec![
                format!("Quiet {title} waits"),
                "a small wind turns the pages".into(),
                "the kettle answers".into(),
            ],
        )
    }
}

pub fn haiku(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let text = input.user_text().unwrap_or_default();
    let topic = after(&text, &[" about ", " on ", " of "], 30).unwrap_or_else(|| "autumn".into());
    let (title, lines) = compose(&topic);
    let msg = s.id("msg");
    s.text(
        &msg,
        "Here's a haiku — watch the card fill in as I write it.",
    );
    let call = s.id("haiku");
    // Small pieces, so the card visibly grows line by line.
    s.tool_call(
        &call,
        "generate_haiku",
        &msg,
        &json!({ "title": title, "lines": lines }),
        3,
    );
    s.finish()
}

/// The run after the page answered a frontend tool call.
pub fn tool_result(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let last = input.last().cloned().unwrap_or(Value::Null);
    let call_id = last["toolCallId"].as_str().unwrap_or("");
    let (name, args) = input.tool_call(call_id).unwrap_or_default();
    let result: Value = last["content"]
        .as_str()
        .and_then(|c| serde_json::from_str(c).ok())
        .unwrap_or(Value::Null);
    let reply = match name.as_str() {
        "weather" => weather_reply(&result),
        "generate_haiku" => {
            let title = args["title"].as_str().unwrap_or("your haiku");
            format!("I hope “{title}” brings a little calm. 🍂")
        }
        "" => "I got a tool result for a call I don't remember making.".into(),
        other => format!("Thanks — I have the result of {other}."),
    };
    let id = s.id("answer");
    s.text(&id, &reply);
    s.finish()
}

fn weather_reply(r: &Value) -> String {
    let (Some(t), Some(city)) = (r["temperatureC"].as_f64(), r["city"].as_str()) else {
        return "The weather tool answered, but I couldn't read its result.".into();
    };
    let conditions = r["conditions"]
        .as_str()
        .unwrap_or("unknown skies")
        .to_lowercase();
    let advice = if t < 10.0 {
        "Bundle up! 🧣"
    } else if t < 20.0 {
        "A light jacket should do. 🧥"
    } else {
        "T-shirt weather. 😎"
    };
    let humidity = match r["humidity"].as_f64() {
        Some(h) => format!(", humidity {h}%"),
        None => String::new(),
    };
    format!(
        "It's {}°C and {conditions} in {city} right now{humidity}. {advice}",
        r["temperatureC"]
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::input;
    use super::*;

    #[test]
    fn the_weather_answer_uses_the_tool_result() {
        let i = input(json!([
            { "id": "u", "role": "user", "content": "weather in Oslo" },
            { "id": "a", "role": "assistant", "toolCalls": [{ "id": "c", "type": "function",
                "function": { "name": "weather", "arguments": "{\"city\":\"Oslo\"}" } }] },
            { "id": "t", "role": "tool", "toolCallId": "c",
              "content": "{\"city\":\"Oslo\",\"temperatureC\":4,\"conditions\":\"Snow\",\"humidity\":80}" },
        ]));
        let text: String = tool_result(Script::new("t", "r"), &i, &Store::default())
            .iter()
            .filter_map(|s| match s {
                Step::Event(e) => e["delta"].as_str().map(str::to_owned),
                _ => None,
            })
            .collect();
        assert_eq!(
            text,
            "It's 4°C and snow in Oslo right now, humidity 80%. Bundle up! 🧣"
        );
    }
}
