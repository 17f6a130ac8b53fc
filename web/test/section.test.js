// The JS section decoder against the shared vectors in testdata/sections,
// which the Go decoder is tested against too: same hashes, counts and cell
// samples for every valid file, a rejection for every invalid one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

import { BLOCKS } from "../src/blocks.gen.js";
import { SectionDecodeError, VOLUME, cellAt, decodeSection, sectionHash } from "../src/section.js";

const dir = fileURLToPath(new URL("../../testdata/sections/", import.meta.url));
const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
const SAMPLES = [0, 1, 255, 256, 4095]; // the cells the manifest lists, in order

test("manifest lists vectors", () => {
  assert.ok(manifest.valid.length >= 5);
  assert.ok(manifest.invalid.length >= 5);
});

for (const v of manifest.valid) {
  test(`valid ${v.file} (${v.kind})`, () => {
    const s = decodeSection(new Uint8Array(readFileSync(join(dir, v.file))));
    assert.equal(s.cells === null, v.uniform, "uniform");
    assert.equal(sectionHash(s), v.hash, "hash");
    assert.deepEqual(SAMPLES.map((i) => cellAt(s, i)), v.cells, "cell samples");
    const counts = {};
    for (let i = 0; i < VOLUME; i++) {
      const name = BLOCKS[cellAt(s, i)].name;
      counts[name] = (counts[name] ?? 0) + 1;
    }
    assert.deepEqual(counts, v.counts, "counts");
  });
}

for (const v of manifest.invalid) {
  test(`invalid ${v.file}: ${v.reason}`, () => {
    const data = new Uint8Array(readFileSync(join(dir, v.file)));
    assert.throws(() => decodeSection(data), SectionDecodeError);
  });
}

test("all-air hash matches the README", () => {
  assert.equal(sectionHash({ uniform: 0, cells: null }), "a7e5aecf2dd2e320");
});

test("decoder accepts encodings the Go encoder never writes", () => {
  // Runs split needlessly, an unused palette entry, a one-entry palette.
  const split = Uint8Array.of(1, 1, 2, 1, 3, 0, 0x80, 0x10, 0, 0x80, 0x10); // 2048 stone + 2048 stone
  assert.deepEqual(decodeSection(split), { uniform: 1, cells: null });
  const packed1 = new Uint8Array(3 + 1 + 512);
  packed1.set([1, 2, 1, 4]); // packed, palette [grass], 1-bit indices all 0
  assert.deepEqual(decodeSection(packed1), { uniform: 4, cells: null });
});

test("decoder rejects truncation everywhere", () => {
  for (const v of manifest.valid) {
    const data = new Uint8Array(readFileSync(join(dir, v.file)));
    for (let n = 0; n < data.length; n++) {
      assert.throws(() => decodeSection(data.subarray(0, n)), SectionDecodeError, `${v.file} cut at ${n}`);
    }
  }
});

test("decoder never throws anything but SectionDecodeError on garbage", () => {
  let seed = 12345;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) & 255;
  for (let i = 0; i < 3000; i++) {
    const data = Uint8Array.from({ length: 1 + (rand() % 40) }, rand);
    data[0] = 1; // past the version byte, to reach the interesting paths
    data[1] %= 4;
    try {
      decodeSection(data);
    } catch (err) {
      assert.ok(err instanceof SectionDecodeError, String(err));
    }
  }
});
