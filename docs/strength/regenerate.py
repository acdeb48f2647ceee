#!/usr/bin/env python3
"""Plays games of a strength run again and checks them against its manifest.

    docs/strength/regenerate.py NAME [GAME...]             # every game, or the games named
    docs/strength/regenerate.py NAME --shortest 5          # the five games of fewest turns
    docs/strength/regenerate.py NAME 1-10 -o games.jsonl   # keep the records in games.jsonl

NAME is a run of docs/strength (a directory holding flags, commit and
manifest.tsv); a GAME is a number of its manifest's game column (the
tournament's game number, from 1), or a range such as 1-10.

grognard is built from the run's commit (git archive into a temporary
directory, so the working tree is not touched; --grognard gives a build to
use instead) and plays the run's flags with only the chosen games missing:
the other scheduled games are given to 'grognard tournament --resume' as
stand-in lines holding their seeds, sides and result, so it plays exactly
the chosen ones, each from the seeds the schedule gives it, with any
number of workers. Each regenerated record line is checked against the
SHA-256 the manifest holds, and one line a game is printed as it finishes:

    game 12 ok
    game 13 differs: winner 1 (manifest 0), 17 turns (manifest 17), sha256 ... (manifest ...)

The records are written in game order to -o FILE, or to a temporary file
whose name is printed. Progress goes to stderr. The exit status is 0 when
every game matched, 1 when one differs or could not be played, 2 for a
usage error.
"""
import argparse, atexit, glob, gzip, hashlib, json, os, re, shutil, signal, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))

# The seed derivation of tournaments.deriveSeed and engine.SplitMixNth:
# output pair*4+stream of the splitmix64 sequence started at the master
# seed. It gives the seeds of scheduled games the manifest does not list
# (a run stopped early), and checks the ones it does.
MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def mix64(x):
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def derive_seed(master, pair, stream):
    return mix64((master + (pair * 4 + stream) * GAMMA + GAMMA) & MASK)


def progress(msg):
    print(f"== {msg}", file=sys.stderr, flush=True)


def fail(msg, code=2):
    print(f"regenerate: {msg}", file=sys.stderr)
    sys.exit(code)


def split_agent_specs(values):
    """Splits --agents values as grognard does (cmd/grognard splitAgentSpecs):
    at every comma, a piece with '=' before any ':' going back to the spec
    before it."""
    out = []
    for v in values:
        for p in v.split(","):
            p = p.strip()
            if not p:
                continue
            if "=" in p.split(":", 1)[0] and out:
                out[-1] += "," + p
            else:
                out.append(p)
    return out


def parse_flags(tokens):
    """Reads what the schedule needs from the run's tournament flags, and
    returns the flags to pass on with --records, --resume and --workers
    taken out."""
    vals = {}
    keep = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        name, eq, val = t.partition("=")
        if not name.startswith("-"):
            fail(f"the run's flags hold {t!r} where a flag was expected: fix its flags file")
        key = name.lstrip("-")
        boolean = key in ("resume", "json", "csv")
        if not eq and not boolean:
            if i + 1 >= len(tokens):
                fail(f"the run's flags end with {t} and no value: fix its flags file")
            val = tokens[i + 1]
            i += 1
        i += 1
        vals.setdefault(key, []).append(val)
        if key in ("records", "resume", "workers", "json", "csv", "chart"):
            continue
        keep += [name, val] if not boolean else [name]
    return vals, keep


def schedule(vals):
    """Returns a function giving game i's scenario, sides, dice seed and
    agent seeds, as tournaments.(*Tournament).Game does, and the total."""
    agents = split_agent_specs(vals.get("agents", []))
    if len(agents) < 2:
        fail("the run's flags name fewer than two agents (--agents): this script needs them to follow the schedule")
    fmt = vals.get("format", ["round-robin"])[-1]
    n = len(agents)
    if fmt == "gauntlet":
        pairings = [(0, b) for b in range(1, n)]
    elif fmt == "round-robin":
        pairings = [(a, b) for a in range(n) for b in range(a + 1, n)]
    else:
        fail(f"unknown --format {fmt!r} in the run's flags")
    scenarios = vals.get("scenario", [])
    if not scenarios:
        fail("the run's flags name no --scenario: this script needs them to follow the schedule")
    seed = int(vals.get("seed", ["1"])[-1])
    games = int(vals.get("games", ["10"])[-1])

    def game(i):
        pair = i // 2
        rnd = pair // len(pairings)
        a, b = pairings[pair % len(pairings)]
        sa, sb = derive_seed(seed, pair, 1), derive_seed(seed, pair, 2)
        if i % 2 == 0:
            sides, aseeds = [a, b], [sa, sb]
        else:
            sides, aseeds = [b, a], [sb, sa]
        return {"scenario": scenarios[rnd % len(scenarios)], "sides": sides,
                "dice_seed": derive_seed(seed, pair, 0), "agent_seeds": aseeds}

    return game, games * len(pairings), seed


def read_manifest(path):
    try:
        with open(path, encoding="utf-8", newline="\n") as f:
            cells = [l.rstrip("\n").split("\t") for l in f if l.strip()]
        rows = [dict(zip(cells[0], c)) for c in cells[1:]]
    except FileNotFoundError:
        fail(f"{path} does not exist: write it with manifest.py while the run's records are at hand")
    return {int(r["game"]): r for r in rows}


def pick(args, manifest):
    if args.shortest:
        return sorted(sorted(manifest, key=lambda g: (int(manifest[g]["turns"]), g))[:args.shortest])
    if not args.games:
        return sorted(manifest)
    out = set()
    for g in args.games:
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", g)
        if not m:
            fail(f"game {g!r} is not a number or a range such as 1-10")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if lo > hi:
            fail(f"range {g} runs backwards: write it low-high")
        for k in range(lo, hi + 1):
            if k not in manifest:
                fail(f"game {k} is not in the manifest (it holds {len(manifest)} games, {min(manifest)} to {max(manifest)})")
            out.add(k)
    return sorted(out)


def check_paths(flags):
    """Names the files an external agent of the run needs that are missing
    (the *-vs-old runs' old build and bridge)."""
    missing = []
    for t in flags:
        for p in re.findall(r"(?<![\w.])(/[\w./-]+)", t):
            if not os.path.exists(p):
                missing.append(p)
    return missing


def build(commit, work):
    root = subprocess.run(["git", "-C", HERE, "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True).stdout.strip()
    src = os.path.join(work, "src")
    os.mkdir(src)
    progress(f"building grognard at {commit[:12]} in {work}")
    arch = subprocess.Popen(["git", "-C", root, "archive", commit], stdout=subprocess.PIPE)
    tar = subprocess.run(["tar", "-x", "-C", src], stdin=arch.stdout)
    arch.stdout.close()
    if arch.wait() != 0 or tar.returncode != 0:
        fail(f"cannot extract commit {commit} (is it in this repository? 'git cat-file -t {commit}')", 1)
    exe = os.path.join(work, "grognard")
    if subprocess.run(["go", "build", "-o", exe, "./cmd/grognard"], cwd=src).returncode != 0:
        fail(f"cannot build grognard at {commit}: see go build's errors above", 1)
    shutil.rmtree(src)
    return exe


def stand_in(game, info, fingerprint, seed, k):
    """A records line that tells the resume game k is done, without steps."""
    return json.dumps({"dice_seed": info["dice_seed"], "agent_seeds": info["agent_seeds"], "scenario": info["scenario"],
                       "tournament": {"fingerprint": fingerprint, "seed": seed, "game": k, "sides": info["sides"],
                                      "outcome": {"winner": int(game.get("winner", -2)), "reason": game.get("reason", "stand-in")}}},
                      separators=(",", ":"))


def probe_fingerprint(exe, flags, game0, seed, work):
    """Asks the build for the run's fingerprint: a resume refuses a line of
    another tournament and names its own in the error."""
    path = os.path.join(work, "probe.jsonl")
    with open(path, "w") as f:
        f.write(stand_in({}, game0, "probe", seed, 0) + "\n")
    p = subprocess.run([exe, "tournament", *flags, "--workers", "1", "--records", path, "--resume"], capture_output=True, text=True)
    os.remove(path)
    m = re.search(r"this one is ([0-9a-f]+)", p.stderr)
    if not m:
        fail(f"cannot learn the run's fingerprint from its build; it said:\n{p.stderr}", 1)
    return m.group(1)


def write_stand_ins(args, d, vals, flags, manifest, game_of, seed):
    """Writes the stand-ins a sitting resumes from when the run's earlier
    pieces are not here: each game of the manifest that no piece holds."""
    if vals.get("adjudicate", ["ap"])[-1] != "none":
        # The manifest holds the rules' result; a stand-in gives it as the
        # tournament's, which is the same only without adjudication.
        fail("the run does not play --adjudicate none, so the manifest's results are not the tournament's: "
             "get the run's pieces to continue it", 1)
    held = set()
    for p in sorted(glob.glob(os.path.join(d, "part-*.jsonl.gz"))):
        with gzip.open(p, "rt", encoding="utf-8") as f:
            for l in f:
                if l.endswith("\n") and l.strip():
                    held.add(json.loads(l)["tournament"]["game"] + 1)
    work = tempfile.mkdtemp(prefix=f"regenerate-{os.path.basename(d)}-")
    try:
        fingerprint = probe_fingerprint(args.grognard, flags, game_of(0), seed, work)
    finally:
        shutil.rmtree(work)
    n = 0
    with open(args.stand_ins, "w") as f:
        for k in sorted(manifest):
            if k not in held:
                f.write(stand_in(manifest[k], game_of(k - 1), fingerprint, seed, k - 1) + "\n")
                n += 1
    progress(f"{os.path.basename(d)}: {n} games of the manifest stand in for pieces that are not here, {len(held)} are in pieces")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("name", metavar="NAME", help="the run: a directory of docs/strength, or a path to one")
    ap.add_argument("games", metavar="GAME", nargs="*", help="game numbers or ranges (default: every game of the manifest)")
    ap.add_argument("--shortest", type=int, metavar="N", help="play the N games of fewest turns instead")
    ap.add_argument("-o", "--out", metavar="FILE", help="write the regenerated records to FILE (default: a temporary file)")
    ap.add_argument("--workers", type=int, default=0, help="games played at once (default: the run's --workers); does not change any game")
    ap.add_argument("--grognard", metavar="EXE", help="use this build instead of building the run's commit (it must play as that commit)")
    ap.add_argument("--stand-ins", metavar="FILE", help="play nothing: write to FILE a stand-in line for every game of the manifest "
                    "that no piece of the run here holds, for run.sh to resume a run whose earlier pieces are not here; needs --grognard")
    args = ap.parse_args()
    if args.stand_ins and (args.games or args.shortest or args.out or not args.grognard):
        fail("--stand-ins takes the run's name and --grognard only")
    if args.shortest is not None and args.games:
        fail("give GAME numbers or --shortest, not both")
    if args.shortest is not None and args.shortest < 1:
        fail("--shortest needs a number of games, at least 1")

    d = args.name if os.path.isdir(args.name) else os.path.join(HERE, args.name)
    d = os.path.abspath(d)
    for f in ("flags", "commit"):
        if not os.path.isfile(os.path.join(d, f)):
            fail(f"{d} has no {f} file: give the name of a run of docs/strength")
    with open(os.path.join(d, "flags")) as f:
        tokens = [l.rstrip("\n") for l in f if l.strip()]
    with open(os.path.join(d, "commit")) as f:
        commit = f.read().strip()
    vals, flags = parse_flags(tokens)
    game_of, total, seed = schedule(vals)
    manifest = read_manifest(os.path.join(d, "manifest.tsv"))
    chosen = pick(args, manifest)
    for k, r in manifest.items():
        g = game_of(k - 1)
        side0 = chr(ord("A") + g["sides"][0])
        if k > total or (r["scenario"], r["side0"], int(r["dice_seed"]), int(r["agent_seed0"]), int(r["agent_seed1"])) != \
                (g["scenario"], side0, g["dice_seed"], *g["agent_seeds"]):
            fail(f"game {k} of the manifest is not game {k} of the run's schedule (scenario, sides or seeds differ): "
                 "the manifest was not written by this manifest.py, or the flags changed", 1)
    if args.stand_ins:
        write_stand_ins(args, d, vals, flags, manifest, game_of, seed)
        return
    missing = check_paths(flags)
    if missing:
        fail("the run's flags name files that are not here: " + ", ".join(missing) +
             " (see the README for what a *-vs-old run needs at those paths)", 1)
    workers = args.workers or int(vals.get("workers", ["1"])[-1])

    if args.out:
        # Refused now rather than after hours of play.
        try:
            open(args.out, "w").close()
        except OSError as e:
            fail(f"cannot write -o {args.out}: {e.strerror}: give a file in a directory that exists")
    work = tempfile.mkdtemp(prefix=f"regenerate-{os.path.basename(d)}-")
    # A run that stops early (a failed build, Ctrl-C while building) leaves
    # no temporary directory behind; the end below keeps what it means to.
    kept = []
    atexit.register(lambda: kept or shutil.rmtree(work, ignore_errors=True))
    exe = args.grognard or build(commit, work)
    fingerprint = probe_fingerprint(exe, flags, game_of(0), seed, work)
    records = os.path.join(work, "records.jsonl")
    want = {k - 1 for k in chosen}
    with open(records, "w") as f:
        for i in range(total):
            if i not in want:
                f.write(stand_in(manifest.get(i + 1, {}), game_of(i), fingerprint, seed, i) + "\n")
    start = os.path.getsize(records)
    progress(f"{os.path.basename(d)}: playing {len(chosen)} of its {len(manifest)} games with {workers} worker(s) (fingerprint {fingerprint})")

    t0 = time.time()
    proc = subprocess.Popen([exe, "tournament", *flags, "--workers", str(workers), "--records", records, "--resume"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    errors = []
    threading.Thread(target=lambda: errors.extend(proc.stderr), daemon=True).start()
    got, bad = {}, []

    def take(line):
        r = json.loads(line)
        k = r["tournament"]["game"] + 1
        m = manifest[k]
        sha = hashlib.sha256(line.encode("utf-8")).hexdigest()
        got[k] = line
        if sha == m["sha256"]:
            print(f"game {k} ok", flush=True)
        else:
            bad.append(k)
            res = r.get("result", {})
            print(f"game {k} differs: winner {res.get('winner')} (manifest {m['winner']}), {r.get('turns')} turns "
                  f"(manifest {m['turns']}), sha256 {sha} (manifest {m['sha256']})", flush=True)
        progress(f"{len(got)} of {len(chosen)} games played, {time.time() - t0:.0f} s")

    pos, buf = start, b""
    try:
        with open(records, "rb") as f:
            while True:
                done = proc.poll() is not None
                f.seek(pos)
                chunk = f.read()
                pos += len(chunk)
                buf += chunk
                *complete, buf = buf.split(b"\n")
                for l in complete:
                    if l.strip():
                        take(l.decode("utf-8"))
                if done:
                    break
                time.sleep(1)
    except KeyboardInterrupt:
        # The games finished so far are still checked and written.
        proc.send_signal(signal.SIGINT)
        proc.wait()
        progress(f"interrupted after {len(got)} of {len(chosen)} games")
    status = 0
    if proc.returncode != 0:
        print("".join(errors), end="", file=sys.stderr)
        progress(f"grognard tournament stopped with status {proc.returncode}")
        status = 1
    unplayed = [k for k in chosen if k not in got]
    for k in unplayed:
        print(f"game {k} differs: not played", flush=True)
        status = 1
    out = args.out or os.path.join(work, "games.jsonl")
    with open(out, "w") as f:
        for k in sorted(got):
            f.write(got[k] + "\n")
    # What is left of the temporary directory is the records, when no -o
    # was given: the build and the stand-ins go.
    kept.append(True)
    if args.out:
        shutil.rmtree(work)
    else:
        os.remove(records)
        if not args.grognard:
            os.remove(exe)
    progress(f"{len(got)} games in {out}; {len(got) - len(bad)} ok, {len(bad)} differ, {len(unplayed)} not played")
    if bad:
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
