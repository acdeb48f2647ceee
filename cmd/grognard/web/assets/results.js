// grognard's results page: a tournament's records file, from the server's
// directory or uploaded, read back into its report (POST /api/results)
// and shown as the cross table, the pairings, the ratings and the chart
// the command line draws (render.SVG).
"use strict";

const $ = (id) => document.getElementById(id);
// loading numbers the latest request, so a slow answer to an earlier
// choice does not overwrite the one the user made since.
let loading = 0;

function showError(msg) {
  $("results-error").textContent = msg || "";
  $("results-error").hidden = !msg;
}

// num reads a statistic as the report writes it: a number, null when
// undefined, "+inf" or "-inf" for a clean sweep's open interval.
function num(v) {
  if (v === null || v === undefined) return NaN;
  if (v === "+inf" || v === "inf") return Infinity;
  if (v === "-inf") return -Infinity;
  return Number(v);
}

function elo(v) {
  const f = num(v);
  if (Number.isNaN(f)) return "n/a";
  if (f === Infinity) return "+∞";
  if (f === -Infinity) return "−∞";
  const r = Math.round(f);
  return r === 0 ? "0" : (r > 0 ? "+" : "") + r;
}

// interval writes a 95% interval as the text report does: a zero-width
// one (every game, or every pair, the same result) is flagged, since it
// would claim a certainty nobody has.
function interval(e, lo, hi) {
  if (Number.isNaN(num(e)) || Number.isNaN(num(lo)) || Number.isNaN(num(hi))) return "n/a";
  if (num(lo) === num(hi)) return "(no spread)";
  return `${elo(lo)} to ${elo(hi)}`;
}

function pct(v) {
  const f = num(v);
  return Number.isNaN(f) ? "n/a" : (100 * f).toFixed(1) + "%";
}

// points writes a score in points: 3, 2.5.
function points(p) {
  return String(Math.round(p * 2) / 2);
}

// row appends a table row of cells; a cell is text or {text, cls, th}.
// Text only, never HTML: agent names come from the file.
function row(table, cells, header) {
  const tr = document.createElement("tr");
  for (const c of cells) {
    const cell = typeof c === "object" ? c : { text: c };
    const td = document.createElement(header || cell.th ? "th" : "td");
    td.textContent = cell.text;
    if (cell.cls) td.className = cell.cls;
    if (cell.title) td.title = cell.title;
    tr.append(td);
  }
  table.append(tr);
}

// load asks for the report and its chart of the file the query names (an
// upload when body is a File, the server's file when it is empty).
async function load(query, body) {
  const mine = ++loading;
  showError("");
  $("results-info").textContent = "Reading the records…";
  const r = await fetch(`/api/results?format=json${query}`, { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body });
  const j = await r.json();
  if (mine !== loading) return;
  if (!r.ok) {
    $("results-body").hidden = true;
    $("results-info").textContent = "";
    showError(j.error || `the server answered ${r.status}`);
    return;
  }
  show(j);
  const s = await fetch(`/api/results?format=svg${query}`, { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body });
  if (mine !== loading) return;
  if (!s.ok) {
    const e = await s.json();
    showError(e.error);
    return;
  }
  // The chart is the server's own rendering, with every name escaped.
  $("rating-chart").innerHTML = await s.text();
}

// show fills the tables from a report (tournaments.Report's JSON).
function show(rep) {
  const agents = rep.agents || [];
  const scen = (rep.scenarios || []).join(", ") || "unknown";
  let info = `${rep.ruleset} ${rep.rules_version}, ${rep.format || "format unknown"} of ${agents.length} agents on ${scen}: ` +
    `${rep.counted} of ${rep.planned} games counted` + (rep.complete ? "" : " (not complete)") +
    (rep.adjudicated ? `, ${rep.adjudicated} adjudicated by AP` : "") + `. Fingerprint ${rep.fingerprint}.`;
  if (rep.records) info = `${rep.records}: ${info}`;
  $("results-info").textContent = info;

  // Ratings, best first, unrated last, as the chart orders them.
  $("ratings-note").textContent = rep.ratings_note
    ? rep.ratings_note
    : `Elo on the tournament's scale, ${rep.anchor} = 0, with 95% intervals.`;
  const rt = $("ratings");
  rt.replaceChildren();
  row(rt, ["agent", "spec", "Elo", "95% interval", "games", "score"], true);
  const ratings = (rep.ratings || []).map((x, i) => ({ x, i }));
  const key = (e) => (Number.isNaN(num(e.x.elo)) ? -Infinity : num(e.x.elo));
  ratings.sort((a, b) => key(b) - key(a) || a.i - b.i);
  for (const { x, i } of ratings) {
    row(rt, [x.agent, (rep.specs || [])[i] || "", { text: elo(x.elo), cls: "num" }, { text: x.agent === rep.anchor ? "anchor" : interval(x.elo, x.elo_lo, x.elo_hi), cls: "num" },
      { text: String(x.games), cls: "num" }, { text: pct(x.score), cls: "num" }]);
  }
  $("rating-chart").replaceChildren();

  // The cross table, with each agent's total at the end of its row.
  const ct = $("cross-table");
  ct.replaceChildren();
  row(ct, ["", ...agents, "total", "score"], true);
  (rep.cross || []).forEach((cells, i) => {
    const out = [{ text: agents[i] || `agent ${i + 1}`, th: true }];
    cells.forEach((c, j) => {
      if (i === j) { out.push({ text: "—", cls: "self" }); return; }
      if (!c.games) { out.push({ text: "", cls: "num" }); return; }
      const half = c.points * 2 - c.games;
      out.push({ text: `${points(c.points)} / ${c.games}`, cls: "num" + (half > 0 ? " ahead" : half < 0 ? " behind" : ""),
        title: `${agents[i]} scored ${points(c.points)} of ${c.games} against ${agents[j]}` });
    });
    const t = (rep.totals || [])[i];
    if (t) {
      out.push({ text: `${points(t.points)} / ${t.games}`, cls: "num" }, { text: pct(t.score), cls: "num" });
    }
    row(ct, out);
  });

  const pt = $("pairings");
  pt.replaceChildren();
  row(pt, ["agent", "opponent", "games", "W-D-L", "points", "score", "Elo difference", "95% interval", "LOS", "pairs"], true);
  for (const p of rep.pairings || []) {
    const e = p.penta_estimate || p.estimate || {};
    row(pt, [p.a, p.b, { text: String(p.games), cls: "num" }, { text: `${p.wins}-${p.draws}-${p.losses}`, cls: "num" },
      { text: points(p.points), cls: "num" }, { text: pct(p.score), cls: "num" }, { text: elo(e.elo), cls: "num" },
      { text: interval(e.elo, e.elo_lo, e.elo_hi), cls: "num" }, { text: pct(p.los), cls: "num" },
      { text: p.pairs ? `${p.pairs} (${(p.penta || []).join(" ")})` : "0", cls: "num", title: "pairs by the first agent's score over the pair: 0, ½, 1, 1½, 2" }]);
  }
  $("results-body").hidden = false;
}

async function init() {
  const j = await fillFiles($("results-file"));
  if (j.code === "no-dir") {
    // The server reads no directory: uploading is the only way.
    $("results-file-label").hidden = true;
  } else if (!j.ok) {
    showError(j.error);
  }
  $("results-file").addEventListener("change", () => {
    const f = $("results-file").value;
    if (f) load(`&file=${encodeURIComponent(f)}`, "").catch((e) => showError(String(e)));
  });
  $("results-upload").addEventListener("change", async (ev) => {
    const f = ev.target.files[0];
    if (f) {
      $("results-file").value = "";
      await load("", f).catch((e) => showError(String(e)));
    }
    ev.target.value = "";
  });
}

init().catch((e) => showError(String(e)));

// The live ladder (grognard serve --ladder FILE): the leaderboard and its
// chart, read again every few seconds while the ladder runs elsewhere.
const ladderEvery = 5000;

async function refreshLadder() {
  const r = await fetch("/api/ladder");
  if (r.status === 404) return false; // the server shows no ladder
  const j = await r.json();
  if (!j.ok) { $("ladder-status").textContent = j.error; return true; }
  $("ladder").hidden = false;
  const t = $("ladder-board");
  t.innerHTML = "<tr><th>rank</th><th>entrant</th><th>Elo</th><th>95%</th><th>games</th><th>W-D-L</th><th>score</th></tr>";
  (j.board || []).forEach((s, k) => {
    const tr = document.createElement("tr");
    const rt = s.rating;
    const rec = s.record || {};
    const games = (rec.W || 0) + (rec.D || 0) + (rec.L || 0);
    const cells = [k + 1, s.entrant.name, rt ? elo(rt.elo) : "n/a",
      rt ? `[${rt.elo_lo === null ? "−∞" : elo(rt.elo_lo)}, ${rt.elo_hi === null ? "+∞" : elo(rt.elo_hi)}]` : "n/a",
      games, `${rec.W || 0}-${rec.D || 0}-${rec.L || 0}`, games ? (100 * ((rec.W || 0) + (rec.D || 0) / 2) / games).toFixed(1) + "%" : "n/a"];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = String(c);
      tr.append(td);
    }
    t.append(tr);
  });
  const c = await fetch("/api/ladder/chart.svg");
  if (c.ok) $("ladder-chart").innerHTML = await c.text();
  $("ladder-status").textContent = "updated " + new Date().toLocaleTimeString();
  return true;
}

(async () => {
  if (await refreshLadder()) setInterval(refreshLadder, ladderEvery);
})();
