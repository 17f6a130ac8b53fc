// Frame statistics for the HUD and the test hooks (src/stats.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { RunFrames, Window } from "../src/stats.js";

test("Window: percentiles and mean of the last n samples", () => {
  const w = new Window(4);
  for (const v of [10, 20, 30, 40, 50]) w.add(v);
  assert.equal(w.n, 4);
  assert.equal(w.mean(), 35);
  assert.equal(w.percentile(100), 50);
  assert.equal(w.percentile(0), 20);
});

test("RunFrames: the time in frames beyond the claimable bound", () => {
  const r = new RunFrames();
  for (const ms of [200, 200, 1400, 100]) r.add(ms, 1000);
  const s = r.summary();
  assert.equal(s.count, 4);
  assert.equal(s.totalMs, 1900);
  assert.equal(s.beyondLimitMs, 400, "only the 1.4 s frame's last 0.4 s");
  assert.equal(s.limitMs, 1000);
  assert.equal(s.maxMs, 1400);
  assert.equal(s.meanMs, 475);
});
