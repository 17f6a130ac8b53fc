// Fixed-step prediction (src/predict.js) against the server's movement
// rules, as the Go side states them in testdata/movement/limits.json
// (written and checked by systems/physics TestMovementVectors).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { BLOCK } from "../src/blocks.gen.js";
import { Player, rulesFromLimits } from "../src/physics.js";
import { catchUpSteps, MAX_CATCH_UP, pairSteps, Predictor } from "../src/predict.js";

const vectors = JSON.parse(readFileSync(new URL("../../testdata/movement/limits.json", import.meta.url), "utf8"));
const rules = rulesFromLimits(vectors.limits);
const floor = (x, y, z) => (y === 63 ? BLOCK.stone : BLOCK.air);
const idle = { forward: 0, strafe: 0, up: 0, jump: false, sprint: false };

function newPlayer(flying = false) {
  const p = new Player(rules);
  p.flying = flying;
  p.pos = { x: 0.5, y: flying ? 80 : 64, z: 0.5 };
  p.onGround = !flying;
  return p;
}

test("the vectors' limits are what the client reads from a Welcome", () => {
  assert.equal(rules.tickRate, vectors.limits.tickRate);
  assert.equal(rules.sprintSpeed, vectors.limits.sprintSpeed);
  assert.equal(rules.flySpeed, vectors.limits.flySpeed);
  assert.equal(rules.allowFlight, vectors.limits.allowFlight);
});

// jitter splits total ms into frames of the given lengths, cycled, the
// last one the remainder.
function jitter(total, lengths) {
  const frames = [];
  let left = total;
  for (let i = 0; left > 0; i++) {
    const f = Math.min(left, lengths[i % lengths.length]);
    frames.push(f);
    left -= f;
  }
  return frames;
}

test("N steps give the same positions at any frame timing", () => {
  const step = 1000 / rules.tickRate;
  const move = { ...idle, forward: 1, strafe: 0.5, sprint: true };
  const timings = {
    "one step per frame": Array(40).fill(step),
    "five steps per frame (4 fps)": Array(8).fill(5 * step),
    "jittery frames": jitter(40 * step, [7, 13, 61, 2, 149, 33, 16.7, 99, 250, 3, 197.6]),
  };
  const results = {};
  for (const [name, frames] of Object.entries(timings)) {
    const pr = new Predictor(newPlayer());
    const ticks = [];
    for (const f of frames) for (const h of pr.advance(f, move, floor)) ticks.push([h.tick, h.after.pos]);
    results[name] = { tick: pr.tick, ticks };
  }
  const ref = results["one step per frame"];
  assert.equal(ref.tick, 40n);
  for (const [name, r] of Object.entries(results)) {
    assert.equal(r.tick, ref.tick, `${name}: ticks`);
    assert.deepEqual(r.ticks, ref.ticks, `${name}: positions per input tick`);
  }
});

test("one long frame runs at most input_bank_ticks less slack + 1 steps", () => {
  const most = rules.inputBankTicks - rules.inputClockSlack - 1;
  assert.equal(catchUpSteps(rules), most);
  const pr = new Predictor(newPlayer());
  assert.equal(pr.advance(5000, idle, floor).length, most);
  assert.equal(pr.advance(0, idle, floor).length, 0, "the dropped time is not owed");
  // Frames up to that long lose none of their time: a page at 1.25 fps
  // still walks at walking speed.
  const slow = new Predictor(newPlayer());
  const move = { ...idle, forward: 1 };
  let steps = 0;
  for (let i = 0; i < 5; i++) steps += slow.advance(most * slow.stepMs, move, floor).length;
  assert.equal(steps, 5 * most);
  assert.equal(catchUpSteps({ ...rules, inputBankTicks: 1000 }), MAX_CATCH_UP, "a server's bound is capped");
  assert.equal(catchUpSteps({ inputBankTicks: 0 }), 16, "a server that states none: 20 less 3 + 1");
  assert.equal(catchUpSteps({ inputBankTicks: 2, inputClockSlack: 3 }), 1, "at least one step");
});

// flyAgainstServer plays a sprint-flyer's frames (ms each) against the
// server's input clock for one client (systems/gameplay/movement.go,
// input): the time since the last accepted Input is kept up to
// input_bank_ticks, an Input may run input_clock_slack ticks ahead, and
// one whose move is longer than the time it may claim allows (with the
// server's tolerance and slack) is refused, with the rest of its server
// tick's. A frame's Inputs reach the server when the next frame starts
// (Session.sendAll writes them in a task after the frame), and the server
// takes what has arrived at each of its 50 ms ticks; its clock for the
// client starts with the page's. A refusal backs the page off, as a
// Correction does. Returns the refusals and the ticks claimed.
function flyAgainstServer(pr, frames) {
  const move = { ...idle, forward: 1, sprint: true };
  const tps = rules.tickRate;
  const perTick = rules.flySpeed / tps;
  const sent = [];
  let last = 0n, clock = 0, refusals = 0, t = 0, tick = 0;
  const serve = (now) => {
    const due = sent.filter((s) => s.at <= now * 1000 / tps);
    sent.splice(0, due.length);
    for (const s of due) {
      if (s.tick <= last) continue;
      clock = Math.max(clock, now - rules.inputBankTicks);
      const avail = now + rules.inputClockSlack - clock;
      const need = Number(s.tick - last);
      const elapsed = Math.min(need, avail);
      if (need * perTick > (rules.flySpeed * rules.speedTolerance * elapsed) / tps + rules.moveSlack) {
        refusals++;
        pr.backoff();
        while (sent.length && sent[0].at <= now * 1000 / tps) sent.shift();
        return;
      }
      last = s.tick;
      clock += elapsed;
    }
  };
  for (let i = 0; i < frames.length; i++) {
    t += frames[i];
    while ((tick + 1) * 1000 / tps <= t) serve(++tick);
    const arrives = t + (frames[i + 1] ?? frames[i]);
    for (const h of pr.advance(frames[i], move, () => BLOCK.air)) sent.push({ at: arrives, tick: h.tick });
  }
  while (sent.length) serve(++tick);
  return { refusals, claimed: Number(last) };
}

// UnpairedPredictor bounds every frame by catchUpSteps alone, as the
// client did before pairSteps.
class UnpairedPredictor extends Predictor {
  get bound() {
    return catchUpSteps(this.player.rules);
  }
}

test("a stalled frame claims only what the bank leaves after the frame before it", () => {
  assert.equal(pairSteps(rules), rules.inputBankTicks + rules.inputClockSlack - 2);
  const pr = new Predictor(newPlayer(true));
  assert.equal(pr.advance(400, idle, floor).length, 8);
  // 970 ms: 19 steps, of which the catch-up bound leaves 16 and the pair
  // 21 - 8 + the shortest recent frame's 8.
  assert.equal(pr.advance(970, idle, floor).length, 16);
  const fast = new Predictor(newPlayer(true));
  for (let i = 0; i < 8; i++) fast.advance(i === 7 ? 400 : 70, idle, floor);
  assert.equal(fast.advance(970, idle, floor).length, 21 - 8 + 1, "after fast frames: 21 less 8, plus one 70 ms frame's step");
  assert.equal(fast.boundMs, 8 * fast.stepMs, "and the frame after that one by the pair again: 21 - 14 + 1");

  const steady = (ms, n) => Array(n).fill(ms);
  // Slow pages (the throttled browser test's: 30–400 ms frames) with
  // stalls; the catch-up bound alone is refused in each.
  const patterns = {
    "a stall after a long frame": [...steady(120, 20), 400, 970, 70, 120, 40, 120, 30, 90, ...steady(120, 20)],
    "a stall after two long frames": [...steady(120, 20), 390, 400, 970, 30, 30, 30, 120, 30, 90, ...steady(120, 20)],
    "two stalls in a row": [...steady(120, 20), 810, 880, 70, 120, 70, 70, ...steady(120, 20)],
    "stalls among fast frames": [...steady(30, 40), 1100, 20, 20, 900, 850, 16, 16, 16, ...steady(30, 40)],
  };
  for (const [name, frames] of Object.entries(patterns)) {
    const old = flyAgainstServer(new UnpairedPredictor(newPlayer(true)), frames);
    assert.ok(old.refusals > 0, `${name}: the model refuses the catch-up bound alone`);
    const now = flyAgainstServer(new Predictor(newPlayer(true)), frames);
    assert.equal(now.refusals, 0, `${name}: refused`);
  }
  // A page whose every frame is long loses no more than before: the
  // shortest recent frame is as long.
  for (const ms of [600, 800, 850, 1000]) {
    const frames = steady(ms, 15);
    const old = flyAgainstServer(new UnpairedPredictor(newPlayer(true)), frames);
    const now = flyAgainstServer(new Predictor(newPlayer(true)), frames);
    assert.equal(now.refusals, 0, `${ms} ms frames: refused`);
    assert.equal(now.claimed, old.claimed, `${ms} ms frames: ticks claimed`);
  }
});

test("interpolation goes from the previous step to the current one", () => {
  const pr = new Predictor(newPlayer());
  const move = { ...idle, forward: 1 };
  const step = pr.stepMs;
  pr.advance(step * 1.5, move, floor);
  const r = pr.rendered();
  assert.ok(r.z > pr.prev.pos.z && r.z < pr.player.pos.z, `rendered z ${r.z} between ${pr.prev.pos.z} and ${pr.player.pos.z}`);
});

for (const m of vectors.modes) {
  test(`held W, ${m.name}: distance per input tick matches the server's rule`, () => {
    const p = newPlayer(m.flying);
    const pr = new Predictor(p);
    const move = { ...idle, forward: 1, sprint: m.sprint };
    let prev = { ...p.pos };
    // A mix of frame lengths: the per-tick distance must not depend on it.
    const frames = [50, 250, 16, 34, 100, 50, 200, 16.7, 33.3];
    let n = 0;
    for (const f of frames) {
      for (const h of pr.advance(f, move, floor)) {
        const d = m.flying ? Math.hypot(h.after.pos.x - prev.x, h.after.pos.y - prev.y, h.after.pos.z - prev.z) : Math.hypot(h.after.pos.x - prev.x, h.after.pos.z - prev.z);
        assert.ok(d <= m.perTick * (1 + 1e-9), `tick ${h.tick}: ${d} > ${m.perTick}`);
        assert.ok(d >= 0.95 * m.perTick, `tick ${h.tick}: ${d} < 95% of ${m.perTick}`);
        assert.ok(d <= m.allowedPerTick, `tick ${h.tick}: ${d} beyond the server's ${m.allowedPerTick}`);
        prev = { ...h.after.pos };
        n++;
      }
    }
    assert.ok(n >= 14, `${n} steps`);
    assert.equal(p.mode(move), m.name);
  });
}

test("a correction mid-way rewinds and replays the later inputs", () => {
  const p = newPlayer();
  const pr = new Predictor(p);
  const move = { ...idle, forward: 1 };
  pr.advance(10 * pr.stepMs, move, floor); // ticks 1..10
  const at4 = pr.history.find((h) => h.tick === 4n).after.pos;
  const before = { ...p.pos };
  // The server has the player 1 block to the side as of tick 4.
  const replayed = pr.correct({ position: { x: at4.x + 1, y: at4.y, z: at4.z }, velocity: { x: 0, y: 0, z: 0 }, lastInputTick: 4n, teleport: false }, floor);
  assert.equal(replayed, 6, "ticks 5..10 replayed");
  assert.ok(Math.abs(p.pos.x - (before.x + 1)) < 1e-9, `x ${p.pos.x}`);
  assert.ok(Math.abs(p.pos.z - before.z) < 1e-9, `z ${p.pos.z}: the later steps kept their distance`);
  assert.equal(pr.tick, 10n, "the input clock does not move back");
  assert.deepEqual(pr.history.map((h) => h.tick), [5n, 6n, 7n, 8n, 9n, 10n]);
  // The client backs off slack + 1 ticks, then further steps continue
  // from the replayed state.
  const slack = rules.inputClockSlack;
  for (let i = 0; i < slack + 1; i++) assert.deepEqual(pr.advance(pr.stepMs, move, floor), [], "backing off");
  const [h] = pr.advance(pr.stepMs, move, floor);
  assert.equal(h.tick, 11n);
  assert.ok(Math.abs(h.after.pos.x - (before.x + 1)) < 1e-9);
  assert.equal(pr.backoffs, 1);
});

test("a teleport correction drops the unacknowledged inputs", () => {
  const p = newPlayer();
  const pr = new Predictor(p);
  for (let i = 0; i < 10; i++) pr.advance(pr.stepMs, { ...idle, forward: 1 }, floor); // a page at 20 fps
  const replayed = pr.correct({ position: { x: 100.5, y: 64, z: 100.5 }, lastInputTick: 4n, teleport: true }, floor);
  assert.equal(replayed, 0);
  assert.deepEqual(p.pos, { x: 100.5, y: 64, z: 100.5 });
  assert.equal(pr.history.length, 0);
  assert.deepEqual(pr.rendered(), p.pos, "no interpolation from before the jump");
  // One step from the new place, then slack + 1 ticks unclaimed: the
  // server's input clock gets its slack back.
  const slack = rules.inputClockSlack;
  const steps = [];
  for (let i = 0; i < slack + 3; i++) steps.push(...pr.advance(pr.stepMs, idle, floor));
  assert.deepEqual(steps.map((h) => h.tick), [11n, 12n], `after a teleport: ${steps.map((h) => h.tick)}`);
});

test("after a resync the first step is the frame's own, not time stored before", () => {
  // A slow page (250 ms frames): the teleport arrives between two frames,
  // 240 ms after the last one. The next frame runs one step, whatever
  // its length, and the input clock counts from that frame: no input
  // after it claims time from before it (which would reach the server
  // early by up to a frame, beyond the clock slack), and a pause of at
  // least a frame follows.
  const p = newPlayer();
  const pr = new Predictor(p);
  const move = { ...idle, forward: 1 };
  pr.advance(240, move, floor); // 4 steps, 40 ms stored
  assert.equal(pr.tick, 4n);
  pr.correct({ position: { x: 10.5, y: 64, z: 10.5 }, lastInputTick: 2n, teleport: true }, floor);
  assert.equal(pr.acc, 0, "the stored time is dropped");
  const first = pr.advance(250, move, floor);
  assert.deepEqual(first.map((h) => h.tick), [5n], "one step in the first frame after the teleport");
  assert.equal(pr.acc, 0, "and the clock counts from that frame");
  // The pause is a frame here (5 ticks), more than slack + 1 (4): a
  // slow page's inputs reach the server up to a frame apart in delay.
  assert.equal(rules.inputClockSlack, 3);
  const next = pr.advance(250, move, floor);
  assert.deepEqual(next.map((h) => h.tick), [], `then: ${next.map((h) => h.tick)}`);
  // From there on every frame claims exactly its own time.
  let claimed = 0;
  for (let i = 0; i < 8; i++) claimed += pr.advance(250, move, floor).length;
  assert.equal(claimed, 40);
});

test("replay uses each step's own look", () => {
  const p = newPlayer();
  const pr = new Predictor(p);
  const move = { ...idle, forward: 1 };
  pr.advance(2 * pr.stepMs, move, floor); // towards +Z
  p.yaw = 90; // towards −X
  pr.advance(2 * pr.stepMs, move, floor);
  const want = { ...p.pos };
  pr.correct({ position: { x: 0.5, y: 64, z: 0.5 }, lastInputTick: 0n }, floor);
  assert.ok(Math.abs(p.pos.x - want.x) < 1e-9 && Math.abs(p.pos.z - want.z) < 1e-9, `${JSON.stringify(p.pos)} vs ${JSON.stringify(want)}`);
  assert.equal(p.yaw, 90, "the current look is kept");
});

test("above the world is air: a player over the build limit moves", async () => {
  const { VoxelStore } = await import("../src/voxels.js");
  const store = new VoxelStore();
  store.setTop(19);
  const blockAt = (x, y, z) => store.blockAt(x, y, z);
  const p = newPlayer(true);
  p.pos = { x: 0.5, y: 330, z: 0.5 };
  const pr = new Predictor(p);
  for (let i = 0; i < 20; i++) pr.advance(pr.stepMs, { ...idle, forward: 1, sprint: true }, blockAt);
  assert.ok(Math.abs(p.pos.z - 0.5 - rules.flySpeed) < 1e-6, `z ${p.pos.z}`);
  assert.ok(store.blockAt(0, 319, 0) < 0, "the top section itself is unknown until received");
});
