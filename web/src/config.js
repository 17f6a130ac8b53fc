// Where to connect: the page asks its own server (GET config.json next to
// the page, i.e. /play/config.json) for the WebTransport URL and the SHA-256
// of the server's certificate, so a self-signed certificate that rotates
// every ~12 days needs no user action. Query parameters override it, for
// development and tests: ?url=https://127.0.0.1:4433/wt&certHash=<hex|base64>.
//
// config.json shape (docs/web.md):
//   {"url": "https://HOST:4433/wt", "certHash": "<hex or base64 SHA-256>"}
// optional: "certHashes": [...] (any of them may match, for renewal),
//           "loginCertHash": "<hex or base64>" (the certificate's SHA-256
//             for the login signature when nothing is pinned, i.e. a
//             CA-issued certificate: a page cannot read the certificate),
//           "viewDistance": n (the default requested view distance),
//           "lodLevels": n (the default requested horizon: levels of detail
//             beyond the view, feature lod; absent: the server's default;
//             0: none, the page does not ask for lod).
// The login signs loginCertHash when given (it names the current
// certificate even among several pinned ones), else the first pinned hash.

/**
 * @typedef {{url: string, certHashes: Uint8Array[], loginCertHash: Uint8Array|null, viewDistance: number|null, lodLevels: number|null}} Target
 */

/**
 * loadTarget resolves the connection target from the query string or
 * config.json. Throws with a readable message when neither gives a URL.
 * @param {Location|URL} loc
 * @param {typeof fetch} [fetchFn]
 * @returns {Promise<Target>}
 */
export async function loadTarget(loc, fetchFn = fetch) {
  const q = new URL(loc.href).searchParams;
  let cfg;
  if (q.get("url")) {
    cfg = { url: q.get("url"), certHash: q.get("certHash") ?? undefined, loginCertHash: q.get("loginCertHash") ?? undefined };
  } else {
    const where = new URL("config.json", loc.href);
    let res;
    try {
      res = await fetchFn(where, { cache: "no-store" });
    } catch (err) {
      throw new Error(`cannot fetch ${where.pathname}: ${err.message}`);
    }
    if (!res.ok) throw new Error(`${where.pathname}: HTTP ${res.status}`);
    cfg = await res.json();
  }
  return parseConfig(cfg, q);
}

/** parseConfig validates a config.json object. Exported for tests. */
export function parseConfig(cfg, q = new URLSearchParams()) {
  if (!cfg || typeof cfg.url !== "string" || !cfg.url) throw new Error("config: missing \"url\"");
  let url;
  try {
    url = new URL(cfg.url);
  } catch {
    throw new Error(`config: bad url ${JSON.stringify(cfg.url)}`);
  }
  if (url.protocol !== "https:") throw new Error(`config: WebTransport needs an https:// URL, got ${url.protocol}`);
  const texts = [];
  if (cfg.certHash) texts.push(cfg.certHash);
  if (Array.isArray(cfg.certHashes)) texts.push(...cfg.certHashes);
  const certHashes = texts.map(parseHash);
  const loginCertHash = cfg.loginCertHash ? parseHash(cfg.loginCertHash) : null;
  const vd = Number(q.get("view") ?? cfg.viewDistance ?? NaN);
  const lod = Number(q.get("lod") ?? cfg.lodLevels ?? NaN);
  return {
    url: url.href, certHashes, loginCertHash,
    viewDistance: Number.isFinite(vd) && vd > 0 ? Math.floor(vd) : null,
    // 0: no horizon (the page does not ask for feature lod).
    lodLevels: Number.isFinite(lod) && lod >= 0 ? Math.floor(lod) : null,
  };
}

/**
 * parseHash reads a SHA-256 as hex (colons or spaces allowed, as openssl
 * prints it) or base64 (standard or URL-safe, padded or not).
 * @returns {Uint8Array} 32 bytes
 */
export function parseHash(text) {
  const s = String(text).trim();
  const hex = s.replace(/[:\s]/g, "");
  if (/^[0-9a-fA-F]{64}$/.test(hex)) {
    return Uint8Array.from(hex.match(/../g), (b) => parseInt(b, 16));
  }
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (/^[A-Za-z0-9+/]{43}$/.test(b64)) {
    const bin = atob(b64 + "=");
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  }
  throw new Error(`config: certHash is not a SHA-256 in hex or base64: ${JSON.stringify(s.slice(0, 80))}`);
}

/** NAME_RE is the server's rule for player names (docs/protocol.md §5.3). */
export const NAME_RE = /^[A-Za-z0-9_-]{1,16}$/;

/** playerName picks ?name=, else a remembered one, else a fresh "web1234". */
export function playerName(loc, storage) {
  return choosePlayerName(loc, storage).name;
}

/**
 * choosePlayerName is playerName with where the name came from: "query"
 * (?name=), "saved" (remembered from an earlier visit) or "new" (made up
 * now, and remembered). A new name that turns out to belong to someone
 * else's key may be replaced; a chosen or remembered one is the player's.
 * @returns {{name: string, source: "query"|"saved"|"new"}}
 */
export function choosePlayerName(loc, storage) {
  const q = new URL(loc.href).searchParams.get("name");
  if (q && NAME_RE.test(q)) return { name: q, source: "query" };
  const saved = storage?.getItem("strata.name");
  if (saved && NAME_RE.test(saved)) return { name: saved, source: "saved" };
  const name = randomName();
  storage?.setItem("strata.name", name);
  return { name, source: "new" };
}

export function randomName() {
  return "web" + String(Math.floor(Math.random() * 10000)).padStart(4, "0");
}
