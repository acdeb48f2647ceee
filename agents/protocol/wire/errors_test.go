package wire

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// TestErrorChain: Errorf and Wrap keep the message and what they wrap,
// errors.As finds the *Error through further wrapping, the outermost code
// wins, and an error without one is internal.
func TestErrorChain(t *testing.T) {
	inner := &fs.PathError{Op: "open", Path: "x", Err: fs.ErrNotExist}
	tests := []struct {
		name string
		err  error
		msg  string
		code Code
	}{
		{"Errorf", Errorf(File, "load x: %w", inner), "load x: open x: file does not exist", File},
		{"Errorf without %w", Errorf(NoGame, "no game: start one with %s", "new_game"), "no game: start one with new_game", NoGame},
		{"Wrap", Wrap(IllegalAction, inner), "open x: file does not exist", IllegalAction},
		{"wrapped further", fmt.Errorf("advance stopped after 2 steps: %w", Errorf(AgentFailed, "mcts could not choose: %w", inner)), "advance stopped after 2 steps: mcts could not choose: open x: file does not exist", AgentFailed},
		{"outermost wins", Errorf(AgentFailed, "bot: %w", Wrap(IllegalAction, inner)), "bot: open x: file does not exist", AgentFailed},
		{"two %w", Errorf(BadArgument, "%w and %w", inner, errors.New("b")), "open x: file does not exist and b", BadArgument},
		{"no code", fmt.Errorf("plain: %w", inner), "plain: open x: file does not exist", Internal},
		{"literal", &Error{Code: NotYourTurn, Msg: "Austrians is not to move"}, "Austrians is not to move", NotYourTurn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err.Error() != tc.msg {
				t.Errorf("message %q, want %q", tc.err.Error(), tc.msg)
			}
			if got := CodeOf(tc.err); got != tc.code {
				t.Errorf("code %q, want %q", got, tc.code)
			}
			if HasCode(tc.err) != (tc.code != Internal) {
				t.Errorf("HasCode = %v", HasCode(tc.err))
			}
			var pe *fs.PathError
			if tc.name != "Errorf without %w" && tc.name != "literal" && (!errors.As(tc.err, &pe) || !errors.Is(tc.err, fs.ErrNotExist)) {
				t.Errorf("the wrapped error is lost: %v", tc.err)
			}
		})
	}
	if Wrap(Internal, nil) != nil || CodeOf(nil) != "" {
		t.Error("Wrap(nil) or CodeOf(nil) is not nil")
	}
}

// TestCodes: every code is known, written as a code is, and listed once;
// a word that is not a code is not known.
func TestCodes(t *testing.T) {
	seen := map[Code]bool{}
	for _, c := range Codes() {
		if !c.Known() || !validCode(c) || seen[c] {
			t.Errorf("code %q: known %v, valid %v, repeated %v", c, c.Known(), validCode(c), seen[c])
		}
		seen[c] = true
	}
	for _, c := range []Code{"", "illegal", "Bad-Request", "bad request"} {
		if c.Known() {
			t.Errorf("%q is known", c)
		}
	}
}

// TestTextError: the code suffix of a text-mode error comes off again,
// and a line without one (an older program's) is all message.
func TestTextError(t *testing.T) {
	tests := []struct {
		line, msg string
		code      Code
	}{
		{"no legal action 99: there are 85 (see legal) [illegal-action]", "no legal action 99: there are 85 (see legal)", IllegalAction},
		{"no game: start one with new_game", "no game: start one with new_game", ""},
		{"rolled [2 4]", "rolled [2 4]", ""},
		{"rolled [2 4] [needs-dice]", "rolled [2 4]", NeedsDice},
	}
	for _, tc := range tests {
		if msg, code := TextError(tc.line); msg != tc.msg || code != tc.code {
			t.Errorf("TextError(%q) = %q, %q; want %q, %q", tc.line, msg, code, tc.msg, tc.code)
		}
	}
	// What FormatText writes, TextError reads back.
	out := FormatText("", Reply{}, Errorf(GameOver, "the game is over: French wins"))
	if msg, code := TextError(out[2:]); msg != "the game is over: French wins" || code != GameOver {
		t.Errorf("round trip of %q: %q, %q", out, msg, code)
	}
}
