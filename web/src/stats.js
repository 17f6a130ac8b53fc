// Small measurement helpers for the HUD and the page's test hooks.

/** Window keeps the last n samples and reports percentiles. */
export class Window {
  constructor(n) {
    this.buf = new Float64Array(n);
    this.n = 0;
    this.i = 0;
  }

  add(v) {
    this.buf[this.i] = v;
    this.i = (this.i + 1) % this.buf.length;
    this.n = Math.min(this.n + 1, this.buf.length);
  }

  percentile(p) {
    if (this.n === 0) return 0;
    const s = Array.from(this.buf.subarray(0, this.n)).sort((a, b) => a - b);
    return s[Math.min(this.n - 1, Math.floor((p / 100) * this.n))];
  }

  mean() {
    if (this.n === 0) return 0;
    let t = 0;
    for (let i = 0; i < this.n; i++) t += this.buf[i];
    return t / this.n;
  }
}

/** Rate counts events per second over a sliding window of whole seconds. */
export class Rate {
  constructor(seconds = 5) {
    this.seconds = seconds;
    this.events = [];
  }

  add(now, n = 1) {
    this.events.push([now, n]);
    this.trim(now);
  }

  trim(now) {
    const from = now - this.seconds * 1000;
    while (this.events.length && this.events[0][0] < from) this.events.shift();
  }

  perSecond(now) {
    this.trim(now);
    let t = 0;
    for (const [, n] of this.events) t += n;
    return t / this.seconds;
  }
}

/**
 * RunFrames summarises the frames of a stretch of time (a test's run):
 * their count and times, and how much of the time fell in frames longer
 * than the most one frame may claim (limitMs: predict.js catchUpSteps,
 * from the server's input_bank_ticks), which the client drops.
 */
export class RunFrames {
  constructor(n = 4000) {
    this.times = new Window(n);
    this.totalMs = 0;
    this.beyondMs = 0;
  }

  /** add records one frame of ms, of which anything beyond limitMs cannot be claimed. */
  add(ms, limitMs) {
    this.times.add(ms);
    this.totalMs += ms;
    this.beyondMs += Math.max(0, ms - limitMs);
    this.limitMs = limitMs;
  }

  summary() {
    const w = this.times;
    return {
      count: w.n,
      meanMs: w.mean(),
      p50Ms: w.percentile(50),
      p95Ms: w.percentile(95),
      maxMs: w.percentile(100),
      totalMs: this.totalMs,
      beyondLimitMs: this.beyondMs,
      limitMs: this.limitMs ?? 0,
    };
  }
}
