// Greedy mesher for LOD sections (lod.js): the same faces as mesher.js
// meshPadded — the same culling, the same ambient occlusion and shade —
// but coplanar neighbouring faces that would be drawn alike become one
// rectangle. Far away a LOD section is mostly flat ground and sea, one
// quad per cell face there is most of the horizon's triangles, and a
// software-rendered page pays per triangle.
//
// Faces merge only where the merged quad draws exactly what the separate
// ones did: the same block (so the same colour) and the same occlusion
// at their four corners, and only along an axis the occlusion does not
// vary on (a quad's corner colours are interpolated, so a row of faces
// darkened along their bottom edge merges along the row, not up it).
// What the merge loses is the per-cell brightness jitter, which breaks
// up flat areas of single blocks up close; a merged quad takes the
// jitter's mean, and a face left alone keeps its own. Merged quads meet
// single faces in T-junctions, exactly on integer cell edges; skirts
// (mesher.js skirtPadded) come from the padded volume, so they are kept
// and merged like any side face.
//
// Pure functions on typed arrays: it runs in the mesh worker and in
// node tests.

import { SIZE } from "./section.js";
import { AO_LEVEL, BUILTIN_LOOK, Builder, FACES, PAD, hash3, padIndex } from "./mesher.js";

const AIR = 0;
// The brightness of a merged quad: the mean of meshPadded's jitter
// 0.94 + 0.06·h, h in [0, 1).
const MERGED_JITTER = 0.97;

// Per face direction: which coordinate axis (0 x, 1 y, 2 z) is its normal,
// and which are its u and v (the face's own corner axes, FACES).
const AXES = FACES.map((f) => ({
  an: f.n.findIndex((c) => c !== 0),
  au: f.u.findIndex((c) => c !== 0),
  av: f.v.findIndex((c) => c !== 0),
}));
// Corner c of a quad is at (cu, cv) in its u, v extents (FACES' order).
const CU = [0, 1, 1, 0];
const CV = [0, 0, 1, 1];

const opaqueBuilder = new Builder();
const translucentBuilder = new Builder();
// mask[iv·16 + iu]: the face at (iu, iv) of the slice being merged, as
// 1 + (block << 8 | occlusion of its four corners, two bits each), 0 for none.
const mask = new Int32Array(SIZE * SIZE);
const cell = [0, 0, 0];
const ao = [0, 0, 0, 0];

/**
 * meshPaddedGreedy meshes the centre 16³ of a padded volume as
 * meshPadded does, merging alike coplanar faces into rectangles (LOD
 * sections).
 * @param {Uint16Array} pad from gatherPadded (and skirtPadded)
 * @param {{x:number,y:number,z:number}} [origin] section position, only for the colour jitter
 * @param {import("./mesher.js").BlockLook} [look] the registry's tables
 * @returns {{opaque: import("./mesher.js").Layer, translucent: import("./mesher.js").Layer}}
 */
export function meshPaddedGreedy(pad, origin = { x: 0, y: 0, z: 0 }, look = BUILTIN_LOOK) {
  const { opaque, translucent, drawFace, count: NUM_BLOCKS } = look;
  opaqueBuilder.reset();
  translucentBuilder.reset();
  for (let f = 0; f < 6; f++) {
    const face = FACES[f];
    const { an, au, av } = AXES[f];
    // Padded-index steps along the face's axes.
    const step = [1, PAD * PAD, PAD];
    const su = step[au];
    for (let s = 0; s < SIZE; s++) {
      // Gather the slice's visible faces.
      let any = false;
      cell[an] = s;
      for (let iv = 0; iv < SIZE; iv++) {
        cell[au] = 0;
        cell[av] = iv;
        let p = padIndex(cell[0], cell[1], cell[2]);
        for (let iu = 0; iu < SIZE; iu++, p += su) {
          const m = iv * SIZE + iu;
          mask[m] = 0;
          const b = pad[p];
          if (b === AIR || b >= NUM_BLOCKS) continue;
          const n = pad[p + face.delta];
          if (n < NUM_BLOCKS && !drawFace[b * NUM_BLOCKS + n]) continue;
          let occ = 0;
          for (let c = 0; c < 4; c++) {
            const k = face.corners[c];
            const s1 = opaque[pad[p + k.side1]] | 0;
            const s2 = opaque[pad[p + k.side2]] | 0;
            const sc = opaque[pad[p + k.corner]] | 0;
            occ |= (s1 && s2 ? 0 : 3 - s1 - s2 - sc) << (2 * c);
          }
          mask[m] = 1 + ((b << 8) | occ);
          any = true;
        }
      }
      if (!any) continue;
      // Merge: each face not yet taken grows along u as far as its
      // equals reach, then along v while the whole row below matches.
      for (let iv = 0; iv < SIZE; iv++) {
        for (let iu = 0; iu < SIZE; ) {
          const key = mask[iv * SIZE + iu];
          if (key === 0) {
            iu++;
            continue;
          }
          const occ = (key - 1) & 255;
          for (let c = 0; c < 4; c++) ao[c] = (occ >> (2 * c)) & 3;
          let w = 1;
          if (ao[0] === ao[1] && ao[3] === ao[2]) while (iu + w < SIZE && mask[iv * SIZE + iu + w] === key) w++;
          let h = 1;
          if (ao[0] === ao[3] && ao[1] === ao[2]) {
            grow: while (iv + h < SIZE) {
              const row = (iv + h) * SIZE + iu;
              for (let t = 0; t < w; t++) if (mask[row + t] !== key) break grow;
              h++;
            }
          }
          for (let r = 0; r < h; r++) mask.fill(0, (iv + r) * SIZE + iu, (iv + r) * SIZE + iu + w);
          const b = (key - 1) >> 8;
          cell[an] = s;
          cell[au] = iu;
          cell[av] = iv;
          const jitter = w * h === 1 ? 0.94 + 0.06 * hash3(origin.x * 16 + cell[0], origin.y * 16 + cell[1], origin.z * 16 + cell[2]) : MERGED_JITTER;
          emitRect(translucent[b] ? translucentBuilder : opaqueBuilder, f, cell, w, h, look.rgb[b], face.shade * jitter);
          iu += w;
        }
      }
    }
  }
  return { opaque: opaqueBuilder.finish(), translucent: translucentBuilder.finish() };
}

// emitRect adds the quad of face direction f over w × h cells from cell
// (its least u, v corner), corners lit by ao (mesher.js emit, stretched).
function emitRect(out, f, cell, w, h, rgb, shade) {
  const face = FACES[f];
  const v0 = out.faces * 4;
  let pi = v0 * 3;
  for (let c = 0; c < 4; c++, pi += 3) {
    const eu = CU[c] * w, ev = CV[c] * h;
    for (let i = 0; i < 3; i++) out.pos[pi + i] = cell[i] + (face.n[i] > 0 ? 1 : 0) + eu * face.u[i] + ev * face.v[i];
    const k = shade * AO_LEVEL[ao[c]];
    out.col[pi] = Math.min(255, rgb[0] * k);
    out.col[pi + 1] = Math.min(255, rgb[1] * k);
    out.col[pi + 2] = Math.min(255, rgb[2] * k);
  }
  // The diagonal rule of mesher.js emit, so a single face is drawn as
  // meshPadded draws it.
  const ii = out.faces * 6;
  const idx = out.idx;
  const a = ao[0] + ao[2] >= ao[1] + ao[3] ? v0 : v0 + 1;
  const b = a === v0 ? v0 + 3 : v0;
  idx[ii] = a;
  idx[ii + 1] = a + 1;
  idx[ii + 2] = a + 2;
  idx[ii + 3] = a;
  idx[ii + 4] = a + 2;
  idx[ii + 5] = b;
  out.faces++;
}
