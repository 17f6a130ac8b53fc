// Section mesher: turns one section plus a one-cell border taken from its
// 26 neighbours into vertex buffers. Pure functions on typed arrays, so it
// runs in the Web Worker and in node tests alike.
//
// Which block is opaque, translucent or what colour comes from the
// server's registry (a BlockLook of Welcome.blocks); the built-in one is
// the default.
//
// Faces are culled against neighbours (across section borders too, when
// the neighbour section is held); a missing neighbour reads as air, so the
// edge of the loaded world is closed rather than see-through, and the face
// disappears once the neighbour arrives and the section is re-meshed. Below
// the world is solid (nobody looks at the underside of the bottom layer).
// Shading is baked into vertex colours: a fixed brightness per face
// direction times ambient occlusion from the three cells around each
// vertex — no lights or normals needed at draw time.

import { builtinBlocks } from "./blocks.js";
import { SIZE, cellIndex } from "./section.js";

/** The padded volume is 18³: cell (x, y, z) for x, y, z in -1..16. */
export const PAD = SIZE + 2;
export const PAD_VOLUME = PAD * PAD * PAD;

/** padIndex returns the index of local cell (x, y, z), each -1..16, in a padded volume. */
export function padIndex(x, y, z) {
  return x + 1 + PAD * (z + 1) + PAD * PAD * (y + 1);
}

const AIR = 0;

/**
 * BlockLook is what the mesher needs of a block registry (blocks.js
 * BlockTable), as lookup tables: which blocks hide their neighbours,
 * which are drawn translucent, which faces are drawn, each block's
 * colour. Built once per registry (per Welcome).
 */
export class BlockLook {
  /** @param {import("./blocks.js").BlockTable} table */
  constructor(table) {
    const n = table.count;
    this.count = n;
    // opaque[b]: hides the faces of its neighbours and darkens their corners.
    this.opaque = new Uint8Array(n);
    // translucent[b]: drawn in the second, blended pass (water).
    this.translucent = new Uint8Array(n);
    for (const b of table.blocks) {
      this.opaque[b.id] = b.id !== AIR && !b.transparent ? 1 : 0;
      this.translucent[b.id] = b.liquid && b.transparent ? 1 : 0;
    }
    // drawFace[b * n + m]: is the face of block b towards neighbour m
    // visible? Yes against air or a different see-through block; never
    // against an opaque block or the same see-through block (no water
    // walls inside water, no faces between two leaves).
    this.drawFace = new Uint8Array(n * n);
    for (let b = 1; b < n; b++) {
      for (let m = 0; m < n; m++) this.drawFace[b * n + m] = m === AIR || (!this.opaque[m] && m !== b) ? 1 : 0;
    }
    // Per-block colour as 0..255 floats, looked up per face.
    this.rgb = table.blocks.map((b) => [(b.color >> 16) & 255, (b.color >> 8) & 255, b.color & 255]);
    // What fills the padding below the world: any opaque block will do
    // (nobody looks at the underside of the bottom layer).
    const bedrock = table.id("bedrock");
    this.belowWorld = bedrock !== undefined && this.opaque[bedrock] ? bedrock : Math.max(0, this.opaque.indexOf(1));
  }
}

/** The look of the built-in registry: the default until a Welcome says otherwise. */
export const BUILTIN_LOOK = new BlockLook(builtinBlocks());

/**
 * The six faces. U × V = N, so corners (u, v) = (0,0), (1,0), (1,1), (0,1)
 * run counter-clockwise seen from outside, which is three.js's front face.
 * shade is the face's fixed brightness: sun from above, a little from the
 * sides, so that edges read even without texture.
 */
export const FACES = [
  { n: [1, 0, 0], u: [0, 1, 0], v: [0, 0, 1], shade: 0.8 },
  { n: [-1, 0, 0], u: [0, 0, 1], v: [0, 1, 0], shade: 0.8 },
  { n: [0, 1, 0], u: [0, 0, 1], v: [1, 0, 0], shade: 1.0 },
  { n: [0, -1, 0], u: [1, 0, 0], v: [0, 0, 1], shade: 0.5 },
  { n: [0, 0, 1], u: [1, 0, 0], v: [0, 1, 0], shade: 0.65 },
  { n: [0, 0, -1], u: [0, 1, 0], v: [1, 0, 0], shade: 0.65 },
].map((f) => {
  const d = (a) => a[0] + PAD * a[2] + PAD * PAD * a[1]; // padded index delta
  const corners = [];
  for (const [cu, cv] of [[0, 0], [1, 0], [1, 1], [0, 1]]) {
    const su = cu ? 1 : -1;
    const sv = cv ? 1 : -1;
    corners.push({
      // Corner position relative to the cell's minimum corner.
      pos: [0, 1, 2].map((i) => (f.n[i] > 0 ? 1 : 0) + cu * f.u[i] + cv * f.v[i]),
      // The three cells in front of the face that can shadow this corner.
      side1: d(f.n) + su * d(f.u),
      side2: d(f.n) + sv * d(f.v),
      corner: d(f.n) + su * d(f.u) + sv * d(f.v),
    });
  }
  return { ...f, delta: d(f.n), corners };
});

// Brightness by number of shadowing cells: 0 → 1.0 ... 3 → 0.5.
export const AO_LEVEL = [0.5, 0.66, 0.82, 1.0];

/**
 * gatherPadded fills out with the section's cells and a one-cell border
 * from its neighbours.
 * @param {(dx:number, dy:number, dz:number) => ({uniform:number|null, cells:Uint16Array|null}|undefined)} neighbour
 *   returns the section at offset (dx, dy, dz) ∈ {-1,0,1}³ (0,0,0 is the section itself), undefined if not held
 * @param {boolean} bottom the section is the world's lowest: the layer below is solid
 * @param {Uint16Array} [out] reused buffer of PAD_VOLUME cells
 * @param {number} [belowWorld] the opaque block that fills the layer below the world (BlockLook.belowWorld)
 */
export function gatherPadded(neighbour, bottom, out = new Uint16Array(PAD_VOLUME), belowWorld = BUILTIN_LOOK.belowWorld) {
  const around = new Array(27);
  for (let dy = -1; dy <= 1; dy++)
    for (let dz = -1; dz <= 1; dz++)
      for (let dx = -1; dx <= 1; dx++) around[(dy + 1) * 9 + (dz + 1) * 3 + dx + 1] = neighbour(dx, dy, dz);
  let i = 0;
  for (let y = -1; y <= SIZE; y++) {
    const sy = y < 0 ? 0 : y >= SIZE ? 2 : 1;
    for (let z = -1; z <= SIZE; z++) {
      const sz = z < 0 ? 0 : z >= SIZE ? 2 : 1;
      for (let x = -1; x <= SIZE; x++, i++) {
        const sx = x < 0 ? 0 : x >= SIZE ? 2 : 1;
        if (bottom && y < 0) {
          out[i] = belowWorld;
          continue;
        }
        const s = around[sy * 9 + sz * 3 + sx];
        if (!s) out[i] = AIR;
        else if (!s.cells) out[i] = s.uniform;
        else out[i] = s.cells[cellIndex(x & 15, y & 15, z & 15)];
      }
    }
  }
  return out;
}

/**
 * A mesh layer: positions (3 × Uint8 per vertex, 0..16 in section space),
 * colours (3 × Uint8, normalised), indices (two triangles per face).
 * @typedef {{positions:Uint8Array, colors:Uint8Array, indices:Uint16Array|Uint32Array, faces:number}} Layer
 */

// Scratch space sized for the worst case (every face of every cell), shared
// across calls: meshing allocates only the exact-size outputs.
const MAX_FACES = SIZE * SIZE * SIZE * 6;
/** Builder collects one layer's quads (greedy.js builds its own). */
export class Builder {
  constructor() {
    this.pos = new Uint8Array(MAX_FACES * 12);
    this.col = new Uint8Array(MAX_FACES * 12);
    this.idx = new Uint32Array(MAX_FACES * 6);
    this.faces = 0;
  }

  reset() {
    this.faces = 0;
  }

  /** @returns {Layer} */
  finish() {
    const verts = this.faces * 4;
    const n = this.faces * 6;
    const indices = verts <= 0x10000 ? new Uint16Array(n) : new Uint32Array(n);
    indices.set(this.idx.subarray(0, n));
    return {
      positions: this.pos.slice(0, verts * 3),
      colors: this.col.slice(0, verts * 3),
      indices,
      faces: this.faces,
    };
  }
}
const opaqueBuilder = new Builder();
const translucentBuilder = new Builder();

/**
 * meshPadded meshes the centre 16³ of a padded volume.
 * @param {Uint16Array} pad from gatherPadded
 * @param {{x:number,y:number,z:number}} [origin] section position, only for the colour jitter
 * @param {BlockLook} [look] the registry's tables
 * @returns {{opaque: Layer, translucent: Layer}}
 */
export function meshPadded(pad, origin = { x: 0, y: 0, z: 0 }, look = BUILTIN_LOOK) {
  const { opaque, translucent, drawFace, rgb: RGB, count: NUM_BLOCKS } = look;
  opaqueBuilder.reset();
  translucentBuilder.reset();
  const ao = [0, 0, 0, 0];
  for (let y = 0; y < SIZE; y++) {
    for (let z = 0; z < SIZE; z++) {
      let p = padIndex(0, y, z);
      for (let x = 0; x < SIZE; x++, p++) {
        const b = pad[p];
        if (b === AIR || b >= NUM_BLOCKS) continue;
        const out = translucent[b] ? translucentBuilder : opaqueBuilder;
        // A faint per-block brightness jitter breaks up flat areas, which
        // otherwise read as one colour without textures.
        const h = hash3(origin.x * 16 + x, origin.y * 16 + y, origin.z * 16 + z);
        const jitter = 0.94 + 0.06 * h;
        const rgb = RGB[b];
        for (let f = 0; f < 6; f++) {
          const face = FACES[f];
          const n = pad[p + face.delta];
          if (n < NUM_BLOCKS && !drawFace[b * NUM_BLOCKS + n]) continue;
          for (let c = 0; c < 4; c++) {
            const k = face.corners[c];
            const s1 = opaque[pad[p + k.side1]] | 0;
            const s2 = opaque[pad[p + k.side2]] | 0;
            const sc = opaque[pad[p + k.corner]] | 0;
            ao[c] = s1 && s2 ? 0 : 3 - s1 - s2 - sc;
          }
          emit(out, face, x, y, z, rgb, face.shade * jitter, ao);
        }
      }
    }
  }
  return { opaque: opaqueBuilder.finish(), translucent: translucentBuilder.finish() };
}

function emit(out, face, x, y, z, rgb, shade, ao) {
  const v0 = out.faces * 4;
  let pi = v0 * 3;
  for (let c = 0; c < 4; c++, pi += 3) {
    const cp = face.corners[c].pos;
    out.pos[pi] = x + cp[0];
    out.pos[pi + 1] = y + cp[1];
    out.pos[pi + 2] = z + cp[2];
    const k = shade * AO_LEVEL[ao[c]];
    out.col[pi] = Math.min(255, rgb[0] * k);
    out.col[pi + 1] = Math.min(255, rgb[1] * k);
    out.col[pi + 2] = Math.min(255, rgb[2] * k);
  }
  // Split the quad along the diagonal whose corners are more alike, so
  // occlusion interpolates without the classic anisotropy seam.
  const ii = out.faces * 6;
  const idx = out.idx;
  const a = ao[0] + ao[2] >= ao[1] + ao[3] ? v0 : v0 + 1; // first corner of the split diagonal
  const b = a === v0 ? v0 + 3 : v0; // the corner before it, cyclically
  idx[ii] = a;
  idx[ii + 1] = a + 1;
  idx[ii + 2] = a + 2;
  idx[ii + 3] = a;
  idx[ii + 4] = a + 2;
  idx[ii + 5] = b;
  out.faces++;
}

/** hash3 maps a block position to [0, 1): deterministic colour jitter. */
export function hash3(x, y, z) {
  let h = Math.imul(x, 0x8da6b343) ^ Math.imul(y, 0xd8163841) ^ Math.imul(z, 0xcb1ab31f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h & 0xffff) / 0x10000;
}

/**
 * borderHasBlocks reports whether the section's layer touching direction
 * (dx, dy, dz) (one axis ±1) holds any non-air cell: only then can a new
 * neighbour on that side hide some of its faces, so only then is a re-mesh
 * worth it.
 */
export function borderHasBlocks(s, dx, dy, dz) {
  if (!s.cells) return s.uniform !== AIR;
  for (let a = 0; a < SIZE; a++) {
    for (let b = 0; b < SIZE; b++) {
      let x, y, z;
      if (dx) [x, y, z] = [dx > 0 ? SIZE - 1 : 0, a, b];
      else if (dy) [x, y, z] = [a, dy > 0 ? SIZE - 1 : 0, b];
      else [x, y, z] = [a, b, dz > 0 ? SIZE - 1 : 0];
      if (s.cells[cellIndex(x, y, z)] !== AIR) return true;
    }
  }
  return false;
}

/**
 * skirtPadded replaces the border of a padded volume on side (dx, dz)
 * (one of ±x, ±z) — a neighbour that is not held — with the section's own
 * edge layer lifted by depth cells: the neighbour reads as solid where
 * the edge column is solid depth cells higher. So the edge's side faces
 * are drawn from its surface down depth cells, a skirt that closes the
 * seam to a finer or coarser level next to it, instead of a wall down to
 * the bottom (LOD sections, lod.js). Cells lifted past the top take the
 * layer above's bottom (y = 16), so a column continuing upward stays
 * closed.
 */
export function skirtPadded(pad, dx, dz, depth) {
  for (let y = -1; y <= SIZE; y++) {
    const sy = Math.min(y + depth, SIZE);
    for (let i = -1; i <= SIZE; i++) {
      if (dx !== 0) {
        const bx = dx > 0 ? SIZE : -1, ex = dx > 0 ? SIZE - 1 : 0;
        pad[padIndex(bx, y, i)] = pad[padIndex(ex, sy, Math.max(0, Math.min(SIZE - 1, i)))];
      } else {
        const bz = dz > 0 ? SIZE : -1, ez = dz > 0 ? SIZE - 1 : 0;
        pad[padIndex(i, y, bz)] = pad[padIndex(Math.max(0, Math.min(SIZE - 1, i)), sy, ez)];
      }
    }
  }
}
