// The server's files for the replay and results pages: fillFiles lists
// the records and saved games of serve --dir in a select and returns the
// reply ({ok, files} or {ok: false, code, error}; code "no-dir" when the
// server reads no directory and the page can only upload).
"use strict";

async function fillFiles(select) {
  const r = await fetch("/api/files");
  const j = await r.json();
  for (const f of (j.ok && j.files) || []) {
    const o = document.createElement("option");
    o.value = f.name;
    o.textContent = f.name;
    select.append(o);
  }
  return j;
}
