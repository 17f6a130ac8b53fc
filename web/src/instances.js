// The bookkeeping behind the renderer's one instanced mesh of entity boxes,
// kept apart from three.js so it runs (and is tested) under node.
//
// Every entity drawn owns one slot: a column-major 4 × 4 matrix (16
// floats) and an RGB colour (3 floats, 0..1) at index i of two flat
// Float32Arrays, which become the mesh's instanceMatrix and instanceColor.
// Slots stay packed in 0 … count-1, so the mesh draws exactly count
// instances: removing one moves the last slot into the hole. The arrays
// double when full (the renderer then makes a new mesh around them).

const MIN_CAPACITY = 16;

export class InstanceSlots {
  constructor(capacity = MIN_CAPACITY) {
    this.capacity = Math.max(1, capacity | 0);
    this.matrices = new Float32Array(this.capacity * 16);
    this.colors = new Float32Array(this.capacity * 3);
    /** @type {Map<any, number>} key → slot */
    this.index = new Map();
    /** @type {any[]} slot → key */
    this.keys = [];
  }

  get count() {
    return this.keys.length;
  }

  /** slot is the key's slot, or -1 when it has none. */
  slot(key) {
    return this.index.get(key) ?? -1;
  }

  /**
   * add gives key a slot (its own if it has one already).
   * @returns {{slot: number, grew: boolean}} grew: the arrays were replaced by bigger ones
   */
  add(key) {
    const have = this.index.get(key);
    if (have !== undefined) return { slot: have, grew: false };
    let grew = false;
    if (this.keys.length === this.capacity) {
      this.grow(this.capacity * 2);
      grew = true;
    }
    const slot = this.keys.length;
    this.keys.push(key);
    this.index.set(key, slot);
    return { slot, grew };
  }

  grow(capacity) {
    const m = new Float32Array(capacity * 16);
    m.set(this.matrices.subarray(0, this.keys.length * 16));
    const c = new Float32Array(capacity * 3);
    c.set(this.colors.subarray(0, this.keys.length * 3));
    this.capacity = capacity;
    this.matrices = m;
    this.colors = c;
  }

  /**
   * remove frees key's slot, moving the last slot into it.
   * @returns {boolean} whether key had a slot
   */
  remove(key) {
    const slot = this.index.get(key);
    if (slot === undefined) return false;
    this.index.delete(key);
    const last = this.keys.length - 1;
    const moved = this.keys.pop();
    if (slot !== last) {
      this.keys[slot] = moved;
      this.index.set(moved, slot);
      this.matrices.copyWithin(slot * 16, last * 16, last * 16 + 16);
      this.colors.copyWithin(slot * 3, last * 3, last * 3 + 3);
    }
    return true;
  }

  clear() {
    this.index.clear();
    this.keys.length = 0;
  }

  /**
   * setBox writes slot's matrix: a unit box scaled to width × height ×
   * width, turned by yaw radians about y, its origin at (x, y, z) — the
   * same matrix three.js composes for scale, rotation.y and position.
   */
  setBox(slot, x, y, z, width, height, yaw) {
    const c = Math.cos(yaw), s = Math.sin(yaw);
    const m = this.matrices, o = slot * 16;
    m[o] = c * width;
    m[o + 1] = 0;
    m[o + 2] = -s * width;
    m[o + 3] = 0;
    m[o + 4] = 0;
    m[o + 5] = height;
    m[o + 6] = 0;
    m[o + 7] = 0;
    m[o + 8] = s * width;
    m[o + 9] = 0;
    m[o + 10] = c * width;
    m[o + 11] = 0;
    m[o + 12] = x;
    m[o + 13] = y;
    m[o + 14] = z;
    m[o + 15] = 1;
  }

  /** shift moves every slot's origin by (dx, dy, dz). */
  shift(dx, dy, dz) {
    const m = this.matrices;
    for (let o = 0, n = this.keys.length * 16; o < n; o += 16) {
      m[o + 12] += dx;
      m[o + 13] += dy;
      m[o + 14] += dz;
    }
  }

  /** box is what slot's matrix draws: origin and size (the scaled axes' lengths). */
  box(slot) {
    const m = this.matrices, o = slot * 16;
    return {
      position: { x: m[o + 12], y: m[o + 13], z: m[o + 14] },
      size: { x: Math.hypot(m[o], m[o + 1], m[o + 2]), y: Math.hypot(m[o + 4], m[o + 5], m[o + 6]), z: Math.hypot(m[o + 8], m[o + 9], m[o + 10]) },
    };
  }

  /** setColor writes slot's colour from 0xRRGGBB (taken as is: colour management is off). */
  setColor(slot, hex) {
    const c = this.colors, o = slot * 3;
    c[o] = ((hex >> 16) & 255) / 255;
    c[o + 1] = ((hex >> 8) & 255) / 255;
    c[o + 2] = (hex & 255) / 255;
  }

  /** color is slot's colour as 0xRRGGBB. */
  color(slot) {
    const c = this.colors, o = slot * 3;
    const byte = (v) => Math.round(Math.min(1, Math.max(0, v)) * 255);
    return (byte(c[o]) << 16) | (byte(c[o + 1]) << 8) | byte(c[o + 2]);
  }
}
