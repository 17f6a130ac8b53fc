// The three.js side: one scene, one mesh (or two, with water) per section,
// boxes for entities (other players and whatever plugins spawn) with name
// tags, an outline on the targeted block.
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
  Fog,
  LinearSRGBColorSpace,
  LineBasicMaterial,
  LineSegments,
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

const SKY = 0x9cc4ec;

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
    this.waterMat = new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity: 0.6, depthWrite: false });
    /** @type {Map<string, {opaque: Mesh|null, translucent: Mesh|null}>} */
    this.sections = new Map();
    /** @type {Map<bigint, {mesh: Mesh, color: number, tag: Sprite|null, name: string}>} */
    this.entities = new Map();
    // One unit box standing on its bottom centre, scaled per entity: the
    // feet are the entity's position.
    this.entityGeo = new BoxGeometry(1, 1, 1).translate(0, 0.5, 0);
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

  /**
   * setEntity draws entity e (entities.js) at its shown position: a box of
   * its width × height × width standing on its feet (the bottom centre),
   * turned to its yaw, in its colour, with its name tag above it when it
   * has one. Mesh and tag are made on first sight and updated in place;
   * a respawn that changes the box, colour or name is applied here too.
   */
  setEntity(e, color) {
    let d = this.entities.get(e.id);
    if (!d) {
      d = { mesh: new Mesh(this.entityGeo, new MeshBasicMaterial({ color })), color, tag: null, name: "" };
      this.entities.set(e.id, d);
      this.scene.add(d.mesh);
    } else if (d.color !== color) {
      d.mesh.material.color.setHex(color);
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
    d.mesh.scale.set(e.width, e.height, e.width);
    d.mesh.position.set(e.shown.x, e.shown.y, e.shown.z);
    d.mesh.rotation.y = (-e.yaw * Math.PI) / 180;
    if (d.tag) d.tag.position.set(e.shown.x, e.shown.y + e.height + TAG_GAP + d.tag.scale.y / 2, e.shown.z);
  }

  removeEntity(id) {
    const d = this.entities.get(id);
    if (!d) return;
    this.scene.remove(d.mesh);
    d.mesh.material.dispose();
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
    for (const id of [...this.entities.keys()]) this.removeEntity(id);
  }

  /** entityDrawing is what is drawn for an entity, for tests: null when nothing. */
  entityDrawing(id) {
    const d = this.entities.get(id);
    if (!d) return null;
    const m = d.mesh;
    return {
      position: { x: m.position.x, y: m.position.y, z: m.position.z },
      size: { x: m.scale.x, y: m.scale.y, z: m.scale.z },
      color: d.color,
      tag: d.tag ? d.name : null,
    };
  }

  render() {
    this.gl.render(this.scene, this.camera);
  }

  /** triangles drawn in the last frame, for the HUD. */
  get triangles() {
    return this.gl.info.render.triangles;
  }
}
