// Levels of detail (feature lod, docs/protocol.md §5.6 "Levels of detail"):
// which LOD sections the client draws. A level-L section at P covers the
// blocks [P·16·2^L, (P+1)·16·2^L) on each axis; its children are the
// level-(L−1) sections 2P + {0,1}³ (level 0: ordinary sections) within
// that level's section Ys. The server sends at each level a ring less what
// finer levels cover, so a coarse section and its children are held
// together only around a ring's move: a coarse section is drawn until
// every child is meshed, and hidden only then, so walking toward a
// mountain never opens a hole. A per-level index answers that in O(8).
//
// Pure (no three.js, no worker): node tests drive it.

/** The section Ys each level spans (the server's; docs/protocol.md §5.6). */
export const LOD_Y_RANGES = Object.freeze([
  null,
  [-2, 9],
  [-1, 4],
  [-1, 2],
  [-1, 1],
  [-1, 0],
  [-1, 0],
  [-1, 0],
]);
export const MAX_LEVEL = LOD_Y_RANGES.length - 1;

/** lodKey names a LOD section: level and position in that level's units. */
export function lodKey(level, x, y, z) {
  return `${level}:${x},${y},${z}`;
}

/**
 * horizonBlocks is how far (in blocks, horizontally) the outermost ring
 * of `levels` levels reaches with a view of viewDistance sections:
 * viewDistance·2^levels sections.
 */
export function horizonBlocks(viewDistance, levels) {
  return viewDistance * 16 * 2 ** levels;
}

/**
 * LODIndex keeps, per level, which LOD sections are meshed and which of
 * them are drawn, and which level-0 sections are meshed. show(level, x,
 * y, z, visible) is called whenever a meshed LOD section's visibility
 * changes; a new mesh's visibility is what meshed() returns.
 */
export class LODIndex {
  /** @param {(level:number, x:number, y:number, z:number, visible:boolean) => void} show */
  constructor(show = () => {}) {
    this.show = show;
    this.level0 = new Set(); // sectionKey-like "x,y,z" of meshed level-0 sections
    this.levels = [];
    for (let l = 0; l <= MAX_LEVEL; l++) this.levels.push(new Map());
    this.y0 = [-4, 19]; // level 0's section Ys (Welcome.bounds)
  }

  /** setLevel0Range sets level 0's section Ys (Welcome.bounds). */
  setLevel0Range(minY, maxY) {
    this.y0 = [minY, maxY];
  }

  yRange(level) {
    return level === 0 ? this.y0 : LOD_Y_RANGES[level];
  }

  /** setLevel0 records that a level-0 section is meshed (true) or forgotten (false). */
  setLevel0(x, y, z, meshed) {
    const k = `${x},${y},${z}`;
    if (meshed === this.level0.has(k)) return;
    if (meshed) this.level0.add(k);
    else this.level0.delete(k);
    this.refresh(1, x >> 1, y >> 1, z >> 1);
  }

  /**
   * meshed records that LOD section (level, x, y, z) has a mesh (maybe
   * empty) and returns whether to draw it: not when its children are all
   * meshed. Its parent may be hidden now.
   */
  meshed(level, x, y, z) {
    const m = this.levels[level];
    const k = lodKey(level, x, y, z);
    let e = m.get(k);
    if (!e) m.set(k, (e = { visible: false }));
    e.visible = !this.covered(level, x, y, z);
    this.refresh(level + 1, x >> 1, y >> 1, z >> 1);
    return e.visible;
  }

  /** remove forgets LOD section (level, x, y, z); its parent may show again. */
  remove(level, x, y, z) {
    if (!this.levels[level].delete(lodKey(level, x, y, z))) return;
    this.refresh(level + 1, x >> 1, y >> 1, z >> 1);
  }

  /** held tells whether LOD section (level, x, y, z) is meshed (level 0: a section). */
  held(level, x, y, z) {
    if (level === 0) return this.level0.has(`${x},${y},${z}`);
    return this.levels[level].has(lodKey(level, x, y, z));
  }

  /** visible tells whether a meshed LOD section is drawn. */
  visible(level, x, y, z) {
    return this.levels[level].get(lodKey(level, x, y, z))?.visible ?? false;
  }

  /** covered tells whether every child of (level, x, y, z) is meshed. */
  covered(level, x, y, z) {
    const c = level - 1;
    const [lo, hi] = this.yRange(c);
    let any = false;
    for (let j = 0; j < 2; j++) {
      const cy = 2 * y + j;
      if (cy < lo || cy > hi) continue;
      for (let i = 0; i < 2; i++)
        for (let k = 0; k < 2; k++) {
          if (!this.held(c, 2 * x + i, cy, 2 * z + k)) return false;
          any = true;
        }
    }
    return any;
  }

  refresh(level, x, y, z) {
    if (level > MAX_LEVEL) return;
    const e = this.levels[level].get(lodKey(level, x, y, z));
    if (!e) return;
    const v = !this.covered(level, x, y, z);
    if (v === e.visible) return;
    e.visible = v;
    this.show(level, x, y, z, v);
  }

  /** counts: LOD sections meshed and drawn, per level (index 0 unused). */
  counts() {
    return this.levels.map((m, l) => {
      if (l === 0) return { meshed: this.level0.size, drawn: this.level0.size };
      let drawn = 0;
      for (const e of m.values()) if (e.visible) drawn++;
      return { meshed: m.size, drawn };
    });
  }

  clear() {
    this.level0.clear();
    for (const m of this.levels) m.clear();
  }
}
