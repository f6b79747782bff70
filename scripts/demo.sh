#!/usr/bin/env bash
# The demo in one command (./run demo): builds the npm package when it is
# missing or older than the Rust sources, builds the demo agent, and serves
# the page and the agent on 127.0.0.1.
#   AGUI_DEMO_PORT     the port (default 8787)
#   AGUI_DEMO_TICK_MS  the pause between streamed events (default 35)
#   AGUI_DEMO_PKG      serve this build of the package instead of pkg/, as is
set -euo pipefail
cd "$(dirname "$0")/.."

# The package is built from everything in the crate but the demo binary.
pkg_stale() {
  if [ ! -f pkg/index.js ] || [ ! -f pkg/dist/agui_wasm_bg.wasm ]; then return 0; fi
  [ -n "$(find src pkg-template Cargo.toml Cargo.lock -newer pkg/dist/agui_wasm_bg.wasm -not -path 'src/bin/*' -print -quit)" ]
}

pkg=${AGUI_DEMO_PKG:-pkg}
if [ -z "${AGUI_DEMO_PKG:-}" ] && pkg_stale; then
  ./run build
fi
[ -f "$pkg/index.js" ] || { echo "no package at $pkg (build it with ./run build)" >&2; exit 1; }
command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup" >&2; exit 1; }
printf '\n==> %s\n' "build the demo agent"
cargo build --quiet --features demo --bin demo-agent
exec "${CARGO_TARGET_DIR:-target}/debug/demo-agent" --port "${AGUI_DEMO_PORT:-8787}" --pkg "$pkg"
