// grognard's replay page: a records file or a saved game, stepped through
// with a slider and the arrow keys, the table drawn at each step and a
// graph of the evaluation with the biggest swings marked.
"use strict";

const $ = (id) => document.getElementById(id);
let replayID = "";
let gameNo = 1;
let game = null;  // {steps, eval, swings, sides, result, error}
let step = 0;
let drawing = 0;  // the latest table request, so a slow one drawn late is dropped

function showError(msg) {
  $("error").textContent = msg || "";
  $("error").hidden = !msg;
}

async function openReplay(url, body) {
  showError("");
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body });
  const j = await r.json();
  if (!j.ok) { showError(j.error); return; }
  replayID = j.id;
  const sel = $("replay-game");
  sel.innerHTML = "";
  for (const g of j.games) {
    const o = document.createElement("option");
    o.value = g.game;
    o.textContent = `${g.game}: ${g.scenario}, ${g.agents[0]} v ${g.agents[1]}, ${g.result} (${g.steps} steps)`;
    sel.append(o);
  }
  await openGame(1);
}

async function openGame(g) {
  gameNo = g;
  const r = await fetch(`/api/replays/${replayID}/games/${g}`);
  const j = await r.json();
  if (!j.ok) { showError(j.error); return; }
  game = j;
  showError(j.error || "");
  $("replay-info").textContent = `${j.sides[0]} v ${j.sides[1]}: ${j.result}. Evaluation: ${j.eval_by}.`;
  $("replay-slider").max = j.steps.length;
  const ol = $("swings");
  ol.innerHTML = "";
  for (const k of j.swings) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    const d = j.eval[k + 1] - j.eval[k];
    b.textContent = `step ${k + 1}: ${j.steps[k].by}, ${j.steps[k].text} (${d > 0 ? "+" : ""}${d.toFixed(2)})`;
    b.addEventListener("click", () => goTo(k + 1));
    li.append(b);
    ol.append(li);
  }
  await goTo(0);
}

// goTo shows the position after n steps (n = 0: the start).
async function goTo(n) {
  if (!game) return;
  step = Math.max(0, Math.min(game.steps.length, n));
  $("replay-slider").value = step;
  $("replay-step").textContent = `step ${step} of ${game.steps.length}`;
  const last = step > 0 ? game.steps[step - 1] : null;
  $("replay-text").textContent = last
    ? `Turn ${last.turn}, ${last.by}: ${last.text}${last.dice ? " (rolled " + last.dice.join(" ") + ")" : ""}`
    : "The start of the game.";
  drawGraph();
  const mine = ++drawing;
  const r = await fetch(`/api/replays/${replayID}/games/${gameNo}/picture.svg?step=${step}`);
  if (mine !== drawing) return;
  if (!r.ok) { const j = await r.json(); showError(j.error); return; }
  $("replay-table").innerHTML = await r.text();
}

// drawGraph draws side 0's evaluation over the game, 1 at the top, with
// the swings as clickable dots and the current step as a line.
function drawGraph() {
  const W = 1000, H = 160, ev = game.eval, n = Math.max(1, ev.length - 1);
  const x = (k) => (k / n) * W, y = (v) => H / 2 - (v * (H / 2 - 8));
  let pts = ev.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none">`;
  s += `<line x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}" stroke="#bbb"/>`;
  s += `<text x="4" y="14" font-size="12" fill="#555">${escapeText(game.sides[0])} ahead</text>`;
  s += `<text x="4" y="${H - 4}" font-size="12" fill="#555">${escapeText(game.sides[1])} ahead</text>`;
  s += `<polyline class="eval" points="${pts}" fill="none" stroke="#2e86c1" stroke-width="2"/>`;
  s += `<line class="cursor" x1="${x(step)}" y1="0" x2="${x(step)}" y2="${H}"/>`;
  for (const k of game.swings) {
    s += `<circle class="swing" data-step="${k + 1}" cx="${x(k + 1)}" cy="${y(ev[k + 1])}" r="7"><title>step ${k + 1}</title></circle>`;
  }
  s += "</svg>";
  $("eval-graph").innerHTML = s;
  for (const c of $("eval-graph").querySelectorAll(".swing")) {
    c.addEventListener("click", (e) => { e.stopPropagation(); goTo(Number(c.dataset.step)); });
  }
  $("eval-graph").querySelector("svg").addEventListener("click", (e) => {
    const r = e.currentTarget.getBoundingClientRect();
    goTo(Math.round(((e.clientX - r.left) / r.width) * n));
  });
}

function escapeText(t) {
  const d = document.createElement("div");
  d.textContent = t;
  return d.innerHTML;
}

async function init() {
  const j = await fillFiles($("replay-file"));
  if (!j.ok) {
    $("replay-file").disabled = true;
    $("replay-file").title = j.error;
  }
  $("replay-file").addEventListener("change", () => {
    const f = $("replay-file").value;
    if (f) openReplay(`/api/replays?file=${encodeURIComponent(f)}`, "");
  });
  $("replay-upload").addEventListener("change", async (ev) => {
    const f = ev.target.files[0];
    if (f) await openReplay("/api/replays", f);
    ev.target.value = "";
  });
  $("replay-game").addEventListener("change", () => openGame(Number($("replay-game").value)));
  $("replay-slider").addEventListener("input", () => goTo(Number($("replay-slider").value)));
  $("step-back").addEventListener("click", () => goTo(step - 1));
  $("step-forward").addEventListener("click", () => goTo(step + 1));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.key === "ArrowLeft") { e.preventDefault(); goTo(step - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); goTo(step + 1); }
    if (e.key === "Home") { e.preventDefault(); goTo(0); }
    if (e.key === "End" && game) { e.preventDefault(); goTo(game.steps.length); }
  });
  // The play page hands over its own game as a replay id in the hash.
  const m = location.hash.match(/^#([0-9a-f]{32})$/);
  if (m) {
    replayID = m[1];
    await openGame(1);
  }
}

init().catch((e) => showError(String(e)));
