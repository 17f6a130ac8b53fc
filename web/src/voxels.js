// The client's copy of the world: decoded sections by position, with block
// access in world coordinates. The worker holds one (for meshing) and the
// main thread a mirror of it (for raycasts and collisions); the worker's is
// authoritative and the main thread only applies what the worker echoes,
// so the two never disagree for long.

import { VOLUME, cellIndex } from "./section.js";

/** AIR is block 0; an absent section reads as UNKNOWN, never as air. */
export const AIR = 0;
export const UNKNOWN = -1;

/** sectionKey is the map key of section (x, y, z), in section units. */
export function sectionKey(x, y, z) {
  return `${x},${y},${z}`;
}

/** sectionOf returns the section coordinate of a world block coordinate (floor division). */
export function sectionOf(w) {
  return Math.floor(w / 16);
}

/**
 * A stored section. cells is null while the section is uniform; the first
 * edit expands it (8 KiB), exactly like the server's sections.
 * @typedef {{x:number,y:number,z:number,uniform:number|null,cells:Uint16Array|null,revision:bigint,epoch:number}} Entry
 */

export class VoxelStore {
  constructor() {
    /** @type {Map<string, Entry>} */
    this.sections = new Map();
    // The highest section of the world (Welcome.bounds): above it is air,
    // as on the server (docs/protocol.md §9.5), not unknown terrain —
    // else a player over the build limit could not move at all.
    this.maxSectionY = Infinity;
  }

  /** setTop states the world's highest section; everything above it is air. */
  setTop(maxSectionY) {
    this.maxSectionY = maxSectionY;
  }

  get size() {
    return this.sections.size;
  }

  get(x, y, z) {
    return this.sections.get(sectionKey(x, y, z));
  }

  /** put stores (or replaces) a section entry. */
  put(entry) {
    this.sections.set(sectionKey(entry.x, entry.y, entry.z), entry);
  }

  delete(x, y, z) {
    return this.sections.delete(sectionKey(x, y, z));
  }

  clear() {
    this.sections.clear();
  }

  /** blockAt returns the block at world (x, y, z), or UNKNOWN when its section is not held. */
  blockAt(x, y, z) {
    const sy = sectionOf(y);
    if (sy > this.maxSectionY) return AIR; // above the world
    const e = this.sections.get(sectionKey(sectionOf(x), sy, sectionOf(z)));
    if (!e) return UNKNOWN;
    if (!e.cells) return e.uniform;
    return e.cells[cellIndex(x & 15, y & 15, z & 15)];
  }

  /**
   * setBlock writes one block at world coordinates and returns the entry,
   * or null when the section is not held.
   */
  setBlock(x, y, z, block) {
    const e = this.sections.get(sectionKey(sectionOf(x), sectionOf(y), sectionOf(z)));
    if (!e) return null;
    if (!e.cells) {
      if (e.uniform === block) return e;
      e.cells = new Uint16Array(VOLUME).fill(e.uniform);
      e.uniform = null;
    }
    e.cells[cellIndex(x & 15, y & 15, z & 15)] = block;
    return e;
  }
}
