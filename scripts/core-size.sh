#!/usr/bin/env bash
# The core's share of the package: examples/core_size.rs (the core behind
# the thinnest binding that still reaches all of it) built and
# post-processed as the package's .wasm is (scripts/wasm-post.sh), and
# weighed the same way (gzip -9). What the default entry weighs beyond
# this is the binding (src/wasm/) and its JavaScript.
#
#   scripts/core-size.sh
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
cargo build --quiet --release --target wasm32-unknown-unknown --example core_size --no-default-features
if [ ! -x scripts/node_modules/.bin/wasm-opt ]; then
  (cd scripts && npm install --no-audit --no-fund --loglevel=error)
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
source scripts/wasm-post.sh
wasm_post "$target/wasm32-unknown-unknown/release/examples/core_size.wasm" "$out" --strip-debug --strip-producers
raw=$(wc -c < "$out/agui_wasm_bg.wasm")
gz=$(gzip -9 -c "$out/agui_wasm_bg.wasm" | wc -c)
awk -v r="$raw" -v g="$gz" 'BEGIN { printf "core alone (examples/core_size.rs): wasm %d B raw, %d B gzipped (%.1f KB)\n", r, g, g / 1024 }'
