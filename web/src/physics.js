// Client-side movement prediction: the player moves at once on key press
// and the server arbitrates afterwards (systems/physics), answering with a
// Correction when it disagrees. The numbers are the server's own, from
// Welcome.limits (docs/protocol.md §9.5): the box, the eye, the speeds,
// the tick rate, reach, whether flying is allowed — one source, never a
// second hand-written copy. The client moves at the advertised speeds
// exactly; the server's speed_tolerance is its margin for timing jitter,
// not the client's to spend. The step is driven by predict.js, one input
// tick at a time.

import { builtinBlocks } from "./blocks.js";
import { UNKNOWN } from "./voxels.js";

/**
 * DEFAULT_RULES are a default server's rules, for a server that states
 * none (older than those ServerLimits fields) and for the demo.
 */
export const DEFAULT_RULES = Object.freeze({
  walkSpeed: 4.317,
  sprintSpeed: 5.612,
  flySpeed: 21.6,
  riseSpeed: 10,
  fallSpeed: 78.4,
  speedTolerance: 1.25,
  moveSlack: 0.05,
  allowFlight: true,
  playerWidth: 0.6,
  playerHeight: 1.8,
  eyeHeight: 1.62,
  reach: 6,
  actionRate: 20,
  actionBurst: 20,
  tickRate: 20,
  inputBankTicks: 20,
  inputClockSlack: 3,
});

/**
 * rulesFromLimits reads the movement and action rules out of
 * Welcome.limits. A field the server leaves 0 is "not stated" and takes
 * the default; allow_flight counts as stated when the speeds are.
 */
export function rulesFromLimits(limits) {
  const r = { ...DEFAULT_RULES };
  if (!limits) return Object.freeze(r);
  for (const k of Object.keys(DEFAULT_RULES)) {
    if (typeof DEFAULT_RULES[k] === "number" && Number.isFinite(limits[k]) && limits[k] > 0) r[k] = limits[k];
  }
  if (limits.sprintSpeed > 0) r.allowFlight = !!limits.allowFlight;
  return Object.freeze(r);
}

// The client's own choices, inside the server's limits (not stated by the
// server, documented in docs/web.md): the server simulates no gravity and
// bounds only rise and fall speeds, and has one flying speed.
const GRAVITY = 32; // blocks/s²
const JUMP_VELOCITY = 8.9; // ~1.25 blocks, under the rise limit (10/s by default)
const FLY_CRUISE = 0.5; // flying without sprint: half the fly speed, for building

const BUILTIN = builtinBlocks();

/** solid reports whether a block stops a player. Unknown terrain does, like on the server. */
export function solid(block, blocks = BUILTIN) {
  return block === UNKNOWN || blocks.solid(block);
}

/**
 * Player holds the predicted state: feet position (doubles: the world is
 * 2^31 blocks wide), velocity in blocks/s, look in degrees using the
 * protocol's convention (yaw 0 looks towards +Z, 90 towards −X; pitch
 * positive looks down).
 */
export class Player {
  /**
   * @param {object} [rules] the server's rules (rulesFromLimits)
   * @param {import("./blocks.js").BlockTable} [blocks] the server's registry
   */
  constructor(rules = DEFAULT_RULES, blocks = BUILTIN) {
    this.rules = rules;
    this.blocks = blocks;
    this.pos = { x: 0.5, y: 80, z: 0.5 };
    this.vel = { x: 0, y: 0, z: 0 };
    this.yaw = 0;
    this.pitch = 0;
    this.flying = true;
    this.onGround = false;
  }

  /** look returns the unit view direction. */
  look() {
    const y = (this.yaw * Math.PI) / 180;
    const p = (this.pitch * Math.PI) / 180;
    return { x: -Math.sin(y) * Math.cos(p), y: -Math.sin(p), z: Math.cos(y) * Math.cos(p) };
  }

  eye() {
    return { x: this.pos.x, y: this.pos.y + this.rules.eyeHeight, z: this.pos.z };
  }

  /** speeds are the client's speeds per mode: the server's walk, sprint and fly speeds (cruise flying is half). */
  speeds() {
    const r = this.rules;
    return { walk: r.walkSpeed, sprint: r.sprintSpeed, fly: r.flySpeed * FLY_CRUISE, flySprint: r.flySpeed };
  }

  /** mode names how a move moves this player: walk, sprint, fly or fly-sprint. */
  mode(move) {
    if (this.flying) return move?.sprint ? "fly-sprint" : "fly";
    return move?.sprint ? "sprint" : "walk";
  }

  /**
   * step advances the prediction by dt seconds.
   * @param {{forward:number, strafe:number, up:number, jump:boolean, sprint:boolean}} move
   *   forward/strafe/up in -1..1 (strafe +1 = right, up +1 = ascend when flying)
   * @param {(x:number,y:number,z:number)=>number} blockAt
   */
  step(dt, move, blockAt) {
    const yaw = (this.yaw * Math.PI) / 180;
    // Horizontal axes from yaw: forward (−sin, cos), right = forward × up.
    const fx = -Math.sin(yaw), fz = Math.cos(yaw);
    const rx = -fz, rz = fx;
    let wx = fx * move.forward + rx * move.strafe;
    let wz = fz * move.forward + rz * move.strafe;
    const len = Math.hypot(wx, wz);
    if (len > 1) {
      wx /= len;
      wz /= len;
    }
    const speed3 = this.speeds();
    if (this.flying) {
      // The server bounds the 3D speed when flying: normalise the whole wish.
      const speed = move.sprint ? speed3.flySprint : speed3.fly;
      let wy = move.up;
      const l3 = Math.hypot(wx, wy, wz);
      if (l3 > 1) {
        wx /= l3;
        wy /= l3;
        wz /= l3;
      }
      this.vel.x = wx * speed;
      this.vel.z = wz * speed;
      this.vel.y = wy * speed;
    } else {
      const speed = move.sprint ? speed3.sprint : speed3.walk;
      this.vel.x = wx * speed;
      this.vel.z = wz * speed;
      if (move.jump && this.onGround) this.vel.y = Math.min(JUMP_VELOCITY, this.rules.riseSpeed);
      this.vel.y = Math.max(-this.rules.fallSpeed, this.vel.y - GRAVITY * dt);
    }
    this.moveAndCollide(dt, blockAt);
  }

  // moveAndCollide moves axis by axis in sub-steps of at most 0.4 blocks,
  // so no step can cross more than one block boundary, and on a collision
  // moves the box flush against the block it hit.
  moveAndCollide(dt, blockAt) {
    const d = { x: this.vel.x * dt, y: this.vel.y * dt, z: this.vel.z * dt };
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(d.x), Math.abs(d.y), Math.abs(d.z)) / 0.4));
    this.onGround = false;
    for (let i = 0; i < steps; i++) {
      for (const axis of ["y", "x", "z"]) {
        const delta = d[axis] / steps;
        if (delta === 0) continue;
        const before = this.pos[axis];
        this.pos[axis] += delta;
        if (!this.collides(blockAt)) continue;
        // Flush against the boundary crossed: the box's leading face on it.
        const lo = axis === "y" ? 0 : -this.rules.playerWidth / 2;
        const hi = axis === "y" ? this.rules.playerHeight : this.rules.playerWidth / 2;
        this.pos[axis] = delta > 0 ? Math.floor(before + hi + delta) - hi : Math.ceil(before + lo + delta) - lo;
        if ((delta > 0 ? this.pos[axis] < before : this.pos[axis] > before) || this.collides(blockAt)) this.pos[axis] = before;
        if (axis === "y" && delta < 0) this.onGround = true;
        this.vel[axis] = 0;
        d[axis] = 0;
      }
    }
  }

  /** collides reports whether the player's box overlaps a solid (or unknown) block. */
  collides(blockAt) {
    const h = this.rules.playerWidth / 2;
    const eps = 1e-7; // touching a face is not overlapping it
    const x0 = Math.floor(this.pos.x - h + eps), x1 = Math.floor(this.pos.x + h - eps);
    const y0 = Math.floor(this.pos.y + eps), y1 = Math.floor(this.pos.y + this.rules.playerHeight - eps);
    const z0 = Math.floor(this.pos.z - h + eps), z1 = Math.floor(this.pos.z + h - eps);
    for (let y = y0; y <= y1; y++)
      for (let z = z0; z <= z1; z++)
        for (let x = x0; x <= x1; x++) if (solid(blockAt(x, y, z), this.blocks)) return true;
    return false;
  }

  /** overlapsBlock reports whether placing a block at (x, y, z) would intersect the player. */
  overlapsBlock(x, y, z) {
    const h = this.rules.playerWidth / 2;
    return (
      this.pos.x + h > x && this.pos.x - h < x + 1 &&
      this.pos.y + this.rules.playerHeight > y && this.pos.y < y + 1 &&
      this.pos.z + h > z && this.pos.z - h < z + 1
    );
  }
}

/**
 * raycast walks the voxels along a ray (Amanatides & Woo) and returns the
 * first targetable block within maxDist: anything but air and liquids.
 * Unknown terrain stops the ray with no hit. normal is the face entered.
 * @param {import("./blocks.js").BlockTable} [blocks] the registry (which blocks are liquid)
 * @returns {{x:number,y:number,z:number,block:number,normal:number[],dist:number}|null}
 */
export function raycast(origin, dir, maxDist, blockAt, blocks = BUILTIN) {
  let x = Math.floor(origin.x), y = Math.floor(origin.y), z = Math.floor(origin.z);
  const sx = Math.sign(dir.x), sy = Math.sign(dir.y), sz = Math.sign(dir.z);
  const next = (o, c, s) => (s > 0 ? c + 1 - o : o - c);
  const tdx = sx ? Math.abs(1 / dir.x) : Infinity;
  const tdy = sy ? Math.abs(1 / dir.y) : Infinity;
  const tdz = sz ? Math.abs(1 / dir.z) : Infinity;
  let tx = sx ? next(origin.x, x, sx) * tdx : Infinity;
  let ty = sy ? next(origin.y, y, sy) * tdy : Infinity;
  let tz = sz ? next(origin.z, z, sz) * tdz : Infinity;
  let normal = [0, 0, 0];
  let t = 0;
  for (let i = 0; i < 256 && t <= maxDist; i++) {
    const b = blockAt(x, y, z);
    if (b === UNKNOWN) return null;
    if (b !== 0 && !blocks.liquid(b)) return { x, y, z, block: b, normal, dist: t };
    if (tx < ty && tx < tz) {
      x += sx;
      t = tx;
      tx += tdx;
      normal = [-sx, 0, 0];
    } else if (ty < tz) {
      y += sy;
      t = ty;
      ty += tdy;
      normal = [0, -sy, 0];
    } else {
      z += sz;
      t = tz;
      tz += tdz;
      normal = [0, 0, -sz];
    }
  }
  return null;
}
