// Preloaded into the server the crowd bench runs (`node --expose-gc -r ./test/bench/heap-on-signal.js main.js`,
// BENCH_HEAP_FILE set): SIGWINCH runs a full garbage collection, then writes process.memoryUsage()
// as JSON to BENCH_HEAP_FILE and touches BENCH_HEAP_FILE.done. The memory a crowd of idle viewers
// holds, without the garbage that happens to be uncollected or the freed memory the process keeps
// (its RSS does not shrink): what made the RSS figure per viewer jump about, and go negative.
'use strict';
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_HEAP_FILE;
if (file) {
  process.on('SIGWINCH', () => {
    if (typeof global.gc === 'function') global.gc();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
    writeFileSync(`${file}.done`, 'ok');
  });
}
