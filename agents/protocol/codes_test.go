package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

// served is a session behind Serve, driven line by line.
type served struct {
	t   *testing.T
	in  *io.PipeWriter
	out *bufio.Reader
}

func serve(t *testing.T) *served {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	sess := NewSession(Config{})
	done := make(chan error, 1)
	go func() {
		err := Serve(context.Background(), sess, inR, outW)
		sess.Close()
		outW.CloseWithError(fmt.Errorf("served: %v", err))
		done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &served{t: t, in: inW, out: bufio.NewReaderSize(outR, 64<<10)}
}

// json sends one JSON-mode line and reads its reply.
func (c *served) json(line string) wire.Response {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
	l, err := c.out.ReadString('\n')
	if err != nil {
		c.t.Fatalf("reply to %.80q: %v", line, err)
	}
	r, err := wire.ParseReply([]byte(l))
	if err != nil {
		c.t.Fatalf("reply to %.80q: %v: %q", line, err, l)
	}
	return r
}

// text sends one text-mode line and reads its reply's first line.
func (c *served) text(line string) string {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
	var first string
	for {
		l, err := c.out.ReadString('\n')
		if err != nil {
			c.t.Fatalf("reply to %q: %v", line, err)
		}
		if l == "\n" {
			return first
		}
		if first == "" {
			first = strings.TrimSuffix(l, "\n")
		}
	}
}

// TestErrorCodes: each code the session gives, from a request that earns
// it, in JSON mode (the reply's "code", its id echoed, the message
// unchanged) and in text mode (the message, then the code in brackets).
func TestErrorCodes(t *testing.T) {
	dir := t.TempDir()
	steps := []struct {
		req  string // a JSON-mode request, args as one string
		code wire.Code
	}{
		{`{"id":1,"cmd":"frobnicate"}`, wire.UnknownCommand},
		{`{"id":2,"cmd":"legal"}`, wire.NoGame},
		{`{"cmd":"legal",`, wire.BadRequest},
		{`{"id":[1],"cmd":"legal"}`, wire.BadRequest},
		{`{"id":3,"cmd":"` + strings.Repeat("x", wire.MaxRequest) + `"}`, wire.TooLong},
		{`{"id":4,"cmd":"new_game","args":"seed=1 side0=human side1=human"}`, ""},
		{`{"id":5,"cmd":"legal"}`, wire.NeedsDice},
		{`{"id":6,"cmd":"advance"}`, ""}, // the set-up roll; the Austrians deploy
		{`{"id":7,"cmd":"roll"}`, wire.NoRoll},
		{`{"id":8,"cmd":"play","args":"99999"}`, wire.IllegalAction},
		{`{"id":9,"cmd":"play","args":"charge the moon"}`, wire.IllegalAction},
		{`{"id":10,"cmd":"place","args":"A-CHQ at 10 2"}`, wire.IllegalAction},
		{`{"id":11,"cmd":"place","args":"A-CHQ at nowhere"}`, wire.BadArgument},
		{`{"id":12,"cmd":"hint","args":"side=0"}`, wire.NotYourTurn},
		{`{"id":13,"cmd":"show","args":"colours"}`, wire.BadArgument},
		{`{"id":14,"cmd":"new_game","args":"side1=wizard"}`, wire.BadArgument},
		{`{"id":15,"cmd":"genmove","args":"agent=external:cmd=/nonexistent/bot"}`, wire.AgentFailed},
		{`{"id":16,"cmd":"save","args":["` + filepath.Join(dir, "no", "such", "dir", "game.json") + `"]}`, wire.File},
		{`{"id":17,"cmd":"load","args":["` + filepath.Join(dir, "missing.json") + `"]}`, wire.File},
		{`{"id":18,"cmd":"new_game","args":"seed=2 side0=random side1=random turn_limit=1"}`, ""},
		{`{"id":19,"cmd":"advance"}`, ""},
		{`{"id":20,"cmd":"legal"}`, wire.GameOver},
		{`{"id":21,"cmd":"dice","args":"3"}`, wire.GameOver},
	}
	c := serve(t)
	if got := c.text("mode json"); got != "= json" {
		t.Fatalf("mode json: %q", got)
	}
	for _, s := range steps {
		r := c.json(s.req)
		if s.code == "" {
			if !r.OK {
				t.Fatalf("%.80s: %s [%s]", s.req, r.Error, r.Code)
			}
			continue
		}
		if r.OK || r.Code != s.code || r.Error == "" || strings.Contains(r.Error, "["+string(s.code)+"]") {
			t.Errorf("%.80s: ok %v, code %q, error %q; want code %q", s.req, r.OK, r.Code, r.Error, s.code)
		}
		if id := s.req[strings.Index(s.req, ":")+1 : strings.Index(s.req, ",")]; s.code != wire.BadRequest && s.code != wire.TooLong && r.ID != id {
			t.Errorf("%.80s: reply id %q, want %q", s.req, r.ID, id)
		}
	}
	c.json(`{"cmd":"mode","args":["text"]}`)
	for _, s := range []struct {
		line, msg string
		code      wire.Code
	}{
		{"7 frobnicate", `?7 unknown command "frobnicate" (help lists the commands)`, wire.UnknownCommand},
		{`play "open`, "? a double quote is not closed", wire.BadRequest},
		{"8 dice 7", "?8 the game is over: ", wire.GameOver},
	} {
		got := c.text(s.line)
		msg, code := wire.TextError(got)
		if !strings.HasPrefix(msg, s.msg) || code != s.code {
			t.Errorf("%q: %q, want %q... [%s]", s.line, got, s.msg, s.code)
		}
	}
}

// TestCodedFallback: an error without a code gets one from what it wraps,
// and an argument the command could not take otherwise; a code it has is
// kept, and a request stopped by its context is interrupted.
func TestCodedFallback(t *testing.T) {
	live := context.Background()
	stopped, cancel := context.WithCancel(live)
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want wire.Code
	}{
		{"missing capability", live, fmt.Errorf("show: %w", &engine.MissingCapability{Ruleset: "toy", What: "a sketch"}), wire.Unsupported},
		{"forfeit", live, fmt.Errorf("plan step 2: %w", &agents.ForfeitError{Reason: "timed out"}), wire.AgentFailed},
		{"path", live, fmt.Errorf("load x: %w", &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}), wire.File},
		{"too large", live, fmt.Errorf("load x: %w", fileio.ErrTooLarge), wire.File},
		{"plain", live, errors.New("set turn needs a turn number"), wire.BadArgument},
		{"coded", live, fmt.Errorf("advance stopped after 3 steps: %w", wire.Errorf(wire.AgentFailed, "x")), wire.AgentFailed},
		{"cancelled", stopped, fmt.Errorf("mcts could not choose: %w", context.Canceled), wire.Interrupted},
		{"cancelled, coded", stopped, wire.Errorf(wire.AgentFailed, "mcts could not choose: %w", context.Canceled), wire.Interrupted},
		{"cancelled, unrelated", stopped, errors.New("show takes one of summary"), wire.BadArgument},
	}
	for _, tc := range tests {
		got := coded(tc.ctx, tc.err)
		if wire.CodeOf(got) != tc.want || got.Error() != tc.err.Error() || !errors.Is(got, tc.err) {
			t.Errorf("%s: %v coded %q, want %q", tc.name, got, wire.CodeOf(got), tc.want)
		}
	}
	if coded(live, nil) != nil {
		t.Error("coded(nil) is not nil")
	}
}
