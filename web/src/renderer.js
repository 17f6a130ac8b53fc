// The three.js side: one scene, one mesh (or two, with water) per section,
// one instanced mesh of boxes for all entities (other players and whatever
// plugins spawn) with name tags for those that have a name, an outline on
// the targeted block.
//
// Vertex positions are small integers relative to each section (Uint8),
// and three.js composes object and camera matrices in double precision on
// the CPU before handing the GPU a float32 model-view matrix, so the world
// renders without jitter far from the origin without any rebasing.

import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  Color,
  ColorManagement,
  EdgesGeometry,
  DoubleSide,
  DynamicDrawUsage,
  Fog,
  FrontSide,
  Frustum,
  Group,
  InstancedBufferAttribute,
  InstancedMesh,
  LinearSRGBColorSpace,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Sprite,
  SpriteMaterial,
  Vector3,
  WebGLRenderer,
} from "three";
import { InstanceSlots } from "./instances.js";
import { SKY, viewFor } from "./underwater.js";

// Colours here are the block registry's sRGB values, already shaded by the
// mesher: pass them through untouched rather than have three.js treat them
// as linear and brighten them on output.
ColorManagement.enabled = false;
// Every section mesh fits in this sphere around its centre: bounding
// volumes are known, so three never has to compute them.
const SECTION_SPHERE = new Sphere(new Vector3(8, 8, 8), Math.sqrt(3 * 64) + 0.01);

// Name tags: text on a canvas texture, a sprite that always faces the
// camera, TAG_HEIGHT blocks tall and TAG_GAP above the box.
const TAG_HEIGHT = 0.32;
const TAG_GAP = 0.15;
const TAG_FONT_PX = 48;
const TAG_MAX_CHARS = 32;

// Entity boxes are drawn relative to an origin near the camera, a multiple
// of ORIGIN_STEP blocks on each axis: per-instance matrices are float32 on
// the GPU, and far from the world's origin absolute positions in them
// would jitter; the mesh's own position (composed in double precision,
// like a section's) carries the rest.
const ORIGIN_STEP = 256;
const _frustum = new Frustum();
const _projScreen = new Matrix4();
const _sphere = new Sphere();

function nameTag(name) {
  const text = name.length > TAG_MAX_CHARS ? `${name.slice(0, TAG_MAX_CHARS - 1)}…` : name;
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d");
  const font = `${TAG_FONT_PX}px sans-serif`;
  ctx.font = font;
  const pad = TAG_FONT_PX * 0.3;
  canvas.width = Math.ceil(ctx.measureText(text).width + 2 * pad);
  canvas.height = Math.ceil(TAG_FONT_PX * 1.3);
  ctx.font = font; // resizing the canvas reset it
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#ffffff";
  ctx.textBaseline = "middle";
  ctx.fillText(text, pad, canvas.height / 2);
  const map = new CanvasTexture(canvas);
  // Depth-tested like the box (terrain in front of it hides it), but not
  // fogged: a tag should stay readable as long as its box is visible.
  const s = new Sprite(new SpriteMaterial({ map, transparent: true, fog: false }));
  s.scale.set((TAG_HEIGHT * canvas.width) / canvas.height, TAG_HEIGHT, 1);
  return s;
}

function releaseArray() {
  this.array = null;
}

export class Renderer {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.gl = new WebGLRenderer({ canvas, antialias: true, powerPreference: "high-performance" });
    this.gl.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.gl.outputColorSpace = LinearSRGBColorSpace;
    this.scene = new Scene();
    this.scene.background = new Color(SKY);
    this.scene.fog = new Fog(SKY, 64, 160);
    this.camera = new PerspectiveCamera(75, 1, 0.05, 1000);
    this.opaqueMat = new MeshBasicMaterial({ vertexColors: true });
    // Double-sided under water (applyView), in one pass rather than
    // three's two for transparent double-sided materials: the faces are
    // one colour, so their order hardly shows.
    this.waterMat = new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.6, depthWrite: false, forceSinglePass: true });
    /** @type {Map<string, {opaque: Mesh|null, translucent: Mesh|null}>} */
    this.sections = new Map();
    /** @type {Map<bigint, {color: number, tag: Sprite|null, name: string}>} */
    this.entities = new Map();
    // Every entity's box is one instance of one mesh (a single draw call
    // however many there are): a unit box standing on its bottom centre,
    // scaled, turned and placed by the instance's matrix (the feet are the
    // entity's position), coloured by the instance's colour.
    this.entityGeo = new BoxGeometry(1, 1, 1).translate(0, 0.5, 0);
    this.entityMat = new MeshBasicMaterial({ color: 0xffffff });
    // What the eye is in (underwater.js): air, or the liquid it sees
    // through; view is how the scene is drawn for it, with the view
    // distance.
    this.viewDistance = 10;
    // The true horizon in blocks (feature lod: the outermost LOD ring's
    // reach), 0 without LOD: fog and far plane reach it.
    this.horizon = 0;
    /** LOD sections' meshes, scaled by 2^level: lodKey → {opaque, translucent, visible} */
    this.lod = new Map();
    // All of them, to show or hide the horizon at once (tests compare).
    this.lodGroup = new Group();
    this.scene.add(this.lodGroup);
    this.medium = 0;
    this.blocks = null;
    this.view = null;
    this.applyView();
    this.slots = new InstanceSlots();
    this.entityOrigin = { x: 0, y: 0, z: 0 };
    this.entityMesh = null;
    this.entitiesInView = 0;
    this.makeEntityMesh();
    this.outline = new LineSegments(
      new EdgesGeometry(new BoxGeometry(1.004, 1.004, 1.004).translate(0.5, 0.5, 0.5)),
      new LineBasicMaterial({ color: 0x111111 }),
    );
    this.outline.visible = false;
    this.scene.add(this.outline);
    this.resize();
    window.addEventListener("resize", () => this.resize());
    canvas.addEventListener("webglcontextlost", () => location.reload());
  }

  resize() {
    const w = this.canvas.clientWidth || window.innerWidth;
    const h = this.canvas.clientHeight || window.innerHeight;
    this.gl.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  /** setViewDistance fits fog and far plane to the view distance in sections. */
  setViewDistance(sections) {
    this.viewDistance = sections;
    this.fitFar();
  }

  /**
   * setHorizon fogs the true horizon: blocks, the outermost LOD ring's
   * reach (lod.js horizonBlocks), or 0 for the view distance's.
   */
  setHorizon(blocks) {
    this.horizon = blocks;
    this.fitFar();
  }

  // fitFar fits the far plane and fog to the farther of the view distance
  // and the horizon.
  fitFar() {
    const far = Math.max(Math.max(2, this.viewDistance) * 16, this.horizon);
    this.camera.far = far + 32;
    this.camera.updateProjectionMatrix();
    this.applyView();
  }

  /**
   * setMedium states what the eye is in (underwater.js mediumAt: a liquid
   * block, or 0 for air), from the registry blocks; a change of medium
   * switches fog, background, tint and the water's sides.
   */
  setMedium(medium, blocks) {
    if (medium === this.medium && blocks === this.blocks) return;
    this.medium = medium;
    this.blocks = blocks;
    this.applyView();
  }

  // applyView sets the scene up for the medium and the view distance:
  // uniforms (fog, tint, background) and, only when it changes, the
  // water material's sides (a program switch, cached after the first).
  applyView() {
    const v = viewFor(this.blocks ? this.medium : 0, this.blocks, Math.max(this.viewDistance, this.horizon / 16));
    this.view = v;
    this.scene.background.setHex(v.background);
    this.scene.fog.color.setHex(v.fog);
    this.scene.fog.near = v.near;
    this.scene.fog.far = v.far;
    for (const m of [this.opaqueMat, this.waterMat, this.entityMat]) m.color.setRGB(v.tint[0], v.tint[1], v.tint[2]);
    const side = v.waterDoubleSided ? DoubleSide : FrontSide;
    if (this.waterMat.side !== side) {
      this.waterMat.side = side;
      this.waterMat.needsUpdate = true;
    }
  }

  /** setCamera places the eye and looks along dir. */
  setCamera(eye, dir) {
    this.camera.position.set(eye.x, eye.y, eye.z);
    this.camera.lookAt(eye.x + dir.x, eye.y + dir.y, eye.z + dir.z);
    this.moveEntityOrigin(eye);
  }

  /**
   * setSectionMesh replaces the meshes of a section with the worker's
   * buffers (either layer may be null: nothing to draw).
   */
  setSectionMesh(key, x, y, z, opaque, translucent) {
    const old = this.sections.get(key);
    if (old) this.disposeSection(old);
    const entry = {
      opaque: opaque ? this.makeMesh(opaque, this.opaqueMat, x, y, z) : null,
      translucent: translucent ? this.makeMesh(translucent, this.waterMat, x, y, z) : null,
    };
    this.sections.set(key, entry);
  }

  /**
   * setLODMesh replaces the meshes of LOD section key at level (x, y, z in
   * level units): the worker's mesh in cell units, scaled by 2^level and
   * placed at pos·16·2^level. Hidden unless visible (lod.js).
   */
  setLODMesh(key, level, x, y, z, opaque, translucent, visible) {
    const old = this.lod.get(key);
    if (old) this.disposeSection(old);
    const s = 2 ** level;
    const entry = {
      opaque: opaque ? this.makeMesh(opaque, this.opaqueMat, x, y, z, s, this.lodGroup) : null,
      translucent: translucent ? this.makeMesh(translucent, this.waterMat, x, y, z, s, this.lodGroup) : null,
      visible,
    };
    this.lod.set(key, entry);
    this.setLODVisible(key, visible);
  }

  /** setLODVisible shows or hides a LOD section's meshes. */
  setLODVisible(key, visible) {
    const e = this.lod.get(key);
    if (!e) return;
    e.visible = visible;
    if (e.opaque) e.opaque.visible = visible;
    if (e.translucent) e.translucent.visible = visible;
  }

  removeLOD(key) {
    const e = this.lod.get(key);
    if (!e) return;
    this.disposeSection(e);
    this.lod.delete(key);
  }

  clearLOD() {
    for (const key of [...this.lod.keys()]) this.removeLOD(key);
  }

  /** lodDrawn counts the LOD sections drawn (meshed and not hidden). */
  lodDrawn() {
    let n = 0;
    for (const e of this.lod.values()) if (e.visible) n++;
    return n;
  }

  makeMesh(layer, material, x, y, z, scale = 1, parent = this.scene) {
    const g = new BufferGeometry();
    // Once on the GPU the arrays are not needed on the CPU (raycasts use the
    // voxels, bounds are preset): let them go, halving the memory a view
    // of a few thousand sections costs. A lost WebGL context is not
    // restored; the page reloads instead.
    g.setAttribute("position", new BufferAttribute(layer.positions, 3).onUpload(releaseArray));
    g.setAttribute("color", new BufferAttribute(layer.colors, 3, true).onUpload(releaseArray));
    g.setIndex(new BufferAttribute(layer.indices, 1).onUpload(releaseArray));
    g.boundingSphere = SECTION_SPHERE.clone();
    const m = new Mesh(g, material);
    m.position.set(x * 16 * scale, y * 16 * scale, z * 16 * scale);
    m.scale.setScalar(scale);
    m.matrixAutoUpdate = false;
    m.updateMatrix();
    parent.add(m);
    return m;
  }

  removeSection(key) {
    const e = this.sections.get(key);
    if (!e) return;
    this.disposeSection(e);
    this.sections.delete(key);
  }

  disposeSection(e) {
    for (const m of [e.opaque, e.translucent]) {
      if (!m) continue;
      m.removeFromParent();
      m.geometry.dispose();
    }
  }

  clearSections() {
    for (const key of [...this.sections.keys()]) this.removeSection(key);
  }

  /** setTarget outlines block (x, y, z), or hides the outline for null. */
  setTarget(t) {
    this.outline.visible = !!t;
    if (t) this.outline.position.set(t.x, t.y, t.z);
  }

  // makeEntityMesh (re)makes the instanced mesh, with room for as many
  // instances as the slots have: at first, and whenever they grew (an
  // instanced mesh cannot).
  makeEntityMesh() {
    const old = this.entityMesh;
    if (old) {
      this.scene.remove(old);
      old.dispose(); // frees its instance buffers on the GPU
    }
    const cap = this.slots.capacity;
    const m = new InstancedMesh(this.entityGeo, this.entityMat, 0);
    m.instanceMatrix = new InstancedBufferAttribute(new Float32Array(cap * 16), 16).setUsage(DynamicDrawUsage);
    m.instanceColor = new InstancedBufferAttribute(new Float32Array(cap * 3), 3).setUsage(DynamicDrawUsage);
    m.visible = false;
    // The instances in view are chosen every frame (syncEntities): three
    // must not cull the mesh by a bounding sphere computed once.
    m.frustumCulled = false;
    m.position.set(this.entityOrigin.x, this.entityOrigin.y, this.entityOrigin.z);
    this.entityMesh = m;
    this.scene.add(m);
  }

  // moveEntityOrigin keeps the entities' origin within ORIGIN_STEP of the
  // eye, moving what is drawn along with it.
  moveEntityOrigin(eye) {
    const o = this.entityOrigin;
    const x = Math.round(eye.x / ORIGIN_STEP) * ORIGIN_STEP;
    const y = Math.round(eye.y / ORIGIN_STEP) * ORIGIN_STEP;
    const z = Math.round(eye.z / ORIGIN_STEP) * ORIGIN_STEP;
    if (x === o.x && y === o.y && z === o.z) return;
    this.slots.shift(o.x - x, o.y - y, o.z - z);
    o.x = x;
    o.y = y;
    o.z = z;
    this.entityMesh.position.set(x, y, z);
  }

  /**
   * setEntity draws entity e (entities.js) at its shown position: a box of
   * its width × height × width standing on its feet (the bottom centre),
   * turned to its yaw, in its colour, with its name tag above it when it
   * has one. Its instance and tag are made on first sight and updated in
   * place; a respawn that changes the box, colour or name is applied here
   * too.
   */
  setEntity(e, color) {
    let d = this.entities.get(e.id);
    const { slot, grew } = this.slots.add(e.id);
    if (grew) this.makeEntityMesh();
    if (!d) {
      d = { color: -1, tag: null, name: "" };
      this.entities.set(e.id, d);
    }
    if (d.color !== color) {
      this.slots.setColor(slot, color);
      d.color = color;
    }
    if (d.name !== e.name) {
      this.disposeTag(d);
      d.name = e.name;
      if (e.name) {
        d.tag = nameTag(e.name);
        this.scene.add(d.tag);
      }
    }
    const o = this.entityOrigin;
    this.slots.setBox(slot, e.shown.x - o.x, e.shown.y - o.y, e.shown.z - o.z, e.width, e.height, (-e.yaw * Math.PI) / 180);
    if (d.tag) d.tag.position.set(e.shown.x, e.shown.y + e.height + TAG_GAP + d.tag.scale.y / 2, e.shown.z);
  }

  removeEntity(id) {
    const d = this.entities.get(id);
    if (!d) return;
    this.slots.remove(id); // the last slot moves into the hole
    this.disposeTag(d);
    this.entities.delete(id);
  }

  disposeTag(d) {
    if (!d.tag) return;
    this.scene.remove(d.tag);
    d.tag.material.map.dispose();
    d.tag.material.dispose();
    d.tag = null;
  }

  clearEntities() {
    for (const d of this.entities.values()) this.disposeTag(d);
    this.entities.clear();
    this.slots.clear();
  }

  /** entityDrawing is what is drawn for an entity, for tests: null when nothing. */
  entityDrawing(id) {
    const d = this.entities.get(id);
    const slot = this.slots.slot(id);
    if (!d || slot < 0) return null;
    const { position: p, size } = this.slots.box(slot);
    const o = this.entityMesh.position;
    return {
      position: { x: o.x + p.x, y: o.y + p.y, z: o.z + p.z },
      size,
      color: this.slots.color(slot),
      tag: d.tag ? d.name : null,
    };
  }

  // syncEntities hands the GPU the boxes in view: the slots whose
  // bounding sphere meets the camera's frustum, packed at the front of the
  // mesh's instance arrays (only those are uploaded and drawn). Culling
  // here rather than drawing every instance: a software GL (SwiftShader,
  // headless Chromium) pays for each instance almost what it pays for a
  // draw call, off screen or not.
  syncEntities() {
    const m = this.entityMesh;
    const slots = this.slots;
    const n = slots.count;
    let k = 0;
    if (n > 0) {
      this.camera.updateMatrixWorld();
      _frustum.setFromProjectionMatrix(_projScreen.multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse));
      const o = this.entityOrigin;
      const src = slots.matrices, srcC = slots.colors;
      const dst = m.instanceMatrix.array, dstC = m.instanceColor.array;
      for (let i = 0; i < n; i++) {
        const a = i * 16;
        const w = Math.hypot(src[a], src[a + 2]);
        const h = src[a + 5];
        _sphere.center.set(o.x + src[a + 12], o.y + src[a + 13] + h / 2, o.z + src[a + 14]);
        _sphere.radius = Math.sqrt((w * w) / 2 + (h * h) / 4);
        if (!_frustum.intersectsSphere(_sphere)) continue;
        const b = k * 16;
        for (let j = 0; j < 16; j++) dst[b + j] = src[a + j];
        dstC[k * 3] = srcC[i * 3];
        dstC[k * 3 + 1] = srcC[i * 3 + 1];
        dstC[k * 3 + 2] = srcC[i * 3 + 2];
        k++;
      }
    }
    m.count = k;
    m.visible = k > 0;
    this.entitiesInView = k;
    if (k > 0) {
      m.instanceMatrix.clearUpdateRanges();
      m.instanceMatrix.addUpdateRange(0, k * 16);
      m.instanceMatrix.needsUpdate = true;
      m.instanceColor.clearUpdateRanges();
      m.instanceColor.addUpdateRange(0, k * 3);
      m.instanceColor.needsUpdate = true;
    }
  }

  render() {
    this.syncEntities();
    this.gl.render(this.scene, this.camera);
  }

  /** triangles drawn in the last frame, for the HUD. */
  get triangles() {
    return this.gl.info.render.triangles;
  }
}
