// One WebTransport session to a Strata server, speaking exactly the native
// protocol (docs/protocol.md §3): the client opens the bidirectional control
// stream and sends Hello with its public key; the server answers with a
// Challenge (or a Reject), the client signs the login transcript bound to
// the server's certificate and sends its Proof; then the server's Welcome
// or Reject. The server then opens one unidirectional chunk stream (with
// feature deflate-chunks granted, one raw DEFLATE stream of its frames,
// inflated here), and with feature lod a second one, the LOD stream, read
// the same way (§5.6); PlayerState arrives in datagrams. Frames are
// varint-length-prefixed and capped per stream.
//
// The session only moves messages; what they mean is the game's business
// (game.js). Every failure ends in exactly one onClose call.

import { BlockRegistryError, blocksFromWelcome } from "./blocks.js";
import { CHUNK_CAP, CONTROL_CAP, FrameDecoder, FrameError } from "./frame.js";
import { IdentityError, loginTranscript } from "./identity.js";
import { Binding, ErrorCode, FEATURE_DEFLATE_CHUNKS, FEATURE_LOD, PROTOCOL_VERSION, clientFrame, decodeChunk, decodeDatagram, decodeServer, errorName, helloFeatures, validChannel } from "./protocol.js";

/**
 * How long the whole handshake may take, Hello to Welcome: the server's own
 * limits are 10 s for the Hello-to-Proof exchange and for admission.
 */
const HANDSHAKE_TIMEOUT_MS = 12000;

/** Length of Challenge.nonce (the server's protocol.NonceSize). */
const NONCE_LENGTH = 32;

/** Refusals that the same attempt again cannot change: the page stops. */
const FINAL_REJECTS = new Set(["UNSUPPORTED_VERSION", "BAD_NAME", "FORBIDDEN", "NAME_BOUND", "AUTH_FAILED"]);
/**
 * Closes after which the page stops too: kicked, and replaced (the same
 * player logged in again, from another tab: reconnecting would take the
 * session back and the two tabs would evict each other forever).
 */
const FINAL_CLOSES = new Set([...FINAL_REJECTS, "KICKED", "REPLACED"]);

/**
 * SessionError carries a protocol error code (name), whether retrying can
 * help, and the server's own reason text when it gave one.
 */
export class SessionError extends Error {
  constructor(code, message, { retry = true, reason = "", local = false } = {}) {
    super(message);
    this.name = "SessionError";
    this.code = code; // ErrorCode name, e.g. "SERVER_FULL", or "TRANSPORT"
    this.retry = retry;
    this.reason = reason; // the Reject's or close's reason, "" if none
    // local: this side found the fault (a bad Challenge), so the close
    // carries the code to tell the server why.
    this.local = local;
  }
}

/**
 * explainError turns a session failure into a sentence for the HUD: what
 * happened and what the player can do, for the refusals a player can meet
 * (a name held by another key, a refused login, a ban, a second tab).
 * Others are the error's own message.
 * @param {SessionError|Error} err
 * @param {string} name the name the page logged in with
 */
export function explainError(err, name) {
  const why = err.reason ? `: ${err.reason}` : "";
  switch (err.code) {
    case "NAME_BOUND":
      // The server's reason says what to do in general; what is special
      // about a browser is where its key went.
      return `${err.reason || `the name "${name}" belongs to another key on this server: pick another name, or ask an operator to release it`}. This browser's key is not that one (was this site's data cleared? is this another browser or profile?); ?name=… picks another name.`;
    case "AUTH_FAILED":
      return `login refused${why || ": the server did not accept this browser's signature or credentials"}. Reload the page to try again.`;
    case "FORBIDDEN":
      return `not allowed on this server${why}`;
    case "REPLACED":
      return `this player logged in again elsewhere (another tab or window)${why}; this page stopped. Reload it to play here.`;
    case "KICKED":
      return `kicked by the server${why}`;
    case "NAME_TAKEN":
      return `the name "${name}" is playing already (with another key)${why}`;
    default:
      return err.message;
  }
}

/**
 * @typedef {object} Handlers
 * @property {(w: any, blocks: import("./blocks.js").BlockTable) => void} [onWelcome]  the Welcome and its block registry, before any other message is delivered
 * @property {(m: any) => void} onServerMessage  every control message after the Welcome (PluginMessages too, after their onPlugin handlers)
 * @property {(m: any) => void} onChunkMessage   every chunk-stream message
 * @property {(m: any) => void} onDatagram       every decoded datagram
 * @property {(err: SessionError|null) => void} onClose  once; null for a close we asked for
 */

/**
 * addPluginHandler registers fn for a plugin channel in a registry (channel
 * → Set of handlers) and returns the function that removes it. A malformed
 * channel throws a TypeError: nothing could ever arrive on it.
 * @param {Map<string, Set<Function>>} registry
 */
export function addPluginHandler(registry, channel, fn) {
  const bad = validChannel(channel);
  if (bad) throw new TypeError(`onPlugin: ${bad}`);
  if (typeof fn !== "function") throw new TypeError("onPlugin: handler is not a function");
  let set = registry.get(channel);
  if (!set) registry.set(channel, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0 && registry.get(channel) === set) registry.delete(channel);
  };
}

export class Session {
  /**
   * @param {{url: string, certHashes: Uint8Array[]}} target
   * @param {Handlers} handlers
   * @param {{plugins?: Map<string, Set<Function>>}} [opts] plugins: the
   *   onPlugin registry, to share it across sessions (reconnects)
   */
  constructor(target, handlers, opts = {}) {
    this.target = target;
    this.h = handlers;
    this.plugins = opts.plugins ?? new Map();
    this.wt = null;
    this.writer = null;
    this.closed = false;
    this.welcome = null;
    this.blocks = null; // the Welcome's block registry (blocks.js BlockTable)
    // deflateChunks: the Welcome granted deflate-chunks. chunkWireBytes are
    // the chunk stream's bytes as received (compressed when granted),
    // chunkBytes its frames' bytes (after inflating; the same otherwise).
    this.features = []; // Hello.features, set by connect
    this.deflateChunks = false;
    this.stats = { controlIn: 0, controlOut: 0, chunkFrames: 0, chunkWireBytes: 0, chunkBytes: 0, datagrams: 0, badDatagrams: 0, pluginIn: 0, pluginOut: 0, pluginUnhandled: 0 };
  }

  /**
   * connect opens the session and performs the handshake. It resolves with
   * the Welcome, or rejects with a SessionError (Reject, transport failure,
   * timeout, a login that cannot be signed). After it resolves, messages
   * flow to the handlers.
   * @param {{name: string, viewDistance: number, identity: import("./identity.js").Identity, token?: Uint8Array, lod?: boolean}} hello
   *   lod false: do not ask for feature lod
   *   identity: the key the login is signed with; token: an optional
   *   credential for the server's authenticator (Hello.token)
   */
  async connect(hello) {
    if (typeof WebTransport === "undefined") {
      throw new SessionError(
        "UNSUPPORTED",
        window.isSecureContext
          ? "this browser has no WebTransport (use a current Chromium, Edge or Firefox)"
          : "WebTransport needs a secure context: open the page via https:// or http://localhost / 127.0.0.1",
        { retry: false },
      );
    }
    if (!hello.identity) throw new SessionError("UNSUPPORTED", "no login key: the page could not make one", { retry: false });
    // Asked for only where the runtime can inflate it.
    this.features = helloFeatures();
    // A page that wants no horizon does not ask for it (config.js lodLevels 0).
    if (hello.lod === false) this.features = this.features.filter((f) => f !== FEATURE_LOD);
    const opts = { allowPooling: false };
    if (this.target.certHashes.length) {
      // Pinning a self-signed certificate: it must be ECDSA and valid for
      // at most 14 days, or the browser refuses it whatever the hash.
      opts.serverCertificateHashes = this.target.certHashes.map((value) => ({ algorithm: "sha-256", value }));
    }
    let wt;
    try {
      wt = new WebTransport(this.target.url, opts);
      this.wt = wt;
      await wt.ready;
    } catch (err) {
      throw new SessionError("TRANSPORT", `cannot open WebTransport session to ${this.target.url}: ${err.message || err}`);
    }
    // A close during the handshake is the answer when the Reject was lost
    // in it (docs/protocol.md §3, item 3): remember it to report.
    const closedInfo = wt.closed.then(
      (info) => info,
      (err) => ({ closeCode: ErrorCode.INTERNAL, reason: err.message || String(err) }),
    );
    try {
      const control = await wt.createBidirectionalStream();
      this.writer = control.writable.getWriter();
      const reader = control.readable.getReader();
      const frames = new FrameDecoder(CONTROL_CAP);
      let waiting = "Challenge";
      const handshake = async () => {
        const next = async () => {
          const p = await Promise.race([readFrame(reader, frames), closedInfo.then((i) => Promise.reject(closeError(i)))]);
          if (p === null) throw new SessionError("PROTOCOL_VIOLATION", `server ended the control stream before its ${waiting}`);
          const m = decodeServer(p);
          if (m.kind.case === "reject") throw rejectError(m.kind.value);
          return m;
        };
        this.send("hello", {
          protocolVersion: PROTOCOL_VERSION,
          name: hello.name,
          features: this.features,
          viewDistance: hello.viewDistance,
          publicKey: hello.identity.publicKey,
          token: hello.token ?? new Uint8Array(0),
        });
        const c = await next();
        if (c.kind.case !== "challenge") throw new SessionError("PROTOCOL_VIOLATION", `first control message is ${c.kind.case}, not challenge`, { local: true });
        const signature = await this.sign(c.kind.value, hello.name, hello.identity);
        this.send("proof", { signature });
        waiting = "Welcome";
        const w = await next();
        if (w.kind.case !== "welcome") throw new SessionError("PROTOCOL_VIOLATION", `control message after the Proof is ${w.kind.case}, not welcome`, { local: true });
        return w.kind.value;
      };
      this.welcome = await withTimeout(handshake(), HANDSHAKE_TIMEOUT_MS, () => new SessionError("HANDSHAKE_TIMEOUT", `no ${waiting} within ${HANDSHAKE_TIMEOUT_MS / 1000} s`));
      try {
        this.blocks = blocksFromWelcome(this.welcome);
      } catch (err) {
        if (err instanceof BlockRegistryError) throw new SessionError("INVALID_MESSAGE", `Welcome: ${err.message}`, { local: true });
        throw err;
      }
      // The server states its caps; they are the spec's defaults today,
      // but a server configured otherwise is taken at its word.
      const limits = this.welcome.limits;
      if (limits?.controlFrameCap) frames.cap = limits.controlFrameCap;
      this.chunkCap = limits?.chunkFrameCap || CHUNK_CAP;
      // Only what was asked for counts as granted (the server grants a
      // subset): a page that cannot inflate reads plain frames.
      this.deflateChunks = this.features.includes(FEATURE_DEFLATE_CHUNKS) && (this.welcome.features ?? []).includes(FEATURE_DEFLATE_CHUNKS);
      // The game sets up for the world before any of it can arrive.
      this.h.onWelcome?.(this.welcome, this.blocks);
      this.controlLoop(reader, frames);
      this.acceptStreams(wt);
      this.datagramLoop(wt);
      closedInfo.then((info) => this.finish(info.closeCode ? closeError(info) : new SessionError("NONE", `server closed the session${info.reason ? `: ${info.reason}` : ""}`)));
      return this.welcome;
    } catch (err) {
      const e = asSessionError(err);
      this.closed = true;
      try {
        // A fault found here is reported with its code; a refusal or a
        // timeout is simply the end.
        const code = e.local ? (ErrorCode[e.code] ?? ErrorCode.INTERNAL) : 0;
        wt.close({ closeCode: code, reason: e.local ? e.message.slice(0, 100) : "handshake failed" });
      } catch {}
      throw e;
    }
  }

  /**
   * sign answers a Challenge: the login transcript bound to the server's
   * certificate — config.json's loginCertHash when it names one (needed
   * for a CA-issued certificate, which the browser verifies unpinned), else
   * the first hash the page pinned; a page cannot read the certificate it
   * got — signed with the player's key.
   * A server asking for another binding (the TLS exporter, which no
   * browser API exposes) cannot be answered.
   */
  async sign(challenge, name, identity) {
    if (challenge.binding !== Binding.SERVER_CERT) {
      const what = Binding[challenge.binding] ?? `binding ${challenge.binding}`;
      throw new SessionError("PROTOCOL_VIOLATION", `the server asks for a login bound to ${what}, which a browser cannot compute (WebTransport logins are bound to the server certificate)`, { retry: false, local: true });
    }
    if (challenge.nonce.length !== NONCE_LENGTH) {
      throw new SessionError("INVALID_MESSAGE", `Challenge nonce is ${challenge.nonce.length} bytes, not ${NONCE_LENGTH}`, { local: true });
    }
    const value = this.target.loginCertHash ?? this.target.certHashes[0];
    if (!value) {
      throw new SessionError("UNSUPPORTED", "cannot sign the login: config.json names no certificate hash (certHash, or loginCertHash for a CA-issued certificate), and a page cannot read the certificate itself", { local: true });
    }
    try {
      return await identity.sign(loginTranscript(Binding.SERVER_CERT, value, challenge.nonce, name, identity.publicKey));
    } catch (err) {
      if (err instanceof IdentityError) throw new SessionError("UNSUPPORTED", err.message, { retry: false });
      throw err;
    }
  }

  /** send writes one control message. Never awaited: the stream queues in order. */
  send(kind, value) {
    if (this.closed || !this.writer) return false;
    const frame = clientFrame(kind, value);
    this.stats.controlOut++;
    this.writer.write(frame).catch((err) => this.finish(asSessionError(err)));
    return true;
  }

  /**
   * sendAll writes several control messages ([kind, value] pairs) in one
   * write: a frame's Inputs. Each write is a task of the page's main
   * thread, and on a slow page a write per message queues up behind the
   * frames, so that the inputs reach the server later and later; one
   * write per frame keeps up. False if the session is not open.
   * @param {Array<[string, object]>} messages
   */
  sendAll(messages) {
    if (this.closed || !this.writer) return false;
    if (messages.length === 0) return true;
    const frames = messages.map(([kind, value]) => clientFrame(kind, value));
    const all = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
    let at = 0;
    for (const f of frames) {
      all.set(f, at);
      at += f.length;
    }
    this.stats.controlOut += frames.length;
    this.writer.write(all).catch((err) => this.finish(asSessionError(err)));
    return true;
  }

  /**
   * sendPlugin sends payload on a plugin channel ("namespace:name"). A
   * malformed channel throws a TypeError and nothing is sent. The server
   * refuses a payload over its cap (16 KiB by default), messages over its
   * plugin rate (20/s, burst 40) and a channel no plugin serves with a
   * non-fatal Error (UNKNOWN_CHANNEL for the last). False if the session
   * is not open.
   * @param {string} channel
   * @param {Uint8Array|ArrayBuffer|number[]|string} payload (a string is sent as UTF-8)
   */
  sendPlugin(channel, payload = new Uint8Array(0)) {
    const bad = validChannel(channel);
    if (bad) throw new TypeError(`sendPlugin: ${bad}`);
    const ok = this.send("plugin", { channel, payload: toBytes(payload) });
    if (ok) this.stats.pluginOut++;
    return ok;
  }

  /**
   * onPlugin calls fn(payload, channel) for every PluginMessage the server
   * sends on channel, in order, and returns the function that unregisters
   * it. A handler that throws is reported on the console; the session and
   * the other handlers carry on.
   */
  onPlugin(channel, fn) {
    return addPluginHandler(this.plugins, channel, fn);
  }

  dispatchPlugin(m) {
    this.stats.pluginIn++;
    const set = this.plugins.get(m.channel);
    if (!set || set.size === 0) {
      this.stats.pluginUnhandled++;
      return;
    }
    for (const fn of [...set]) {
      try {
        fn(m.payload, m.channel);
      } catch (err) {
        console.warn(`strata: plugin handler for ${m.channel}:`, err);
      }
    }
  }

  /** close ends the session normally (code NONE). */
  close(reason = "bye") {
    if (this.closed) return;
    this.closed = true;
    try {
      this.wt?.close({ closeCode: 0, reason });
    } catch {}
    this.h.onClose(null);
  }

  // fail closes with a protocol error code after a local protocol failure
  // (malformed or oversized frame), so the server learns why.
  fail(err) {
    const e = asSessionError(err);
    if (!this.closed) {
      try {
        this.wt?.close({ closeCode: ErrorCode[e.code] ?? ErrorCode.INTERNAL, reason: e.message.slice(0, 100) });
      } catch {}
    }
    this.finish(e);
  }

  finish(err) {
    if (this.closed) return;
    this.closed = true;
    this.h.onClose(err);
  }

  async controlLoop(reader, frames) {
    try {
      for (;;) {
        const p = await readFrame(reader, frames);
        if (p === null) return this.finish(new SessionError("NONE", "server ended the control stream"));
        this.stats.controlIn++;
        const m = decodeServer(p);
        if (m.kind.case === "plugin") this.dispatchPlugin(m.kind.value);
        if (m.kind.case) this.h.onServerMessage(m);
      }
    } catch (err) {
      if (err instanceof FrameError) this.fail(err);
      else this.finish(asSessionError(err));
    }
  }

  // acceptStreams takes the server-opened streams: the chunk stream and,
  // with feature lod granted, the LOD stream (§5.6). They come in no set
  // order and carry frames of the same kinds, so each is read by its own
  // chunkLoop (its own inflater). The spec says unidirectional; a
  // bidirectional one is accepted too (its sending half is simply closed),
  // so a transport adapter that can only open bidirectional streams still
  // works. Later streams are refused.
  acceptStreams(wt) {
    const lod = this.features.includes(FEATURE_LOD) && (this.welcome?.features ?? []).includes(FEATURE_LOD);
    let room = lod ? 2 : 1;
    const take = (readable) => {
      if (room === 0) {
        readable.cancel().catch(() => {});
        return;
      }
      room--;
      this.chunkLoop(readable);
    };
    const pump = async (streams, pick) => {
      const r = streams.getReader();
      try {
        for (;;) {
          const { value, done } = await r.read();
          if (done) return;
          take(pick(value));
        }
      } catch {
        // The session is closing; the close is reported elsewhere.
      }
    };
    pump(wt.incomingUnidirectionalStreams, (s) => s);
    pump(wt.incomingBidirectionalStreams, (s) => {
      s.writable.close().catch(() => {});
      return s.readable;
    });
  }

  // chunkLoop reads the chunk stream's frames. With deflate-chunks granted
  // the stream's bytes go through DecompressionStream("deflate-raw") first,
  // as they arrive: the server sync-flushes every batch, so each read of
  // the inflater yields every frame the bytes so far complete. A stream
  // that does not inflate (corrupt, or ending inside the DEFLATE stream:
  // the server never ends it) closes the session with MALFORMED; a failure
  // of the stream itself (a reset, the session closing) is reported as it
  // is, not as bad DEFLATE.
  async chunkLoop(readable) {
    const frames = new FrameDecoder(this.chunkCap || CHUNK_CAP);
    const st = this.stats;
    const wire = { ended: false, error: undefined };
    let source = readable;
    if (this.deflateChunks) {
      const src = readable.getReader();
      const counted = new ReadableStream(
        {
          async pull(c) {
            let r;
            try {
              r = await src.read();
            } catch (err) {
              wire.error = err;
              throw err;
            }
            if (r.done) {
              wire.ended = true;
              c.close();
              return;
            }
            st.chunkWireBytes += r.value.byteLength;
            c.enqueue(r.value);
          },
          cancel: (reason) => src.cancel(reason),
        },
        { highWaterMark: 0 },
      );
      source = counted.pipeThrough(new DecompressionStream("deflate-raw"));
    }
    const reader = source.getReader();
    try {
      for (;;) {
        let r;
        try {
          r = await reader.read();
        } catch (err) {
          throw this.deflateChunks ? inflateFailure(err, wire) : err;
        }
        const { value, done } = r;
        if (done) return;
        if (!this.deflateChunks) st.chunkWireBytes += value.byteLength;
        st.chunkBytes += value.byteLength;
        frames.push(value);
        for (let p; (p = frames.next()) !== null; ) {
          st.chunkFrames++;
          const m = decodeChunk(p);
          if (m.kind.case) this.h.onChunkMessage(m);
        }
      }
    } catch (err) {
      reader.cancel().catch(() => {});
      if (err instanceof FrameError) this.fail(err);
      else this.finish(asSessionError(err));
    }
  }

  async datagramLoop(wt) {
    const r = wt.datagrams.readable.getReader();
    try {
      for (;;) {
        const { value, done } = await r.read();
        if (done) return;
        this.stats.datagrams++;
        let m;
        try {
          m = decodeDatagram(value);
        } catch {
          // Lossy and advisory: a bad datagram is dropped, not fatal here.
          this.stats.badDatagrams++;
          continue;
        }
        if (m.kind.case) this.h.onDatagram(m);
      }
    } catch {
      // Closing.
    }
  }
}

function toBytes(payload) {
  if (payload instanceof Uint8Array) return payload;
  if (payload instanceof ArrayBuffer) return new Uint8Array(payload);
  if (ArrayBuffer.isView(payload)) return new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
  if (typeof payload === "string") return new TextEncoder().encode(payload);
  if (Array.isArray(payload)) return Uint8Array.from(payload);
  throw new TypeError("sendPlugin: payload must be bytes (Uint8Array, ArrayBuffer, number[]) or a string");
}

// readFrame returns the next payload from a stream reader, or null at a
// clean end of stream.
async function readFrame(reader, frames) {
  for (;;) {
    const p = frames.next();
    if (p !== null) return p;
    const { value, done } = await reader.read();
    if (done) {
      if (frames.buffered) throw new SessionError("MALFORMED", "stream ended inside a frame");
      return null;
    }
    frames.push(value);
  }
}

// inflateFailure says why reading the inflated chunk stream failed: the
// stream's own error (wire.error) as it is, else the DEFLATE data did not
// decompress — a protocol error, MALFORMED (docs/protocol.md §5.6).
function inflateFailure(err, wire) {
  if (wire.error !== undefined && err === wire.error) return err;
  const why = wire.ended ? "the stream ended inside its DEFLATE data" : (err && err.message) || String(err);
  return new FrameError("MALFORMED", `${FEATURE_DEFLATE_CHUNKS}: the chunk stream does not decompress: ${why}`);
}

function closeError(info) {
  const code = errorName(info.closeCode ?? 0);
  return new SessionError(code, `closed by server: ${code}${info.reason ? `: ${info.reason}` : ""}`, {
    retry: !FINAL_CLOSES.has(code),
    reason: info.reason ?? "",
  });
}

function rejectError(r) {
  const code = errorName(r.code);
  return new SessionError(code, `rejected: ${code}${r.reason ? `: ${r.reason}` : ""}`, { retry: !FINAL_REJECTS.has(code), reason: r.reason ?? "" });
}

function asSessionError(err) {
  if (err instanceof SessionError) return err;
  if (err instanceof FrameError) return new SessionError(err.code, err.message);
  // WebTransportError: source "session" or "stream", streamErrorCode when a stream was reset.
  if (err && err.name === "WebTransportError" && err.streamErrorCode != null) {
    const code = errorName(err.streamErrorCode);
    return new SessionError(code, `stream reset by server: ${code}`);
  }
  return new SessionError("TRANSPORT", (err && err.message) || String(err));
}

function withTimeout(promise, ms, onTimeout) {
  let t;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      t = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]).finally(() => clearTimeout(t));
}
