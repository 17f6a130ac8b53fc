// Demo mode (/play/?demo): a small generated world fed through the same
// path as the network's Chunk messages — encoder, worker decode, mesher,
// renderer — with no server. It exists to look at the renderer (and take
// the docs screenshot) in a browser without a WebTransport server.

import { BLOCK } from "./blocks.gen.js";
import { VOLUME, cellIndex } from "./section.js";

/**
 * encodeRuns encodes cells in section format 1, kind "runs" — valid input
 * for any decoder, though not always the Go encoder's smallest choice.
 * @param {Uint16Array} cells
 */
export function encodeRuns(cells) {
  const palette = [];
  const index = new Map();
  const runs = [];
  for (let i = 0; i < VOLUME; ) {
    const v = cells[i];
    let j = i + 1;
    while (j < VOLUME && cells[j] === v) j++;
    if (!index.has(v)) {
      index.set(v, palette.length);
      palette.push(v);
    }
    runs.push(index.get(v), j - i);
    i = j;
  }
  const out = [1, 1];
  const varint = (n) => {
    while (n >= 0x80) {
      out.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    out.push(n);
  };
  varint(palette.length);
  palette.forEach(varint);
  runs.forEach(varint);
  return Uint8Array.from(out);
}

const WATER_LEVEL = 62;

function height(x, z) {
  return Math.floor(
    64 + 7 * Math.sin(x / 17) * Math.cos(z / 23) + 4 * Math.sin((x + z) / 9) + 2 * Math.cos((x - 2 * z) / 5),
  );
}

// Deterministic "random" in [0,1) per column.
function rand(x, z) {
  let h = Math.imul(x, 374761393) ^ Math.imul(z, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

function blockAt(x, y, z) {
  const h = height(x, z);
  if (y <= -60) return BLOCK.bedrock;
  if (y < h - 4) return y < 0 ? BLOCK.deepslate : BLOCK.stone;
  if (y < h) return h <= WATER_LEVEL + 1 ? BLOCK.sand : BLOCK.dirt;
  if (y === h) return h <= WATER_LEVEL + 1 ? BLOCK.sand : BLOCK.grass;
  if (y <= WATER_LEVEL) return BLOCK.water;
  // Trees: a trunk of 4 logs on some grass columns, a blob of leaves on top.
  for (let dx = -2; dx <= 2; dx++) {
    for (let dz = -2; dz <= 2; dz++) {
      const tx = x + dx, tz = z + dz;
      const th = height(tx, tz);
      if (th <= WATER_LEVEL + 1 || rand(tx, tz) > 0.012) continue;
      if (dx === 0 && dz === 0 && y > th && y <= th + 4) return BLOCK.oak_log;
      const ly = y - (th + 4);
      if (ly >= -1 && ly <= 1 && dx * dx + dz * dz + ly * ly * 2 <= 5) return BLOCK.oak_leaves;
    }
  }
  return BLOCK.air;
}

/** demoSections yields {pos, data} for sections within radius r of the origin. */
export function* demoSections(r = 5) {
  for (let sx = -r; sx <= r; sx++) {
    for (let sz = -r; sz <= r; sz++) {
      if (sx * sx + sz * sz > r * r) continue;
      for (let sy = 2; sy <= 5; sy++) {
        const cells = new Uint16Array(VOLUME);
        for (let y = 0; y < 16; y++)
          for (let z = 0; z < 16; z++)
            for (let x = 0; x < 16; x++) cells[cellIndex(x, y, z)] = blockAt(sx * 16 + x, sy * 16 + y, sz * 16 + z);
        yield { pos: { x: sx, y: sy, z: sz }, data: encodeRuns(cells) };
      }
    }
  }
}

/** The demo's entity ids: clear of the player's own (0) and, like the server's non-player ids, of any client id. */
const DEMO_PLAYER = 1n;
const DEMO_CRITTER = (1n << 62n) | 1n;
const DEMO_SLIME = (1n << 62n) | 2n;

// feet is where an entity stands on column (x, z) of the demo world: on
// the top block, or on the water.
function feet(x, z) {
  return Math.max(height(Math.floor(x), Math.floor(z)), WATER_LEVEL) + 1;
}

/**
 * demoEntities is an EntitySpawns for the demo: a player with its name
 * tag and two creatures, in front of the demo's camera, so the entity
 * drawing can be seen (and tested) without a server.
 */
export function demoEntities() {
  const at = (x, z) => ({ x, y: feet(x, z), z });
  return {
    entities: [
      { entityId: DEMO_PLAYER, kind: "strata:player", name: "demo-player", position: at(-40.5, -40.5), yaw: 200, width: 0.6, height: 1.8, tick: 1n },
      { entityId: DEMO_CRITTER, kind: "strata:critter", position: at(-36.5, -44.5), yaw: 90, width: 0.9, height: 0.9, tick: 1n },
      { entityId: DEMO_SLIME, kind: "example:slime", position: at(-44.5, -36.5), width: 1.5, height: 1.2, tick: 1n },
    ],
  };
}

/**
 * demoMove is the PlayerState of the demo's critter at server tick t: a
 * slow circle around where it spawned (radius 3, one lap in 20 s at 20
 * ticks per second), to show the moves being smoothed.
 */
export function demoMove(t) {
  const a = (Number(t % 400n) / 400) * 2 * Math.PI;
  const x = -36.5 + 3 * Math.cos(a) - 3, z = -44.5 + 3 * Math.sin(a);
  return { entityId: DEMO_CRITTER, tick: t, position: { x, y: feet(x, z), z }, yaw: (-a * 180) / Math.PI };
}
