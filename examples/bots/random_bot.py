#!/usr/bin/env python3
"""An example grognard bot in Python 3 (standard library only).

It speaks the grognard protocol in JSON lines on stdin/stdout (docs/protocol.md,
"External bots"): it answers the handshake, then for every genmove request it picks
one of the legal actions the request lists. Its doctrine is a caricature of the rules'
advice: charge when it can, else shoot, else anything but a voluntary rout.

Enter it in a tournament with:
    grognard tournament --agents "external:cmd=python3 examples/bots/random_bot.py,random"
and check it with:
    grognard bot check -- python3 examples/bots/random_bot.py
"""
import json
import random
import sys


def choose(legal, rng):
    """Pick a legal action: a charge, else a shot, else anything but a rout."""
    for word in (" charges ", " fires at "):
        hits = [a for a in legal if word in a["text"]]
        if hits:
            return rng.choice(hits)["id"]
    calm = [a for a in legal if "routs voluntarily" not in a["text"]]
    return rng.choice(calm or legal)["id"]


def main():
    rng = random.Random(1)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError:
            print(json.dumps({"ok": False, "error": "not JSON", "code": "bad-request"}), flush=True)
            continue
        rid, cmd = req.get("id"), req.get("cmd")
        reply = {"id": rid, "ok": True}
        if cmd == "protocol_version":
            reply["result"] = "1"
        elif cmd == "name":
            reply["result"] = "random_bot.py"
        elif cmd == "new_game":
            for arg in req.get("args", []):
                if arg.startswith("seed="):
                    rng = random.Random(int(arg[5:]))
            reply["result"] = "ready"
        elif cmd == "genmove":
            reply["result"] = {"id": choose(req["legal"], rng)}
        elif cmd == "quit":
            print(json.dumps(reply), flush=True)
            return
        else:
            reply = {"id": rid, "ok": False, "error": "unknown command %r" % cmd, "code": "unknown-command"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
