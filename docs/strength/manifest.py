#!/usr/bin/env python3
"""Writes the manifest of a strength run, which stands for its records in git.

    docs/strength/manifest.py RUN-DIR

Reads the run's records (its pieces, part-*.jsonl.gz, and the sitting.jsonl
of a sitting in progress or cut off, if there is one) and writes
RUN-DIR/manifest.tsv, one line a game in the order of the tournament's
schedule: its number (the record's tournament game, from 1), the scenario,
the agent on side 0 ("A", the run's first agent, or "B", the second), the
dice seed, the seeds of the agents on side 0 and side 1, the winner (0, 1,
or -2 for a draw), the reason, the turns, and the SHA-256 of the game's
record line (without its newline), so that regenerate.py can play any game
again at the run's commit and check it byte for byte.

The games of the manifest already there are kept, so that a sitting played
without the earlier pieces (a fresh clone) adds its games to the list; a
game both in the manifest and in the records must have the same hash. A
game found twice in the records is listed once, and only if both lines are
the same; a torn last line (no newline) is left out, as a resume leaves it
out. The file is written beside the old one and then moved over it.
"""
import glob, gzip, hashlib, json, os, sys


def lines(d):
    """Yields (source, line) for every complete record line of the run."""
    for p in sorted(glob.glob(os.path.join(d, "part-*.jsonl.gz"))):
        with gzip.open(p, "rt", encoding="utf-8", newline="\n") as f:
            for l in f:
                yield p, l
    s = os.path.join(d, "sitting.jsonl")
    if os.path.exists(s):
        with open(s, encoding="utf-8", newline="\n") as f:
            for l in f:
                yield s, l


HEADER = ["game", "scenario", "side0", "dice_seed", "agent_seed0", "agent_seed1", "winner", "reason", "turns", "sha256"]


def row(r, l):
    """The manifest's columns for record r, whose line is l."""
    # Side 0 is played by the run's first agent (A) in the first game of
    # a pair and by the second (B) in the other.
    res = r["result"]
    return [str(x) for x in [r["tournament"]["game"] + 1, r["scenario"], chr(ord("A") + r["tournament"]["sides"][0]),
                             r["dice_seed"], r["agent_seeds"][0], r["agent_seeds"][1], res.get("winner"),
                             res.get("reason", ""), r.get("turns", ""), hashlib.sha256(l.encode("utf-8")).hexdigest()]]


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        sys.exit(2)
    d = sys.argv[1]
    path = os.path.join(d, "manifest.tsv")
    rows = {}
    if os.path.exists(path) and os.path.getsize(path) > 0:
        with open(path, encoding="utf-8", newline="\n") as f:
            rd = [l.rstrip("\n").split("\t") for l in f if l.strip()]
        if rd[0] != HEADER:
            sys.exit(f"{path} does not start with the manifest's header: fix it or move it away")
        for c in rd[1:]:
            rows[int(c[0])] = c
    kept = len(rows)
    seen = {}
    for src, l in lines(d):
        if not l.endswith("\n"):
            sys.stderr.write(f"{src}: leaving out a torn last line\n")
            continue
        l = l.rstrip("\n")
        if not l.strip():
            continue
        c = row(json.loads(l), l)
        k = int(c[0])
        if k in seen:
            if seen[k] != c:
                sys.exit(f"{src}: game {k} is in the records twice with different lines: the run is mixed up, fix it by hand")
            continue
        seen[k] = c
        if k in rows and rows[k] != c:
            sys.exit(f"{src}: game {k} is not the game {path} lists (another hash): the records and the manifest are of different runs")
        rows[k] = c
    if not rows:
        sys.exit(f"{d}: no records (part-*.jsonl.gz or sitting.jsonl) to make a manifest of")
    tmp = path + ".new"
    with open(tmp, "w", newline="") as f:
        f.write("\t".join(HEADER) + "\n")
        for k in sorted(rows):
            f.write("\t".join(rows[k]) + "\n")
    os.replace(tmp, path)
    sys.stderr.write(f"{path}: {len(rows)} games ({kept} listed before, {len(seen)} in the records)\n")


main()
