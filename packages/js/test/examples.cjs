'use strict';
// Runs the examples of a Markdown file against the installed package: each ```js block that is
// followed by a ```text block must print exactly that text. An example with `import` runs as an
// ES module, else as CommonJS.   node examples.cjs FILE.md LABEL
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const [file, label] = process.argv.slice(2);
const md = fs.readFileSync(file, 'utf8');
const blocks = [...md.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], body: m[2] }));
let failures = 0;
let n = 0;
for (let i = 0; i + 1 < blocks.length; i++) {
  if (blocks[i].lang !== 'js' || blocks[i + 1].lang !== 'text') continue;
  n++;
  const code = blocks[i].body;
  const src = path.join(__dirname, `example-${label}-${n}.${/^import /m.test(code) ? 'mjs' : 'cjs'}`);
  fs.writeFileSync(src, code);
  let out;
  try {
    out = execFileSync(process.execPath, [src], { cwd: __dirname, encoding: 'utf8' });
  } catch (e) {
    out = `exit ${e.status}: ${e.stderr}`;
  }
  const first = code.split('\n').find((l) => l.trim() && !/^(import|const \{.*require)/.test(l)) ?? '';
  if (out === blocks[i + 1].body) console.log(`ok   ${label} example ${n} prints what it shows (${first.trim().slice(0, 60)})`);
  else {
    failures++;
    console.log(`FAIL ${label} example ${n}: printed ${JSON.stringify(out)}, shows ${JSON.stringify(blocks[i + 1].body)}`);
  }
}
if (n < 3) {
  failures++;
  console.log(`FAIL ${label}: ${n} examples with their output, expected at least 3`);
}
process.exitCode = failures > 0 ? 1 : 0;
