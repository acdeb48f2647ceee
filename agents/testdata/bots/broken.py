#!/usr/bin/env python3
"""A deliberately broken grognard bot for the forfeit tests.

Usage: broken.py MODE [N]. It plays correctly (the first legal action) for N
genmove requests (default 0), then misbehaves as MODE says:
  crash    exits with status 3, after a word on stderr
  hang     never answers
  garbage  answers with a line that is not JSON
  illegal  answers with an action id no position has
  wrongid  answers with another request's id
  version  claims protocol version 2 in the handshake
  bytext   never misbehaves, but names its actions by their text
  refuse   answers with an error reply with a code (internal)
  refusebare  answers with an error reply without a code
  huge     answers with a line of 5 MB, over the bound on a reply line
  evil     a hostile bot: terminal escape sequences (retitle the window,
           clear the screen) and a name of 1,000 characters in its name,
           on stderr, and then crashes
  evilreply, evilcode, eviltext  the escapes in a garbage reply, in an
           error reply's message and code, in an action's text
"""
import json
import sys
import time

mode = sys.argv[1]
good = int(sys.argv[2]) if len(sys.argv) > 2 else 0
EVIL = "\x1b]0;pwned\x07\x1b[2J"
if mode.startswith("evil"):
    print(EVIL + " from stderr", file=sys.stderr, flush=True)


def say(obj):
    print(json.dumps(obj), flush=True)


for line in sys.stdin:
    req = json.loads(line)
    rid, cmd = req.get("id"), req.get("cmd")
    if cmd == "protocol_version":
        say({"id": rid, "ok": True, "result": "2" if mode == "version" else "1"})
    elif cmd == "name":
        if mode == "evil":
            say({"id": rid, "ok": True, "result": EVIL + "n" * 1000})
        else:
            say({"id": rid, "ok": True, "result": "broken-" + mode})
    elif cmd == "genmove":
        if mode == "bytext":
            say({"id": rid, "ok": True, "result": {"text": req["legal"][-1]["text"].upper()}})
        elif good > 0:
            good -= 1
            say({"id": rid, "ok": True, "result": {"id": 1}})
        elif mode == "evil":
            print(EVIL + " crashing", file=sys.stderr, flush=True)
            sys.exit(3)
        elif mode == "evilreply":
            print(EVIL + " not JSON", flush=True)
        elif mode == "evilcode":
            say({"id": rid, "ok": False, "error": EVIL + " no move", "code": EVIL})
        elif mode == "eviltext":
            say({"id": rid, "ok": True, "result": {"text": EVIL}})
        elif mode == "crash":
            print("broken.py: crashing on purpose", file=sys.stderr, flush=True)
            sys.exit(3)
        elif mode == "hang":
            time.sleep(3600)
        elif mode == "garbage":
            print("I am not JSON", flush=True)
        elif mode == "illegal":
            say({"id": rid, "ok": True, "result": {"id": 1000000}})
        elif mode == "refuse":
            say({"id": rid, "ok": False, "error": "no move today", "code": "internal"})
        elif mode == "huge":
            print("x" * 5000000, flush=True)
            time.sleep(3600)
        elif mode == "refusebare":
            say({"id": rid, "ok": False, "error": "no move today"})
        elif mode == "wrongid":
            say({"id": 424242, "ok": True, "result": {"id": 1}})
        else:
            say({"id": rid, "ok": True, "result": {"id": 1}})
    elif cmd == "quit":
        say({"id": rid, "ok": True})
        break
    else:
        say({"id": rid, "ok": True})
