//! Every failure reaches JavaScript as an `Error` object with a `name` a
//! caller can branch on, never as a thrown string. The names are listed
//! once, here: the enum the binding throws with, the TypeScript union and
//! the type guard the package exports come from the same table.

use js_sys::Error;
use wasm_bindgen::prelude::*;

macro_rules! error_names {
    ($($variant:ident => $name:literal, $doc:literal;)*) => {
        /// The name of an error the package throws.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorName {
            $(#[doc = $doc] $variant,)*
        }

        impl ErrorName {
            pub const ALL: &'static [ErrorName] = &[$(ErrorName::$variant),*];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorName::$variant => $name,)*
                }
            }
        }

        #[wasm_bindgen(typescript_custom_section)]
        const ERROR_NAMES: &'static str = concat!(
            "/** The `name` of every Error this package throws:\n",
            $(" * - `", $name, "`: ", $doc, "\n",)*
            " */\nexport type AgentErrorName =", $(" | \"", $name, "\"",)* ";\n",
            "/** Whether `e` is an Error this package throws (with the given name, if one is given). */\n",
            "export function isAgentError<N extends AgentErrorName = AgentErrorName>(e: unknown, name?: N): e is Error & { name: N };\n",
        );
    };
}

error_names! {
    Type => "TypeError", "a bad argument: options, messages, state or parameters that do not read as the protocol's types (a real `TypeError`).";
    Agent => "AgentError", "the client cannot do it now: a run already under way, a freed client, a non-Error thrown by `fetch`.";
    Http => "AgentHttpError", "the agent answered with a non-2xx status; `status` and the body as `payload`.";
    Stream => "AgentStreamError", "the response could not be read as AG-UI events (SSE framing, JSON, schema, protobuf), or a GET stream gave up reconnecting.";
    Protocol => "AgentProtocolError", "the events broke the protocol's rules (their order, chunk shorthands).";
    Request => "AgentRequestError", "the request could not be made or its response had no body to read.";
    Interrupt => "AGUIError", "open interrupts the run's `resume` does not answer, as the reference's `AGUIError`.";
    Adapter => "AdapterError", "a history the target format of `agui-wasm/adapters` cannot express; the message says which message, part and why.";
}

/// An `Error` with the given name and message; a `TypeError` proper for
/// bad arguments, so `instanceof TypeError` holds.
pub fn js_error(name: ErrorName, message: &str) -> JsValue {
    if name == ErrorName::Type {
        return js_sys::TypeError::new(message).into();
    }
    let e = Error::new(message);
    e.set_name(name.as_str());
    e.into()
}

/// The type guard declared above.
#[wasm_bindgen(js_name = isAgentError, skip_typescript)]
pub fn is_agent_error(e: &JsValue, name: Option<String>) -> bool {
    if !e.is_instance_of::<Error>() {
        return false;
    }
    let actual: String = e.unchecked_ref::<Error>().name().into();
    match name {
        Some(n) => n == actual && ErrorName::ALL.iter().any(|k| k.as_str() == n),
        None => ErrorName::ALL.iter().any(|k| k.as_str() == actual),
    }
}
