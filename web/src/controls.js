// Keyboard and mouse: WASD to move, mouse look under pointer lock, Space to
// jump (or rise when flying), Shift to descend, Ctrl to sprint, F to toggle
// flying, left click breaks, right click places, wheel or 1–9 picks the
// block, [ and ] change the view distance, T or Enter opens chat.
//
// Input is read into plain state the game samples each frame; actions are
// callbacks. A test driver can bypass all of it through window.strata.

const KEYS = {
  KeyW: "forward", ArrowUp: "forward",
  KeyS: "back", ArrowDown: "back",
  KeyA: "left", ArrowLeft: "left",
  KeyD: "right", ArrowRight: "right",
  Space: "up",
  ShiftLeft: "down", ShiftRight: "down",
  ControlLeft: "sprint", ControlRight: "sprint",
};

export class Controls {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onLook:(dyaw:number,dpitch:number)=>void, onBreak:()=>void, onPlace:()=>void,
   *          onToggleFly:()=>void, onSelect:(delta:number, slot?:number)=>void,
   *          onViewDistance:(delta:number)=>void, onHorizon?:(delta:number)=>void, onChat:()=>void, onLockChange:(locked:boolean)=>void}} actions
   */
  constructor(canvas, actions) {
    this.canvas = canvas;
    this.a = actions;
    this.held = new Set();
    this.sensitivity = 0.12; // degrees per pixel
    this.enabled = true; // false while typing in chat

    canvas.addEventListener("click", () => {
      if (!this.locked) canvas.requestPointerLock?.()?.catch?.(() => {});
    });
    document.addEventListener("pointerlockchange", () => this.a.onLockChange(this.locked));
    document.addEventListener("mousemove", (e) => {
      if (this.locked) this.a.onLook(e.movementX * this.sensitivity, e.movementY * this.sensitivity);
    });
    document.addEventListener("mousedown", (e) => {
      if (!this.locked) return;
      if (e.button === 0) this.a.onBreak();
      else if (e.button === 2) this.a.onPlace();
    });
    document.addEventListener("contextmenu", (e) => {
      if (this.locked) e.preventDefault();
    });
    document.addEventListener("wheel", (e) => {
      if (this.locked) this.a.onSelect(Math.sign(e.deltaY));
    }, { passive: true });
    document.addEventListener("keydown", (e) => this.key(e, true));
    document.addEventListener("keyup", (e) => this.key(e, false));
    window.addEventListener("blur", () => this.held.clear());
  }

  get locked() {
    return document.pointerLockElement === this.canvas;
  }

  key(e, down) {
    if (!this.enabled) return;
    const name = KEYS[e.code];
    if (name) {
      if (down) this.held.add(name);
      else this.held.delete(name);
      if (this.locked) e.preventDefault();
      return;
    }
    if (!down || e.repeat) return;
    if (e.code === "KeyF") this.a.onToggleFly();
    else if (e.code === "BracketLeft" || e.code === "Minus") this.a.onViewDistance(-1);
    else if (e.code === "BracketRight" || e.code === "Equal") this.a.onViewDistance(1);
    else if (e.code === "Comma") this.a.onHorizon?.(-1);
    else if (e.code === "Period") this.a.onHorizon?.(1);
    else if (e.code === "KeyT" || e.code === "Enter") {
      e.preventDefault();
      this.a.onChat();
    } else if (/^Digit[1-9]$/.test(e.code)) this.a.onSelect(0, Number(e.code.slice(5)) - 1);
  }

  /** move samples the held keys as axes. */
  move() {
    const h = this.held;
    const axis = (p, n) => (h.has(p) ? 1 : 0) - (h.has(n) ? 1 : 0);
    return {
      forward: axis("forward", "back"),
      strafe: axis("right", "left"),
      up: axis("up", "down"),
      jump: h.has("up"),
      sprint: h.has("sprint"),
    };
  }
}
