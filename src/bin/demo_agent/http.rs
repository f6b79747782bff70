//! Responses: the event stream, static files and errors, each with the
//! security headers the page relies on.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use tiny_http::{Method, Request};

use crate::script::Step;

/// The page runs only its own scripts, plus WebAssembly compilation, and
/// frames nothing but `srcdoc` (which `frame-src` does not govern). Inline
/// styles are allowed because the RAW_HTML card is the agent's own HTML in a
/// srcdoc frame, and a srcdoc frame inherits this policy; its scripts stay
/// blocked twice, by the frame's sandbox and by `script-src`.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     frame-src 'none'; child-src 'none'; worker-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// A request body larger than this is refused: the demo's conversations are
/// small, and nothing should make the server buffer without bound.
const MAX_BODY: u64 = 4 << 20;

/// A refusal, with the status and a message for the client.
#[derive(Debug)]
pub struct HttpError {
    pub status: u16,
    pub message: String,
}

impl HttpError {
    pub fn new(status: u16, message: impl Into<String>) -> Self {
        HttpError {
            status,
            message: message.into(),
        }
    }
}

const SECURITY_HEADERS: &[(&str, &str)] = &[
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-cache"),
];

pub fn read_body(request: &mut Request) -> Result<String, HttpError> {
    let mut bytes = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| HttpError::new(400, format!("could not read the body: {e}")))?;
    if bytes.len() as u64 > MAX_BODY {
        return Err(HttpError::new(
            413,
            format!("the body is over {MAX_BODY} bytes"),
        ));
    }
    String::from_utf8(bytes).map_err(|_| HttpError::new(400, "the body is not UTF-8"))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Content Too Large",
        _ => "Error",
    }
}

/// Starts a response by hand. Every response closes its connection:
/// tiny_http's worker pool can leave a new keep-alive connection queued
/// behind idle ones (it counts a worker free before the worker wakes), and a
/// browser opening six at once then waits forever. tiny_http drops a
/// `Connection` header set through its `Response`, hence the raw writer.
fn head(
    request: Request,
    status: u16,
    content_type: &str,
    framing: &str,
) -> io::Result<Box<dyn Write + Send>> {
    let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
    for (name, value) in SECURITY_HEADERS {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!(
        "Content-Type: {content_type}\r\n{framing}\r\nConnection: close\r\n\r\n"
    ));
    let mut w = request.into_writer();
    w.write_all(head.as_bytes())?;
    Ok(w)
}

fn send(request: Request, status: u16, content_type: &str, body: &[u8]) -> io::Result<()> {
    let with_body = *request.method() != Method::Head;
    let mut w = head(
        request,
        status,
        content_type,
        &format!("Content-Length: {}", body.len()),
    )?;
    if with_body {
        w.write_all(body)?;
    }
    w.flush()
}

pub fn error(request: Request, status: u16, message: &str) -> io::Result<()> {
    let body = serde_json::json!({ "error": message }).to_string();
    send(request, status, "application/json", body.as_bytes())
}

/// Writes the steps as Server-Sent Events, pausing `tick` per pause unit,
/// one HTTP chunk per event so each reaches the page at once.
pub fn stream(request: Request, steps: &[Step], tick: Duration) -> io::Result<()> {
    let mut w = head(
        request,
        200,
        "text/event-stream; charset=utf-8",
        "Transfer-Encoding: chunked",
    )?;
    let chunk = |w: &mut dyn Write, data: &str| -> io::Result<()> {
        write!(w, "{:x}\r\n{data}\r\n", data.len())?;
        w.flush()
    };
    for step in steps {
        match step {
            Step::Pause(n) => std::thread::sleep(tick * *n),
            Step::Event(event) => chunk(&mut w, &format!("data: {event}\n\n"))?,
            // The body ends inside an event: what a dropped connection looks
            // like to the client's parser.
            Step::Cut(partial) => {
                chunk(&mut w, partial)?;
                break;
            }
        }
    }
    w.write_all(b"0\r\n\r\n")?;
    w.flush()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ts" | "md" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file under `root` that `rel` names, if it is one: no `..`, no hidden
/// files, nothing a symlink takes outside the root.
fn resolve(root: &Path, rel: &str) -> Option<PathBuf> {
    let rel = rel.trim_start_matches('/');
    let bad = |seg: &str| seg.starts_with('.') || seg.contains(['\\', '\0', ':']);
    if rel.split('/').any(bad) {
        return None;
    }
    let root = root.canonicalize().ok()?;
    let mut path = root.join(rel).canonicalize().ok()?;
    if path.is_dir() {
        path = path.join("index.html");
    }
    (path.starts_with(&root) && path.is_file()).then_some(path)
}

pub fn static_file(request: Request, path: &str, www: &Path, pkg: &Path) -> io::Result<()> {
    let file = match path.strip_prefix("/pkg/") {
        Some(rest) => resolve(pkg, rest),
        None => resolve(www, path),
    };
    let Some(file) = file else {
        return error(request, 404, "not found");
    };
    match std::fs::read(&file) {
        Ok(bytes) => send(request, 200, content_type(&file), &bytes),
        Err(_) => error(request, 404, "not found"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_stays_inside_the_root() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        assert!(resolve(&root, "/lib.rs").is_some());
        assert!(resolve(&root, "/../Cargo.toml").is_none());
        assert!(resolve(&root, "/core/../../Cargo.toml").is_none());
        assert!(resolve(&root, "/.hidden").is_none());
        assert!(resolve(&root, "/no-such-file").is_none());
        assert!(
            resolve(&root, "/core").is_none(),
            "a directory without index.html"
        );
    }
}
