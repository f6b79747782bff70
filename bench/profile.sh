#!/usr/bin/env bash
# Where one scenario's time goes in ours, by function (bench/lib/profile.mjs):
# builds a copy of pkg/ whose .wasm keeps its function names (the same
# steps as the package, scripts/wasm-post.sh, with wasm-opt's -g) into
# bench/out/pkg-named, then profiles the scenario's timed part in Node.
#
#   bench/profile.sh --scenario 3 [--runs 10] [--variant ours] [--top 40]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f pkg/dist/agui_wasm_bg.wasm ] || scripts/build-pkg.sh
[ -d bench/node_modules/@ag-ui/client ] || (cd bench && npm install --no-audit --no-fund --loglevel=error)
cargo build --quiet --lib --release --target wasm32-unknown-unknown
source scripts/wasm-post.sh
out=bench/out/pkg-named
rm -rf "$out"
cp -r pkg "$out"
wasm_post "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/agui_wasm.wasm" "$out/dist" -g
exec node --expose-gc bench/lib/profile.mjs --pkg "$out" "$@"
