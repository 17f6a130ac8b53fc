// Strata status page: polls /api/status once a second and draws the tick
// time chart and the world map. No dependencies; everything is served by
// the admin listener itself.
"use strict";

const POLL_MS = 1000;
const WINDOW_S = 60;
const PALETTE = ["#5fb3f0", "#4cc38a", "#e8b04b", "#d96bd2", "#e5734b", "#8bd3dd", "#a3be5c",
  "#f08fb0", "#b08cf0", "#d9c36b", "#6b8cd9", "#5fd0a8", "#c97b4a", "#9aa7b4"];
// The map's colours are not here: the server sends them with what they
// stand for (snapshot.map_key, admin.MapLegend), and the map is drawn and
// its key written from that one list. NO_KEY marks a colour missing from
// it, which a test would catch.
const NO_KEY = "#ff00ff";

const $ = (id) => document.getElementById(id);
const state = {
  samples: [], snap: null, colors: new Map(), view: null, columns: new Map(),
  // What the viewer may do (GET /api/session), the operators' names
  // (lower case) and the player whose ban awaits its second click.
  session: { console: false, access: false }, ops: new Set(), armed: null,
};

// ---- formatting ----------------------------------------------------------

function fmtUs(us) {
  if (!isFinite(us)) return "–";
  if (us === 0) return "0";
  if (us >= 1000) return (us / 1000).toFixed(us >= 10000 ? 1 : 2) + " ms";
  return us.toFixed(us >= 100 ? 0 : 1) + " µs";
}
function fmtBytes(b) {
  const u = ["B", "KiB", "MiB", "GiB", "TiB"];
  let i = 0;
  while (b >= 1024 && i < u.length - 1) { b /= 1024; i++; }
  return b.toFixed(i ? 1 : 0) + " " + u[i];
}
function fmtDur(s) {
  s = Math.floor(s);
  const d = Math.floor(s / 86400), h = Math.floor(s / 3600) % 24, m = Math.floor(s / 60) % 60;
  if (d) return `${d}d ${h}h ${m}m`;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${s % 60}s`;
  return `${s}s`;
}
const fmtInt = (n) => Number(n).toLocaleString("en-US");
function setText(id, text, cls) {
  const el = $(id);
  el.textContent = text;
  if (cls !== undefined) el.className = el.className.replace(/\b(warn|bad)\b/g, "").trim() + (cls ? " " + cls : "");
}

function colorOf(name) {
  if (!state.colors.has(name)) state.colors.set(name, PALETTE[state.colors.size % PALETTE.length]);
  return state.colors.get(name);
}

// ---- canvas helpers ------------------------------------------------------

// sizeCanvas matches the backing store to the laid-out size and the
// device pixel ratio, so lines stay crisp; returns a context in CSS pixels.
function sizeCanvas(cv) {
  const dpr = window.devicePixelRatio || 1;
  const w = cv.clientWidth, h = cv.clientHeight;
  if (cv.width !== Math.round(w * dpr) || cv.height !== Math.round(h * dpr)) {
    cv.width = Math.round(w * dpr);
    cv.height = Math.round(h * dpr);
  }
  const ctx = cv.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return { ctx, w, h };
}

function niceStep(max, ticks) {
  const raw = max / ticks, mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const n = raw / mag;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
}

// ---- chart ---------------------------------------------------------------

function drawChart() {
  const { ctx, w, h } = sizeCanvas($("chart"));
  const metric = $("metric").value;
  const pad = { l: 58, r: 12, t: 12, b: 24 };
  const pw = w - pad.l - pad.r, ph = h - pad.t - pad.b;
  const samples = state.samples;
  const snap = state.snap;
  ctx.font = "11px system-ui, 'DejaVu Sans', sans-serif";
  if (!samples.length || !snap) {
    ctx.fillStyle = "#8795a3";
    ctx.fillText("waiting for samples…", pad.l + 8, pad.t + 20);
    return;
  }
  const names = (snap.systems || []).map((s) => s.name);
  const tEnd = new Date(samples[samples.length - 1].time).getTime() / 1000;
  const tStart = tEnd - WINDOW_S;
  const xOf = (t) => pad.l + ((t - tStart) / WINDOW_S) * pw;

  // Stack each sample's systems in schedule order.
  const stacks = samples.map((s) => {
    const by = new Map((s.systems || []).map((x) => [x.name, x[metric] || 0]));
    let acc = 0;
    const tops = names.map((n) => (acc += by.get(n) || 0));
    return { t: new Date(s.time).getTime() / 1000, tops, tick: s.tick_timing ? s.tick_timing[metric] || 0 : 0 };
  });
  let ymax = 0;
  for (const s of stacks) ymax = Math.max(ymax, s.tops[s.tops.length - 1] || 0, s.tick);
  const budget = snap.target_tps ? 1e6 / snap.target_tps : 0;
  if (budget && ymax > budget * 0.6) ymax = Math.max(ymax, budget * 1.05);
  ymax = ymax > 0 ? ymax * 1.1 : 100;
  const step = niceStep(ymax, 4);
  ymax = Math.ceil(ymax / step) * step;
  const yOf = (v) => pad.t + ph - (v / ymax) * ph;

  // Grid and axis labels.
  ctx.strokeStyle = "#2a3541"; ctx.lineWidth = 1; ctx.fillStyle = "#8795a3";
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (let v = 0; v <= ymax + 1e-9; v += step) {
    const y = Math.round(yOf(v)) + 0.5;
    ctx.beginPath(); ctx.moveTo(pad.l, y); ctx.lineTo(w - pad.r, y); ctx.stroke();
    ctx.fillText(fmtUs(v), pad.l - 6, y);
  }
  ctx.textAlign = "center"; ctx.textBaseline = "top";
  for (let s = 0; s <= WINDOW_S; s += 15) ctx.fillText(s === WINDOW_S ? "now" : `-${WINDOW_S - s}s`, xOf(tStart + s), h - pad.b + 6);

  ctx.save();
  ctx.beginPath(); ctx.rect(pad.l, pad.t, pw, ph); ctx.clip();
  // Areas, top layer first so each lower one paints over it.
  for (let i = names.length - 1; i >= 0; i--) {
    ctx.beginPath();
    ctx.moveTo(xOf(stacks[0].t), yOf(0));
    for (const s of stacks) ctx.lineTo(xOf(s.t), yOf(s.tops[i]));
    ctx.lineTo(xOf(stacks[stacks.length - 1].t), yOf(0));
    ctx.closePath();
    ctx.fillStyle = colorOf(names[i]) + "cc";
    ctx.fill();
  }
  // The whole tick, including time outside systems.
  ctx.beginPath();
  stacks.forEach((s, i) => (i ? ctx.lineTo(xOf(s.t), yOf(s.tick)) : ctx.moveTo(xOf(s.t), yOf(s.tick))));
  ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 1.5; ctx.stroke();
  if (budget && budget <= ymax) {
    const y = Math.round(yOf(budget)) + 0.5;
    ctx.setLineDash([5, 4]); ctx.strokeStyle = "#e5534b"; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(pad.l, y); ctx.lineTo(w - pad.r, y); ctx.stroke(); ctx.setLineDash([]);
    ctx.fillStyle = "#e5534b"; ctx.textAlign = "left"; ctx.textBaseline = "bottom";
    ctx.fillText(`tick budget ${fmtUs(budget)}`, pad.l + 6, y - 2);
  } else if (budget) {
    ctx.fillStyle = "#8795a3"; ctx.textAlign = "right"; ctx.textBaseline = "top";
    ctx.fillText(`tick budget ${fmtUs(budget)} (above scale)`, w - pad.r - 6, pad.t + 4);
  }
  ctx.restore();

  const legend = $("legend");
  const items = names.map((n) => `<span><i data-color="${colorOf(n)}"></i>${esc(n)}</span>`);
  items.push(`<span><i class="line"></i>whole tick</span>`);
  const html = items.join("");
  if (legend.dataset.html !== html) {
    legend.dataset.html = html;
    legend.innerHTML = html;
    paintSwatches(legend);
  }
}

// ---- map -----------------------------------------------------------------

function hex(c) { return "#" + c.toString(16).padStart(6, "0"); }

// keyColor is the colour the map key gives to key ("dense", "uniform",
// "player"), as 0xRRGGBB, or undefined.
function keyColor(key) {
  const k = ((state.snap && state.snap.map_key) || []).find((e) => e.key === key);
  return k ? k.color : undefined;
}

// columnColor is the column's surface colour when the server knows it;
// otherwise its key's by whether a resident section is dense, uniform
// ones brighter when more of the column is resident.
function columnColor(c) {
  const [, , n, dense, color] = c;
  if (color) return hex(color);
  const rgb = keyColor(dense ? "dense" : "uniform");
  if (rgb === undefined) return NO_KEY;
  if (dense) return hex(rgb);
  const k = Math.min(1, 0.45 + n / 40);
  return `rgb(${Math.round((rgb >> 16 & 255) * k)},${Math.round((rgb >> 8 & 255) * k)},${Math.round((rgb & 255) * k)})`;
}

// renderMapKey writes the map's key from snapshot.map_key: a swatch and a
// name for every colour the map is drawn in.
function renderMapKey(keys) {
  const el = $("mapkeys");
  const html = keys.map((k) => `<span data-key="${esc(k.key)}" data-name="${esc(k.name)}"><i class="sw${k.key === "player" ? " player" : ""}" data-color="${hex(k.color)}"></i>${esc(k.name)}</span>`).join(" ");
  if (el.dataset.html === html) return;
  el.dataset.html = html;
  el.innerHTML = html;
  paintSwatches(el);
}

function drawMap() {
  const cv = $("map");
  const { ctx, w, h } = sizeCanvas(cv);
  const snap = state.snap;
  const cols = (snap && snap.columns) || [];
  const players = (snap && snap.players) || [];
  ctx.font = "11px system-ui, 'DejaVu Sans', sans-serif";
  if (!cols.length && !players.length) {
    ctx.fillStyle = "#8795a3";
    ctx.fillText("no resident sections", 12, 20);
    state.view = null;
    return { columns: 0, players: 0 };
  }
  // Bounds in section units over columns and players, plus a margin.
  let x0 = Infinity, x1 = -Infinity, z0 = Infinity, z1 = -Infinity;
  for (const c of cols) { x0 = Math.min(x0, c[0]); x1 = Math.max(x1, c[0] + 1); z0 = Math.min(z0, c[1]); z1 = Math.max(z1, c[1] + 1); }
  for (const p of players) {
    const sx = p.x / 16, sz = p.z / 16;
    x0 = Math.min(x0, Math.floor(sx)); x1 = Math.max(x1, Math.floor(sx) + 1);
    z0 = Math.min(z0, Math.floor(sz)); z1 = Math.max(z1, Math.floor(sz) + 1);
  }
  x0 -= 1; z0 -= 1; x1 += 1; z1 += 1;
  // Integer cell size when it is at least 2 px, so cells tile without seams.
  let cell = Math.min(w / (x1 - x0), h / (z1 - z0));
  if (cell >= 2) cell = Math.floor(cell);
  const ox = Math.round((w - cell * (x1 - x0)) / 2), oz = Math.round((h - cell * (z1 - z0)) / 2);
  const px = (sx) => ox + (sx - x0) * cell, pz = (sz) => oz + (sz - z0) * cell;
  state.view = { x0, z0, cell, ox, oz };

  // Columns; +east is right, +z (south) is down, as in the game.
  for (const c of cols) {
    ctx.fillStyle = columnColor(c);
    ctx.fillRect(px(c[0]), pz(c[1]), cell, cell);
  }
  if (cell >= 8) {
    ctx.strokeStyle = "rgba(15,20,25,.35)"; ctx.lineWidth = 1;
    for (const c of cols) ctx.strokeRect(px(c[0]) + 0.5, pz(c[1]) + 0.5, cell - 1, cell - 1);
  }
  // Origin axes.
  ctx.strokeStyle = "rgba(255,255,255,.25)"; ctx.lineWidth = 1; ctx.setLineDash([3, 3]);
  if (x0 <= 0 && x1 >= 0) { ctx.beginPath(); ctx.moveTo(px(0), 0); ctx.lineTo(px(0), h); ctx.stroke(); }
  if (z0 <= 0 && z1 >= 0) { ctx.beginPath(); ctx.moveTo(0, pz(0)); ctx.lineTo(w, pz(0)); ctx.stroke(); }
  ctx.setLineDash([]);

  // Players: view radius, heading arrow, dot and name.
  for (const p of players) {
    const cx = px(p.x / 16), cz = pz(p.z / 16);
    if (p.view_radius) {
      ctx.beginPath(); ctx.arc(cx, cz, p.view_radius * cell, 0, 2 * Math.PI);
      ctx.strokeStyle = "rgba(255,77,109,.55)"; ctx.setLineDash([4, 4]); ctx.lineWidth = 1.2; ctx.stroke(); ctx.setLineDash([]);
    }
    // Yaw 0 faces +z, 90 faces -x, as in Minecraft-like clients.
    const a = (p.yaw || 0) * Math.PI / 180, len = 14;
    ctx.beginPath(); ctx.moveTo(cx, cz); ctx.lineTo(cx - Math.sin(a) * len, cz + Math.cos(a) * len);
    ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 2; ctx.stroke();
    ctx.beginPath(); ctx.arc(cx, cz, 6, 0, 2 * Math.PI);
    const pc = keyColor("player");
    ctx.fillStyle = pc === undefined ? NO_KEY : hex(pc); ctx.fill(); ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 1.5; ctx.stroke();
    ctx.font = "600 12px system-ui, 'DejaVu Sans', sans-serif";
    ctx.textAlign = "left"; ctx.textBaseline = "middle";
    ctx.lineWidth = 3; ctx.strokeStyle = "rgba(15,20,25,.85)"; ctx.strokeText(p.name, cx + 10, cz - 10);
    ctx.fillStyle = "#ffffff"; ctx.fillText(p.name, cx + 10, cz - 10);
  }
  setText("mapbounds", `x ${x0 + 1}…${x1 - 2}, z ${z0 + 1}…${z1 - 2} (sections) · ${cell >= 1 ? cell.toFixed(0) : cell.toFixed(2)} px/section`);
  return { columns: cols.length, players: players.length };
}

function mapHover(ev) {
  const v = state.view, snap = state.snap;
  if (!v || !snap) return;
  const r = $("map").getBoundingClientRect();
  const mx = ev.clientX - r.left, mz = ev.clientY - r.top;
  for (const p of snap.players || []) {
    const cx = v.ox + (p.x / 16 - v.x0) * v.cell, cz = v.oz + (p.z / 16 - v.z0) * v.cell;
    if (Math.hypot(mx - cx, mz - cz) <= 8) {
      setText("mapinfo", `${p.name} at ${p.x.toFixed(1)}, ${p.y.toFixed(1)}, ${p.z.toFixed(1)} · view ${p.view_radius}`);
      return;
    }
  }
  const sx = Math.floor((mx - v.ox) / v.cell + v.x0), sz = Math.floor((mz - v.oz) / v.cell + v.z0);
  const c = state.columns.get(sx + "," + sz);
  const k = c && c[4] ? (snap.map_key || []).find((e) => e.key === "surface" && e.color === c[4]) : null;
  setText("mapinfo", c ? `column ${sx}, ${sz}: ${k ? k.name + ", " : ""}${c[2]} sections resident, ${c[3]} dense` : `column ${sx}, ${sz}: not resident`);
}

// ---- tables and cards ----------------------------------------------------

// paintSwatches colours elements marked data-color through the CSSOM:
// the Content-Security-Policy forbids style attributes in markup.
function paintSwatches(root) {
  for (const el of root.querySelectorAll("[data-color]")) el.style.background = el.dataset.color;
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// ---- players and moderation ---------------------------------------------

// The player list is updated row by row, not rewritten: the page polls
// every second, and a button replaced between mouse-down and mouse-up
// would swallow the click.
const PLAYER_COLS = 8;

function playerCells(p) {
  const op = state.ops.has(p.name.toLowerCase()) ? `<span class="op" title="operator">op</span>` : "";
  return [`${esc(p.name)}${op}`, String(p.entity), p.x.toFixed(1), p.y.toFixed(1), p.z.toFixed(1),
    `${Math.floor(p.x / 16)}, ${Math.floor(p.y / 16)}, ${Math.floor(p.z / 16)}`, String(p.view_radius)];
}

function renderPlayers(players) {
  const tbody = $("players");
  const sorted = players.slice().sort((a, b) => a.name.localeCompare(b.name));
  const canAct = state.session.console;
  document.body.classList.toggle("can-act", canAct);
  if (!sorted.length) {
    if (!tbody.querySelector("td.empty")) tbody.innerHTML = `<tr><td colspan="${PLAYER_COLS}" class="empty">no players</td></tr>`;
    return;
  }
  const empty = tbody.querySelector("td.empty");
  if (empty) empty.parentElement.remove();
  const rows = new Map([...tbody.querySelectorAll("tr[data-player]")].map((tr) => [tr.dataset.player, tr]));
  let before = tbody.firstElementChild;
  for (const p of sorted) {
    let tr = rows.get(p.name);
    rows.delete(p.name);
    if (!tr) {
      tr = document.createElement("tr");
      tr.dataset.player = p.name;
      for (let i = 0; i < PLAYER_COLS; i++) tr.appendChild(document.createElement("td"));
      for (let i = 1; i < PLAYER_COLS - 1; i++) tr.children[i].className = "n";
      tr.lastElementChild.className = "acts";
    }
    if (tr !== before) tbody.insertBefore(tr, before);
    before = tr.nextElementSibling;
    playerCells(p).forEach((html, i) => { if (tr.children[i].innerHTML !== html) tr.children[i].innerHTML = html; });
    renderActions(tr.lastElementChild, p.name, canAct);
  }
  for (const tr of rows.values()) tr.remove();
}

// renderActions keeps a row's kick and ban buttons, when the listener
// runs console commands (GET /api/session); a ban asks for a second
// click, since it outlasts the session.
function renderActions(td, name, canAct) {
  const armed = state.armed && state.armed.name === name && state.armed.until > Date.now();
  const want = canAct ? `kick|${armed ? "confirm" : "ban"}` : "";
  if (td.dataset.want === want) return;
  td.dataset.want = want;
  td.textContent = "";
  if (!canAct) return;
  for (const [act, label] of [["kick", "kick"], ["ban", armed ? "confirm ban" : "ban"]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "act " + act + (act === "ban" && armed ? " armed" : "");
    b.dataset.act = act;
    b.dataset.name = name;
    b.textContent = label;
    td.appendChild(b);
  }
}

function showReply(text, err) {
  const el = $("modreply");
  el.textContent = text;
  el.className = "hint reply" + (err ? " err" : "");
}

// act posts one console endpoint and shows its reply (or error).
async function act(path, body) {
  try {
    const r = await fetch(path, {
      method: "POST", cache: "no-store", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    let answer = {};
    try { answer = await r.json(); } catch (e) { /* plain-text refusal */ }
    if (!r.ok) throw new Error(answer.error || `${path}: HTTP ${r.status}`);
    showReply(answer.reply || "done", false);
  } catch (e) {
    showReply(String(e.message || e), true);
  }
}

function onPlayerAction(ev) {
  const b = ev.target.closest("button[data-act]");
  if (!b) return;
  const name = b.dataset.name, reason = $("modreason").value.trim();
  if (b.dataset.act === "kick") {
    act("/api/kick", reason ? { name, reason } : { name });
  } else if (state.armed && state.armed.name === name && state.armed.until > Date.now()) {
    state.armed = null;
    const body = { name };
    if ($("modfor").value) body.duration = $("modfor").value;
    if (reason) body.reason = reason;
    act("/api/ban", body);
  } else {
    state.armed = { name, until: Date.now() + 5000 };
    showReply(`click "confirm ban" to ban ${name}`, false);
  }
  renderPlayers((state.snap && state.snap.players) || []);
}

function renderSystems(snap) {
  const row = (t, cls, sw) => `<tr class="${cls}"><td>${sw}${esc(t.name)}</td><td class="stage">${esc(t.stage || "")}</td>` +
    `<td class="n">${fmtUs(t.p50_us)}</td><td class="n">${fmtUs(t.p99_us)}</td><td class="n">${fmtUs(t.max_us)}</td></tr>`;
  const rows = (snap.systems || []).map((t) => row(t, "", `<i class="swatch" data-color="${colorOf(t.name)}"></i>`));
  rows.push(row(Object.assign({}, snap.tick_timing, { name: "whole tick", stage: "" }), "total", ""));
  $("systems").innerHTML = rows.join("");
  paintSwatches($("systems"));
}

function renderCards(s) {
  setText("seed", String(s.seed));
  $("seed").title = String(s.seed);
  setText("genver", `generator v${s.generator_version}`);
  setText("uptime", fmtDur(s.uptime_s || 0));
  setText("tick", `tick ${fmtInt(s.tick)}`);
  const low = s.target_tps && s.tps < s.target_tps * 0.95;
  setText("tps", `${s.tps.toFixed(1)} / ${s.target_tps}`, low ? (s.tps < s.target_tps * 0.8 ? "bad" : "warn") : "");
  setText("overruns", `${fmtInt(s.overruns)} overruns`);
  const tt = s.tick_timing || {};
  const budget = s.target_tps ? 1e6 / s.target_tps : Infinity;
  setText("ticktime", fmtUs(tt.p50_us), tt.p99_us > budget ? "bad" : tt.p99_us > budget * 0.7 ? "warn" : "");
  setText("tickmax", `p99 ${fmtUs(tt.p99_us)} · max ${fmtUs(tt.max_us)}`);
  const np = (s.players || []).length;
  setText("nplayers", fmtInt(np));
  setText("clients", `${fmtInt(s.clients)} clients connected`);
  const r = s.resident || {};
  setText("resident", fmtInt((r.dense || 0) + (r.uniform || 0)));
  setText("residentsplit", `${fmtInt(r.dense || 0)} dense · ${fmtInt(r.uniform || 0)} uniform · ${fmtBytes(r.bytes || 0)}`);
  const g = s.generation || {};
  setText("genrate", `${(g.per_second || 0).toFixed(0)}/s`);
  setText("genqueue", `${fmtInt(g.queued || 0)} queued · ${fmtInt(g.in_flight || 0)} in flight · ${fmtInt(g.completed || 0)} done`);
  const ready = $("ready");
  ready.textContent = s.ready ? "ready" : "starting";
  ready.className = "badge " + (s.ready ? "ok" : "wait");
  setText("cert", s.cert_sha256 ? `cert sha256 ${s.cert_sha256}` : "");
  const c = s.cluster;
  $("clustercard").hidden = !c;
  if (c) {
    const regions = c.regions || [];
    setText("shard", c.shard);
    setText("clusterinfo", `${fmtInt(regions.length)} regions leased${regions.length ? " (" + regions.slice(0, 8).join(" ") + (regions.length > 8 ? " …" : "") + ")" : ""} · ` +
      `${fmtInt(c.remote_players)} players and ${fmtInt(c.remote_entities)} entities of other shards · ${fmtInt(c.forwarded)} edits forwarded · ${fmtInt(c.served)} served · ${fmtInt(c.fenced)} fenced`);
  }
}

// ---- polling -------------------------------------------------------------

function addSample(s) {
  const last = state.samples[state.samples.length - 1];
  if (last && last.tick === s.tick) return;
  state.samples.push({ time: s.time, tick: s.tick, tps: s.tps, tick_timing: s.tick_timing, systems: s.systems });
  const end = new Date(s.time).getTime() / 1000;
  while (state.samples.length && new Date(state.samples[0].time).getTime() / 1000 < end - WINDOW_S - 1) state.samples.shift();
}

function render() {
  const s = state.snap;
  if (!s) return;
  renderCards(s);
  renderPlayers(s.players || []);
  renderSystems(s);
  drawChart();
  const drawn = drawMap();
  renderMapKey(s.map_key || []);
  // A machine-readable account of what was drawn, for the browser test and
  // for anyone scripting the page.
  const sum = $("summary");
  sum.dataset.players = drawn.players;
  sum.dataset.columns = drawn.columns;
  sum.dataset.tick = s.tick;
  sum.dataset.rendered = "true";
  sum.textContent = `players: ${drawn.players}, columns: ${drawn.columns} · tick ${fmtInt(s.tick)}`;
}

function connState(text, err) {
  const c = $("conn");
  c.textContent = text;
  c.className = "conn" + (err ? " err" : "");
}

async function getJSON(url) {
  const r = await fetch(url, { cache: "no-store", credentials: "same-origin" });
  if (r.status === 401) throw Object.assign(new Error("unauthorized: open this page as /?token=…"), { status: 401 });
  if (r.status === 503) throw Object.assign(new Error("server starting: no status yet"), { status: 503 });
  if (!r.ok) throw Object.assign(new Error(`${url}: HTTP ${r.status}`), { status: r.status });
  return r.json();
}

async function poll() {
  try {
    const s = await getJSON("/api/status");
    if (state.session.access) {
      try {
        const players = await getJSON("/api/players");
        state.ops = new Set(players.filter((p) => p.operator).map((p) => p.name.toLowerCase()));
      } catch (e) {
        // Operator badges are a nicety; the status still renders.
      }
    }
    state.snap = s;
    state.columns = new Map((s.columns || []).map((c) => [c[0] + "," + c[1], c]));
    addSample(s);
    render();
    connState(`updated ${new Date(s.time).toLocaleTimeString()}`, false);
  } catch (e) {
    const starting = e.status === 503;
    connState(String(e.message || e), !starting);
    const ready = $("ready");
    ready.textContent = starting ? "starting" : "offline";
    ready.className = "badge " + (starting ? "wait" : "bad");
  }
  setTimeout(poll, POLL_MS);
}

async function start() {
  try {
    const h = await getJSON("/api/history");
    state.samples = (h.samples || []).slice();
  } catch (e) {
    // The chart fills as polls arrive.
  }
  try {
    state.session = await getJSON("/api/session");
  } catch (e) {
    // An older listener, or none: no buttons.
  }
  $("modtools").hidden = !state.session.console;
  $("players").addEventListener("click", onPlayerAction);
  $("metric").addEventListener("change", drawChart);
  $("map").addEventListener("mousemove", mapHover);
  window.addEventListener("resize", () => { drawChart(); drawMap(); });
  poll();
}

start();
