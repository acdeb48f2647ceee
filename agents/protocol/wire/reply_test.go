package wire

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestFormatRequest: a request written for a bot is one JSON line that
// a session's parser reads back as it was (id, command, arguments), and a
// genmove request carries its position's fields beside them, every field
// in the order of its name as bots have always been sent.
func TestFormatRequest(t *testing.T) {
	for _, r := range []Request{
		{ID: "1", Cmd: "protocol_version"},
		{ID: `"x-1"`, Cmd: "new_game", Args: []string{"ruleset=twobytwo", "side=0", "seed=3"}},
		{Cmd: "quit"},
	} {
		line, err := FormatRequest(r)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
			t.Errorf("%+v: not one line: %q", r, line)
		}
		back, err := ParseJSON([]byte(line))
		if err != nil || !reflect.DeepEqual(back, r) {
			t.Errorf("%q reads back as %+v, %v; want %+v", line, back, err, r)
		}
	}
	pos := &Position{Legal: []LegalAction{{ID: 1, Text: "end movement"}}, Phase: "movement", Side: 1, State: json.RawMessage(`{"turn":3}`), Turn: 3}
	line, err := FormatRequest(Request{ID: "4", Cmd: "genmove", Args: []string{"time=5s"}, Position: pos})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"args":["time=5s"],"cmd":"genmove","id":4,"legal":[{"id":1,"text":"end movement"}],"phase":"movement","side":1,"state":{"turn":3},"turn":3}` + "\n"
	if line != want {
		t.Errorf("genmove request %s, want %s", line, want)
	}
	if _, err := ParseJSON([]byte(line)); err == nil || CodeOf(err) != BadRequest {
		t.Errorf("a session takes a genmove request with a position: %v", err)
	}
	if _, err := FormatRequest(Request{ID: "007", Cmd: "name"}); err == nil {
		t.Error("an id that is not JSON was written")
	}
}

// TestParseReply: what FormatJSON writes, ParseReply reads back, code
// included; a bot's reply without a code or with fields of its own is
// taken; a line that is not a reply object is refused.
func TestParseReply(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		want    Response
		wantErr string
	}{
		{"success", FormatJSON("7", Reply{Text: "t", Data: []int{1}}, nil), Response{ID: "7", OK: true, Text: "t", Result: json.RawMessage("[1]")}, ""},
		{"error", FormatJSON(`"a"`, Reply{}, Errorf(IllegalAction, "no")), Response{ID: `"a"`, Error: "no", Code: IllegalAction}, ""},
		{"a bot's error", `{"id": 2, "ok": false, "error": "unknown command 'x'"}`, Response{ID: "2", Error: "unknown command 'x'"}, ""},
		{"extra fields", `{"id": null, "ok": true, "result": "1", "elapsed": 3}`, Response{ID: "null", OK: true, Result: json.RawMessage(`"1"`)}, ""},
		{"no ok", `{"id": 1, "result": 1}`, Response{}, `has no "ok"`},
		{"not JSON", `I am not JSON`, Response{}, "not a reply object"},
		{"two objects", `{"ok":true} {"ok":true}`, Response{}, "not a reply object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseReply([]byte(strings.TrimSuffix(tc.line, "\n")))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || CodeOf(err) != BadRequest {
					t.Fatalf("ParseReply(%q): %v, want a bad-request error containing %q", tc.line, err, tc.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ParseReply(%q) = %+v, %v; want %+v", tc.line, got, err, tc.want)
			}
			if rerr := got.Err(); (rerr == nil) != got.OK || (rerr != nil && (rerr.Error() != got.Error || HasCode(rerr) != (got.Code != ""))) {
				t.Errorf("Err() = %v for %+v", rerr, got)
			}
		})
	}
	// A code not written as a code is not passed on as one.
	r, _ := ParseReply([]byte(`{"ok":false,"error":"x","code":"no [way]"}`))
	if HasCode(r.Err()) {
		t.Errorf("the code %q was passed on", r.Code)
	}
}

// TestParseChoice: the four ways a bot may name its action.
func TestParseChoice(t *testing.T) {
	tests := []struct {
		res  string
		want Choice
		bad  bool
	}{
		{`3`, Choice{ID: 3}, false},
		{`"end movement"`, Choice{Text: "end movement"}, false},
		{`{"id": 2}`, Choice{ID: 2}, false},
		{`{"text": "end movement"}`, Choice{Text: "end movement"}, false},
		{`{"id": 2, "text": "x"}`, Choice{ID: 2}, false},
		{`{"move": 2}`, Choice{}, true},
		{`[1]`, Choice{}, true},
		{`2.5`, Choice{}, true},
	}
	for _, tc := range tests {
		got, err := ParseChoice(json.RawMessage(tc.res))
		if (err != nil) != tc.bad || got != tc.want {
			t.Errorf("ParseChoice(%s) = %+v, %v", tc.res, got, err)
		}
	}
}

// FuzzParseReply: no line a bot writes makes the reply reader panic, and
// an error reply it accepts gives an error with its message and, if any,
// a code written as codes are.
func FuzzParseReply(f *testing.F) {
	for _, s := range []string{`{"id":1,"ok":true,"result":"1"}`, `{"id":2,"ok":false,"error":"x","code":"internal"}`, `{"ok":false,"code":"a b"}`, `{"ok":1}`, `[]`, `{`, `null`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseReply([]byte(line))
		if err != nil {
			if CodeOf(err) != BadRequest {
				t.Fatalf("ParseReply(%q) refused with code %q", line, CodeOf(err))
			}
			return
		}
		rerr := r.Err()
		if r.OK != (rerr == nil) {
			t.Fatalf("ParseReply(%q): ok %v, Err %v", line, r.OK, rerr)
		}
		if rerr != nil && HasCode(rerr) && !validCode(CodeOf(rerr)) {
			t.Fatalf("ParseReply(%q) passed on the code %q", line, CodeOf(rerr))
		}
		if _, err := ParseChoice(r.Result); err != nil && CodeOf(err) != BadRequest {
			t.Fatalf("ParseChoice(%q): code %q", r.Result, CodeOf(err))
		}
	})
}
