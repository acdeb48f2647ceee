package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestParseText(t *testing.T) {
	tests := []struct {
		line    string
		want    Request
		wantErr string
	}{
		{line: "legal", want: Request{Cmd: "legal"}},
		{line: "12 play 3", want: Request{ID: "12", Cmd: "play", Args: []string{"3"}}},
		{line: `  MOVE "F3 Line" to 12,8   # a comment`, want: Request{Cmd: "move", Args: []string{"F3 Line", "to", "12,8"}}},
		{line: "move F3 Line to 12 8\r", want: Request{Cmd: "move", Args: []string{"F3", "Line", "to", "12", "8"}}},
		{line: `set unit "A-HQ1" status ""`, want: Request{Cmd: "set", Args: []string{"unit", "A-HQ1", "status", ""}}},
		{line: `say "# not a comment"`, want: Request{Cmd: "say", Args: []string{"# not a comment"}}},
		{line: `move #12 to 1 2 #`, want: Request{Cmd: "move", Args: []string{"#12", "to", "1", "2"}}},
		{line: `play F-FA1 wheel to 10, 3.75" to (10.64, 8.69)`, want: Request{Cmd: "play", Args: []string{"F-FA1", "wheel", "to", "10,", `3.75"`, "to", "(10.64,", "8.69)"}}},
		{line: `set "A 1" at "3" 4`, want: Request{Cmd: "set", Args: []string{"A 1", "at", "3", "4"}}},
		{line: `new_game side1="external:cmd=python3 bot.py" seed=2`, want: Request{Cmd: "new_game", Args: []string{"side1=external:cmd=python3 bot.py", "seed=2"}}},
		{line: `x a=b"c d`, want: Request{Cmd: "x", Args: []string{`a=b"c`, "d"}}},
		{line: `new_game side1="open`, wantErr: "double quote is not closed"},
		{line: "", wantErr: "empty line"},
		{line: "   # only a comment", wantErr: "empty line"},
		{line: "7", wantErr: "request 7 has no command"},
		{line: `play "F3 Line`, wantErr: "double quote is not closed"},
		{line: "1234567890123456789 name", wantErr: "longer than 18 digits"},
		{line: "name \xff", wantErr: "not valid UTF-8"},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			got, err := ParseText(tc.line)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseText(%q) error %v, want one containing %q", tc.line, err, tc.wantErr)
				}
				checkParseCode(t, err)
				return
			}
			if err != nil {
				t.Fatalf("ParseText(%q): %v", tc.line, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseText(%q) = %+v, want %+v", tc.line, got, tc.want)
			}
		})
	}
}

func TestParseJSON(t *testing.T) {
	tests := []struct {
		line    string
		want    Request
		wantErr string
	}{
		{line: `{"cmd":"legal"}`, want: Request{Cmd: "legal"}},
		{line: `{"id":7,"cmd":"play","args":["3"]}`, want: Request{ID: "7", Cmd: "play", Args: []string{"3"}}},
		{line: `{"id":"x-1","cmd":"Move","args":"\"F3 Line\" to 12 8"}`, want: Request{ID: `"x-1"`, Cmd: "move", Args: []string{"F3 Line", "to", "12", "8"}}},
		{line: `{"id":null,"cmd":"dice","args":[3, 4.5e0]}`, want: Request{Cmd: "dice", Args: []string{"3", "4.5e0"}}},
		{line: `  `, wantErr: "empty line"},
		{line: `not json`, wantErr: "not a request object"},
		{line: `{"id":1}`, wantErr: `has no "cmd"`},
		{line: `{"cmd":"x","extra":1}`, wantErr: "unknown field"},
		{line: `{"cmd":"x"} {"cmd":"y"}`, wantErr: "one request object per line"},
		{line: `{"id":[1],"cmd":"x"}`, wantErr: "id must be a string, number or null"},
		{line: `{"cmd":"x","args":{"a":1}}`, wantErr: `"args" must be an array or a string`},
		{line: `{"cmd":"x","args":[true]}`, wantErr: "must be a string or a number"},
		{line: `{"cmd":"x","args":"\"open"}`, wantErr: "double quote is not closed"},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			got, err := ParseJSON([]byte(tc.line))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseJSON(%q) error %v, want one containing %q", tc.line, err, tc.wantErr)
				}
				checkParseCode(t, err)
				return
			}
			if err != nil {
				t.Fatalf("ParseJSON(%q): %v", tc.line, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseJSON(%q) = %+v, want %+v", tc.line, got, tc.want)
			}
		})
	}
}

// checkParseCode: a parser's refusal is ErrEmpty (no reply) or carries
// the code bad-request.
func checkParseCode(t *testing.T, err error) {
	t.Helper()
	if errors.Is(err, ErrEmpty) {
		if HasCode(err) {
			t.Errorf("ErrEmpty carries a code: %v", err)
		}
		return
	}
	if CodeOf(err) != BadRequest {
		t.Errorf("parse error %q has code %q, want %q", err, CodeOf(err), BadRequest)
	}
}

func TestFormatText(t *testing.T) {
	tests := []struct {
		name string
		id   string
		rep  Reply
		err  error
		want string
	}{
		{"empty", "", Reply{}, nil, "=\n\n"},
		{"with id", "4", Reply{Text: "1"}, nil, "=4 1\n\n"},
		{"blank lines dropped", "", Reply{Text: "a\n\n  \nb\n\n"}, nil, "= a\nb\n\n"},
		{"error on one line", "9", Reply{Text: "ignored"}, Errorf(BadArgument, "bad\nthing"), "?9 bad; thing [bad-argument]\n\n"},
		{"wrapped code", "", Reply{}, fmt.Errorf("advance stopped: %w", Errorf(IllegalAction, "no")), "? advance stopped: no [illegal-action]\n\n"},
		{"error without a code", "", Reply{}, errors.New("oops"), "? oops [internal]\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := FormatText(tc.id, tc.rep, tc.err); got != tc.want {
				t.Errorf("FormatText = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFormatJSON(t *testing.T) {
	var ok map[string]any
	if err := json.Unmarshal([]byte(FormatJSON(`"a"`, Reply{Text: "t", Data: []int{1}}, nil)), &ok); err != nil {
		t.Fatal(err)
	}
	if ok["id"] != "a" || ok["ok"] != true || ok["text"] != "t" {
		t.Errorf("reply %v", ok)
	}
	line := FormatJSON("3", Reply{}, Errorf(NoGame, "no\nway"))
	if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
		t.Errorf("a JSON reply must be one line: %q", line)
	}
	var bad map[string]any
	if err := json.Unmarshal([]byte(line), &bad); err != nil {
		t.Fatal(err)
	}
	if bad["ok"] != false || bad["error"] != "no; way" || bad["code"] != "no-game" || bad["id"] != 3.0 {
		t.Errorf("error reply %v", bad)
	}
}

// FuzzParseText: no line makes the parser panic, and whatever it accepts
// has a lower-case command and an id of digits.
func FuzzParseText(f *testing.F) {
	for _, s := range []string{"legal", "12 play 3", `move "F3 Line" to 12,8 facing 90 # c`, `"`, "7", "", "\xff\xfe", "set unit A1 at 3mm 4p status pinned"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseText(line)
		if err != nil {
			if !errors.Is(err, ErrEmpty) && CodeOf(err) != BadRequest {
				t.Fatalf("ParseText(%q) refused with code %q: %v", line, CodeOf(err), err)
			}
			if strings.Contains(FormatText(r.ID, Reply{}, err), "\n\n\n") {
				t.Fatalf("error reply for %q has a blank line inside", line)
			}
			return
		}
		if r.Cmd == "" || r.Cmd != strings.ToLower(r.Cmd) {
			t.Fatalf("ParseText(%q) accepted command %q", line, r.Cmd)
		}
		if r.ID != "" && !IsDigits(r.ID) {
			t.Fatalf("ParseText(%q) accepted id %q", line, r.ID)
		}
	})
}

// FuzzParseJSON: no line makes the parser panic, and every reply to what
// it accepts or refuses is one line of valid JSON.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"cmd":"legal"}`, `{"id":7,"cmd":"play","args":["3"]}`, `{"id":"x","cmd":"move","args":"\"F3 Line\" to 1 2"}`, `{`, `[]`, `{"cmd":"x","args":[1,"a",null]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseJSON([]byte(line))
		if err != nil && !errors.Is(err, ErrEmpty) && CodeOf(err) != BadRequest {
			t.Fatalf("ParseJSON(%q) refused with code %q: %v", line, CodeOf(err), err)
		}
		out := FormatJSON(r.ID, Reply{Text: "x"}, err)
		if strings.Count(out, "\n") != 1 || !json.Valid([]byte(out)) {
			t.Fatalf("reply to %q is not one JSON line: %q", line, out)
		}
	})
}
