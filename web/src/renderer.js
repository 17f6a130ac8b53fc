// The three.js side: one scene, one mesh (or two, with water) per section,
// boxes for other players, an outline on the targeted block.
//
// Vertex positions are small integers relative to each section (Uint8),
// and three.js composes object and camera matrices in double precision on
// the CPU before handing the GPU a float32 model-view matrix, so the world
// renders without jitter far from the origin without any rebasing.

import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  ColorManagement,
  EdgesGeometry,
  Fog,
  LinearSRGBColorSpace,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from "three";

const SKY = 0x9cc4ec;

// Colours here are the block registry's sRGB values, already shaded by the
// mesher: pass them through untouched rather than have three.js treat them
// as linear and brighten them on output.
ColorManagement.enabled = false;
// Every section mesh fits in this sphere around its centre: bounding
// volumes are known, so three never has to compute them.
const SECTION_SPHERE = new Sphere(new Vector3(8, 8, 8), Math.sqrt(3 * 64) + 0.01);

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
    this.waterMat = new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.6, depthWrite: false });
    /** @type {Map<string, {opaque: Mesh|null, translucent: Mesh|null}>} */
    this.sections = new Map();
    /** @type {Map<bigint, Mesh>} */
    this.players = new Map();
    this.playerGeo = new BoxGeometry(0.6, 1.8, 0.6).translate(0, 0.9, 0);
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
    const far = Math.max(2, sections) * 16;
    this.scene.fog.near = far * 0.6;
    this.scene.fog.far = far;
    this.camera.far = far + 32;
    this.camera.updateProjectionMatrix();
  }

  /** setCamera places the eye and looks along dir. */
  setCamera(eye, dir) {
    this.camera.position.set(eye.x, eye.y, eye.z);
    this.camera.lookAt(eye.x + dir.x, eye.y + dir.y, eye.z + dir.z);
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

  makeMesh(layer, material, x, y, z) {
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
    m.position.set(x * 16, y * 16, z * 16);
    m.matrixAutoUpdate = false;
    m.updateMatrix();
    this.scene.add(m);
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
      this.scene.remove(m);
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

  /** setPlayer shows another player at feet position p. */
  setPlayer(id, p, yawDeg) {
    let m = this.players.get(id);
    if (!m) {
      // A stable colour per entity, so players are told apart.
      const hue = (Number(id % 360n) * 137.5) % 360;
      m = new Mesh(this.playerGeo, new MeshBasicMaterial({ color: new Color().setHSL(hue / 360, 0.6, 0.5) }));
      this.players.set(id, m);
      this.scene.add(m);
    }
    m.position.set(p.x, p.y, p.z);
    m.rotation.y = (-yawDeg * Math.PI) / 180;
  }

  removePlayer(id) {
    const m = this.players.get(id);
    if (!m) return;
    this.scene.remove(m);
    m.material.dispose();
    this.players.delete(id);
  }

  clearPlayers() {
    for (const id of [...this.players.keys()]) this.removePlayer(id);
  }

  render() {
    this.gl.render(this.scene, this.camera);
  }

  /** triangles drawn in the last frame, for the HUD. */
  get triangles() {
    return this.gl.info.render.triangles;
  }
}
