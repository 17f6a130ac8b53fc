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
