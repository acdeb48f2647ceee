#!/usr/bin/env python3
"""Plays an agent of another grognard build as an external bot.

    oldbot.py GROGNARD SPEC

For each genmove the position it is sent is loaded into the other build's
protocol session as a corrected saved game and SPEC chooses there; the
action it played is answered by its text. The agent is built afresh for
every decision (seeded from the game's seed and the decision's number), so
an agent that keeps something between decisions (a search tree) loses it:
give such an agent reuse=false on both sides.
"""
import hashlib, json, os, subprocess, sys, tempfile

def main():
    # A spec cannot hold commas inside external:cmd=...: write them as ";".
    exe, spec = sys.argv[1], sys.argv[2].replace(";", ",")
    proc = subprocess.Popen([exe, "protocol", "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    nid = [0]
    def call(cmd, args):
        nid[0] += 1
        proc.stdin.write(json.dumps({"id": nid[0], "cmd": cmd, "args": args}) + "\n")
        proc.stdin.flush()
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("the protocol session ended")
            r = json.loads(line)
            if r.get("id") == nid[0]:
                return r
    game = {}
    decision = 0
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        for line in sys.stdin:
            req = json.loads(line)
            rid, cmd = req.get("id"), req.get("cmd")
            def reply(res, ok=True, err=None):
                out = {"id": rid, "ok": ok}
                if ok:
                    out["result"] = res
                else:
                    out["error"] = err
                sys.stdout.write(json.dumps(out) + "\n")
                sys.stdout.flush()
            if cmd == "protocol_version":
                reply("1")
            elif cmd == "name":
                reply("old " + spec)
            elif cmd == "new_game":
                for a in req.get("args", []):
                    k, _, v = a.partition("=")
                    game[k] = v
                reply("ok")
            elif cmd == "genmove":
                decision += 1
                st = req["state"]
                # A well-mixed seed a decision: nearby seeds could start
                # the agent's tie-breaking generator on correlated draws.
                h = hashlib.sha256(("%s:%d" % (game.get("seed", "1"), decision)).encode()).hexdigest()
                seed = int(h[:15], 16)
                sides = ["human", "human"]
                saved = {"format": "grognard-game", "protocol": "1", "seed": seed, "sides": sides, "dice": "auto",
                         "edited": True,
                         "record": {"ruleset": game.get("ruleset", "twobytwo"), "scenario": game.get("scenario", ""), "options": game.get("options_obj", {}), "steps": []},
                         "state": st}
                with open(path, "w") as f:
                    json.dump(saved, f)
                r = call("load", [path])
                if not r.get("ok"):
                    reply(None, False, "load: " + str(r.get("error")))
                    continue
                r = call("genmove", ["agent=" + spec])
                if not r.get("ok"):
                    reply(None, False, "genmove: " + str(r.get("error")))
                    continue
                text = (r.get("result") or {}).get("text", "")
                legal = [a["text"] for a in req.get("legal", [])]
                if text in legal:
                    reply({"id": legal.index(text) + 1})
                    continue
                # The builds describe an action differently or the new one
                # does not generate it: the legal action sharing the longest
                # start with it, counted on standard error.
                def common(a):
                    n = 0
                    while n < min(len(a), len(text)) and a[n] == text[n]:
                        n += 1
                    return n
                k = max(range(len(legal)), key=lambda i: common(legal[i]))
                sys.stderr.write("oldbot: %r not legal here, played %r\n" % (text, legal[k]))
                if os.environ.get("OLDBOT_LOG"):
                    with open(os.environ["OLDBOT_LOG"], "a") as f:
                        f.write(json.dumps({"seed": game.get("seed"), "scenario": game.get("scenario"), "chose": text, "played": legal[k]}) + "\n")
                reply({"id": k + 1})
            elif cmd == "quit":
                reply("bye")
                break
            else:
                reply(None, False, "unknown command " + str(cmd))
    finally:
        os.unlink(path)
        try:
            call("quit", [])
        except BaseException:
            pass
        proc.terminate()

main()
