/** Far longer than anything a test polls for takes on a loaded machine: a bound on the test, never a claim of speed. */
export const POLL = { timeout: 20_000 };

/** Client deadlines no answer the fault proxy holds reaches while a test runs: the test alone decides when it comes. */
export const NO_DEADLINES = { responseMs: 50_000, totalMs: 50_000 };
