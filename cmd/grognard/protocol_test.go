package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// built is the program built once for every test of this binary that runs
// it as a separate process; TestMain removes it.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// buildGrognard builds the program (once per test binary) into a
// temporary directory, for tests that must run it as a separate process.
func buildGrognard(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "grognard-test-bin-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "grognard")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// removeBuilt removes the program buildGrognard built, if it did.
func removeBuilt() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// protocolClient drives a grognard protocol process.
type protocolClient struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Reader
	cmd *exec.Cmd
	n   int
}

func startProtocol(t *testing.T, bin string, args ...string) *protocolClient {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"protocol"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &protocolClient{t: t, in: in, out: bufio.NewReader(out), cmd: cmd}
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	return c
}

// textReply is a text-mode reply: ok, the id echoed, the text.
type textReply struct {
	ok   bool
	id   string
	text string
}

// sendText writes one request line and reads the reply up to its blank line.
func (c *protocolClient) sendText(line string) textReply {
	c.t.Helper()
	c.n++
	id := fmt.Sprint(c.n)
	if _, err := fmt.Fprintf(c.in, "%s %s\n", id, line); err != nil {
		c.t.Fatalf("write %q: %v", line, err)
	}
	var lines []string
	for {
		l, err := c.out.ReadString('\n')
		if err != nil {
			c.t.Fatalf("reply to %q: %v (so far %q)", line, err, lines)
		}
		l = strings.TrimRight(l, "\n")
		if l == "" {
			break
		}
		lines = append(lines, l)
	}
	first := lines[0]
	r := textReply{ok: first[0] == '='}
	if first[0] != '=' && first[0] != '?' {
		c.t.Fatalf("reply to %q starts with %q", line, first)
	}
	head, rest, _ := strings.Cut(first[1:], " ")
	r.id = head
	r.text = strings.Join(append([]string{rest}, lines[1:]...), "\n")
	if r.id != id {
		c.t.Fatalf("reply to request %s carries id %q", id, r.id)
	}
	if !r.ok && len(lines) != 1 {
		c.t.Fatalf("error reply to %q is %d lines", line, len(lines))
	}
	return r
}

// jsonReply is a JSON-mode reply.
type jsonReplyT struct {
	ID     int             `json:"id"`
	OK     bool            `json:"ok"`
	Error  string          `json:"error"`
	Text   string          `json:"text"`
	Result json.RawMessage `json:"result"`
}

func (c *protocolClient) sendJSON(cmd string, args ...string) jsonReplyT {
	c.t.Helper()
	c.n++
	req, _ := json.Marshal(map[string]any{"id": c.n, "cmd": cmd, "args": args})
	if _, err := fmt.Fprintf(c.in, "%s\n", req); err != nil {
		c.t.Fatal(err)
	}
	l, err := c.out.ReadString('\n')
	if err != nil {
		c.t.Fatalf("reply to %s: %v", req, err)
	}
	var r jsonReplyT
	if err := json.Unmarshal([]byte(l), &r); err != nil {
		c.t.Fatalf("reply to %s is not JSON: %v: %q", req, err, l)
	}
	if r.ID != c.n {
		c.t.Fatalf("reply to request %d carries id %d", c.n, r.ID)
	}
	return r
}

// badRequests are refused in either mode without changing the game.
var badRequests = [][]string{
	{"frobnicate"}, {"play", "100000"}, {"play", "charge", "the", "moon"}, {"move", "Nobody", "to", "1", "1"},
	{"dice", "1"}, {"set", "unit", "F1 Line", "status", "asleep"}, {"undo", "-1"}, {"show", "colours"},
	{"new_game", "side1=wizard"}, {"hint", "n=0"},
}

// TestProtocolTextConformance drives 'grognard protocol' as a separate
// process through a whole game in text mode: a human side played by
// number from legal (with bad requests between that must change nothing),
// a bot side by advance, dice rolled by the program.
func TestProtocolTextConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	c := startProtocol(t, buildGrognard(t))
	if r := c.sendText("protocol_version"); !r.ok || r.text != "1" {
		t.Fatalf("protocol_version: %+v", r)
	}
	for _, cmd := range []string{"name", "version", "help", "list_rulesets", "list_scenarios", "list_agents"} {
		if r := c.sendText(cmd); !r.ok || r.text == "" {
			t.Fatalf("%s: %+v", cmd, r)
		}
	}
	if r := c.sendText("new_game seed=7 side0=human side1=heuristic turn_limit=5"); !r.ok {
		t.Fatalf("new_game: %s", r.text)
	}
	over := false
	for step := 0; step < 3000 && !over; step++ {
		r := c.sendText("advance")
		if !r.ok {
			t.Fatalf("advance: %s", r.text)
		}
		switch {
		case strings.Contains(r.text, "stopped: game over"):
			over = true
		case strings.Contains(r.text, "stopped: human"):
			legal := c.sendText("legal")
			n := strings.Count(legal.text, "\n")
			if !legal.ok || n < 1 {
				t.Fatalf("legal: %+v", legal)
			}
			if step%5 == 0 {
				before := c.sendText("show json").text
				for _, bad := range badRequests {
					if r := c.sendText(strings.Join(quoteWords(bad), " ")); r.ok {
						t.Fatalf("%q was accepted: %s", bad, r.text)
					}
				}
				if after := c.sendText("show json").text; after != before {
					t.Fatal("refused requests changed the game")
				}
			}
			if r := c.sendText(fmt.Sprintf("play %d", 1+step%n)); !r.ok {
				t.Fatalf("play: %s", r.text)
			}
		default:
			t.Fatalf("advance stopped for another reason: %s", r.text)
		}
	}
	if !over {
		t.Fatal("the game did not end")
	}
	if r := c.sendText("result"); !r.ok || !strings.Contains(r.text, "turn") {
		t.Fatalf("result: %+v", r)
	}
	for _, view := range []string{"show", "show sketch", "show units"} {
		if r := c.sendText(view); !r.ok || r.text == "" {
			t.Fatalf("%s: %+v", view, r)
		}
	}
	if r := c.sendText("quit"); !r.ok {
		t.Fatalf("quit: %+v", r)
	}
	if err := c.cmd.Wait(); err != nil {
		t.Fatalf("the process did not exit cleanly after quit: %v", err)
	}
}

func quoteWords(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w
		if strings.Contains(w, " ") {
			out[i] = `"` + w + `"`
		}
	}
	return out
}

// TestProtocolJSONConformance does the same in JSON mode with dice given
// by the client (as from real dice): pending says what to roll, dice
// gives it, and the human side plays the bot's suggestion by genmove.
func TestProtocolJSONConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	c := startProtocol(t, buildGrognard(t), "--json")
	if r := c.sendJSON("protocol_version"); !r.OK || string(r.Result) != `"1"` {
		t.Fatalf("protocol_version: %+v", r)
	}
	if r := c.sendJSON("new_game", "seed=8", "side0=human", "side1=heuristic:doctrine=reserve", "dice=manual", "turn_limit=5"); !r.OK {
		t.Fatalf("new_game: %s", r.Error)
	}
	playTypingDice(t, c, 5000, func(step int) {
		if step%7 == 0 {
			before := c.sendJSON("show", "json").Result
			for _, bad := range badRequests {
				if r := c.sendJSON(bad[0], bad[1:]...); r.OK || r.Error == "" || strings.Contains(r.Error, "\n") {
					t.Fatalf("%q: %+v", bad, r)
				}
			}
			if after := c.sendJSON("show", "json").Result; string(after) != string(before) {
				t.Fatal("refused requests changed the game")
			}
		}
		if r := c.sendJSON("genmove", "agent=greedy"); !r.OK {
			t.Fatalf("genmove: %s", r.Error)
		}
	})
	r := c.sendJSON("result")
	var res struct{ Over bool }
	if err := json.Unmarshal(r.Result, &res); err != nil || !res.Over {
		t.Fatalf("result: %s", r.Result)
	}
	// Garbage lines get an error reply without an id; the session goes on.
	fmt.Fprintln(c.in, "this is not json")
	l, err := c.out.ReadString('\n')
	if err != nil || !strings.Contains(l, `"ok":false`) {
		t.Fatalf("garbage line: %q %v", l, err)
	}
	if r := c.sendJSON("quit"); !r.OK {
		t.Fatalf("quit: %+v", r)
	}
}

// TestBotCheck: the example bot passes every check; a broken one fails
// with the reason, and the exit code says so.
func TestBotCheck(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (CI installs it): the bots are Python scripts")
	}
	code, out, errOut := grognard(t, "bot", "check", "--", "python3", "../../examples/bots/random_bot.py")
	if code != 0 || !strings.Contains(out, "every check passed") || strings.Count(out, "ok   ") != 5 {
		t.Fatalf("example bot: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = grognard(t, "bot", "check", "--time", "2s", "--", "python3", "../../agents/testdata/bots/broken.py", "garbage", "2")
	if code != 1 || strings.Count(out, "FAIL game as side") != 2 || !strings.Contains(out, "garbage: the reply to genmove is not a reply object") {
		t.Fatalf("garbage bot: exit %d\n%s", code, out)
	}
	if code, _, errOut := grognard(t, "bot", "check"); code != 2 || !strings.Contains(errOut, "needs the program") {
		t.Fatalf("no program: exit %d, %s", code, errOut)
	}
	if code, _, errOut := grognard(t, "bot", "check", "--ruleset", "nope", "--", "python3", "../../examples/bots/random_bot.py"); code != 2 || !strings.Contains(errOut, `unknown ruleset "nope"`) {
		t.Fatalf("unknown ruleset: exit %d, %s", code, errOut)
	}
}
