// config.json parsing: URL checks and certificate hash formats.
import { test } from "node:test";
import assert from "node:assert/strict";

import { NAME_RE, choosePlayerName, loadTarget, parseConfig, parseHash, playerName } from "../src/config.js";

const HEX = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const BYTES = Uint8Array.from(HEX.match(/../g), (b) => parseInt(b, 16));

test("hashes: hex, hex with colons, base64, base64url", () => {
  assert.deepEqual(parseHash(HEX), BYTES);
  assert.deepEqual(parseHash(HEX.toUpperCase().match(/../g).join(":")), BYTES);
  const b64 = Buffer.from(BYTES).toString("base64");
  assert.deepEqual(parseHash(b64), BYTES);
  assert.deepEqual(parseHash(Buffer.from(BYTES).toString("base64url")), BYTES);
  assert.throws(() => parseHash("abc"), /certHash/);
  assert.throws(() => parseHash(HEX.slice(2)), /certHash/);
});

test("config: url must be https; hashes gathered", () => {
  const t = parseConfig({ url: "https://127.0.0.1:4433/wt", certHash: HEX, certHashes: [HEX], viewDistance: 10 });
  assert.equal(t.url, "https://127.0.0.1:4433/wt");
  assert.equal(t.certHashes.length, 2);
  assert.equal(t.viewDistance, 10);
  assert.deepEqual(parseConfig({ url: "https://example.org/wt" }).certHashes, []);
  assert.throws(() => parseConfig({}), /url/);
  assert.throws(() => parseConfig({ url: "http://127.0.0.1:4433/wt" }), /https/);
  assert.throws(() => parseConfig({ url: "not a url" }), /bad url/);
});

test("config: loginCertHash, the hash a CA-issued certificate's login signs, is not pinned", () => {
  const t = parseConfig({ url: "https://play.example.org/wt", loginCertHash: HEX });
  assert.deepEqual(t.certHashes, [], "the browser verifies a CA-issued certificate itself");
  assert.deepEqual(t.loginCertHash, BYTES);
  assert.equal(parseConfig({ url: "https://h/wt", certHash: HEX }).loginCertHash, null);
  assert.throws(() => parseConfig({ url: "https://h/wt", loginCertHash: "nope" }), /SHA-256/);
});

test("loadTarget: query overrides, else config.json next to the page", async () => {
  const q = await loadTarget(new URL(`http://h/play/?url=https://h:1/wt&certHash=${HEX}&view=5`), () => assert.fail("no fetch"));
  assert.equal(q.url, "https://h:1/wt");
  assert.equal(q.viewDistance, 5);
  let asked;
  const fetchFn = async (u) => {
    asked = String(u);
    return { ok: true, json: async () => ({ url: "https://h:4433/wt", certHash: HEX }) };
  };
  const c = await loadTarget(new URL("http://h:8080/play/"), fetchFn);
  assert.equal(asked, "http://h:8080/play/config.json");
  assert.equal(c.certHashes.length, 1);
  await assert.rejects(loadTarget(new URL("http://h/play/"), async () => ({ ok: false, status: 404 })), /HTTP 404/);
});

test("player names follow the server's rule", () => {
  const mem = new Map();
  const storage = { getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => mem.set(k, v) };
  const n = playerName(new URL("http://h/play/"), storage);
  assert.match(n, NAME_RE);
  assert.equal(playerName(new URL("http://h/play/"), storage), n, "remembered");
  assert.equal(playerName(new URL("http://h/play/?name=alice_1"), storage), "alice_1");
  assert.equal(playerName(new URL("http://h/play/?name=bad%20name"), storage), n, "invalid ?name= ignored");
});

test("where a name came from: chosen, remembered or made up now", () => {
  const mem = new Map();
  const storage = { getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => mem.set(k, v) };
  const made = choosePlayerName(new URL("http://h/play/"), storage);
  assert.equal(made.source, "new");
  assert.deepEqual(choosePlayerName(new URL("http://h/play/"), storage), { name: made.name, source: "saved" });
  assert.deepEqual(choosePlayerName(new URL("http://h/play/?name=bob"), storage), { name: "bob", source: "query" });
});

test("the horizon setting: config.json lodLevels, ?lod= over it, 0 for none, absent for the server's default", () => {
  assert.equal(parseConfig({ url: "https://h/wt" }).lodLevels, null);
  assert.equal(parseConfig({ url: "https://h/wt", lodLevels: 5 }).lodLevels, 5);
  assert.equal(parseConfig({ url: "https://h/wt", lodLevels: 5 }, new URLSearchParams("lod=0")).lodLevels, 0);
  assert.equal(parseConfig({ url: "https://h/wt" }, new URLSearchParams("lod=3")).lodLevels, 3);
  assert.equal(parseConfig({ url: "https://h/wt" }, new URLSearchParams("lod=x")).lodLevels, null);
});
