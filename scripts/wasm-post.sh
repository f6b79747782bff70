# The steps from cargo's .wasm to an entry's files (wasm-snip, wasm-bindgen,
# wasm-opt), sourced by scripts/build-pkg.sh for the package and by
# bench/profile.sh for a copy that keeps its function names.

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

# wasm_post IN DIR [FLAG...]: IN made into DIR/agui_wasm.js and
# DIR/agui_wasm_bg.wasm, FLAGs added to wasm-opt's (the package strips what
# only tools read; a profiling build keeps the names with -g).
wasm_post() {
  local in=$1 dir=$2
  shift 2
  wasm-snip "$in" -o "$dir/snipped.wasm" -p "${panics[@]}"
  # The reset lets the shell make a new instance after a trap (js/load.js).
  wasm-bindgen --target web --experimental-reset-state-function --out-dir "$dir" --out-name agui_wasm "$dir/snipped.wasm"
  rm "$dir/snipped.wasm"
  # --converge repeats -Oz while it still shrinks; the module's memory is its
  # own (zero-filled when created) and nothing lives below 1 KiB (the stack
  # starts at 1 MiB and the data above it), which lets wasm-opt fold constant
  # offsets; the target-features section is only for tools. -2.1 KB gzipped.
  # Flattening and re-deriving the control flow (--flatten --rereloop), then
  # -Oz again, finds 1.0 KB more (gzipped, default entry) at no measured cost
  # in speed (alternated pairs on scenarios 1, 2 and 4: 1.00x, 1.03x,
  # 0.99x), for about 30 s more per entry.
  local wasm=$dir/agui_wasm_bg.wasm
  local opt=(scripts/node_modules/.bin/wasm-opt --low-memory-unused --zero-filled-memory --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue "$@")
  "${opt[@]}" -Oz --converge --flatten --rereloop -Oz --converge --strip-target-features "$wasm" -o "$wasm"
  # A fresh -Oz over that output still finds about 0.25 KB gzipped (a
  # third finds nothing), in 3 s.
  "${opt[@]}" -Oz "$wasm" -o "$wasm"
}
