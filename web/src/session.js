// One WebTransport session to a Strata server, speaking exactly the native
// protocol (docs/protocol.md §3): the client opens the bidirectional control
// stream and sends Hello; the first server frame is Welcome or Reject; the
// server then opens one unidirectional chunk stream; PlayerState arrives in
// datagrams. Frames are varint-length-prefixed and capped per stream.
//
// The session only moves messages; what they mean is the game's business
// (game.js). Every failure ends in exactly one onClose call.

import { BlockRegistryError, blocksFromWelcome } from "./blocks.js";
import { CHUNK_CAP, CONTROL_CAP, FrameDecoder, FrameError } from "./frame.js";
import { ErrorCode, FEATURES, PROTOCOL_VERSION, clientFrame, decodeChunk, decodeDatagram, decodeServer, errorName, validChannel } from "./protocol.js";

/** How long to wait for Welcome: the server's own admission limit is 10 s. */
const WELCOME_TIMEOUT_MS = 12000;

/** SessionError carries a protocol error code (name) and whether retrying can help. */
export class SessionError extends Error {
  constructor(code, message, { retry = true } = {}) {
    super(message);
    this.name = "SessionError";
    this.code = code; // ErrorCode name, e.g. "SERVER_FULL", or "TRANSPORT"
    this.retry = retry;
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
    this.stats = { controlIn: 0, controlOut: 0, chunkFrames: 0, chunkBytes: 0, datagrams: 0, badDatagrams: 0, pluginIn: 0, pluginOut: 0, pluginUnhandled: 0 };
  }

  /**
   * connect opens the session and performs the handshake. It resolves with
   * the Welcome, or rejects with a SessionError (Reject, transport failure,
   * timeout). After it resolves, messages flow to the handlers.
   * @param {{name: string, viewDistance: number}} hello
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
    // in it (docs/protocol.md §3.2): remember it to report.
    const closedInfo = wt.closed.then(
      (info) => info,
      (err) => ({ closeCode: ErrorCode.INTERNAL, reason: err.message || String(err) }),
    );
    try {
      const control = await wt.createBidirectionalStream();
      this.writer = control.writable.getWriter();
      this.send("hello", {
        protocolVersion: PROTOCOL_VERSION,
        name: hello.name,
        features: FEATURES,
        viewDistance: hello.viewDistance,
      });
      const reader = control.readable.getReader();
      const frames = new FrameDecoder(CONTROL_CAP);
      const first = await withTimeout(
        Promise.race([readFrame(reader, frames), closedInfo.then((i) => Promise.reject(closeError(i)))]),
        WELCOME_TIMEOUT_MS,
        () => new SessionError("HANDSHAKE_TIMEOUT", "no Welcome within 12 s"),
      );
      if (first === null) throw new SessionError("PROTOCOL_VIOLATION", "server ended the control stream before its Welcome");
      const m = decodeServer(first);
      if (m.kind.case === "reject") {
        const r = m.kind.value;
        const code = errorName(r.code);
        throw new SessionError(code, `rejected: ${code}${r.reason ? `: ${r.reason}` : ""}`, {
          retry: !["UNSUPPORTED_VERSION", "BAD_NAME", "FORBIDDEN"].includes(code),
        });
      }
      if (m.kind.case !== "welcome") throw new SessionError("PROTOCOL_VIOLATION", `first control message is ${m.kind.case}, not welcome`);
      this.welcome = m.kind.value;
      try {
        this.blocks = blocksFromWelcome(this.welcome);
      } catch (err) {
        if (err instanceof BlockRegistryError) throw new SessionError("INVALID_MESSAGE", `Welcome: ${err.message}`);
        throw err;
      }
      // The server states its caps; they are the spec's defaults today,
      // but a server configured otherwise is taken at its word.
      const limits = this.welcome.limits;
      if (limits?.controlFrameCap) frames.cap = limits.controlFrameCap;
      this.chunkCap = limits?.chunkFrameCap || CHUNK_CAP;
      // The game sets up for the world before any of it can arrive.
      this.h.onWelcome?.(this.welcome, this.blocks);
      this.controlLoop(reader, frames);
      this.acceptStreams(wt);
      this.datagramLoop(wt);
      closedInfo.then((info) => this.finish(info.closeCode ? closeError(info) : new SessionError("NONE", `server closed the session${info.reason ? `: ${info.reason}` : ""}`)));
      return this.welcome;
    } catch (err) {
      this.closed = true;
      try {
        wt.close({ closeCode: 0, reason: "handshake failed" });
      } catch {}
      throw asSessionError(err);
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

  // acceptStreams takes the first server-opened stream as the chunk stream.
  // The spec says unidirectional; a bidirectional one is accepted too (its
  // sending half is simply closed), so a transport adapter that can only
  // open bidirectional streams still works. Later streams are refused.
  acceptStreams(wt) {
    let taken = false;
    const take = (readable) => {
      if (taken) {
        readable.cancel().catch(() => {});
        return;
      }
      taken = true;
      this.chunkLoop(readable.getReader());
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

  async chunkLoop(reader) {
    const frames = new FrameDecoder(this.chunkCap || CHUNK_CAP);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        frames.push(value);
        this.stats.chunkBytes += value.length;
        for (let p; (p = frames.next()) !== null; ) {
          this.stats.chunkFrames++;
          const m = decodeChunk(p);
          if (m.kind.case) this.h.onChunkMessage(m);
        }
      }
    } catch (err) {
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

function closeError(info) {
  const code = errorName(info.closeCode ?? 0);
  return new SessionError(code, `closed by server: ${code}${info.reason ? `: ${info.reason}` : ""}`, {
    retry: !["UNSUPPORTED_VERSION", "BAD_NAME", "FORBIDDEN", "KICKED"].includes(code),
  });
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
