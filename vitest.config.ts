import { defineConfig } from 'vitest/config';

// One runner for everything: domain rules, the server on real databases, and browser journeys in Chromium.
// Browser suites share one build of the site (tests/support/global-setup.ts).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll checks a state the page reaches in its own time (a list drawn after its answer); Vitest gives up
    // after 1 s by default, which a console page can take on two cores while another browser suite runs beside it.
    // A longer wait costs nothing when the check passes, and a failure still names the last value seen.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Each worker process runs its files one after another with the modules it has already loaded: a file starts
    // its own servers, browsers and databases (nothing is shared but the code), and loading Fastify, Kysely, sharp
    // and the register's modules again for each of some 175 files took a third of the run. No test changes a
    // global (process.env, fetch, timers) that another file could see.
    isolate: false,
    // Two cores: browser suites are heavy, so files run two at a time at most.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
