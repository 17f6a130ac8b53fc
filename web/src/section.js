// Section codec, format 1: the decoder for Chunk.data.
//
// This mirrors resources/chunk/codec.go byte for byte (the normative spec is
// testdata/sections/README.md). It validates everything the Go decoder does
// — version, kind, palette, runs, packed indices, shortest-form varints,
// trailing bytes — because a client that silently accepts garbage renders
// garbage, and the shared vectors in testdata/sections hold both
// implementations to the same rules.

import { NUM_BLOCKS } from "./blocks.gen.js";

export const SIZE = 16;
export const VOLUME = SIZE * SIZE * SIZE;
export const CODEC_VERSION = 1;

const KIND_UNIFORM = 0;
const KIND_RUNS = 1;
const KIND_PACKED = 2;

/** cellIndex returns the index of local cell (x, y, z), each 0..15. */
export function cellIndex(x, y, z) {
  return x + (z << 4) + (y << 8);
}

/** SectionDecodeError is thrown for any encoding the decoder rejects. */
export class SectionDecodeError extends Error {
  constructor(message, offset) {
    super(`section decode at byte ${offset}: ${message}`);
    this.name = "SectionDecodeError";
    this.offset = offset;
  }
}

/**
 * A decoded section: either uniform (one block everywhere, cells === null)
 * or dense (cells is a Uint16Array of 4096 block IDs, uniform === null).
 * @typedef {{uniform: number|null, cells: Uint16Array|null}} Section
 */

/**
 * decodeSection parses one encoded section.
 * @param {Uint8Array} data
 * @param {number} [numBlocks] the registry's size (Welcome.blocks): ids at or above it are invalid
 * @returns {Section}
 * @throws {SectionDecodeError}
 */
export function decodeSection(data, numBlocks = NUM_BLOCKS) {
  const r = new Reader(data, numBlocks);
  if (data.length === 0) throw r.fail("empty input");
  const version = r.byte();
  if (version !== CODEC_VERSION) throw r.fail(`unknown version ${version}`);
  if (r.done()) throw r.fail("missing kind");
  const kind = r.byte();
  let section;
  switch (kind) {
    case KIND_UNIFORM:
      section = { uniform: r.block(), cells: null };
      break;
    case KIND_RUNS:
    case KIND_PACKED: {
      const pal = r.palette();
      const cells = new Uint16Array(VOLUME);
      if (kind === KIND_RUNS) r.runs(cells, pal);
      else r.packed(cells, pal);
      section = collapse(cells);
      break;
    }
    default:
      throw r.fail(`unknown kind ${kind}`);
  }
  if (!r.done()) throw r.fail(`${data.length - r.off} trailing bytes`);
  return section;
}

// collapse turns a dense section whose cells are all equal into a uniform
// one, as the Go decoder does: uniform sections cost nothing to mesh.
function collapse(cells) {
  const first = cells[0];
  for (let i = 1; i < VOLUME; i++) {
    if (cells[i] !== first) return { uniform: null, cells };
  }
  return { uniform: first, cells: null };
}

/** indexBits is the width of a packed palette index for n entries. */
export function indexBits(n) {
  return Math.max(1, 32 - Math.clz32(n - 1));
}

class Reader {
  constructor(data, numBlocks) {
    this.data = data;
    this.off = 0;
    this.numBlocks = numBlocks;
  }

  done() {
    return this.off >= this.data.length;
  }

  byte() {
    return this.data[this.off++];
  }

  fail(what) {
    return new SectionDecodeError(what, this.off);
  }

  // uvarint reads a shortest-form LEB128 varint no larger than limit. Values
  // are accumulated as doubles: above 2^53 they are inexact, but every limit
  // here is tiny, so an inexact huge value is still correctly "too large".
  uvarint(what, limit) {
    const d = this.data;
    let v = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const at = this.off + i;
      if (at >= d.length) throw this.fail(`${what}: truncated`);
      const b = d[at];
      if (i === 9 && b > 1) throw this.fail(`${what}: varint overflows`);
      v += (b & 0x7f) * scale;
      if (b < 0x80) {
        // Shortest form: a multi-byte varint never ends in a zero group.
        if (i > 0 && b === 0) throw this.fail(`${what}: varint not in shortest form`);
        this.off = at + 1;
        if (v > limit) throw this.fail(`${what}: ${v} exceeds ${limit}`);
        return v;
      }
      scale *= 128;
    }
    throw this.fail(`${what}: varint overflows`);
  }

  block() {
    return this.uvarint("block", this.numBlocks - 1);
  }

  palette() {
    const n = this.uvarint("palette size", this.numBlocks);
    if (n === 0) throw this.fail("empty palette");
    const pal = new Uint16Array(n);
    const seen = new Uint8Array(this.numBlocks);
    for (let i = 0; i < n; i++) {
      const b = this.block();
      if (seen[b]) throw this.fail(`palette repeats block ${b}`);
      seen[b] = 1;
      pal[i] = b;
    }
    return pal;
  }

  runs(cells, pal) {
    for (let i = 0; i < VOLUME; ) {
      const idx = this.uvarint("run palette index", pal.length - 1);
      const n = this.uvarint("run length", VOLUME - i);
      if (n === 0) throw this.fail("zero-length run");
      cells.fill(pal[idx], i, i + n);
      i += n;
    }
  }

  packed(cells, pal) {
    const width = indexBits(pal.length);
    const size = (VOLUME * width) / 8;
    const have = this.data.length - this.off;
    if (have < size) throw this.fail(`packed indices: need ${size} bytes, have ${have}`);
    const body = this.data.subarray(this.off, this.off + size);
    const mask = (1 << width) - 1;
    // width ≤ 16 (palettes hold at most the registry's 2^16 ids): at most
    // width+7 ≤ 23 bits are pending in the accumulator.
    let acc = 0;
    let nacc = 0;
    let pos = 0;
    for (let i = 0; i < VOLUME; i++) {
      while (nacc < width) {
        acc |= body[pos++] << nacc;
        nacc += 8;
      }
      const idx = acc & mask;
      acc >>>= width;
      nacc -= width;
      if (idx >= pal.length) {
        this.off += pos;
        throw this.fail(`cell ${i}: palette index ${idx} out of range ${pal.length}`);
      }
      cells[i] = pal[idx];
    }
    this.off += size;
  }
}

/**
 * sectionHash is the content hash of the shared test vectors: FNV-1a 64
 * over the cells in index order, two little-endian bytes each, as 16 hex
 * digits. Done in two 32-bit halves: BigInt would be 10× slower.
 * @param {Section} s
 */
export function sectionHash(s) {
  // Offset basis 14695981039684346656 (0xcbf29ce49842e320, as the README
  // and resources/chunk/section.go say — not hash/fnv's ...6037), prime
  // 1099511628211 (0x100000001b3).
  let hi = 0xcbf29ce4 >>> 0;
  let lo = 0x9842e320 >>> 0;
  const step = (byte) => {
    lo = (lo ^ byte) >>> 0;
    // (hi,lo) * (0x100, 0x000001b3) mod 2^64, in 16-bit limbs for exactness.
    const l0 = lo & 0xffff, l1 = lo >>> 16, h0 = hi & 0xffff, h1 = hi >>> 16;
    const P = 0x1b3;
    let c0 = l0 * P;
    let c1 = l1 * P + (c0 >>> 16);
    let c2 = h0 * P + (c1 >>> 16) + l0 * 0x100;
    let c3 = h1 * P + (c2 >>> 16) + l1 * 0x100;
    lo = ((c1 & 0xffff) << 16 | (c0 & 0xffff)) >>> 0;
    hi = ((c3 & 0xffff) << 16 | (c2 & 0xffff)) >>> 0;
  };
  for (let i = 0; i < VOLUME; i++) {
    const v = s.cells ? s.cells[i] : s.uniform;
    step(v & 0xff);
    step(v >>> 8);
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}

/** blockAt returns the block of local cell i of a decoded section. */
export function cellAt(s, i) {
  return s.cells ? s.cells[i] : s.uniform;
}
