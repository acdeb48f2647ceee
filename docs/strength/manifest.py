#!/usr/bin/env python3
"""Writes the manifest of a strength run whose records are not committed.

    docs/strength/manifest.py RUN-DIR > RUN-DIR/manifest.tsv

Reads the run's pieces (part-*.jsonl.gz, or a sitting.jsonl) and prints one
line a game, in the order played: its number, the scenario, the agent of
side 0 (the run's first agent, "A", or the external bot, "B"), the dice seed, both
agent seeds, the winner (0, 1, or -2 for a draw), the reason, the turns, and
the SHA-256 of the game's record line, so that a replay of the same flags at
the run's commit can be checked game by game without the bulk records.
"""
import glob, gzip, hashlib, json, os, sys

def main():
    d = sys.argv[1]
    lines = []
    for p in sorted(glob.glob(os.path.join(d, "part-*.jsonl.gz"))):
        with gzip.open(p, "rt") as f:
            lines += [l for l in f if l.strip()]
    s = os.path.join(d, "sitting.jsonl")
    if not lines and os.path.exists(s):
        with open(s) as f:
            lines = [l for l in f if l.strip()]
    print("game\tscenario\tside0\tdice_seed\tagent_seed0\tagent_seed1\twinner\treason\tturns\tsha256")
    for k, l in enumerate(lines, 1):
        r = json.loads(l)
        # The old build plays as the external bot (B), the new one in process (A).
        side0 = "B" if r["agents"][0].startswith("external") else "A"
        res = r["result"]
        print("\t".join(str(x) for x in [k, r["scenario"], side0, r["dice_seed"], r["agent_seeds"][0], r["agent_seeds"][1],
                                          res.get("winner"), res.get("reason", ""), r.get("turns", ""),
                                          hashlib.sha256(l.rstrip("\n").encode()).hexdigest()]))

main()
