// Entry point of the /play page.

import { Game } from "./game.js";

// The build replaces __STRATA_WORKER__ with the worker bundle's hashed file
// name; it sits next to this script in assets/.
const workerUrl = new URL(__STRATA_WORKER__, import.meta.url);

function boot() {
  const canvas = document.getElementById("view");
  let game;
  try {
    game = new Game(canvas, document.getElementById("hud"), workerUrl);
  } catch (err) {
    // No WebGL, most likely: say so instead of a blank page.
    const s = document.getElementById("hud-state");
    s.textContent = `cannot start: ${err.message}`;
    s.className = "state-failed";
    canvas.dataset.state = "failed";
    canvas.dataset.error = err.message;
    throw err;
  }
  window.strata = game.testApi();
  if (new URL(location.href).searchParams.has("demo")) game.runDemo();
  else game.run();
}

boot();
