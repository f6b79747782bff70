#!/usr/bin/env bash
# Builds the npm package into pkg/: release wasm, wasm-bindgen glue (web
# target, one .wasm for every platform), wasm-opt, then the template. Reports
# raw and gzipped sizes and fails past the ceiling.
set -euo pipefail
cd "$(dirname "$0")/.."
# The default entry may not grow: the build fails past its size today
# (143.9 KB gzipped with @ag-ui/client 1.0.4's rules, 2026-12-08; 140 KB
# before them: docs/size.md, "The 1.0.4 rules"), lowered as it shrinks.
# The goal is 90 KB, smaller than the reference client (docs/size.md says
# what stands between).
CEILING_KB=144
GOAL_KB=90

target=${CARGO_TARGET_DIR:-target}
cargo build --lib --release --target wasm32-unknown-unknown
# The protobuf entry is a second build with the decoder linked in; its own
# target directory keeps the two from rebuilding each other.
CARGO_TARGET_DIR="$target/proto-build" cargo build --lib --release --target wasm32-unknown-unknown --features proto
# The adapters entry is the adapters alone, without the client.
CARGO_TARGET_DIR="$target/adapters-build" cargo build --lib --release --target wasm32-unknown-unknown --no-default-features --features adapters
# Built beside pkg/ and moved into place at the end, so a page or a test
# reading pkg/ never sees a half-built package.
out=$(mktemp -d pkg.build.XXXXXX)
trap 'rm -rf "$out"' EXIT
if [ ! -x scripts/node_modules/.bin/wasm-opt ] || [ ! -x scripts/node_modules/.bin/esbuild ] || [ ! -x scripts/node_modules/.bin/tsc ]; then
  (cd scripts && npm install --no-audit --no-fund --loglevel=error)
fi
source scripts/wasm-post.sh
for variant in dist:"$target" dist-proto:"$target/proto-build" dist-adapters:"$target/adapters-build"; do
  mkdir -p "$out/${variant%%:*}"
  wasm_post "${variant#*:}/wasm32-unknown-unknown/release/agui_wasm.wasm" "$out/${variant%%:*}" --strip-debug --strip-producers
done
# The JavaScript shell (js/) and the package's own files (pkg-template/).
cp js/*.js js/*.d.ts "$out/"
cp pkg-template/package.json pkg-template/index.d.ts pkg-template/proto.d.ts \
  pkg-template/adapters.d.ts "$out/"
# The package's README is the repository README's first screen, written once.
marker='<!-- The package README (pkg/README.md) is the text above this line. -->'
grep -qF "$marker" README.md
awk -v m="$marker" 'index($0, m) == 1 { exit } { print }' README.md > "$out/README.md"
# Every entry passes the .wasm's place, so wasm-bindgen's own default (a
# `new URL` of its own) is dead code that a bundler would still emit a copy
# of the .wasm for.
for d in dist dist-proto dist-adapters; do
  sed -i "s|module_or_path = new URL('agui_wasm_bg.wasm', import.meta.url);|throw new Error('agui-wasm: init needs module_or_path');|" "$out/$d/agui_wasm.js"
  grep -q "init needs module_or_path" "$out/$d/agui_wasm.js"
done
# The entries, their CommonJS copies, the embedded .wasm and the exports map.
node scripts/entries.mjs "$out"
# The error names' declarations, from the one table.
scripts/node_modules/.bin/tsc --declaration --emitDeclarationOnly --allowJs --skipLibCheck --target es2022 --module esnext --outDir "$out" js/errors.js
chmod 755 "$out"
rm -rf pkg.old
if [ -d pkg ]; then mv pkg pkg.old; fi
mv "$out" pkg
rm -rf pkg.old

gz() { gzip -9 -c "$1" | wc -c; }
wasm_raw=$(wc -c < pkg/dist/agui_wasm_bg.wasm)
wasm_gz=$(gz pkg/dist/agui_wasm_bg.wasm)
# The default browser entry: index.js and its glue (react.js and the
# optional proto entry are not part of it), as shipped and as an application
# ships it (bundled and minified, as the reference's 98 KB is measured); the
# ceiling is held to the latter.
js_files_gz=0
while IFS= read -r f; do js_files_gz=$((js_files_gz + $(gz "$f"))); done < <(find pkg -maxdepth 1 -name '*.js' ! -name '*inline.js' ! -name '*node*.js' ! -name 'proto*' ! -name 'adapters*' ! -name 'react.js' ! -name 'http-agent.js'; find pkg/dist -name '*.js' ! -name '*.str.js')
js_gz=$(node scripts/entry-size.mjs pkg)
total=$((wasm_gz + js_gz))
awk -v r="$wasm_raw" -v w="$wasm_gz" -v j="$js_gz" -v f="$js_files_gz" -v t="$total" -v c="$CEILING_KB" -v g="$GOAL_KB" 'BEGIN {
  printf "package size: wasm %d B raw, %d B gzipped; js %d B gzipped bundled and minified (%d B as shipped, unminified); total %.1f KB gzipped (ceiling %d KB, goal %d KB)\n", r, w, j, f, t / 1024, c, g }'
proto_gz=$(gz pkg/dist-proto/agui_wasm_bg.wasm)
awk -v p="$proto_gz" -v w="$wasm_gz" 'BEGIN { printf "optional agui-wasm/proto entry: wasm %d B gzipped (+%d B over the default)\n", p, p - w }'
adapters_gz=$(gz pkg/dist-adapters/agui_wasm_bg.wasm)
echo "optional agui-wasm/adapters entry: wasm $adapters_gz B gzipped (loaded only by applications that convert histories)"
if [ "$total" -gt $((CEILING_KB * 1024)) ]; then
  echo "the package is $total B gzipped, over its ${CEILING_KB} KB ceiling: it may not grow (see CEILING_KB in $0)" >&2
  exit 1
fi
