package toy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/protocol"
)

// openingToFire are the orders of a toy game without postures that bring
// R-Skirm to square 5, in range of B-Guns on square 1, and have the guns
// fire: a pool of 20 dice.
var openingToFire = []string{
	// Turn 1, Blue first.
	"B-Guns advances", "R-Skirm advances", "B-Line holds", "R-Line holds", "B-Skirm holds", "R-Guns holds",
	// Turn 2, Red first.
	"R-Skirm advances", "B-Line holds", "R-Line holds", "B-Skirm holds", "R-Guns holds", "B-Guns holds",
	// Turn 3, Blue first.
	"B-Line holds", "R-Skirm advances", "B-Guns fires at R-Skirm",
}

// twentyDice are the faces typed for the guns' pool: 2 hits at 4+.
var twentyDice = "1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 4 6"

// A person types a pool of 20 dice through the protocol, in text mode and
// in JSON mode: the pending roll says 20d6 and who rolls, a wrong count or
// face is refused with the reason and changes nothing, and the typed dice
// are resolved (2 hits, then the morale test the person also types).
//
// The game is the variant without postures, to reach the guns' fire in
// few orders (sealed_protocol_test.go plays the postures).
func TestProtocolTwentyDice(t *testing.T) {
	for _, mode := range []string{"text", "json"} {
		t.Run(mode, func(t *testing.T) {
			reqs := []string{"new_game ruleset=toy scenario=skirmish side0=human side1=human dice=manual variant=no-postures"}
			for _, o := range openingToFire {
				reqs = append(reqs, "play "+o)
			}
			reqs = append(reqs, "pending", "dice 1 2 3", "dice "+strings.Replace(twentyDice, "6", "7", 1), "dice "+twentyDice, "pending", "dice 6 6", "show json", "quit")
			replies := converse(t, mode, reqs)
			n := 1 + len(openingToFire)
			for i, r := range replies[:n] {
				if !r.ok {
					t.Fatalf("%q refused: %s", reqs[i], r.text)
				}
			}
			want := []struct {
				ok   bool
				text string
			}{
				{true, "B-Guns fires 20d6 at R-Skirm, hitting on 4+"},
				{false, "20d6 needs 20 values, got 3"},
				{false, "die 20 is \"7\": it is a d6"},
				{true, ""},
				{true, "R-Skirm tests morale under fire: 2d6, passing on 7 or less"},
				{true, ""},
			}
			for k, w := range want {
				r := replies[n+k]
				if r.ok != w.ok || !strings.Contains(r.text, w.text) {
					t.Errorf("%q: ok %v %q, want ok %v containing %q", reqs[n+k], r.ok, r.text, w.ok, w.text)
				}
			}
			var st struct {
				Units []struct {
					Str   int `json:"str"`
					Pos   int `json:"pos"`
					Flags int `json:"flags"`
				} `json:"units"`
				Lost [2]int `json:"lost"`
			}
			if err := json.Unmarshal([]byte(replies[n+len(want)].data), &st); err != nil {
				t.Fatalf("show json: %v in %s", err, replies[n+len(want)].data)
			}
			if rs := st.Units[5]; rs.Str != 4 || rs.Pos != 5 || rs.Flags&2 == 0 || st.Lost != [2]int{0, 2} {
				t.Fatalf("after 2 hits and a failed test R-Skirm is %+v, losses %v", rs, st.Lost)
			}
		})
	}
}

// converse serves reqs to a new session in mode ("text" or "json") and
// returns a reply to each.
func converse(t *testing.T, mode string, reqs []string) []reply {
	t.Helper()
	var in bytes.Buffer
	if mode == "json" {
		in.WriteString("mode json\n")
		for i, r := range reqs {
			cmd, args, _ := strings.Cut(r, " ")
			b, _ := json.Marshal(map[string]any{"id": i + 1, "cmd": cmd, "args": args})
			in.Write(append(b, '\n'))
		}
	} else {
		in.WriteString(strings.Join(reqs, "\n") + "\n")
	}
	var out bytes.Buffer
	if err := protocol.Serve(context.Background(), protocol.NewSession(protocol.Config{}), &in, &out); err != nil {
		t.Fatal(err)
	}
	replies := splitReplies(t, mode, out.String())
	if len(replies) != len(reqs) {
		t.Fatalf("%d replies to %d requests:\n%s", len(replies), len(reqs), out.String())
	}
	return replies
}

// reply is one protocol reply: ok or not, its text, and in JSON mode its
// data (in text mode the text).
type reply struct {
	ok         bool
	text, data string
	// code is an error's code.
	code string
}

// splitReplies reads a session's output: in text mode "= text" or
// "? error" blocks ended by a blank line, in JSON mode one object a line
// (the reply to mode json itself is dropped).
func splitReplies(t *testing.T, mode, out string) []reply {
	var rs []reply
	if mode == "json" {
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var r struct {
				OK    bool            `json:"ok"`
				Error string          `json:"error"`
				Code  string          `json:"code"`
				Text  string          `json:"text"`
				Data  json.RawMessage `json:"result"`
			}
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "=") {
				continue // the text-mode reply to mode json
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("reply %q: %v", line, err)
			}
			text := r.Text
			if !r.OK {
				text = r.Error
			}
			rs = append(rs, reply{r.OK, text, string(r.Data), r.Code})
		}
		return rs
	}
	for _, block := range strings.Split(strings.TrimRight(out, "\n"), "\n\n") {
		block = strings.TrimLeft(block, "\n")
		if block == "" {
			continue
		}
		ok := strings.HasPrefix(block, "=")
		text := strings.TrimSpace(block[1:])
		if i := strings.IndexByte(text, ' '); i >= 0 && isNumber(text[:i]) {
			text = text[i+1:]
		}
		code := ""
		if i := strings.LastIndex(text, " ["); !ok && i >= 0 && strings.HasSuffix(text, "]") {
			text, code = text[:i], text[i+2:len(text)-1]
		}
		rs = append(rs, reply{ok, text, text, code})
	}
	return rs
}

func isNumber(s string) bool {
	var n int
	_, err := fmt.Sscanf(s, "%d", &n)
	return err == nil && fmt.Sprint(n) == s
}
