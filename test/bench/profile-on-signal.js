// Preloaded into the server a bench profiles (`node -r ./test/bench/profile-on-signal.js main.js`,
// BENCH_PROFILE_DIR set): SIGUSR2 starts the CPU profiler, the next SIGUSR2 stops it and writes
// BENCH_PROFILE_DIR/<label>.cpuprofile (label from the file BENCH_PROFILE_DIR/label, else a count),
// then touches <label>.done. Unlike --cpu-prof, the profile holds only the measured phase (not the
// server's start, the CSV import and the pairing before it). Plain JavaScript: node loads it as is.
'use strict';
const { Session } = require('node:inspector');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let count = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')));
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      const labelFile = join(dir, 'label');
      const label = existsSync(labelFile) ? readFileSync(labelFile, 'utf8').trim() : String(++count);
      if (!error) writeFileSync(join(dir, `${label}.cpuprofile`), JSON.stringify(result.profile));
      writeFileSync(join(dir, `${label}.done`), error ? String(error) : 'ok');
    });
  });
}
