//! The local demo agent: an AG-UI server on 127.0.0.1 with scripted
//! scenarios, which also serves the demo page (`www/`) and the built package
//! (`pkg/`).
//!
//! ```text
//! cargo run --features demo --bin demo-agent -- [--port 8787] [--tick-ms 35]
//!     [--www DIR] [--pkg DIR]
//! ```
//! `AGUI_DEMO_PORT` and `AGUI_DEMO_TICK_MS` set the same; `--port 0` picks a
//! free port. The first line on stdout is the page's URL.

mod http;
mod input;
mod scenarios;
mod script;
mod store;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tiny_http::{Method, Request, Server};

use input::Input;
use store::Store;

/// What every request handler shares.
struct App {
    www: PathBuf,
    pkg: PathBuf,
    tick: Duration,
    store: Store,
}

struct Options {
    port: u16,
    tick_ms: u64,
    www: PathBuf,
    pkg: PathBuf,
}

fn parse_options() -> Result<Options, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let env_num = |name: &str, default: u64| -> Result<u64, String> {
        match std::env::var(name) {
            Ok(v) => v.parse().map_err(|_| format!("{name}={v} is not a number")),
            Err(_) => Ok(default),
        }
    };
    let mut o = Options {
        port: u16::try_from(env_num("AGUI_DEMO_PORT", 8787)?)
            .map_err(|_| "AGUI_DEMO_PORT is out of range".to_string())?,
        tick_ms: env_num("AGUI_DEMO_TICK_MS", 35)?,
        www: root.join("www"),
        pkg: root.join("pkg"),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--port" => o.port = value()?.parse().map_err(|_| "--port: not a port")?,
            "--tick-ms" => o.tick_ms = value()?.parse().map_err(|_| "--tick-ms: not a number")?,
            "--www" => o.www = value()?.into(),
            "--pkg" => o.pkg = value()?.into(),
            "-h" | "--help" => {
                return Err(
                    "usage: demo-agent [--port N] [--tick-ms N] [--www DIR] [--pkg DIR]".into(),
                )
            }
            _ => return Err(format!("unknown argument {flag} (try --help)")),
        }
    }
    Ok(o)
}

fn main() {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    // Loopback only: the demo has no authentication and serves local files.
    let server = match Server::http(("127.0.0.1", options.port)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "demo-agent: cannot listen on 127.0.0.1:{}: {e}",
                options.port
            );
            std::process::exit(1);
        }
    };
    let port = server
        .server_addr()
        .to_ip()
        .map_or(options.port, |a| a.port());
    if !options.pkg.join("index.js").is_file() {
        eprintln!(
            "demo-agent: warning: {} has no index.js; build the package first (./run build)",
            options.pkg.display()
        );
    }
    println!("demo agent listening on http://127.0.0.1:{port}/");
    println!("open it in a browser; Ctrl-C stops the agent");
    let _ = std::io::stdout().flush();

    let app = Arc::new(App {
        www: options.www,
        pkg: options.pkg,
        tick: Duration::from_millis(options.tick_ms),
        store: Store::default(),
    });
    for request in server.incoming_requests() {
        let app = Arc::clone(&app);
        // A scenario streams for seconds; one thread per request keeps the
        // others answering meanwhile.
        std::thread::spawn(move || handle(&app, request));
    }
}

fn handle(app: &App, mut request: Request) {
    let path = request
        .url()
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .to_owned();
    let method = request.method().clone();
    let outcome = match (&method, path.as_str()) {
        (Method::Post, "/agent") | (Method::Post, "/agent/connect") => {
            match http::read_body(&mut request).and_then(|b| Input::parse(&b)) {
                Ok(input) => {
                    let connect = path.ends_with("/connect");
                    let (name, steps) = if connect {
                        ("connect", scenarios::connect(&input, &app.store))
                    } else {
                        scenarios::respond(&input, &app.store)
                    };
                    eprintln!("POST {path} -> {name}");
                    http::stream(request, &steps, app.tick)
                }
                Err(e) => {
                    eprintln!("POST {path} -> {} {}", e.status, e.message);
                    http::error(request, e.status, &e.message)
                }
            }
        }
        (_, "/agent") | (_, "/agent/connect") => http::error(request, 405, "POST only"),
        (Method::Get | Method::Head, _) => http::static_file(request, &path, &app.www, &app.pkg),
        _ => http::error(request, 405, "GET, HEAD or POST /agent"),
    };
    // A browser that went away mid-stream is normal, not worth a log line.
    if let Err(e) = outcome {
        if !matches!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset
        ) {
            eprintln!("{method} {path}: {e}");
        }
    }
}
