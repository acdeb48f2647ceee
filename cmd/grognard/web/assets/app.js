// grognard's page: the protocol's commands as JSON over HTTP, one session
// per tab (kept in sessionStorage so a reload keeps the game).
"use strict";

const $ = (id) => document.getElementById(id);
let sessionID = sessionStorage.getItem("grognard-session");
let legal = [];      // the current legal actions: {id, text, notation}
let busy = false;
let selected = "";   // the label of the unit clicked, "" for none
let arrows = [];     // notations drawn as hint arrows

async function newSession() {
  const r = await fetch("/api/sessions", { method: "POST" });
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
  for (const id of ["bot-move", "hint", "undo", "save", "start"]) $(id).disabled = b;
  $("cancel").disabled = !b;
}

async function drawTable() {
  const q = arrows.map((a) => "arrow=" + encodeURIComponent(a)).join("&");
  const r = await fetch(`/api/sessions/${sessionID}/picture.svg${q ? "?" + q : ""}`);
  if (!r.ok) { const j = await r.json(); showError(j.error); return; }
  $("table").innerHTML = await r.text();
  for (const g of $("table").querySelectorAll('[id^="unit-"]')) {
    const label = unitLabel(g);
    if (label === selected) g.classList.add("selected");
    g.addEventListener("click", () => { selected = selected === label ? "" : label; showOrders(); drawTable(); });
  }
}

// unitLabel is the label a picture's unit group stands for: its tooltip's
// first word (the pictures title every unit with its label first).
function unitLabel(g) {
  const t = g.querySelector("title");
  return t ? t.textContent.split(/[\s(,]/)[0] : g.id.replace(/^unit-/, "");
}

function showOrders() {
  const ol = $("orders");
  ol.innerHTML = "";
  const words = (n) => (n || "").split(/\s+/);
  const shown = selected ? legal.filter((a) => words(a.notation).includes(selected) || a.text.includes(selected)) : legal;
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
  for (const id of ["bot-move", "hint", "undo", "save"]) $(id).disabled = false;
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
      for (const s of steps) log(typeof s === "string" ? s : (s.text || JSON.stringify(s)));
      if (steps.length === 0) break;
      await drawTable();
    }
  } finally {
    setBusy(false);
  }
  await refresh();
}

async function play(what) {
  if (busy) return;
  showError("");
  arrows = [];
  const r = await api("play", [what]);
  if (!r.ok) { showError(r.error); return; }
  log(r.text);
  selected = "";
  await advance();
}

async function start(ev) {
  ev.preventDefault();
  showError("");
  arrows = [];
  $("log").innerHTML = "";
  $("hints-box").hidden = true;
  const args = ["ruleset=" + $("ruleset").value, "human=" + $("side").value, "bot=" + $("bot").value, "dice=" + $("dice").value];
  if ($("scenario").value) args.push("scenario=" + $("scenario").value);
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
    arrows = [];
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

async function load(ev) {
  const f = ev.target.files[0];
  if (!f) return;
  if (!sessionID) await newSession();
  const r = await fetch(`/api/sessions/${sessionID}/load`, { method: "POST", body: await f.text() });
  const j = await r.json();
  ev.target.value = "";
  if (!j.ok) { showError(j.error); return; }
  showError("");
  log(j.text.split("\n")[0]);
  await advance();
}

async function fillScenarios() {
  const r = await api("list_scenarios", [$("ruleset").value]);
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
  await fillScenarios();
  sel.addEventListener("change", fillScenarios);
  $("new-game").addEventListener("submit", start);
  $("bot-move").addEventListener("click", async () => {
    setBusy(true);
    try { const r = await api("genmove"); if (!r.ok) showError(r.error); else log(r.text); } finally { setBusy(false); }
    await advance();
  });
  $("hint").addEventListener("click", hint);
  $("hide-hints").addEventListener("click", () => { $("hints-box").hidden = true; arrows = []; drawTable(); });
  $("cancel").addEventListener("click", () => fetch(`/api/sessions/${sessionID}/cancel`, { method: "POST" }));
  $("undo").addEventListener("click", async () => { const r = await api("undo"); if (!r.ok) showError(r.error); else { log(r.text); await refresh(); } });
  $("save").addEventListener("click", save);
  $("load").addEventListener("change", load);
  $("show-all").addEventListener("click", () => { selected = ""; showOrders(); drawTable(); });
  $("dice-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const vals = $("dice-values").value.trim().split(/[\s,]+/).filter(Boolean);
    const r = await api("dice", vals);
    if (!r.ok) { showError(r.error); return; }
    showError("");
    $("dice-values").value = "";
    log(r.text);
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
