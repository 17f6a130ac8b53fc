// The game: ties the session, the mesh worker, the local world, the player
// and the renderer together. Everything the server says flows through the
// handlers here; everything the player does leaves through send().

import { blocksFromWelcome, builtinBlocks } from "./blocks.js";
import { choosePlayerName, loadTarget, randomName } from "./config.js";
import { Controls } from "./controls.js";
import { demoEntities, demoMove, demoSections } from "./demo.js";
import { EntitySet, FEATURE_ENTITIES, FEATURE_PREDICTED_STATES, KIND_PLAYER, entityColor } from "./entities.js";
import { Hud } from "./hud.js";
import { loadIdentity } from "./identity.js";
import { DEFAULT_RULES, Player, raycast, rulesFromLimits } from "./physics.js";
import { Predictor } from "./predict.js";
import { LODIndex, MAX_LEVEL, horizonBlocks, lodKey } from "./lod.js";
import { actionResultName, airPositions, dropPositions, errorName, FEATURE_LOD, refusalText, SECTION_FORMAT, statesOf } from "./protocol.js";
import { Renderer } from "./renderer.js";
import { Session, addPluginHandler, explainError } from "./session.js";
import { Rate, RunFrames, Window } from "./stats.js";
import { mediumAt } from "./underwater.js";
import { AIR, VoxelStore, sectionKey, sectionOf } from "./voxels.js";

const DEFAULT_VIEW = 8;
const PING_EVERY_MS = 2000;
// An idle player still sends an Input every half input_bank_ticks of its
// input ticks (10 at 20 Hz): the server keeps unspent input time for
// input_bank_ticks, and a longer gap would let the next move claim up to
// the edge of its clock slack, leaving none for jitter. Counted in input
// ticks, not wall time: on a slow page a wall-time heartbeat rides on the
// next frame, which may come a whole frame (or more) too late.
function heartbeatTicks(rules) {
  return BigInt(Math.max(1, Math.floor((rules.inputBankTicks || 20) / 2)));
}
const IDLE = Object.freeze({ forward: 0, strafe: 0, up: 0, jump: false, sprint: false });

export class Game {
  /** @param {HTMLCanvasElement} canvas @param {HTMLElement} hudRoot @param {string} workerUrl */
  constructor(canvas, hudRoot, workerUrl) {
    this.canvas = canvas;
    this.renderer = new Renderer(canvas);
    this.hud = new Hud(hudRoot, canvas);
    // The server's block registry and rules, from its Welcome (the
    // built-in ones until then, and in the demo).
    this.blocks = builtinBlocks();
    this.rules = DEFAULT_RULES;
    this.player = new Player(this.rules, this.blocks);
    // Movement runs in fixed steps of one input tick, whatever the frame
    // rate; Corrections rewind and replay (predict.js).
    this.predictor = new Predictor(this.player);
    this.move = IDLE; // the move of the last frame, for the HUD
    this.store = new VoxelStore(); // mirror of the worker's world, for raycasts and collisions
    this.epochs = new Map(); // section key → epoch: which life of a section a worker reply belongs to
    this.nextEpoch = 0;
    this.worker = new Worker(workerUrl, { name: "strata-mesher" });
    this.worker.onmessage = (e) => this.onWorker(e.data);
    this.worker.onerror = (e) => this.setError(`mesh worker: ${e.message}`);

    const named = choosePlayerName(location, safeStorage());
    this.name = named.name;
    this.nameSource = named.source; // "query", "saved" or "new" (config.js)
    this.identity = null; // the login key (identity.js), loaded by run()
    this.viewDistance = DEFAULT_VIEW;
    // The horizon (feature lod): levels of detail asked for beyond the
    // view, null for the server's default (Limits.default_lod_levels);
    // kept like the view distance (config.json "lodLevels", ?lod=, keys).
    this.lodLevels = null;
    this.lodGranted = false;
    // LOD sections held (lodKey → epoch, as this.epochs for level 0) and
    // which are drawn (lod.js).
    this.lodEpochs = new Map();
    this.lod = new LODIndex((level, x, y, z, visible) => this.renderer.setLODVisible(lodKey(level, x, y, z), visible));
    this.session = null;
    this.welcome = null;
    this.state = "starting";
    this.stateDetail = "";
    this.lastError = "";
    this.lastErrorCode = ""; // the SessionError code of lastError, when it was one
    this.held = null; // {missing} while the server holds the player
    this.selected = this.defaultSelection();
    this.target = null;
    this.requestId = 0;
    this.pending = new Map(); // request id → {kind, pos}
    this.lastRefusal = null; // {requestId, kind, result, reason} of the last refused action
    this.plugins = new Map(); // plugin channel → Set of handlers, shared by every session
    this.lastInput = "";
    this.lastInputTick = 0n; // the input tick of the last Input sent
    // Every entity the server replicates to us (entities.js): other
    // players and whatever plugins spawn, drawn as boxes. The roster
    // (PlayerJoined/PlayerLeft) is the player list, kept apart: a player
    // far away is in it but not drawn.
    this.entities = new EntitySet();
    this.names = new Map(); // entity id → name, from the roster
    this.rtt = null;
    this.pingNonce = 0n;
    this.corrections = 0;
    this.holds = 0; // Held messages: the server waiting for terrain around the player
    this.chat = [];

    this.stalls = []; // ms the next frames spin before writing their Inputs (stallFrames, for tests)
    this.stats = {
      sectionsReceived: 0, // Chunks and AirSections' positions: each a section
      airSections: 0, // of those, the positions of AirSections
      drops: 0,
      meshesBuilt: 0,
      lodReceived: 0, // LODSections
      lodMeshed: 0,
      meshMs: new Window(200),
      firstMeshAt: null, // performance.now() of the first mesh: ms since the page started loading
      frameMs: new Window(300),
      // The frames since the last resetFrameStats (a test's run): the
      // frame time a run actually had.
      run: new RunFrames(),
      sectionRate: new Rate(5),
    };

    this.controls = new Controls(canvas, {
      onLook: (dy, dp) => this.look(dy, dp),
      onBreak: () => this.breakTarget(),
      onPlace: () => this.placeTarget(),
      onToggleFly: () => this.setFlying(!this.player.flying),
      onSelect: (delta, slot) => this.select(delta, slot),
      onViewDistance: (d) => this.setViewDistance(this.viewDistance + d),
      onHorizon: (d) => this.setLODLevels(this.grantedLODLevels() + d),
      onChat: () => this.openChat(),
      onLockChange: (locked) => (document.getElementById("overlay").hidden = locked),
    });
    this.testMove = null; // set by window.strata.setMove: overrides the keyboard
    this.setupChat();
  }

  // ---- connection lifecycle ------------------------------------------------

  /** run connects and reconnects until the page closes or a retry cannot help. */
  async run() {
    this.setTickRate(20);
    requestAnimationFrame(() => this.frame());
    // The key every login is signed with: this browser's, from IndexedDB
    // (made on the first visit). Without Ed25519 in WebCrypto there is no
    // login at all.
    this.setState("key", "loading this browser's key");
    try {
      this.identity = await loadIdentity();
    } catch (err) {
      this.setError(err.message);
      this.setState("failed", err.message);
      return;
    }
    if (!this.identity.stored) console.warn(`strata: the login key is not kept (${this.identity.why}): this name will be bound to a key lost with the page`);
    let backoff = 2000;
    for (;;) {
      this.setState("config", "fetching config.json");
      let target;
      try {
        target = await loadTarget(location);
        this.viewDistance = target.viewDistance ?? this.viewDistance;
        this.lodLevels = target.lodLevels ?? this.lodLevels;
      } catch (err) {
        this.setError(err.message);
        await this.retryIn(backoff);
        backoff = Math.min(backoff * 2, 15000);
        continue;
      }
      this.setState("connecting", target.url);
      const closed = new Promise((resolve) => (this.onClosed = resolve));
      const session = new Session(target, {
        onWelcome: (w, blocks) => {
          this.session = session;
          this.onWelcome(w, target, blocks);
        },
        onServerMessage: (m) => this.onServer(m),
        onChunkMessage: (m) => this.onChunk(m),
        onDatagram: (m) => this.onDatagram(m),
        onClose: (err) => this.onClosed(err),
      }, { plugins: this.plugins });
      try {
        await session.connect({ name: this.name, viewDistance: this.viewDistance, identity: this.identity, lod: this.lodLevels !== 0 });
        backoff = 2000;
      } catch (err) {
        this.setError(err.message, err.code);
        if (err.code === "NAME_TAKEN") {
          this.name = randomName();
          this.nameSource = "new";
        } else if (err.code === "NAME_BOUND" && this.nameSource === "new") {
          // A name made up for this browser that someone else's key holds
          // already: this player never had it, so take another.
          this.name = randomName();
          safeStorage()?.setItem("strata.name", this.name);
          await this.retryIn(500);
          continue;
        }
        if (!err.retry) {
          this.setState("failed", explainError(err, this.name));
          return;
        }
        await this.retryIn(backoff);
        backoff = Math.min(backoff * 2, 15000);
        continue;
      }
      const err = await closed;
      this.session = null;
      this.resetWorld();
      if (err) this.setError(err.message, err.code);
      if (err && !err.retry) {
        this.setState("failed", explainError(err, this.name));
        return;
      }
      await this.retryIn(backoff);
    }
  }

  /**
   * runDemo shows a generated world without a server (?demo): the same
   * Chunk path as the network — worker decode, meshing, rendering.
   */
  async runDemo() {
    this.setTickRate(20);
    requestAnimationFrame(() => this.frame());
    const w = {
      entityId: 0n,
      spawn: { x: -52.5, y: 92, z: -60.5 },
      yaw: -35,
      pitch: 28,
      viewDistance: 6,
      sectionFormat: SECTION_FORMAT,
      bounds: { minSectionY: -4, maxSectionY: 19 },
      limits: { maxViewDistance: 8, maxChatLength: 256 },
      features: [FEATURE_ENTITIES],
    };
    this.onWelcome(w, { url: "demo" });
    this.demo = true;
    this.player.flying = true;
    this.setState("demo", "generated world, no server");
    // A few entities through the same path as a server's: a spawn, then
    // PlayerStates moving one of them at the tick rate.
    this.onServer({ kind: { case: "entitySpawns", value: demoEntities() } });
    let t = 1n;
    setInterval(() => this.onDatagram({ kind: { case: "playerState", value: demoMove(++t) } }), 50);
    let n = 0;
    for (const { pos, data } of demoSections(5)) {
      this.onChunk({ kind: { case: "chunk", value: { pos, revision: 1n, data } } });
      if (++n % 16 === 0) await new Promise((r) => setTimeout(r, 0));
    }
  }

  async retryIn(ms) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      this.setState("waiting", `retrying in ${Math.ceil((until - performance.now()) / 1000)} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  setState(state, detail = "") {
    this.state = state;
    this.stateDetail = detail;
  }

  setError(msg, code = "") {
    this.lastError = msg;
    this.lastErrorCode = code;
    console.warn("strata:", msg);
  }

  /**
   * onWelcome sets up for the server's world: its block registry (from
   * the session, which checked it) and its movement rules.
   */
  onWelcome(w, target, blocks = blocksFromWelcome(w)) {
    if (w.sectionFormat !== SECTION_FORMAT && w.sectionFormat !== 0) {
      this.setError(`server sends section format ${w.sectionFormat}; this client decodes ${SECTION_FORMAT}`);
    }
    this.welcome = w;
    this.blocks = blocks;
    this.rules = rulesFromLimits(w.limits);
    this.setTickRate(w.limits?.tickRate || 20);
    this.player.rules = this.rules;
    this.player.blocks = blocks;
    this.selected = this.defaultSelection();
    this.player.pos = { x: w.spawn?.x ?? 0.5, y: w.spawn?.y ?? 80, z: w.spawn?.z ?? 0.5 };
    this.player.vel = { x: 0, y: 0, z: 0 };
    this.player.yaw = w.yaw;
    this.player.pitch = w.pitch;
    this.player.flying = false;
    // A server granting "entities" sends spawns and despawns and moves
    // only what it spawned; an older one sends PlayerStates of nearby
    // players alone, drawn as before (entities.js, legacy mode).
    // With "predicted-states" it extrapolates them between states.
    const granted = w.features ?? [];
    this.entities.reset(w.entityId, granted.includes(FEATURE_ENTITIES), granted.includes(FEATURE_PREDICTED_STATES), w.limits?.tickRate || 20);
    this.renderer.clearEntities();
    this.viewDistance = w.viewDistance || this.viewDistance;
    this.renderer.setViewDistance(this.viewDistance);
    this.lod.setLevel0Range(w.bounds?.minSectionY ?? -4, w.bounds?.maxSectionY ?? 19);
    this.lodGranted = (w.features ?? []).includes(FEATURE_LOD) && (w.limits?.maxLodLevels ?? 0) > 0;
    // The Hello has no horizon: a chosen one is asked for at once.
    if (this.lodGranted && this.lodLevels) this.send("subscribe", { viewDistance: this.viewDistance, lodLevels: this.grantedLODLevels() });
    this.applyHorizon();
    this.store.setTop(w.bounds?.maxSectionY ?? 19);
    this.worker.postMessage({
      type: "init",
      minSectionY: w.bounds?.minSectionY ?? -4,
      blocks: blocks.fromServer ? blocks.blocks : undefined,
    });
    this.predictor.reset();
    this.lastInput = "";
    this.lastInputTick = 0n;
    this.held = null;
    // A new session: the last one's errors (a NAME_TAKEN before this name
    // was picked, a dropped connection) are history, not news.
    this.lastError = "";
    this.lastErrorCode = "";
    this.lastRefusal = null;
    this.setState("connected", `${target.url} as ${this.name}`);
  }

  // setTickRate makes tick() run at the server's tick rate: input ticks
  // count at it (docs/protocol.md §9.5).
  setTickRate(tps) {
    const ms = 1000 / tps;
    if (ms === this.tickMs) return;
    this.tickMs = ms;
    clearInterval(this.tickTimer);
    this.tickTimer = setInterval(() => this.tick(), ms);
  }

  resetWorld() {
    this.worker.postMessage({ type: "reset" });
    this.epochs.clear();
    this.store.clear();
    this.renderer.clearSections();
    this.renderer.clearLOD();
    this.lod.clear();
    this.lodEpochs.clear();
    this.renderer.clearEntities();
    this.entities.reset();
    this.pending.clear();
    this.welcome = null;
    this.held = null;
  }

  send(kind, value) {
    if (this.demo) return this.demoServer(kind, value);
    return this.session?.send(kind, value) ?? false;
  }

  // demoServer answers break and place in demo mode the way a server
  // would — a BlockUpdate, then an ActionAck — so editing can be tried
  // (and tested) without one.
  demoServer(kind, v) {
    if (kind !== "breakBlock" && kind !== "placeBlock") return true;
    const block = kind === "breakBlock" ? 0 : v.block;
    this.demoRevision = (this.demoRevision ?? 1n) + 1n;
    queueMicrotask(() => {
      this.onServer({ kind: { case: "blockUpdate", value: { pos: v.pos, block, revision: this.demoRevision } } });
      this.onServer({ kind: { case: "actionAck", value: { requestId: v.requestId, accepted: true, result: 0, revision: this.demoRevision } } });
    });
    return true;
  }

  // ---- server messages -----------------------------------------------------

  onServer(m) {
    const v = m.kind.value;
    switch (m.kind.case) {
      case "actionAck": {
        const p = this.pending.get(v.requestId);
        this.pending.delete(v.requestId);
        if (!v.accepted) {
          // A rule's or a plugin's reason (DENIED, VETOED) is shown as
          // given; the server also re-sends the block as a BlockUpdate.
          const why = refusalText(v);
          this.lastRefusal = { requestId: v.requestId, kind: p?.kind ?? "action", result: actionResultName(v.result), reason: v.reason ?? "" };
          this.hud.toast(`${p?.kind ?? "action"} refused: ${why}`, v.reason ? 3500 : 2000);
          this.setError(`${p?.kind ?? "action"} #${v.requestId} refused: ${why}`);
        }
        break;
      }
      case "correction":
        // Rewind to the server's state as of last_input_tick and replay
        // the steps after it; a teleport drops them and sets the look.
        this.lastCorrection = { lastInputTick: Number(v.lastInputTick), at: Number(this.predictor.tick), teleport: !!v.teleport, position: v.position && { x: v.position.x, y: v.position.y, z: v.position.z }, predicted: this.predictor.history.find((h) => h.tick === BigInt(v.lastInputTick ?? 0))?.after.pos ?? null };
        this.predictor.correct(v, (x, y, z) => this.store.blockAt(x, y, z));
        if (v.teleport) {
          this.player.yaw = v.yaw;
          this.player.pitch = v.pitch;
        }
        this.lastInput = ""; // say where we are now, even if the next step does not move
        this.corrections++;
        break;
      case "blockUpdate":
        if (v.pos) this.worker.postMessage({ type: "block", bx: v.pos.x, by: v.pos.y, bz: v.pos.z, block: v.block, revision: v.revision });
        break;
      case "chatBroadcast":
        this.addChat(v.system || !v.from ? `* ${v.text}` : `<${v.from}> ${v.text}`);
        break;
      case "ping":
        this.send("pong", { nonce: v.nonce, time: v.time, receiverTime: BigInt(Date.now()) * 1000n });
        break;
      case "pong":
        this.rtt = performance.now() - Number(v.time) / 1000;
        break;
      case "error":
        this.setError(`server: ${errorName(v.code)}${v.message ? `: ${v.message}` : ""}`);
        if (!v.fatal) this.hud.toast(v.message || errorName(v.code));
        break;
      case "held":
        this.held = { missing: v.missing };
        this.holds++;
        break;
      case "released":
        this.held = null;
        this.predictor.resync(); // the server's input clock restarts now
        this.lastInput = "";
        break;
      case "playerJoined":
        this.names.set(v.entityId, v.name);
        break;
      case "playerLeft":
        // With "entities" a despawn follows anyway; without, nothing else
        // would ever remove the player's box.
        this.names.delete(v.entityId);
        this.entities.remove(v.entityId);
        this.renderer.removeEntity(v.entityId);
        break;
      case "entitySpawns":
        // Drawn from the next frame on, where it is: frame() places it.
        this.entities.spawn(v);
        break;
      case "entityDespawns":
        for (const id of this.entities.despawn(v)) this.renderer.removeEntity(id);
        break;
    }
  }

  onChunk(m) {
    if (m.kind.case === "drops") {
      // Feature batched-drops: exactly one Drop per position, in order; the
      // worker gets the whole batch in one message, as triples (a Drops
      // by column, feature column-lists, unpacked here).
      const ps = dropPositions(m.kind.value);
      for (const p of ps) this.forget(p);
      const coords = packTriples(ps);
      this.worker.postMessage({ type: "drops", coords }, [coords.buffer]);
      return;
    }
    if (m.kind.case === "air") {
      this.onAirSections(m.kind.value);
      return;
    }
    if (m.kind.case === "lod") {
      const v = m.kind.value;
      const p = v.pos;
      const key = lodKey(v.level, p.x, p.y, p.z);
      let epoch = this.lodEpochs.get(key);
      if (epoch === undefined) this.lodEpochs.set(key, (epoch = ++this.nextEpoch));
      this.stats.lodReceived++;
      const data = v.data;
      this.worker.postMessage({ type: "lod", level: v.level, x: p.x, y: p.y, z: p.z, revision: v.revision, data, epoch }, [data.buffer]);
      return;
    }
    if (m.kind.case === "lodUnload") {
      const v = m.kind.value;
      const coords = Int32Array.from(v.coords ?? []);
      for (let i = 0; i + 2 < coords.length; i += 3) this.forgetLOD(v.level, coords[i], coords[i + 1], coords[i + 2]);
      this.worker.postMessage({ type: "lodunload", level: v.level, coords }, [coords.buffer]);
      return;
    }
    const pos = m.kind.value.pos ?? { x: 0, y: 0, z: 0 };
    if (m.kind.case === "chunk") {
      const c = m.kind.value;
      this.countReceived(1);
      const data = c.data;
      this.worker.postMessage(
        { type: "chunk", x: pos.x, y: pos.y, z: pos.z, revision: c.revision, data, epoch: this.epochOf(pos) },
        [data.buffer],
      );
    } else if (m.kind.case === "drop") {
      this.forget(pos);
      this.worker.postMessage({ type: "drop", x: pos.x, y: pos.y, z: pos.z });
    }
  }

  // onAirSections applies an AirSections (feature air-sections): exactly
  // one Chunk of uniform air at revision 0 per position, in order, counted
  // as such. The worker gets the whole batch in one message, with each
  // section's epoch, and answers in one ("air", onWorkerAir).
  onAirSections(air) {
    const ps = airPositions(air);
    const epochs = new Float64Array(ps.length);
    for (let i = 0; i < ps.length; i++) epochs[i] = this.epochOf(ps[i]);
    const coords = packTriples(ps);
    this.countReceived(ps.length);
    this.stats.airSections += ps.length;
    this.worker.postMessage({ type: "air", coords, epochs }, [coords.buffer, epochs.buffer]);
  }

  // epochOf is the epoch of the section at pos, a new one unless it is
  // held: the worker's replies about it carry it.
  epochOf(pos) {
    const key = sectionKey(pos.x, pos.y, pos.z);
    let epoch = this.epochs.get(key);
    if (epoch === undefined) this.epochs.set(key, (epoch = ++this.nextEpoch));
    return epoch;
  }

  // countReceived counts n sections arriving on the chunk stream.
  countReceived(n) {
    this.stats.sectionsReceived += n;
    this.stats.sectionRate.add(performance.now(), n);
  }

  // forget drops a section on the main thread (the worker is told apart).
  forget(pos) {
    const key = sectionKey(pos.x, pos.y, pos.z);
    this.stats.drops++;
    this.epochs.delete(key);
    this.store.delete(pos.x, pos.y, pos.z);
    this.renderer.removeSection(key);
    this.lod.setLevel0(pos.x, pos.y, pos.z, false); // its LOD parent may show again
  }

  // forgetLOD drops a LOD section on the main thread.
  forgetLOD(level, x, y, z) {
    const key = lodKey(level, x, y, z);
    this.lodEpochs.delete(key);
    this.renderer.removeLOD(key);
    this.lod.remove(level, x, y, z);
  }

  // showLOD puts a LOD section's mesh in the scene, drawn unless its
  // children are all meshed (lod.js).
  showLOD(m) {
    const key = lodKey(m.level, m.x, m.y, m.z);
    if (this.lodEpochs.get(key) !== m.epoch) return; // forgotten (or forgotten and re-sent) meanwhile
    const visible = this.lod.meshed(m.level, m.x, m.y, m.z);
    this.renderer.setLODMesh(key, m.level, m.x, m.y, m.z, m.opaque, m.translucent, visible);
    this.stats.lodMeshed++;
  }

  onDatagram(m) {
    // A PlayerState, a CompactState read as one, or a batch of them.
    // Datagrams are unordered: the newest tick wins, our own echo and (with
    // "entities") ids never spawned are ignored.
    for (const s of statesOf(m)) this.entities.state(s, (id) => this.names.get(id));
  }

  onWorker(m) {
    const key = sectionKey(m.x ?? 0, m.y ?? 0, m.z ?? 0);
    switch (m.type) {
      case "section":
        if (this.epochs.get(key) === m.epoch) {
          this.store.put({ x: m.x, y: m.y, z: m.z, uniform: m.uniform, cells: m.cells, revision: m.revision, epoch: m.epoch });
        }
        break;
      case "block":
        this.store.setBlock(m.bx, m.by, m.bz, m.block);
        break;
      case "mesh":
        if (this.epochs.get(key) !== m.epoch) return; // dropped (or dropped and re-sent) meanwhile
        this.showMesh(key, m);
        break;
      case "air":
        this.onWorkerAir(m);
        break;
      case "lodmesh":
        this.showLOD(m);
        break;
      case "loderror":
        this.forgetLOD(m.level, m.x, m.y, m.z);
        this.setError(`LOD section ${m.level}:(${m.x},${m.y},${m.z}): ${m.message}`);
        break;
      case "error":
        this.setError(`section (${m.x},${m.y},${m.z}): ${m.message}`);
        break;
    }
  }

  // showMesh puts a section's mesh from the worker in the scene.
  showMesh(key, m) {
    this.renderer.setSectionMesh(key, m.x, m.y, m.z, m.opaque, m.translucent);
    this.lod.setLevel0(m.x, m.y, m.z, true); // its LOD parent may hide now
    this.stats.meshesBuilt++;
    this.stats.meshMs.add(m.ms);
    if (this.stats.firstMeshAt === null && (m.opaque || m.translucent)) this.stats.firstMeshAt = performance.now();
  }

  // onWorkerAir mirrors the sections the worker took as uniform air from an
  // AirSections: for each, what its "section" and empty "mesh" replies to
  // a Chunk of air would do, unless dropped (or dropped and re-sent)
  // meanwhile.
  onWorkerAir(m) {
    const c = m.coords;
    for (let i = 0; i < m.epochs.length; i++) {
      const x = c[3 * i], y = c[3 * i + 1], z = c[3 * i + 2];
      const key = sectionKey(x, y, z);
      const epoch = m.epochs[i];
      if (this.epochs.get(key) !== epoch) continue;
      this.store.put({ x, y, z, uniform: AIR, cells: null, revision: 0n, epoch });
      this.showMesh(key, { x, y, z, opaque: null, translucent: null, ms: 0 });
    }
  }

  // ---- per tick and per frame ---------------------------------------------

  // tick runs on a timer at the server's tick rate: pings and the worker's
  // focus. Movement is not here: it steps in frame(), by simulated ticks.
  tick() {
    if (!this.session || !this.welcome) return;
    const now = performance.now();
    const p = this.player;
    if (!this.lastPing || now - this.lastPing > PING_EVERY_MS) {
      this.lastPing = now;
      this.send("ping", { nonce: ++this.pingNonce, time: BigInt(Math.round(now * 1000)) });
    }
    const fx = sectionOf(p.pos.x), fy = sectionOf(p.pos.y), fz = sectionOf(p.pos.z);
    if (!this.focus || this.focus.x !== fx || this.focus.y !== fy || this.focus.z !== fz) {
      this.focus = { x: fx, y: fy, z: fz };
      this.worker.postMessage({ type: "focus", ...this.focus });
    }
  }

  // sendSteps sends one Input per simulated step (its input tick is the
  // step's), skipping steps that changed nothing but for a heartbeat.
  // All of a frame's Inputs go in one write (Session.sendAll).
  sendSteps(steps) {
    const heartbeat = heartbeatTicks(this.rules);
    const inputs = [];
    for (const h of steps) {
      const s = h.after;
      const snapshot = [s.pos.x, s.pos.y, s.pos.z, h.yaw, h.pitch, s.flying, s.onGround].map((v) => (typeof v === "number" ? v.toFixed(4) : v)).join();
      if (snapshot === this.lastInput && h.tick - this.lastInputTick < heartbeat) continue;
      inputs.push(["input", {
        inputTick: h.tick,
        position: { ...s.pos },
        velocity: { ...s.vel },
        yaw: h.yaw,
        pitch: h.pitch,
        flying: s.flying,
        onGround: s.onGround,
      }]);
      this.lastInput = snapshot;
      this.lastInputTick = h.tick;
    }
    if (inputs.length && !this.demo) this.session?.sendAll(inputs);
  }

  frame() {
    if (this.busyFrameMs > 0) {
      // A test's stand-in for a slow machine (window.strata.setBusyFrame):
      // each frame takes at least this long.
      const until = performance.now() + this.busyFrameMs;
      while (performance.now() < until);
    }
    // The time this frame runs at, not requestAnimationFrame's timestamp
    // (the frame's start): on a slow page the callback runs up to a few
    // hundred ms after it, by an amount that varies frame to frame, and
    // steps counted from those timestamps bunch up — a frame running soon
    // after a late one claims the late one's lag at once, more input time
    // than the server has given since the last Input (it keeps unspent
    // time for input_bank_ticks only), and the server refuses the move as
    // too fast. Counted at the moment the steps are sent, the time a frame
    // claims is never ahead of the server's clock.
    const now = performance.now();
    const elapsed = this.lastFrame ? now - this.lastFrame : 0;
    const dt = Math.min(0.1, elapsed / 1000);
    if (this.lastFrame) {
      this.stats.frameMs.add(elapsed);
      this.stats.run.add(elapsed, this.predictor.boundMs);
    }
    this.lastFrame = now;
    const blockAt = (x, y, z) => this.store.blockAt(x, y, z);
    if (this.welcome && !this.held) {
      const move = this.testMove ?? (this.controls.enabled ? this.controls.move() : IDLE);
      this.move = move;
      const steps = this.predictor.advance(elapsed, move, blockAt);
      if (this.stalls.length) {
        // A test's stalled page (window.strata.stallFrames): the steps'
        // Inputs wait out the stall, as they do behind a long frame on a
        // slow page, where the write is a task queued behind it.
        const until = performance.now() + this.stalls.shift();
        while (performance.now() < until);
      }
      if (this.session || this.demo) this.sendSteps(steps);
    } else {
      this.predictor.acc = 0; // held: no time passes for movement (the server keeps none either)
    }
    const shown = this.predictor.rendered();
    const eye = { x: shown.x, y: shown.y + this.rules.eyeHeight, z: shown.z };
    const dir = this.player.look();
    this.renderer.setCamera(eye, dir);
    // Below the water's surface the camera sees water (underwater.js).
    this.renderer.setMedium(mediumAt(eye, blockAt, this.blocks), this.blocks);
    this.target = this.welcome ? this.findTarget(this.player.eye(), dir, blockAt) : null;
    this.renderer.setTarget(this.target);
    this.entities.step(dt); // smooth every entity towards its latest state
    for (const e of this.entities) this.renderer.setEntity(e, entityColor(e));
    this.renderer.render();
    if (!this.lastHud || now - this.lastHud > 250) {
      this.lastHud = now;
      this.updateHud(now);
    }
    requestAnimationFrame(() => this.frame());
  }

  findTarget(eye, dir, blockAt) {
    const hit = this.probe(eye, dir, blockAt);
    return hit && !hit.far ? hit : null;
  }

  // probe looks a little beyond reach, so a click on a block just too far
  // can say so; far marks a hit whose centre is out of reach (the server
  // measures to the block's centre).
  probe(eye, dir, blockAt) {
    const reach = this.rules.reach;
    const hit = raycast(eye, dir, reach + 2, blockAt, this.blocks);
    if (!hit) return null;
    const cx = hit.x + 0.5 - eye.x, cy = hit.y + 0.5 - eye.y, cz = hit.z + 0.5 - eye.z;
    return { ...hit, far: Math.hypot(cx, cy, cz) > reach };
  }

  // refuseLocally reports an action the page refuses without asking the
  // server: a toast, and lastRefusal for the HUD and tests.
  refuseLocally(kind, result, text) {
    this.lastRefusal = { requestId: 0, kind, result, reason: text, local: true };
    this.hud.toast(`${kind}: ${text}`, 1500);
    return false;
  }

  // ---- player actions ------------------------------------------------------

  look(dyaw, dpitch) {
    this.player.yaw = (((this.player.yaw + dyaw) % 360) + 360) % 360;
    this.player.pitch = Math.max(-89.9, Math.min(89.9, this.player.pitch + dpitch));
  }

  /** setFlying starts or stops flying; false when the server allows no flight (Welcome.limits.allow_flight). */
  setFlying(on) {
    if (on && !this.rules.allowFlight) {
      this.hud.toast("flying is not allowed on this server", 1500);
      return false;
    }
    this.player.flying = on;
    this.player.vel.y = 0;
    this.hud.toast(on ? "flying" : "walking", 800);
    return true;
  }

  // defaultSelection is stone's slot among the placeable blocks, else the first.
  defaultSelection() {
    return Math.max(0, this.blocks.placeable.indexOf(this.blocks.id("stone")));
  }

  // selectedBlock is the id the player places.
  selectedBlock() {
    return this.blocks.placeable[Math.min(this.selected, this.blocks.placeable.length - 1)] ?? 0;
  }

  select(delta, slot) {
    const n = this.blocks.placeable.length;
    if (n === 0) return;
    this.selected = slot !== undefined ? Math.min(slot, n - 1) : (((this.selected + delta) % n) + n) % n;
    this.hud.toast(this.blocks.name(this.selectedBlock()), 800);
  }

  setViewDistance(d) {
    const max = this.welcome?.limits?.maxViewDistance || 16;
    const v = Math.max(2, Math.min(max, d));
    if (v === this.viewDistance) return;
    this.viewDistance = v;
    this.renderer.setViewDistance(v);
    this.applyHorizon();
    this.resubscribe();
    this.hud.toast(`view distance ${v}`, 800);
  }

  // resubscribe sends the view distance and horizon, coalescing key
  // repeats: the server honours a few changes per second.
  resubscribe() {
    clearTimeout(this.subscribeTimer);
    this.subscribeTimer = setTimeout(() => {
      const sub = { viewDistance: this.viewDistance };
      if (this.lodGranted) sub.lodLevels = this.grantedLODLevels();
      this.send("subscribe", sub);
    }, 250);
  }

  /** grantedLODLevels is the horizon in levels the server sends: the chosen one capped, or its default. */
  grantedLODLevels() {
    if (!this.lodGranted) return 0;
    const l = this.welcome?.limits ?? {};
    const max = Math.min(MAX_LEVEL, l.maxLodLevels || 0);
    const want = this.lodLevels ?? (l.defaultLodLevels || max);
    return Math.max(0, Math.min(max, want));
  }

  /** setLODLevels changes the horizon (levels of detail beyond the view), 1..the server's max. */
  setLODLevels(n) {
    if (!this.lodGranted) return;
    const max = Math.min(MAX_LEVEL, this.welcome?.limits?.maxLodLevels || 0);
    const v = Math.max(1, Math.min(max, n));
    if (v === this.grantedLODLevels() && this.lodLevels !== null) return;
    this.lodLevels = v;
    this.applyHorizon();
    this.resubscribe();
    this.hud.toast(`horizon ${v} levels (${(horizonBlocks(this.viewDistance, v) / 1000).toFixed(1)} km)`, 1200);
  }

  // applyHorizon fogs the true horizon: the outermost LOD ring's reach
  // when the server sends LOD, else the view distance.
  applyHorizon() {
    const n = this.grantedLODLevels();
    this.renderer.setHorizon(n > 0 ? horizonBlocks(this.viewDistance, n) : 0);
  }

  nextRequest(kind, pos) {
    this.requestId = (this.requestId + 1) >>> 0 || 1;
    this.pending.set(this.requestId, { kind, pos });
    // Acks come once the edit is durable; forget ones the server never answers.
    if (this.pending.size > 256) this.pending.delete(this.pending.keys().next().value);
    return this.requestId;
  }

  // currentTarget recomputes the target from the latest look and world,
  // rather than the last frame's, which lags a click at low frame rates.
  // It returns {target} or {refusal: [result, text]}.
  currentTarget() {
    if (!this.welcome) return { refusal: ["NOT_CONNECTED", "not in a world"] };
    const t = this.probe(this.player.eye(), this.player.look(), (x, y, z) => this.store.blockAt(x, y, z));
    if (!t) return { refusal: ["NO_TARGET", "nothing to aim at"] };
    if (t.far) return { refusal: ["OUT_OF_REACH", `out of reach (${this.rules.reach} blocks)`] };
    return { target: t };
  }

  breakTarget() {
    if (!(this.session || this.demo)) return this.refuseLocally("break", "NOT_CONNECTED", "not connected");
    const { target: t, refusal } = this.currentTarget();
    if (!t) return this.refuseLocally("break", ...refusal);
    const pos = { x: t.x, y: t.y, z: t.z };
    return this.send("breakBlock", { pos, requestId: this.nextRequest("break", pos) });
  }

  placeTarget(block = this.selectedBlock()) {
    if (!(this.session || this.demo)) return this.refuseLocally("place", "NOT_CONNECTED", "not connected");
    const { target: t, refusal } = this.currentTarget();
    if (!t) return this.refuseLocally("place", ...refusal);
    const pos = { x: t.x + t.normal[0], y: t.y + t.normal[1], z: t.z + t.normal[2] };
    const cur = this.store.blockAt(pos.x, pos.y, pos.z);
    if (cur < 0 || !this.blocks.replaceable(cur)) return this.refuseLocally("place", "OCCUPIED", "that cell is taken");
    if (this.blocks.solid(block) && this.player.overlapsBlock(pos.x, pos.y, pos.z)) {
      return this.refuseLocally("place", "OVERLAPS_PLAYER", "you are in the way");
    }
    return this.send("placeBlock", { pos, block, requestId: this.nextRequest("place", pos) });
  }

  // ---- plugin channels -----------------------------------------------------

  /** sendPlugin sends bytes on a plugin channel; false without a session (or in the demo). */
  sendPlugin(channel, payload) {
    if (this.demo || !this.session) return false;
    return this.session.sendPlugin(channel, payload);
  }

  /** onPlugin registers fn(payload, channel) for a channel, across reconnects; returns the unregister function. */
  onPlugin(channel, fn) {
    return addPluginHandler(this.plugins, channel, fn);
  }

  // ---- chat ---------------------------------------------------------------

  setupChat() {
    this.chatLog = document.getElementById("chat-log");
    this.chatInput = document.getElementById("chat-input");
    this.chatInput.addEventListener("keydown", (e) => {
      e.stopPropagation();
      if (e.key === "Enter") {
        const text = this.chatInput.value.trim();
        if (text) this.send("chat", { text: text.slice(0, this.welcome?.limits?.maxChatLength || 256) });
        this.closeChat();
      } else if (e.key === "Escape") this.closeChat();
    });
  }

  openChat() {
    if (!this.session) return;
    this.controls.enabled = false;
    this.controls.held.clear();
    document.exitPointerLock?.();
    this.chatInput.hidden = false;
    this.chatInput.value = "";
    this.chatInput.focus();
  }

  closeChat() {
    this.chatInput.hidden = true;
    this.controls.enabled = true;
    this.canvas.requestPointerLock?.()?.catch?.(() => {});
  }

  addChat(line) {
    this.chat.push(line);
    if (this.chat.length > 8) this.chat.shift();
    this.chatLog.textContent = this.chat.join("\n");
  }

  // ---- HUD ----------------------------------------------------------------

  updateHud(now) {
    const p = this.player;
    const s = this.stats;
    const fps = s.frameMs.mean() > 0 ? 1000 / s.frameMs.mean() : 0;
    const p95 = s.frameMs.percentile(95);
    const firstMesh = s.firstMeshAt === null ? null : Math.round(s.firstMeshAt);
    const rate = s.sectionRate.perSecond(now);
    const t = this.target;
    const stateText = {
      starting: "starting",
      key: "loading key",
      config: "loading config",
      connecting: "connecting",
      connected: this.held ? `connected · waiting for terrain (${this.held.missing} sections)` : "connected",
      waiting: "disconnected",
      demo: "demo",
      failed: "failed",
    }[this.state] ?? this.state;
    const lines = [
      !this.welcome ? `not in a world yet · player name ${this.name}` : `pos ${p.pos.x.toFixed(1)} ${p.pos.y.toFixed(1)} ${p.pos.z.toFixed(1)}  yaw ${p.yaw.toFixed(0)} pitch ${p.pitch.toFixed(0)}  ${p.flying ? "flying" : p.onGround ? "walking" : "falling"}`,
      `sections ${this.epochs.size} (${rate.toFixed(1)}/s)  meshes ${this.renderer.sections.size} built ${s.meshesBuilt}  first mesh ${firstMesh === null ? "—" : `${firstMesh} ms`}  ${this.chunkStreamText()}`,
      `fps ${fps.toFixed(0)}  frame p95 ${p95.toFixed(1)} ms  rtt ${this.rtt === null ? "—" : `${this.rtt.toFixed(0)} ms`}  tris ${this.renderer.triangles}`,
      `move ${this.moveMode()}  ${this.speed().toFixed(1)} b/s (max ${this.modeSpeed().toFixed(1)})  tick ${this.predictor.tick}  corrections ${this.corrections}`,
      `view ${this.viewDistance}  horizon ${this.lodGranted ? `${this.grantedLODLevels()} lv, LOD ${this.lodEpochs.size} (${this.renderer.lodDrawn()} drawn)` : "off"}  block ${this.blocks.name(this.selectedBlock())}  target ${t ? `${this.blocks.name(t.block)} ${t.x} ${t.y} ${t.z}` : "—"}  players ${this.names.size}  entities ${this.entities.size}`,
      this.identityLine(),
    ];
    this.hud.update({
      state: `${stateText}${this.stateDetail ? ` · ${this.stateDetail}` : ""}`,
      stateClass: `state-${this.state}`,
      lines,
      error: this.lastError,
      data: {
        state: this.state,
        sections: this.epochs.size,
        sectionsReceived: s.sectionsReceived,
        meshes: this.renderer.sections.size,
        meshesBuilt: s.meshesBuilt,
        position: `${p.pos.x.toFixed(2)},${p.pos.y.toFixed(2)},${p.pos.z.toFixed(2)}`,
        mode: this.moveMode(),
        speed: this.speed().toFixed(2),
        firstMeshMs: firstMesh ?? "",
        frameP95Ms: p95.toFixed(1),
        sectionsPerS: rate.toFixed(1),
        rttMs: this.rtt === null ? "" : this.rtt.toFixed(1),
        error: this.lastError,
        errorCode: this.lastErrorCode,
        refusal: this.lastRefusal ? `${this.lastRefusal.result}${this.lastRefusal.reason ? `: ${this.lastRefusal.reason}` : ""}` : "",
      },
    });
  }

  // chunkStreamText is the HUD's note on the chunk stream: what it carried,
  // and with deflate-chunks how much inflating multiplied it.
  chunkStreamText() {
    const ss = this.session?.stats;
    if (!ss) return "";
    const kib = (ss.chunkWireBytes / 1024).toFixed(0);
    if (!this.session.deflateChunks) return `stream ${kib} KiB`;
    const ratio = ss.chunkWireBytes ? (ss.chunkBytes / ss.chunkWireBytes).toFixed(1) : "—";
    return `stream ${kib} KiB (deflate ×${ratio})`;
  }

  // playerEntities counts the players among the entities drawn.
  playerEntities() {
    let n = 0;
    for (const e of this.entities) if (e.kind === KIND_PLAYER) n++;
    return n;
  }

  // identityLine is the HUD's line about the login key: which one, and
  // whether it outlives the page.
  identityLine() {
    const id = this.identity;
    if (!id) return "key —";
    const short = `${id.publicHex.slice(0, 8)}…${id.publicHex.slice(-4)}`;
    return id.stored ? `key ${short} (kept in this browser)` : `key ${short} (NOT kept: ${id.why}; the name is lost with this page)`;
  }

  // moveMode is the HUD's name for how the player moves now.
  moveMode() {
    return this.player.mode(this.move);
  }

  // modeSpeed is the server's speed for the current mode (cruise flying: half of it).
  modeSpeed() {
    const s = this.player.speeds();
    return { walk: s.walk, sprint: s.sprint, fly: s.fly, "fly-sprint": s.flySprint }[this.moveMode()];
  }

  // speed is the predicted speed over the last second of steps (3D when
  // flying, horizontal on foot, as the server measures it).
  speed() {
    const h = this.predictor.history;
    const n = Math.min(h.length - 1, Math.round(this.rules.tickRate));
    if (n < 1) return 0;
    const a = h[h.length - 1 - n].after.pos, b = h[h.length - 1].after.pos;
    const d = this.player.flying ? Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z) : Math.hypot(b.x - a.x, b.z - a.z);
    return (d * this.rules.tickRate) / n;
  }

  /** testApi is exposed as window.strata for browser tests and the console. */
  testApi() {
    return {
      status: () => ({
        state: this.state,
        detail: this.stateDetail,
        error: this.lastError,
        errorCode: this.lastErrorCode,
        name: this.name,
        identity: this.identity && { publicKey: this.identity.publicHex, stored: this.identity.stored, why: this.identity.why },
        entityId: this.welcome ? String(this.welcome.entityId) : null,
        // Where the Welcome put the player: a returning player's saved place.
        spawn: this.welcome?.spawn ? { x: this.welcome.spawn.x, y: this.welcome.spawn.y, z: this.welcome.spawn.z } : null,
        position: { ...this.player.pos },
        yaw: this.player.yaw,
        pitch: this.player.pitch,
        flying: this.player.flying,
        onGround: this.player.onGround,
        flightAllowed: this.rules.allowFlight,
        reach: this.rules.reach,
        blocks: { fromServer: this.blocks.fromServer, count: this.blocks.count },
        held: this.held,
        sections: this.epochs.size,
        sectionsReceived: this.stats.sectionsReceived,
        airSections: this.stats.airSections,
        drops: this.stats.drops,
        meshes: this.renderer.sections.size,
        // The horizon (feature lod): levels, LOD sections held, meshed and
        // drawn (per level: lod.js counts), and the fog's reach in blocks.
        lod: {
          granted: this.lodGranted,
          levels: this.grantedLODLevels(),
          received: this.stats.lodReceived,
          held: this.lodEpochs.size,
          meshed: this.stats.lodMeshed,
          unmeshed: this.lodEpochs.size - this.renderer.lod.size, // held, no mesh yet
          perLevel: this.lod.counts(),
          horizon: this.renderer.horizon,
          triangles: this.renderer.triangles, // of the last frame, all of it
        },
        // What the camera is in: a liquid's block name, or null in air.
        underwater: this.renderer.view?.underwater ? this.blocks.name(this.renderer.medium) : null,
        meshesBuilt: this.stats.meshesBuilt,
        firstMeshMs: this.stats.firstMeshAt === null ? null : this.stats.firstMeshAt,
        frameP95Ms: this.stats.frameMs.percentile(95),
        // The frames since resetFrameStats() (stats.js RunFrames).
        runFrames: this.stats.run.summary(),
        sectionsPerS: this.stats.sectionRate.perSecond(performance.now()),
        rttMs: this.rtt,
        corrections: this.corrections,
        mode: this.moveMode(),
        speed: this.speed(),
        modeSpeed: this.modeSpeed(),
        inputTick: Number(this.predictor.tick),
        replayed: this.predictor.replayed,
        holds: this.holds,
        resyncs: this.predictor.resyncs,
        backoffs: this.predictor.backoffs,
        lastCorrection: this.lastCorrection ?? null,
        tickRate: this.rules.tickRate,
        target: this.target && { x: this.target.x, y: this.target.y, z: this.target.z, block: this.target.block },
        pending: this.pending.size,
        lastRefusal: this.lastRefusal && { ...this.lastRefusal },
        entities: {
          granted: this.entities.granted,
          count: this.entities.size,
          players: this.playerEntities(),
          drawn: this.renderer.entities.size,
          ...this.entities.stats,
        },
        plugins: this.session ? { in: this.session.stats.pluginIn, out: this.session.stats.pluginOut, unhandled: this.session.stats.pluginUnhandled } : null,
        // This session's chunk stream: deflate-chunks granted, its bytes as
        // received (wireBytes, compressed when granted) and as frames
        // (streamBytes, after inflating), and its frames.
        chunkStream: this.session
          ? {
              deflate: this.session.deflateChunks,
              wireBytes: this.session.stats.chunkWireBytes,
              streamBytes: this.session.stats.chunkBytes,
              frames: this.session.stats.chunkFrames,
            }
          : null,
      }),
      // move: {forward, strafe, up, sprint} in -1..1, or null to give the keyboard back.
      setMove: (move) => (this.testMove = move && { forward: 0, strafe: 0, up: 0, jump: false, sprint: false, ...move }),
      setLook: (yaw, pitch) => {
        this.player.yaw = yaw;
        this.player.pitch = Math.max(-89.9, Math.min(89.9, pitch));
      },
      setFlying: (on) => this.setFlying(!!on),
      // setBusyFrame makes every frame spin for ms: a slow machine, for tests (0 turns it off).
      setBusyFrame: (ms) => (this.busyFrameMs = Math.max(0, Number(ms) || 0)),
      // stallFrames makes each of the next frames spin for the given ms
      // between simulating its steps and writing their Inputs: a stalled
      // page holding its Inputs back.
      stallFrames: (...ms) => (this.stalls = ms.map((v) => Math.max(0, Number(v) || 0)), true),
      // resetFrameStats starts status().runFrames afresh (a test's run).
      resetFrameStats: () => (this.stats.run = new RunFrames(), true),
      // chat sends a chat line (or a command such as /tp); false without a session.
      chat: (text) => (this.session ? this.send("chat", { text: String(text) }) : false),
      setViewDistance: (d) => this.setViewDistance(d),
      setLODLevels: (n) => this.setLODLevels(n),
      // Shows or hides every LOD section at once (a test compares the two).
      showLOD: (on) => ((this.renderer.lodGroup.visible = !!on), true),
      breakBlock: () => this.breakTarget(),
      placeBlock: (block) => this.placeTarget(block),
      // Plugin channels: sendPlugin(channel, bytes) → false without a
      // session; onPlugin(channel, (payload, channel) => …) → unregister.
      sendPlugin: (channel, payload) => this.sendPlugin(channel, payload),
      onPlugin: (channel, fn) => this.onPlugin(channel, fn),
      blockAt: (x, y, z) => this.store.blockAt(x, y, z),
      // entities lists what the page holds and draws, by id (a string: ids
      // are uint64): kind, name tag, box, colour, latest and shown feet
      // position, and the drawing (renderer.entityDrawing) once a frame
      // has placed it.
      entities: () => [...this.entities].map((e) => ({
        id: String(e.id),
        kind: e.kind,
        name: e.name,
        width: e.width,
        height: e.height,
        color: entityColor(e),
        tick: String(e.tick),
        position: { ...e.target },
        shown: { ...e.shown },
        yaw: e.yaw,
        attributes: Object.fromEntries([...e.attributes].map(([k, v]) => [k, String(v)])),
        drawn: this.renderer.entityDrawing(e.id),
      })),
      // Moves the local player only: a real server corrects a jump beyond
      // its movement limits. For the demo and for tests.
      setPosition: (x, y, z) => {
        this.player.pos = { x, y, z };
        this.player.vel = { x: 0, y: 0, z: 0 };
        this.predictor.prev = { ...this.predictor.prev, pos: { x, y, z } };
      },
    };
  }
}

function safeStorage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: a fresh name each visit
  }
}

// packTriples lists positions as x, y, z triples for the worker, whatever
// form (triples or columns) the server sent them in.
function packTriples(ps) {
  const coords = new Int32Array(3 * ps.length);
  ps.forEach((p, i) => {
    coords[3 * i] = p.x;
    coords[3 * i + 1] = p.y;
    coords[3 * i + 2] = p.z;
  });
  return coords;
}
