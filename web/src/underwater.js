// What the camera is in, and how that changes the picture. In air the
// scene fogs into the sky at the edge of the view; with the eye inside a
// liquid the camera sees that liquid instead: a short fog in its colour
// (blue-green for water), the same colour behind everything (no sky
// through the water), a tint over every block, and the water's faces
// drawn from both sides so that the surface shows from below. All of it
// is a few uniforms and a fog switch: nothing is re-meshed.
//
// Pure functions, so node tests can check them; the renderer applies
// their answer (Renderer.setView).

export const SKY = 0x9cc4ec;

/** Water seen from inside: colour of fog and background, and how far one sees. */
export const WATER_FOG = 0x1b5e6e;
export const WATER_NEAR = 0.5;
export const WATER_FAR = 24;
/** Water's tint: every colour times this (a uniform), blue-green. */
export const WATER_TINT = Object.freeze([0.62, 0.86, 0.9]);

/** An opaque liquid (lava) seen from inside: its own colour, almost no sight. */
const THICK_NEAR = 0;
const THICK_FAR = 2.5;

const NO_TINT = Object.freeze([1, 1, 1]);

/**
 * mediumAt returns the liquid block the eye is in, or 0 (air) when it is
 * in anything else: air, a solid block (the near plane clips it), or a
 * section not held yet (UNKNOWN, negative).
 * @param {{x:number,y:number,z:number}} eye
 * @param {(x:number,y:number,z:number)=>number} blockAt
 * @param {import("./blocks.js").BlockTable} blocks
 */
export function mediumAt(eye, blockAt, blocks) {
  const b = blockAt(Math.floor(eye.x), Math.floor(eye.y), Math.floor(eye.z));
  return b > 0 && blocks.liquid(b) ? b : 0;
}

/**
 * viewFor is how the scene is drawn with the eye in medium (mediumAt's
 * answer) and a view of viewDistance sections: the background and fog
 * colour, the fog's near and far distance in blocks, the tint every
 * material's colour is set to, and whether water is drawn double-sided.
 * @param {number} medium
 * @param {import("./blocks.js").BlockTable} blocks
 * @param {number} viewDistance
 * @returns {{underwater:boolean, medium:number, background:number, fog:number, near:number, far:number,
 *   tint:readonly number[], waterDoubleSided:boolean}}
 */
export function viewFor(medium, blocks, viewDistance) {
  if (medium) {
    const b = blocks.get(medium);
    if (b && b.transparent) {
      return {
        underwater: true, medium, background: WATER_FOG, fog: WATER_FOG, near: WATER_NEAR, far: WATER_FAR,
        tint: WATER_TINT, waterDoubleSided: true,
      };
    }
    const c = darken(b ? b.color : WATER_FOG, 0.6);
    return { underwater: true, medium, background: c, fog: c, near: THICK_NEAR, far: THICK_FAR, tint: NO_TINT, waterDoubleSided: true };
  }
  const far = Math.max(2, viewDistance) * 16;
  return { underwater: false, medium: 0, background: SKY, fog: SKY, near: far * 0.6, far, tint: NO_TINT, waterDoubleSided: false };
}

function darken(rgb, k) {
  const r = Math.round(((rgb >> 16) & 255) * k);
  const g = Math.round(((rgb >> 8) & 255) * k);
  const b = Math.round((rgb & 255) * k);
  return (r << 16) | (g << 8) | b;
}
