// grognard's page: the protocol's commands as JSON over HTTP, one session
// per tab (kept in sessionStorage so a reload keeps the game).
"use strict";

const $ = (id) => document.getElementById(id);
let sessionID = sessionStorage.getItem("grognard-session");
let legal = [];      // the current legal actions: {id, text, notation}
let busy = false;
let selected = "";   // the label of the unit clicked, "" for none
let arrows = [];     // notations drawn as hint arrows
let planShown = false; // the last hint's plan is drawn (the server keeps it)
let realTable = false; // the game is played on a real table: instructions, typed dice, drags correct

// clearArrows stops drawing a hint's or a plan's arrows.
function clearArrows() { arrows = []; planShown = false; }

async function newSession() {
  const r = await fetch("/api/sessions", { method: "POST", headers: { "Content-Type": "application/json" } });
  const j = await r.json();
  if (!j.ok) throw new Error(j.error);
  sessionID = j.id;
  sessionStorage.setItem("grognard-session", sessionID);
}

// api runs one protocol command and returns its reply ({ok, text, result,
// error, code}); a session the server no longer has is replaced once.
async function api(cmd, args = []) {
  if (!sessionID) await newSession();
  for (let attempt = 0; attempt < 2; attempt++) {
    const r = await fetch(`/api/sessions/${sessionID}/command`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cmd, args }),
    });
    const j = await r.json();
    if (j.code === "no-session" && attempt === 0) { await newSession(); continue; }
    return j;
  }
}

function showError(msg) {
  const e = $("error");
  e.textContent = msg || "";
  e.hidden = !msg;
}

function log(text) {
  if (!text) return;
  const li = document.createElement("li");
  li.textContent = text;
  $("log").prepend(li);
}

function setBusy(b) {
  busy = b;
  for (const id of ["bot-move", "hint", "undo", "save", "replay", "start"]) $(id).disabled = b;
  $("cancel").disabled = !b;
}

// drawTable draws the table with the hint's arrows, or else the clicked
// unit's orders (arrows and ghost bases, numbered as in the list).
async function drawTable() {
  const drawn = planShown ? [] : arrows.length ? arrows : unitOrders().slice(0, 12).map((a) => a.notation).filter(Boolean);
  let q = drawn.map((a) => "arrow=" + encodeURIComponent(a)).join("&");
  if (planShown) q = "plan=1";
  const r = await fetch(`/api/sessions/${sessionID}/picture.svg${q ? "?" + q : ""}`);
  if (r.status === 501) {
    // A ruleset without a picture (no table): the position in
    // words, as the protocol's show gives it.
    const s = await api("show");
    const pre = document.createElement("pre");
    pre.className = "sketch";
    pre.textContent = s.text || s.error || "";
    $("table").replaceChildren(pre);
    return;
  }
  if (!r.ok) { const j = await r.json(); showError(j.error); return; }
  $("table").innerHTML = await r.text();
  const svg = $("table").querySelector("svg");
  for (const g of $("table").querySelectorAll("[data-piece]")) {
    if (g.dataset.piece === selected) g.classList.add("selected");
    attachDrag(svg, g);
  }
}

// The picture says where its table is (data-table="X0 Y0 S": the point
// (u, v) is the table's ((u-X0)/S, (Y0-v)/S)), so a drag becomes a
// position on the table in the ruleset's units.
function toTable(svg, e) {
  const [x0, y0, sc] = (svg.dataset.table || "").split(/\s+/).map(Number);
  if (!(sc > 0)) return null;
  const p = svg.createSVGPoint();
  p.x = e.clientX; p.y = e.clientY;
  const u = p.matrixTransform(svg.getScreenCTM().inverse());
  return { x: (u.x - x0) / sc, y: (y0 - u.y) / sc, u: u.x, v: u.y };
}

// attachDrag lets a piece be clicked (its orders shown) or dragged: a
// free-form move the rules check, or on a real table a correction of
// where it stands.
function attachDrag(svg, g) {
  g.addEventListener("pointerdown", (e) => {
    if (busy || e.button !== 0) return;
    const start = toTable(svg, e);
    if (!start) return;
    e.preventDefault();
    g.setPointerCapture(e.pointerId);
    let moved = false;
    const move = (ev) => {
      if (Math.hypot(ev.clientX - e.clientX, ev.clientY - e.clientY) > 4) moved = true;
      if (!moved) return;
      const p = toTable(svg, ev);
      g.setAttribute("transform", `translate(${p.u - start.u} ${p.v - start.v})`);
      g.classList.add("dragging");
    };
    const up = async (ev) => {
      g.removeEventListener("pointermove", move);
      g.removeEventListener("pointerup", up);
      if (!moved) {
        if (g.dataset.kind === "unit") { selected = selected === g.dataset.piece ? "" : g.dataset.piece; showOrders(); await drawTable(); }
        return;
      }
      const end = toTable(svg, ev);
      await dropPiece(g, end.x - start.x, end.y - start.y);
    };
    g.addEventListener("pointermove", move);
    g.addEventListener("pointerup", up);
  });
}

// dropPiece moves a dragged piece by (dx, dy) table units from where it
// stands (its data-at, the point its moves and corrections name): a
// free-form move, or on a real table a correction.
async function dropPiece(g, dx, dy) {
  showError("");
  const label = g.dataset.piece, kind = g.dataset.kind || "unit";
  const [px, py] = (g.dataset.at || "").split(/\s+/).map(Number);
  if (!isFinite(px) || !isFinite(py)) { showError(`the picture does not say where ${label} stands`); await drawTable(); return; }
  const x = (px + dx).toFixed(2), y = (py + dy).toFixed(2);
  if (realTable) {
    setBusy(true);
    try {
      const r = await api("set", [kind, label, "at", x, y]);
      if (!r.ok) { showError(r.error); await drawTable(); return; }
      log(r.text);
      await refresh();
    } finally {
      setBusy(false);
    }
    return;
  }
  await play(`move ${label} to ${x} ${y}`);
}

// unitOrders are the orders of the clicked unit (none when none is).
function unitOrders() {
  if (!selected) return [];
  const words = (n) => (n || "").split(/\s+/);
  return legal.filter((a) => words(a.notation).includes(selected) || a.text.includes(selected));
}

function showOrders() {
  const ol = $("orders");
  ol.innerHTML = "";
  const shown = unitOrders();
  $("show-all").hidden = !selected;
  for (const a of (shown.length ? shown : legal).slice(0, 300)) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = a.text;
    b.title = a.notation || "";
    b.dataset.id = a.id;
    b.addEventListener("click", () => play(String(a.id)));
    li.append(b);
    ol.append(li);
  }
}

// refresh shows the position: the summary, what is due (dice or your
// orders) and the table.
async function refresh() {
  const sum = await api("show", ["summary"]);
  if (!sum.ok) { showError(sum.error); return; }
  $("status").textContent = sum.text;
  const over = sum.result && sum.result.result && sum.result.result.over;
  // While a step is still being shown the controls stay off: setBusy
  // turns them on when it is done, so nothing is clicked that play would
  // ignore.
  for (const id of ["bot-move", "hint", "undo", "save", "replay"]) $(id).disabled = busy;
  const pend = await api("pending");
  const dicePending = pend.ok && pend.result && pend.result.pending;
  $("dice-box").hidden = !dicePending || over;
  $("pending").textContent = dicePending ? pend.text : "";
  legal = [];
  if (!dicePending && !over) {
    const l = await api("legal", ["all"]);
    if (l.ok && Array.isArray(l.result)) legal = l.result;
  }
  $("orders-box").hidden = legal.length === 0;
  showOrders();
  await drawTable();
}

// advance plays the bots' moves (and the program's dice) one step at a
// time, drawing the table after each, until a person must act.
async function advance() {
  setBusy(true);
  try {
    for (let n = 0; n < 5000; n++) {
      const r = await api("advance", ["max=1"]);
      if (!r.ok) { showError(r.error); break; }
      const steps = (r.result && r.result.steps) || [];
      for (const s of steps) logStep(s);
      if (steps.length === 0) break;
      await drawTable();
    }
    // Still busy while the position is shown, so nothing is clicked on
    // a list about to be replaced.
    await refresh();
  } finally {
    setBusy(false);
  }
}

// logStep logs a step the program played: a roll with its values (what
// it was for was shown while it was pending), an order with, on a real
// table, what to do with the ruler.
function logStep(s) {
  if (s.dice && s.dice.length) {
    log(`dice ${s.dice.join(" ")}: ${s.text}`);
    $("log").firstChild.classList.add("dice");
    return;
  }
  log(`${s.player}: ${s.text}`);
  if (realTable && s.table) {
    const li = document.createElement("li");
    li.textContent = `${s.player}: ${s.table}`;
    $("instructions").prepend(li);
  }
}

async function play(what) {
  if (busy) return;
  showError("");
  clearArrows();
  setBusy(true);
  const r = await api("play", what.trim().split(/\s+/));
  if (!r.ok) { showError(r.error); await drawTable(); setBusy(false); return; }
  log(r.text);
  selected = "";
  await advance();
}

async function start(ev) {
  ev.preventDefault();
  showError("");
  clearArrows();
  $("log").innerHTML = "";
  $("hints-box").hidden = true;
  realTable = $("real-table").checked;
  $("instructions").innerHTML = "";
  $("instructions-box").hidden = !realTable;
  if (realTable) $("dice").value = "manual";
  const args = ["ruleset=" + $("ruleset").value, "human=" + $("side").value, "bot=" + $("bot").value, "dice=" + $("dice").value];
  if ($("scenario").value) args.push("scenario=" + $("scenario").value);
  if ($("turns").value) args.push("turn_limit=" + $("turns").value);
  const r = await api("new_game", args);
  if (!r.ok) { showError(r.error); return; }
  log(r.text.split("\n")[0]);
  await advance();
}

async function hint() {
  setBusy(true);
  showError("");
  try {
    const r = await api("hint", ["n=3"]);
    if (!r.ok) { showError(r.error); return; }
    const ol = $("hints");
    ol.innerHTML = "";
    $("plan-steps").hidden = true;
    clearArrows();
    for (const h of r.result.hints || []) {
      const a = legal.find((x) => x.id === h.id);
      if (a && a.notation) arrows.push(a.notation);
      const li = document.createElement("li");
      const pct = (v) => Math.round(100 * (v || 0));
      li.innerHTML = `<button type="button"></button> <small>value ${h.value.toFixed(2)}; win ${pct(h.win)}%, draw ${pct(h.draw)}%, loss ${pct(h.loss)}%</small>` +
        `<div class="bar"><span class="win" style="width:${pct(h.win)}%"></span><span class="draw" style="width:${pct(h.draw)}%"></span><span class="loss" style="width:${pct(h.loss)}%"></span></div>`;
      li.querySelector("button").textContent = h.text;
      li.querySelector("button").addEventListener("click", () => play(String(h.id)));
      ol.append(li);
    }
    $("hints-box").hidden = false;
    await drawTable();
  } finally {
    setBusy(false);
  }
}

async function save() {
  const r = await api("save");
  if (!r.ok) { showError(r.error); return; }
  const blob = new Blob([JSON.stringify(r.result)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "grognard-game.json";
  a.click();
  URL.revokeObjectURL(a.href);
}

// plan asks for the best order and the plan for the rest of the turn.
async function plan() {
  setBusy(true);
  showError("");
  try {
    const r = await api("hint", ["n=1", "plan"]);
    if (!r.ok) { showError(r.error); return; }
    // The plan is the hint's, not one order's: the side's orders with
    // the dice and the enemy's replies between them.
    const steps = (r.result && r.result.plan) || [];
    const ol = $("plan-steps");
    ol.innerHTML = "";
    for (const p of steps) {
      const li = document.createElement("li");
      li.textContent = p.by === "dice" ? `(${p.text})` : `${p.by || "you"}: ${p.text}`;
      ol.append(li);
    }
    ol.hidden = false;
    $("hints-box").hidden = false;
    planShown = steps.length > 0;
    await drawTable();
  } finally {
    setBusy(false);
  }
}

// replay opens this game on the replay page.
async function replayThis() {
  const r = await api("save");
  if (!r.ok) { showError(r.error); return; }
  const o = await fetch("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(r.result) });
  const j = await o.json();
  if (!j.ok) { showError(j.error); return; }
  location.href = "replay.html#" + j.id;
}

async function load(ev) {
  const f = ev.target.files[0];
  if (!f) return;
  if (!sessionID) await newSession();
  // Sent as the file it is (gzipped or not), with a type no other web
  // site's page may send here (the server refuses the others).
  const r = await fetch(`/api/sessions/${sessionID}/load`, { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: f });
  const j = await r.json();
  ev.target.value = "";
  if (!j.ok) { showError(j.error); return; }
  showError("");
  log(j.text.split("\n")[0]);
  await advance();
}

// fillBots lists the bots the server offers for the chosen ruleset (the
// generic searches and the agents only its kit plays). Only the latest
// call fills the list, as with the scenarios.
let botFills = 0;
async function fillBots() {
  const mine = ++botFills;
  const ruleset = $("ruleset").value;
  const r = await fetch(`/api/bots?ruleset=${encodeURIComponent(ruleset)}`).then((x) => x.json(), () => ({}));
  if (mine !== botFills) return;
  const sel = $("bot");
  sel.innerHTML = "";
  for (const b of (r.ok && r.result) || []) {
    const o = document.createElement("option");
    o.value = b.spec;
    o.textContent = b.label;
    sel.append(o);
  }
}

// fillScenarios lists the chosen ruleset's scenarios. Only the latest
// call fills the list: a ruleset chosen while the page's first list was
// on its way must not be overwritten by it. A session busy with another
// request is asked again rather than leaving the list empty.
let scenarioFills = 0;
async function fillScenarios() {
  const mine = ++scenarioFills;
  let r;
  for (let attempt = 0; attempt < 50; attempt++) {
    r = await api("list_scenarios", [$("ruleset").value]);
    if (r.code !== "busy") break;
    await new Promise((done) => setTimeout(done, 100));
  }
  if (mine !== scenarioFills) return;
  const sel = $("scenario");
  sel.innerHTML = "";
  for (const s of (r.ok && r.result) || []) {
    const o = document.createElement("option");
    o.value = s.name || s;
    o.textContent = s.title ? `${s.title} (${s.name})` : (s.name || s);
    sel.append(o);
  }
}

async function init() {
  const r = await api("list_rulesets");
  const sel = $("ruleset");
  for (const rs of (r.ok && r.result) || []) {
    const o = document.createElement("option");
    o.value = rs.name || rs;
    o.textContent = rs.title || rs.name || rs;
    sel.append(o);
  }
  // Listen before the first fill: a ruleset chosen while it is on its
  // way is not lost.
  sel.addEventListener("change", fillScenarios);
  sel.addEventListener("change", fillBots);
  await Promise.all([fillScenarios(), fillBots()]);
  $("new-game").addEventListener("submit", start);
  $("bot-move").addEventListener("click", async () => {
    setBusy(true);
    try { const r = await api("genmove"); if (!r.ok) showError(r.error); else log(r.text); } finally { setBusy(false); }
    await advance();
  });
  $("hint").addEventListener("click", hint);
  $("plan").addEventListener("click", plan);
  $("replay").addEventListener("click", replayThis);
  $("correct-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const words = $("correct-text").value.trim().split(/\s+/).filter(Boolean);
    if (!words.length) return;
    const r = await api("set", words);
    if (!r.ok) { showError(r.error); return; }
    showError("");
    $("correct-text").value = "";
    log(r.text);
    await refresh();
  });
  $("hide-hints").addEventListener("click", () => { $("hints-box").hidden = true; clearArrows(); drawTable(); });
  $("cancel").addEventListener("click", () => fetch(`/api/sessions/${sessionID}/cancel`, { method: "POST", headers: { "Content-Type": "application/json" } }));
  $("undo").addEventListener("click", async () => { const r = await api("undo"); if (!r.ok) showError(r.error); else { clearArrows(); log(r.text); await refresh(); } });
  $("save").addEventListener("click", save);
  $("load").addEventListener("change", load);
  $("show-all").addEventListener("click", () => { selected = ""; showOrders(); drawTable(); });
  $("dice-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const vals = $("dice-values").value.trim().split(/[\s,]+/).filter(Boolean);
    setBusy(true);
    const r = await api("dice", vals);
    if (!r.ok) { showError(r.error); setBusy(false); return; }
    showError("");
    $("dice-values").value = "";
    log(r.text);
    if ($("log").firstChild) $("log").firstChild.classList.add("dice");
    await advance();
  });
  $("roll").addEventListener("click", async () => { const r = await api("roll"); if (!r.ok) showError(r.error); else { log(r.text); await advance(); } });
  $("free-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const t = $("free-text").value.trim();
    if (!t) return;
    await play(t);
    if ($("error").hidden) $("free-text").value = "";
  });
  // A reloaded tab with a game goes back to it.
  const s = await api("show", ["summary"]);
  if (s.ok) await refresh();
}

init().catch((e) => showError(String(e)));
