// The heads-up display: plain DOM over the canvas, refreshed a few times a
// second (not per frame: layout is not free). It also mirrors the numbers
// into data-* attributes on the canvas, which browser tests read.

export class Hud {
  /** @param {HTMLElement} root @param {HTMLCanvasElement} canvas */
  constructor(root, canvas) {
    this.root = root;
    this.canvas = canvas;
    this.lines = root.querySelector("#hud-lines");
    this.state = root.querySelector("#hud-state");
    this.error = root.querySelector("#hud-error");
    this.toastEl = document.getElementById("toast");
    this.toastTimer = 0;
  }

  /**
   * update redraws the HUD.
   * @param {{state:string, stateClass:string, lines:string[], error:string, data:Record<string,string|number>}} v
   */
  update(v) {
    this.state.textContent = v.state;
    this.state.className = v.stateClass;
    this.lines.textContent = v.lines.join("\n");
    this.error.textContent = v.error ? `last error: ${v.error}` : "";
    for (const [k, val] of Object.entries(v.data)) this.canvas.dataset[k] = String(val);
  }

  /** toast shows a short message in the middle of the screen for a moment. */
  toast(text, ms = 2000) {
    this.toastEl.textContent = text;
    this.toastEl.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (this.toastEl.hidden = true), ms);
  }
}
