package agents

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sourcegraph/conc"

	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/internal/termsafe"
)

// ForfeitError is an agent's failure that loses it the game rather than
// stopping the tournament: an external bot that crashed, hung, ran out of
// time, wrote garbage or chose an illegal action. Reason says which.
type ForfeitError struct {
	Reason string
}

// Error says why the agent forfeits.
func (e *ForfeitError) Error() string { return "forfeit: " + e.Reason }

// forfeit builds a ForfeitError.
func forfeit(format string, args ...any) error {
	return &ForfeitError{Reason: fmt.Sprintf(format, args...)}
}

// Close releases what an agent holds (an external bot's process) if it
// holds anything; every agent may be closed, once, after its game.
func Close(a Agent) error {
	if c, ok := a.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// External is a bot in another program that speaks the grognard protocol
// (docs/protocol.md, "External bots") in JSON lines on its standard input
// and output, framed by package wire as the session frames its side. The program is started at the agent's first decision and
// stopped by Close. Whatever goes wrong with it (it crashes, hangs, misses
// the time limit, writes garbage or chooses an action that is not legal)
// is returned as a *ForfeitError, and the bot is not asked again.
//
// The program runs in a process group of its own (on Unix), and what
// ends it ends the group: a forfeit, a cancelled context, Close, or the
// program's own exit, which kills anything it left behind. grognard owns
// every pipe to it and closes its ends after the kill, so a process that
// escaped the group and holds them cannot keep it waiting; every write
// and read is bounded by the time limit and the context.
type External struct {
	cmd       []string
	timeLimit time.Duration
	seed      uint64

	mu   sync.Mutex // guards the process against Close from another goroutine
	proc *exec.Cmd
	// stdin is grognard's end of the program's standard input; out and
	// errOut its ends of the program's standard output and error.
	stdin, out, errOut *os.File
	// exited is closed once the program has exited, exitErr then says how.
	exited    chan struct{}
	exitErr   error
	closeOnce sync.Once
	lines     chan readResult
	stderr    *tailBuffer
	// stderrDone is closed once the program's standard error has been
	// read to its end (or our end closed).
	stderrDone chan struct{}
	readers    conc.WaitGroup
	started    bool
	// given is the name= of the spec; botName what the program calls
	// itself in the handshake.
	given   string
	botName string
	side    engine.Player
	nextID  int
	failed  error
	buf     []engine.Action
	// answered and slowest count the genmove replies, for bot check.
	answered int
	slowest  time.Duration
}

// Stats says how many moves the program answered and its slowest reply.
func (e *External) Stats() (answered int, slowest time.Duration) { return e.answered, e.slowest }

// readResult is one line from the bot, or why there are no more.
type readResult struct {
	line []byte
	err  error
}

// Default limits of an external bot.
const (
	defaultExternalTime = 5 * time.Second
	// handshakeTime bounds starting the program and the handshake, which
	// may load an interpreter.
	handshakeTime = 10 * time.Second
)

var externalParams = []Param{
	{Name: "cmd", Default: "none: required", Doc: "the program and its arguments, split on spaces (no shell; no commas): e.g. python3 examples/bots/random_bot.py"},
	{Name: "time", Default: "5s", Doc: "time limit per move; a bot that has not answered by then forfeits the game"},
	{Name: "name", Default: "external", Doc: "a name for the bot in tables and records (the spec is used to build it)"},
}

func newExternalFromParams(params map[string]string, seed uint64) (Agent, error) {
	cmd := strings.Fields(params["cmd"])
	if len(cmd) == 0 {
		return nil, errors.New("an external bot needs cmd=PROGRAM [ARGS...], e.g. external:cmd=python3 examples/bots/random_bot.py")
	}
	e := &External{cmd: cmd, timeLimit: defaultExternalTime, seed: seed, side: engine.NoPlayer}
	if v, ok := params["time"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("time %q is not a positive duration such as 500ms or 2s", v)
		}
		e.timeLimit = d
	}
	e.given = params["name"]
	return e, nil
}

// StartsProgram reports whether spec names an agent that runs another
// program (external). Such a spec is taken only from the person running
// grognard, never from a file: a loaded saved game or record that names
// one is refused or played by an agent the person gives.
func StartsProgram(spec string) bool {
	name, _, err := ParseSpec(spec)
	return err == nil && name == "external"
}

// Name is the spec that rebuilds the agent.
func (e *External) Name() string {
	s := "external:cmd=" + strings.Join(e.cmd, " ")
	if e.timeLimit != defaultExternalTime {
		s += ",time=" + e.timeLimit.String()
	}
	if e.given != "" {
		s += ",name=" + e.given
	}
	return s
}

// BotName is the name the program gave in the handshake ("" before it),
// at most maxBotName bytes of it with its control characters escaped.
func (e *External) BotName() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.botName
}

// Choose asks the program for the side to move's action: the request
// carries the position and every legal action, and the program answers
// with one of them by number or text.
func (e *External) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if e.failed != nil {
		return engine.Action{}, e.failed
	}
	if err := ctx.Err(); err != nil {
		return engine.Action{}, err
	}
	a, err := e.choose(ctx, st, side)
	var f *ForfeitError
	if errors.As(err, &f) || (err != nil && ctx.Err() != nil) {
		// A forfeit ends the bot; so does a cancelled context (Ctrl-C, a
		// stopped tournament), since a request is left unanswered and the
		// program may be hanging: it is killed now, not asked to quit.
		e.failed = err
		e.kill()
	}
	return a, err
}

func (e *External) choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if !e.started {
		if err := e.start(ctx, st, side); err != nil {
			return engine.Action{}, err
		}
	} else if side != e.side {
		return engine.Action{}, fmt.Errorf("external bot: it plays %s, but %s is to move", e.side, side)
	}
	// LegalFor, not Legal: at a sealed point the side's own choices.
	e.buf = engine.LegalFor(st, side, e.buf[:0])
	if len(e.buf) == 0 {
		return engine.Action{}, fmt.Errorf("external bot, %s to move: %w", side, ErrNoLegalAction)
	}
	ls := make([]wire.LegalAction, len(e.buf))
	for k, a := range e.buf {
		ls[k] = wire.LegalAction{ID: k + 1, Text: st.DescribeAction(a), Notation: st.FormatAction(a)}
	}
	state, err := st.MarshalJSON()
	if err != nil {
		return engine.Action{}, fmt.Errorf("external bot: encode the state: %w", err)
	}
	req := wire.Request{Cmd: "genmove", Args: []string{"time=" + e.timeLimit.String()},
		Position: &wire.Position{Side: int(side), Turn: st.Turn(), Phase: engine.PhaseName(st), Legal: ls, State: state}}
	asked := time.Now()
	res, err := e.call(ctx, req, e.timeLimit)
	if err != nil {
		return engine.Action{}, err
	}
	if d := time.Since(asked); d > e.slowest {
		e.slowest = d
	}
	e.answered++
	k, err := e.pick(res, ls)
	if err != nil {
		return engine.Action{}, err
	}
	return e.buf[k], nil // one of the legal actions, so legal
}

// pick reads the bot's choice: {"id": N}, {"text": "..."}, {"notation":
// "..."}, N or "text". A text is matched against the actions' texts
// first, then their notations (case and spacing ignored).
func (e *External) pick(res json.RawMessage, ls []wire.LegalAction) (int, error) {
	choice, err := wire.ParseChoice(res)
	if err != nil {
		return 0, forfeit("garbage: genmove's result %s is not an action's id, text or notation", clip(res))
	}
	n, text := choice.ID, choice.Text
	if text != "" {
		want := TextKey(text)
		for k, l := range ls {
			if TextKey(l.Text) == want {
				return k, nil
			}
		}
		for k, l := range ls {
			if l.Notation != "" && TextKey(l.Notation) == want {
				return k, nil
			}
		}
		return 0, forfeit("illegal action: \"%s\" is not one of the %d legal actions", clip([]byte(text)), len(ls))
	}
	if n < 1 || n > len(ls) {
		return 0, forfeit("illegal action: id %d is not one of the %d legal actions (1 to %d)", n, len(ls), len(ls))
	}
	return n - 1, nil
}

// start runs the program and makes the handshake: protocol_version must
// be 1, name gives the bot's name, new_game tells it the game and side.
func (e *External) start(ctx context.Context, st engine.State, side engine.Player) error {
	e.started = true
	e.side = side
	// Every pipe is one of our own rather than one from StdinPipe or
	// StdoutPipe: Wait then returns as soon as the program exits, however
	// long a child it left holds the pipes, Wait never closes the output
	// under a reader that has not yet read the program's last words, and
	// our ends can carry deadlines and be closed at a kill.
	var pipes [6]*os.File // the program's stdin, ours; ours, its stdout; ours, its stderr
	for k := 0; k < 6; k += 2 {
		r, w, err := os.Pipe()
		if err != nil {
			closeFiles(pipes[:k]...)
			return fmt.Errorf("external bot: %w", err)
		}
		pipes[k], pipes[k+1] = r, w
	}
	inR, inW, out, outW, errOut, errW := pipes[0], pipes[1], pipes[2], pipes[3], pipes[4], pipes[5]
	e.stderr = &tailBuffer{max: 2048}
	proc, err := startBot(func() *exec.Cmd {
		c := exec.Command(e.cmd[0], e.cmd[1:]...)
		c.Stdin, c.Stdout, c.Stderr = inR, outW, errW
		return c
	})
	closeFiles(inR, outW, errW) // the program's ends: it holds them now
	if err != nil {
		closeFiles(inW, out, errOut)
		return forfeit("cannot start %q: %v", strings.Join(e.cmd, " "), err)
	}
	e.mu.Lock()
	e.proc, e.stdin, e.out, e.errOut = proc, inW, out, errOut
	e.exited = make(chan struct{})
	e.lines = make(chan readResult, 1)
	e.stderrDone = make(chan struct{})
	e.mu.Unlock()
	lines, exited, stderrDone := e.lines, e.exited, e.stderrDone
	e.readers.Go(func() {
		// It ends at the end of the program's output, or when kill
		// closes our end.
		_, _ = io.Copy(e.stderr, errOut)
		close(stderrDone)
	})
	e.readers.Go(func() {
		rd := wire.NewReader(out, wire.MaxReply, "reply")
		for {
			line, err := rd.ReadLine()
			if err != nil {
				lines <- readResult{err: err}
				close(lines)
				return
			}
			if len(bytes.TrimSpace(line)) == 0 {
				continue // blank lines between replies are tolerated
			}
			lines <- readResult{line: slices.Clone(line)} // the reader reuses its buffer
		}
	})
	e.readers.Go(func() {
		e.exitErr = proc.Wait() // the only Wait: everyone else waits on exited
		// Whatever the program left running in its group (a child
		// holding its output) goes with it, so its output ends now.
		killGroup(proc.Process)
		close(exited)
	})

	res, err := e.call(ctx, wire.Request{Cmd: "protocol_version"}, handshakeTime)
	if err != nil {
		return err
	}
	var v string
	if json.Unmarshal(res, &v) != nil || v != "1" {
		return forfeit("handshake: protocol_version answered %s, want \"1\"", clip(res))
	}
	if res, err = e.call(ctx, wire.Request{Cmd: "name"}, handshakeTime); err != nil {
		return err
	}
	var name string
	if json.Unmarshal(res, &name) != nil || strings.TrimSpace(name) == "" {
		return forfeit("handshake: name answered %s, want a non-empty string", clip(res))
	}
	e.mu.Lock()
	e.botName = botName(name)
	e.mu.Unlock()
	args := []string{"ruleset=" + st.Ruleset(), "side=" + strconv.Itoa(int(e.side)), "seed=" + strconv.FormatUint(e.seed, 10)}
	if sc, ok := st.(engine.ScenarioNamer); ok {
		args = append(args, "scenario="+sc.ScenarioName())
	}
	_, err = e.call(ctx, wire.Request{Cmd: "new_game", Args: args}, handshakeTime)
	return err
}

// call sends one request and waits up to limit for its reply; it returns
// the reply's result. An error reply is a forfeit that names its code.
func (e *External) call(ctx context.Context, req wire.Request, limit time.Duration) (json.RawMessage, error) {
	e.nextID++
	id := e.nextID
	req.ID = strconv.Itoa(id)
	line, err := wire.FormatRequest(req)
	if err != nil {
		return nil, fmt.Errorf("external bot: %w", err)
	}
	cmd := req.Cmd
	if err := writeLine(ctx, e.stdin, []byte(line), limit); err != nil {
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, forfeit("timed out: it did not read the %s request within %v", cmd, limit)
		}
		if errors.Is(err, syscall.EPIPE) {
			// The program closed its input: it is (nearly always) gone, and
			// its output ends too. Said as the read would say it, so that a
			// crash reads the same whichever side of the pipe saw it first.
			select {
			case r, ok := <-e.lines:
				if !ok || errors.Is(r.err, io.EOF) {
					return nil, forfeit("crashed: its output ended while %s was asked%s", cmd, e.exitNote())
				}
			case <-time.After(500 * time.Millisecond):
			}
		}
		return nil, forfeit("crashed: cannot send %s: %v%s", cmd, err, e.exitNote())
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, forfeit("timed out: no reply to %s within %v", cmd, limit)
	case r, ok := <-e.lines:
		if !ok || r.err != nil {
			why := "its output ended"
			if ok && !errors.Is(r.err, io.EOF) {
				why = r.err.Error()
			}
			return nil, forfeit("crashed: %s while %s was asked%s", why, cmd, e.exitNote())
		}
		rep, err := wire.ParseReply(r.line)
		if err != nil {
			return nil, forfeit("garbage: the reply to %s is not a reply object: %s", cmd, clip(r.line))
		}
		if rep.ID != req.ID {
			return nil, forfeit("garbage: the reply to %s request %d carries id %s", cmd, id, clip([]byte(rep.ID)))
		}
		if err := rep.Err(); err != nil {
			why := clip([]byte(err.Error()))
			if wire.HasCode(err) {
				why += " [" + string(wire.CodeOf(err)) + "]" // one of wire's codes: Err drops any other
			}
			return nil, forfeit("refused %s: %s", cmd, why)
		}
		return rep.Result, nil
	}
}

// exitNote waits briefly for a dead program and says how it ended, with
// the end of what it wrote on standard error.
func (e *External) exitNote() string {
	var note string
	wait := time.NewTimer(500 * time.Millisecond)
	defer wait.Stop()
	select {
	case <-e.exited:
		if e.exitErr != nil {
			note = " (" + e.exitErr.Error() + ")"
		} else {
			note = " (it exited)"
		}
		// Its last words may still be in the pipe when it has exited:
		// they are read to the end (the end comes with the program, as
		// everything it started dies with it), within the same wait.
		select {
		case <-e.stderrDone:
		case <-wait.C:
		}
	case <-wait.C:
	}
	if tail := strings.TrimSpace(e.stderr.String()); tail != "" {
		if i := strings.LastIndex(tail, "\n"); i >= 0 {
			tail = tail[i+1:]
		}
		note += "; it said: " + clip([]byte(tail))
	}
	return note
}

// writeLine writes b to the program's input within limit, and gives up at
// once when ctx ends: a program that stops reading must not block a write
// for good once the pipe is full.
func writeLine(ctx context.Context, f *os.File, b []byte, limit time.Duration) error {
	if err := f.SetWriteDeadline(time.Now().Add(limit)); errors.Is(err, os.ErrNoDeadline) {
		// Where pipes take no deadlines (Windows), the write is plain.
		_, err := f.Write(b)
		return err
	} else if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { _ = f.SetWriteDeadline(time.Unix(1, 0)) })
	defer stop()
	_, err := f.Write(b)
	return err
}

// closeStdin tells the program its input is over, once.
func (e *External) closeStdin() {
	e.closeOnce.Do(func() {
		if e.stdin != nil {
			e.stdin.Close()
		}
	})
}

// kill stops the program and its process group at once, waits for the
// program to be gone, and closes our ends of its pipes, which ends the
// readers even if a process outside the group still holds the other
// ends.
func (e *External) kill() {
	e.mu.Lock()
	proc, exited, out, errOut := e.proc, e.exited, e.out, e.errOut
	e.mu.Unlock()
	if proc == nil {
		return
	}
	killGroup(proc.Process)
	<-exited
	e.closeStdin()
	closeFiles(out, errOut)
}

// Close asks the program to quit, waits a moment, then kills it. It
// returns an error when the program had to be killed: it did not exit
// within a second of quit.
func (e *External) Close() error {
	e.mu.Lock()
	proc, exited := e.proc, e.exited
	e.mu.Unlock()
	if proc == nil {
		return nil
	}
	var slow error
	if e.failed == nil {
		e.nextID++
		quit, _ := wire.FormatRequest(wire.Request{ID: strconv.Itoa(e.nextID), Cmd: "quit"})
		_ = writeLine(context.Background(), e.stdin, []byte(quit), time.Second)
		e.closeStdin()
		select {
		case <-exited:
		case <-time.After(time.Second):
			slow = errors.New("the program did not exit within 1s of quit and was killed")
		}
	}
	e.kill()
	// The reader ends when the pipe closes with the program; take what
	// it still holds so it is not left blocked on a send.
	go func(ch chan readResult) {
		for range ch {
		}
	}(e.lines)
	e.readers.Wait()
	return slow
}

// closeFiles closes every file that is not nil; closing one twice is
// harmless.
func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			_ = f.Close()
		}
	}
}

// TextKey is an action's text as a typed one is matched against it: case
// and runs of spaces ignored.
func TextKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// clip shortens a bot's output for an error message, and escapes what
// a terminal would act on (termsafe.Clip): the message reaches the
// operator's terminal, logs and game records, and an escape sequence in
// a bot's reply or on its stderr must show there as text, not retitle
// the window or clear the screen. At most 120 bytes are kept.
func clip(b []byte) string {
	s := strings.ReplaceAll(strings.ToValidUTF8(string(b), "?"), "\n", " ")
	if s == "" {
		return `""`
	}
	return termsafe.Clip(s, 120)
}

// maxBotName bounds the name a bot gives itself in the handshake, as
// tables and records show it: a name is a word or two, and a bot that
// sends a megabyte of name must not fill a table with it.
const maxBotName = 64

// botName is the name a bot gave in the handshake as grognard shows it:
// trimmed, its control characters escaped, and cut to maxBotName bytes
// (the escapes counted: they are what is shown).
func botName(name string) string { return termsafe.Clip(strings.TrimSpace(name), maxBotName) }

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

// Write keeps p, dropping what falls out of the tail.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append([]byte(nil), t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

// String is the tail kept.
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
