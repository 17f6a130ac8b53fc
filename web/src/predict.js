// Fixed-step movement prediction with reconciliation (docs/web.md,
// "Movement"). The player is simulated in steps of exactly one input tick
// (1 / tick_rate seconds, the server's Welcome.limits.tick_rate), however
// fast or slow the page renders: a slow frame runs several steps, a fast
// one none, and the renderer interpolates between the last two simulated
// states. Each step is one input tick, so the time an Input claims
// (docs/protocol.md §9.5) is exactly the time the client simulated — the
// server never sees more distance than ticks.
//
// Every step's input is kept until the server has accepted a later tick;
// a Correction (the server's state as of its last_input_tick) rewinds the
// player there and replays the steps after it, instead of snapping back.

/**
 * MAX_CATCH_UP bounds the steps one frame may run: beyond it the time is
 * dropped, not owed. The bound a frame runs under is the server's
 * (catchUpSteps): it keeps a client's unspent input time for
 * input_bank_ticks only, so a longer frame's time is lost on the server
 * too; MAX_CATCH_UP caps what a server may ask for.
 */
export const MAX_CATCH_UP = 40;

/**
 * catchUpSteps is the most steps one frame runs under rules:
 * input_bank_ticks less input_clock_slack + 1 (16 of 20 by default).
 * After a frame longer than the bank the server's clock for this client
 * restarts input_bank_ticks behind its own, and a frame that then claimed
 * all of them would leave the client only the slack (3 ticks) for the
 * next frames' jitter: on a slow page, where sends trickle out behind
 * long frames, the next inputs would often reach the server early by
 * more than that, and be refused. Claiming slack + 1 fewer keeps that
 * much in hand, at the cost of a stalled frame's last 0.2 s.
 */
export function catchUpSteps(rules) {
  const { bank, slack } = inputClock(rules);
  return Math.max(1, Math.min(MAX_CATCH_UP, bank - slack - 1));
}

/**
 * pairSteps bounds the steps of a stalled frame and the frame before it,
 * under rules: input_bank_ticks plus input_clock_slack, less 2 for the
 * rounding of steps to frames and of arrivals to server ticks (21 of
 * 20 + 3), plus the steps of the delay of the stalled frame's own Inputs.
 *
 * A frame's Inputs go out in a task of the page that runs after the frame
 * (Session.sendAll), so they reach the server when the next frame starts,
 * and the server keeps no more than the bank of the time since Inputs last
 * arrived. A stalled frame delays the previous frame's Inputs by its whole
 * length, so the server restarts its clock for the client the bank behind
 * its own as they arrive, and both frames' steps are claimed against that
 * one bank, the slack and the time until the stalled frame's Inputs
 * arrive: a frame after one of 8 steps (400 ms) that claimed catchUpSteps'
 * 16, then a frame of 70 ms, would leave the client 1 tick beyond the
 * server's edge, and every later Input that reaches the server with less
 * delay behind its step than the stalled frame's did would be refused, a
 * Correction after each until back-offs make up the difference.
 */
export function pairSteps(rules) {
  const { bank, slack } = inputClock(rules);
  return Math.max(2, bank + slack - 2);
}

/** inputClock reads the server's input clock from rules: input_bank_ticks and input_clock_slack, or their defaults. */
function inputClock(rules) {
  return { bank: Math.floor(rules?.inputBankTicks || 20), slack: Math.floor(rules?.inputClockSlack ?? 3) };
}

// RECENT is how many frames' lengths the bound of a stalled frame looks
// back over for the shortest (see pairSteps).
const RECENT = 8;

// HISTORY bounds the steps kept for replay (a few seconds at 20 Hz); older
// ones cannot be corrected into any more.
const HISTORY = 256;

/** state copies the part of a Player a step changes. */
function state(p) {
  return { pos: { ...p.pos }, vel: { ...p.vel }, onGround: p.onGround, flying: p.flying };
}

function restore(p, s) {
  p.pos = { ...s.pos };
  p.vel = { ...s.vel };
  p.onGround = s.onGround;
  p.flying = s.flying;
}

export class Predictor {
  /**
   * @param {import("./physics.js").Player} player the simulated player (its rules give tickRate)
   */
  constructor(player) {
    this.player = player;
    this.reset();
  }

  /** reset starts a new session's clock: input tick 0, no history. */
  reset() {
    this.tick = 0n; // the input tick of the last simulated step
    this.acc = 0; // ms of frame time not yet simulated
    this.history = []; // {tick, move, yaw, pitch, flying, after: state}
    this.prev = state(this.player);
    this.replayed = 0; // steps replayed by corrections, for the HUD and tests
    this.resyncs = 0; // resyncs (teleports, releases from a hold), for tests
    this.paused = 0; // input ticks to let pass unsimulated (see resync)
    this.pauseAfterNext = 0;
    this.aligning = false; // the next frame runs one step at once, from no stored time (see resync)
    this.backoffs = 0; // pauses after corrections, for tests
    this.frameMs = 0; // a decaying peak of recent frame times (see headroom)
    this.recent = []; // the last RECENT frames' lengths, ms (see bound)
    this.claimed = 0; // the steps the last frame claimed (see bound)
  }

  /**
   * headroom is how many input ticks the client keeps behind the
   * server's clock after it restarts it: slack + 1, or more on a page
   * whose frames are longer than that. The server measures every input
   * against the first one after a restart; a later input that reaches it
   * with less delay behind its step is early by the difference, which on
   * a slow page (its steps sent a frame apart, the sends trickling out
   * behind long frames) can be most of a frame.
   */
  get headroom() {
    const slack = inputClock(this.player.rules).slack + 1;
    return Math.min(catchUpSteps(this.player.rules), Math.max(slack, Math.ceil(this.frameMs / this.stepMs)));
  }

  /**
   * resync restarts the input clock against the server's after the
   * server restarted its own (a teleport, a release from a hold): the
   * server then grants the first input all the time it may run ahead
   * (input_clock_slack, docs/protocol.md §9.5), which leaves none for
   * jitter, and every later input that reaches it earlier, relative to
   * its step, than that first one did is refused.
   *
   * So the first step after a resync is simulated in the frame that sends
   * it, not from frame time stored before (which on a slow page is up to
   * a whole frame old, and would make every later input look early by
   * that much: at 4 fps, 250 ms, more than the slack): the stored time
   * is dropped, the next frame runs exactly one step, and the clock counts
   * from that frame. Then the client lets headroom ticks pass without
   * simulating (or claiming) them — slack + 1, a pause of ~0.2 s at
   * 20 Hz, or about a frame on a slower page — which gives the server's
   * clock its slack back for a server tick running late, and room for
   * the page's own jitter.
   */
  resync() {
    this.resyncs++;
    this.acc = 0;
    this.aligning = true;
    this.paused = 0;
    this.pauseAfterNext = this.headroom;
  }

  /**
   * backoff lets slack + 1 ticks pass unclaimed after a Correction: the
   * server refuses an input that claims time it has not given yet, and a
   * client whose clock has caught up with the server's edge would be
   * refused again by the next early input, and the next. The pause moves
   * it back from the edge. (A correction for another reason, a wall, is
   * no worse for a 0.2 s pause.)
   */
  backoff() {
    this.backoffs++;
    this.paused = Math.max(this.paused, inputClock(this.player.rules).slack + 1);
  }

  /** stepMs is the length of one input tick. */
  get stepMs() {
    return 1000 / (this.player.rules.tickRate || 20);
  }

  /**
   * advance adds a frame's elapsed time and runs the whole steps it
   * completes (at most catchUpSteps), each with move and the player's
   * current look. Returns the steps run: {tick, state} to send as Inputs.
   * @param {number} elapsedMs time since the last frame
   * @param {{forward:number, strafe:number, up:number, jump:boolean, sprint:boolean}} move
   * @param {(x:number,y:number,z:number)=>number} blockAt
   */
  advance(elapsedMs, move, blockAt) {
    const step = this.stepMs;
    this.frameMs = Math.max(Math.max(0, elapsedMs), this.frameMs * 0.95);
    let n;
    if (this.aligning) {
      // The first step after a resync: now, from no stored time.
      this.aligning = false;
      this.acc = 0;
      n = 1;
    } else {
      this.acc += Math.max(0, elapsedMs);
      n = Math.floor(this.acc / step + 1e-9);
      const most = this.bound;
      if (n > most) {
        // A stalled page (a background tab, a debugger): run the bound
        // and drop the rest, which the server would not keep either.
        n = most;
        this.acc = n * step;
      }
      this.acc = Math.max(0, this.acc - n * step);
    }
    const ran = [];
    for (let i = 0; i < n; i++) {
      if (this.paused > 0) {
        this.paused--;
        this.prev = state(this.player);
        continue;
      }
      ran.push(this.stepOnce(move, blockAt));
      if (this.pauseAfterNext > 0) {
        this.paused = this.pauseAfterNext;
        this.pauseAfterNext = 0;
      }
    }
    this.claimed = ran.length;
    this.recent.push(Math.max(0, elapsedMs));
    if (this.recent.length > RECENT) this.recent.shift();
    return ran;
  }

  /**
   * bound is the most steps the next frame may run: the catch-up bound,
   * or less after a long frame — what the pair (pairSteps) leaves after
   * the last frame's steps, plus the delay of the next frame's Inputs, at
   * least the shortest of the recent frames (none yet: no bound but the
   * catch-up one).
   */
  get bound() {
    const rules = this.player.rules;
    const next = this.recent.length ? Math.floor(Math.min(...this.recent) / this.stepMs + 1e-9) : Infinity;
    return Math.max(1, Math.min(catchUpSteps(rules), pairSteps(rules) - this.claimed + next));
  }

  /** boundMs is the most frame time the next frame can claim (the rest of a longer one is dropped). */
  get boundMs() {
    return this.bound * this.stepMs;
  }

  /** stepOnce simulates one input tick. */
  stepOnce(move, blockAt) {
    const p = this.player;
    this.prev = state(p);
    p.step(1 / (p.rules.tickRate || 20), move, blockAt);
    this.tick++;
    const h = { tick: this.tick, move: { ...move }, yaw: p.yaw, pitch: p.pitch, flying: p.flying, after: state(p) };
    this.history.push(h);
    if (this.history.length > HISTORY) this.history.shift();
    return h;
  }

  /** alpha is how far the frame is between the last two steps, 0..1, for interpolation. */
  get alpha() {
    return Math.min(1, this.acc / this.stepMs);
  }

  /** rendered is the position to draw: between the previous and the current step. */
  rendered() {
    const a = this.alpha, p = this.player.pos, q = this.prev.pos;
    return { x: q.x + (p.x - q.x) * a, y: q.y + (p.y - q.y) * a, z: q.z + (p.z - q.z) * a };
  }

  /**
   * correct applies a Correction: the server's position and velocity as
   * of input tick lastInputTick. Steps up to it are dropped (the server
   * has judged them); the player restarts from the server's state and the
   * later steps are replayed with their own inputs and look, and the
   * client backs off (backoff). A teleport drops every step: the inputs
   * predicted before it are void; the clock resyncs.
   * @returns {number} the steps replayed
   */
  correct(c, blockAt) {
    const p = this.player;
    const last = BigInt(c.lastInputTick ?? 0);
    const look = { yaw: p.yaw, pitch: p.pitch };
    if (c.position) p.pos = { x: c.position.x, y: c.position.y, z: c.position.z };
    p.vel = c.velocity ? { x: c.velocity.x, y: c.velocity.y, z: c.velocity.z } : { x: 0, y: 0, z: 0 };
    if (c.teleport) {
      this.history = [];
      this.prev = state(p);
      this.resync();
      return 0;
    }
    this.backoff();
    const later = this.history.filter((h) => h.tick > last);
    this.history = [];
    let replayed = 0;
    for (const h of later) {
      p.yaw = h.yaw;
      p.pitch = h.pitch;
      p.flying = h.flying;
      this.prev = state(p);
      p.step(1 / (p.rules.tickRate || 20), h.move, blockAt);
      this.history.push({ ...h, after: state(p) });
      replayed++;
    }
    if (replayed === 0) this.prev = state(p);
    p.yaw = look.yaw;
    p.pitch = look.pitch;
    this.replayed += replayed;
    return replayed;
  }

  /** acknowledge forgets the steps up to tick, which the server can no longer correct into. */
  acknowledge(tick) {
    while (this.history.length && this.history[0].tick <= tick) this.history.shift();
  }
}
