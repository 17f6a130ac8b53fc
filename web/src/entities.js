// The entities the page draws (feature "entities", docs/protocol.md): what
// the server's EntitySpawns, EntityDespawns and PlayerState datagrams say
// about players and whatever plugins spawn, kept apart from three.js so it
// runs (and is tested) under node.
//
// A spawn says what an entity is (kind, box, name tag, attributes) and
// where; PlayerState datagrams move it. Datagrams are unordered and lossy,
// so a state older than the newest one held (the spawn's tick included) is
// stale and dropped, and with the feature granted a state for an id the
// page holds no spawn for is ignored: it raced ahead of its spawn or
// trailed its despawn, and drawing it would leave a box nothing removes.
//
// With "predicted-states" granted the server sends an entity's state only
// when extrapolating the last one would draw it wrong (more than 0.05
// block off, a turn, a change of velocity), and repeats each for a few
// seconds on the page's own refresh ticks: the set extrapolates,
// moving each target on at its velocity every step, and a state (or
// spawn) older than the server's tick as the page reckons it (the newest
// tick seen, run on at the tick rate) is carried forward to it — a spawn
// may carry a state sent long ago, and a repeat of a state the page has
// is stale and dropped.
//
// A server that does not grant "entities" (older than it) still sends
// PlayerStates of nearby players: in that legacy mode the first state of
// an id creates a player entity with the default box, as the page did
// before entities existed, so such servers are still drawn.

import { FEATURE_ENTITIES, FEATURE_PREDICTED_STATES } from "./protocol.js";

export { FEATURE_ENTITIES, FEATURE_PREDICTED_STATES };

/** The kind of every player's entity (entities.KindPlayer on the server). */
export const KIND_PLAYER = "strata:player";

/** The player box when the server says nothing else (legacy mode): 0.6 × 1.8 × 0.6. */
export const PLAYER_BOX = Object.freeze({ width: 0.6, height: 1.8 });
// A box outside these bounds is a server bug or a corrupt record; drawing
// it as given could fill the screen (or vanish), so it is clamped.
const MIN_SIZE = 0.05;
const MAX_SIZE = 64;

// How fast a shown position closes on its latest state: the same
// exponential smoothing the page used for other players before entities
// (the remaining distance shrinks by e every 1/12 s).
const SMOOTHING_PER_S = 12;

/**
 * @typedef {object} Entity
 * @property {bigint} id        wire entity id
 * @property {string} kind      "namespace:name"
 * @property {string} name      name tag ("" for none)
 * @property {number} width     box along x and z, blocks
 * @property {number} height    box along y, blocks
 * @property {Map<string, bigint>} attributes plugin-defined values by key
 * @property {bigint} tick      server tick of target
 * @property {{x:number,y:number,z:number}} target  latest known feet position
 * @property {{x:number,y:number,z:number}} shown   where it is drawn (smoothed towards target)
 * @property {number} yaw       degrees
 * @property {number} pitch     degrees
 * @property {{x:number,y:number,z:number}} velocity blocks per second
 */

/** EntitySet keeps the entities the server told the page about. */
export class EntitySet {
  constructor() {
    /** @type {Map<bigint, Entity>} */
    this.byId = new Map();
    // The page's own entity: the server may spawn and move it like any
    // other, but the page draws its own player from its prediction.
    this.self = null;
    // Whether the server granted "entities"; until a Welcome says so the
    // set behaves as for a legacy server.
    this.granted = false;
    // Whether the server granted "predicted-states": targets are then
    // extrapolated (step), at tickRate ticks a second; clock is the
    // server's tick as the page reckons it (null: none seen yet).
    this.predicted = false;
    this.tickRate = 20;
    this.clock = null;
    this.stats = { spawns: 0, despawns: 0, states: 0, stale: 0, unknown: 0 };
  }

  /**
   * reset forgets everything for a new session: its own id, whether
   * "entities" and "predicted-states" were granted, and the tick rate.
   */
  reset(self = null, granted = false, predicted = false, tickRate = 20) {
    this.byId.clear();
    this.self = self;
    this.granted = granted;
    this.predicted = predicted;
    this.tickRate = tickRate > 0 ? tickRate : 20;
    this.clock = null;
  }

  /**
   * ahead is where, with "predicted-states", a state of tick (its position
   * p, velocity v) puts its entity now: p + v · (clock − tick) / tickRate,
   * after the clock has caught up with tick; p itself otherwise.
   */
  ahead(p, v, tick) {
    if (!this.predicted) return p;
    const t = Number(tick);
    if (this.clock === null || t > this.clock) this.clock = t;
    const dt = (this.clock - t) / this.tickRate;
    return { x: p.x + v.x * dt, y: p.y + v.y * dt, z: p.z + v.z * dt };
  }

  get size() {
    return this.byId.size;
  }

  get(id) {
    return this.byId.get(id);
  }

  [Symbol.iterator]() {
    return this.byId.values();
  }

  /**
   * spawn adds or redescribes the entities of an EntitySpawns. The
   * description (kind, box, name, attributes) always wins; the position
   * only if the spawn is not older than a state already held, since a
   * datagram may have overtaken it. A new entity is shown at once where it
   * is, not slid in from elsewhere.
   * @returns {Entity[]} the entities spawned or changed
   */
  spawn(spawns) {
    const out = [];
    for (const s of spawns.entities ?? []) {
      if (this.self !== null && s.entityId === this.self) continue;
      this.stats.spawns++;
      const old = this.byId.get(s.entityId);
      const tick = s.tick ?? 0n;
      const e = held(s, {
        kind: s.kind || "",
        name: s.name || "",
        width: size(s.width, PLAYER_BOX.width),
        height: size(s.height, PLAYER_BOX.height),
        attributes: new Map((s.attributes ?? []).map((a) => [a.key, a.value])),
      });
      if (old && old.tick > tick) {
        // Keep the newer move, and the smooth path towards it.
        Object.assign(e, { tick: old.tick, target: old.target, shown: old.shown, yaw: old.yaw, pitch: old.pitch, velocity: old.velocity });
      } else {
        e.target = this.ahead(e.target, e.velocity, tick);
        e.shown = old ? old.shown : { ...e.target };
      }
      this.byId.set(e.id, e);
      out.push(e);
    }
    return out;
  }

  /**
   * despawn forgets the ids of an EntityDespawns.
   * @returns {bigint[]} the ids that were held (and must stop being drawn)
   */
  despawn(despawns) {
    const out = [];
    for (const id of despawns.entityIds ?? []) {
      this.stats.despawns++;
      if (this.byId.delete(id)) out.push(id);
    }
    return out;
  }

  /** remove forgets one entity (a PlayerLeft); true if it was held. */
  remove(id) {
    return this.byId.delete(id);
  }

  /**
   * state applies a PlayerState datagram: the newest tick wins. With
   * "entities" granted an id without a spawn is ignored; in legacy mode
   * it becomes a player with the default box and the roster's name.
   * @param {(id: bigint) => string} [nameOf] the roster's name for an id (legacy mode)
   * @returns {"moved"|"created"|"stale"|"unknown"|"self"} what became of it
   */
  state(s, nameOf = () => "") {
    if (this.self !== null && s.entityId === this.self) return "self"; // our own echo
    if (!s.position) return "stale";
    const tick = s.tick ?? 0n;
    let e = this.byId.get(s.entityId);
    if (!e) {
      if (this.granted) {
        this.stats.unknown++;
        return "unknown";
      }
      e = held(s, {
        kind: KIND_PLAYER,
        name: nameOf(s.entityId) || "",
        width: PLAYER_BOX.width,
        height: PLAYER_BOX.height,
        attributes: new Map(),
      });
      this.byId.set(e.id, e);
      this.stats.states++;
      return "created";
    }
    if (tick <= e.tick) {
      this.stats.stale++;
      return "stale";
    }
    this.stats.states++;
    e.tick = tick;
    e.yaw = s.yaw ?? e.yaw;
    e.pitch = s.pitch ?? e.pitch;
    // With "predicted-states" the velocity is what the page extrapolates
    // by: a state without one says the entity stands.
    if (s.velocity) e.velocity = vec(s.velocity);
    else if (this.predicted) e.velocity = vec(null);
    e.target = this.ahead(vec(s.position), e.velocity, tick);
    return "moved";
  }

  /**
   * step moves every shown position towards its target over dt seconds;
   * with "predicted-states" each target first moves on at its velocity
   * (and the clock with them).
   */
  step(dt) {
    const k = 1 - Math.exp(-dt * SMOOTHING_PER_S);
    if (this.predicted) {
      if (this.clock !== null) this.clock += dt * this.tickRate;
      for (const e of this.byId.values()) {
        e.target.x += e.velocity.x * dt;
        e.target.y += e.velocity.y * dt;
        e.target.z += e.velocity.z * dt;
      }
    }
    for (const e of this.byId.values()) {
      e.shown.x += (e.target.x - e.shown.x) * k;
      e.shown.y += (e.target.y - e.shown.y) * k;
      e.shown.z += (e.target.z - e.shown.z) * k;
    }
  }
}

/**
 * held is an entity as a spawn or a state (s) first places it: the
 * description desc, at s's position, shown there at once.
 */
function held(s, desc) {
  const p = vec(s.position);
  return {
    id: s.entityId,
    ...desc,
    tick: s.tick ?? 0n,
    target: p,
    shown: { ...p },
    yaw: s.yaw ?? 0,
    pitch: s.pitch ?? 0,
    velocity: vec(s.velocity),
  };
}

function vec(v) {
  return { x: v?.x ?? 0, y: v?.y ?? 0, z: v?.z ?? 0 };
}

function size(v, fallback) {
  if (!Number.isFinite(v) || v <= 0) return fallback;
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, v));
}

// ---- colours ---------------------------------------------------------------

/**
 * entityColor is an entity's colour as 0xRRGGBB (sRGB). Players keep the
 * look they had before entities: a hue from their id (golden-angle steps,
 * so neighbouring ids differ), saturation 0.6, lightness 0.5. Every other
 * kind is coloured by its kind string alone, so all entities of a kind
 * look alike on every page and across sessions.
 */
export function entityColor(e) {
  if (e.kind === KIND_PLAYER) return playerColor(e.id);
  return kindColor(e.kind);
}

/** playerColor is a player's colour from its entity id. */
export function playerColor(id) {
  const hue = (Number(BigInt(id) % 360n) * 137.5) % 360;
  return hslToHex(hue / 360, 0.6, 0.5);
}

/**
 * kindColor is the stable colour of a kind: hue and a little lightness
 * from the FNV-1a hash of the string (UTF-8), less saturated than players
 * so creatures do not read as people.
 */
export function kindColor(kind) {
  let c = kindColors.get(kind);
  if (c === undefined) {
    const h = fnv1a(kind);
    const hue = (h % 360) / 360;
    const light = 0.4 + ((h >>> 16) % 5) * 0.05; // 0.40 … 0.60
    c = hslToHex(hue, 0.45, light);
    // Asked every frame for every entity: remembered. Kinds are few; a
    // server inventing endless ones only costs a recomputation.
    if (kindColors.size >= 256) kindColors.clear();
    kindColors.set(kind, c);
  }
  return c;
}

const kindColors = new Map();

/** fnv1a is the 32-bit FNV-1a hash of a string's UTF-8 bytes. */
export function fnv1a(s) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(s)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * hslToHex converts HSL (each 0..1) to 0xRRGGBB exactly as three.js's
 * Color.setHSL does with colour management off (as the renderer has it),
 * so a player's colour is the one it had when the renderer called setHSL.
 */
export function hslToHex(h, s, l) {
  h = ((h % 1) + 1) % 1;
  let r = l, g = l, b = l;
  if (s !== 0) {
    const p = l <= 0.5 ? l * (1 + s) : l + s - l * s;
    const q = 2 * l - p;
    r = hue2rgb(q, p, h + 1 / 3);
    g = hue2rgb(q, p, h);
    b = hue2rgb(q, p, h - 1 / 3);
  }
  const byte = (v) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return (byte(r) << 16) | (byte(g) << 8) | byte(b);
}

function hue2rgb(p, q, t) {
  if (t < 0) t += 1;
  if (t > 1) t -= 1;
  if (t < 1 / 6) return p + (q - p) * 6 * t;
  if (t < 1 / 2) return q;
  if (t < 2 / 3) return p + (q - p) * 6 * (2 / 3 - t);
  return p;
}
