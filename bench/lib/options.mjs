// The command-line options of the benchmark scripts that take counts, words
// and switches: each option is named once, in the caller's table; `--help`
// prints the usage.

/**
 * @param {string[]} argv
 * @param {string} help
 * @param {Record<string, [string, "count" | "text" | "switch"]>} spec option → [key in the result, kind]
 * @param {Record<string, unknown>} defaults
 */
export function parseOptions(argv, help, spec, defaults) {
  const o = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--help" || a === "-h") {
      console.log(help);
      process.exit(0);
    }
    const known = spec[a];
    if (!known) throw new Error(`unknown option ${a}\n${help}`);
    const [key, kind] = known;
    if (kind === "switch") {
      o[key] = true;
      continue;
    }
    if (kind === "text") {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value\n${help}`);
      o[key] = argv[++i];
      continue;
    }
    const v = Number(argv[++i]);
    if (!Number.isInteger(v) || v < 1) throw new Error(`${a} needs a positive integer\n${help}`);
    o[key] = v;
  }
  return o;
}
