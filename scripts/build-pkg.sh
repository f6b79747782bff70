#!/usr/bin/env bash
# Builds the npm package into pkg/: release wasm, wasm-bindgen glue (web
# target, one .wasm for every platform), wasm-opt, then the template. Reports
# raw and gzipped sizes and fails past the ceiling.
set -euo pipefail
cd "$(dirname "$0")/.."
# The default entry may not grow: the build fails past its size today
# (149.8 KB gzipped, 2026-12-03), lowered as it shrinks. The goal is 90 KB,
# smaller than the reference client (issue 16).
CEILING_KB=150
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
mkdir -p "$out/dist"
if [ ! -x scripts/node_modules/.bin/wasm-opt ] || [ ! -x scripts/node_modules/.bin/esbuild ]; then
  (cd scripts && npm install --no-audit --no-fund --loglevel=error)
fi
# A panic cannot be caught in this build (`panic = "abort"`) and its message
# goes nowhere (wasm32-unknown-unknown has no stderr, and no hook is set):
# it ends in a trap, which JavaScript sees as a `RuntimeError`. So the code
# that builds the message and runs the hook is dead weight, and wasm-snip
# (made for this) replaces each function that only leads there with that
# trap: core's panicking code and std's panic handler (by name, not
# wasm-snip's own `--snip-rust-panicking-code`, whose `std::panicking`
# would also take functions that return, such as `thread::panicking`, if
# a build ever linked them), and the core and alloc helpers
# that each format one panic's message (a slice or str index out of range,
# unwrap on None or Err, a borrowed RefCell, out of memory). Nothing that
# returns, or that throws a JavaScript error, is among them (wasm-bindgen's
# throwing helpers are not). -3.4 KB gzipped, default entry.
# The names are matched as the name section holds them, mangled:
# `4core3str16slice_error_fail` is core::str::slice_error_fail.
panics=(
  '4core9panicking'
  '3std9panicking[0-9]+(panic_handler|panic_with_hook|begin_panic|rust_panic_with_hook)'
  '3std9panicking11panic_count8increase'
  '4core3str[0-9]+slice_error_fail'
  '4core5slice5index[0-9]+slice_[a-z_]*fail'
  '4core(6option|6result)[0-9]+(unwrap|expect)_failed'
  '4core5slice[0-9]+copy_from_slice_impl[0-9]+len_mismatch_fail'
  '4core4cell[0-9]+panic_already_(mutably_)?borrowed'
  '4core4cell4lazy[0-9]+panic_poisoned'
  '3std6thread5local[0-9]+panic_access_error'
  '5alloc3vec.*13assert_failed'
  '5alloc7raw_vec[0-9]+(handle_error|capacity_overflow)'
  '5alloc5alloc[0-9]+handle_alloc_error'
  # Debug impls that only those messages use (`{:?}` of a char, a range,
  # an index, a `&dyn Debug`, std's error types) and the pretty-printing
  # adapter: the panics' vtables keep them in the function table, which
  # wasm-opt cannot prove dead. Nothing else formats with Debug in this
  # build (LowerHex, which ids use, is kept). -1.5 KB gzipped.
  '_4core3fmtcNtB[0-9a-z]*_5Debug3fmt'
  '_4core3fmtRjNtB[0-9a-z]*_5Debug3fmt'
  '_4core3fmtRDNtB[0-9a-z]*_5DebugEL_B[0-9a-z]*_3fmt'
  '_4core3fmtNtB[0-9a-z]*_5ErrorNtB[0-9a-z]*_5Debug3fmt'
  '_4core3ops5rangeINtB[0-9a-z]*_5RangejENtNtB[0-9a-z]*_3fmt5Debug3fmt'
  '(15TryFromIntError|11LayoutError|11AccessError)NtNtC?[0-9A-Za-z_]*3fmt5Debug3fmt'
  '10PadAdapterNtB[0-9a-z]*_5Write'
)
for variant in dist:"$target" dist-proto:"$target/proto-build" dist-adapters:"$target/adapters-build"; do
  dir=${variant%%:*}
  wasm-snip "${variant#*:}/wasm32-unknown-unknown/release/agui_wasm.wasm" -o "$out/snipped.wasm" \
    -p "${panics[@]}"
  wasm-bindgen --target web --out-dir "$out/$dir" --out-name agui_wasm "$out/snipped.wasm"
  rm "$out/snipped.wasm"
  # --converge repeats -Oz while it still shrinks; the module's memory is its
  # own (zero-filled when created) and nothing lives below 1 KiB (the stack
  # starts at 1 MiB and the data above it), which lets wasm-opt fold constant
  # offsets; the target-features section is only for tools. -2.1 KB gzipped.
  # Flattening and re-deriving the control flow (--flatten --rereloop), then
  # -Oz again, finds 1.0 KB more (gzipped, default entry) at no measured cost
  # in speed (alternated pairs on scenarios 1, 2 and 4: 1.00x, 1.03x,
  # 0.99x), for about 30 s more per entry.
  scripts/node_modules/.bin/wasm-opt -Oz --converge --flatten --rereloop -Oz --converge --low-memory-unused --zero-filled-memory --strip-target-features --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue --strip-debug --strip-producers \
    "$out/$dir/agui_wasm_bg.wasm" -o "$out/$dir/agui_wasm_bg.wasm"
done
cp pkg-template/package.json pkg-template/index.js pkg-template/node.js pkg-template/index.d.ts \
  pkg-template/react.js pkg-template/react.d.ts pkg-template/proto.js pkg-template/proto-node.js \
  pkg-template/proto.d.ts pkg-template/adapters.js pkg-template/adapters-node.js \
  pkg-template/adapters.d.ts pkg-template/http-agent.js pkg-template/http-agent.d.ts \
  pkg-template/README.md "$out/"
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
js_files_gz=$(gz pkg/index.js)
while IFS= read -r f; do js_files_gz=$((js_files_gz + $(gz "$f"))); done < <(find pkg/dist -name '*.js')
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
