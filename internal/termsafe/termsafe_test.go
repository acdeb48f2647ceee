package termsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"Zürich — Bataille d'Austerlitz", "Zürich — Bataille d'Austerlitz"},
		{"two\nlines\tand a tab", "two\nlines\tand a tab"},
		{"\x1b[2J\x1b[Hcleared", `\u001b[2J\u001b[Hcleared`},
		{"\x1b]0;pwned\x07title", `\u001b]0;pwned\u0007title`},
		{"\x1b]52;c;aGk=\x07clipboard", `\u001b]52;c;aGk=\u0007clipboard`},
		{"over\rwritten", `over\u000dwritten`},
		{"bell\x07 and del\x7f", `bell\u0007 and del\u007f`},
		{"c1 csi \u009b2J", `c1 csi \u009b2J`},
		{"raw byte \x9b2J", `raw byte \x9b2J`},
		{"bidi \u202eevil\u202c", `bidi \u202eevil\u202c`},
		{"isolate \u2066x\u2069", `isolate \u2066x\u2069`},
		{"not utf-8 \xff\xfe", `not utf-8 \xff\xfe`},
		{"", ""},
	} {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLine(t *testing.T) {
	if got := Line("worker\n2026-12-07 stored game 9\x1b[31m"); got != `worker\n2026-12-07 stored game 9\u001b[31m` {
		t.Errorf("Line = %q", got)
	}
}

// writeSplit writes s to a Writer in pieces cut at every cut given.
func writeSplit(t *testing.T, s string, cuts ...int) string {
	t.Helper()
	var out bytes.Buffer
	w := NewWriter(&out)
	prev := 0
	for _, c := range append(cuts, len(s)) {
		if c < prev || c > len(s) {
			continue
		}
		n, err := w.Write([]byte(s[prev:c]))
		if err != nil || n != c-prev {
			t.Fatalf("Write: %d, %v", n, err)
		}
		prev = c
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestWriterMatchesString(t *testing.T) {
	for _, s := range []string{
		"plain\n",
		"Zürich \u009b2J \x1b[31mred\x1b[0m\n",
		"é at a cut, \u202e and \xff",
		"日本語のテキスト\x07",
	} {
		want := String(s)
		for cut := 0; cut <= len(s); cut++ {
			if got := writeSplit(t, s, cut); got != want {
				t.Errorf("%q cut at %d: %q, want %q", s, cut, got, want)
			}
		}
	}
}

func TestWriterFlushesACutSequence(t *testing.T) {
	// The output ends inside a sequence: what is held is written as bytes.
	if got := writeSplit(t, "ab\xc3"); got != `ab\xc3` {
		t.Errorf("got %q", got)
	}
}

func FuzzWriter(f *testing.F) {
	f.Add("\x1b[2Jhello\u009b", 3)
	f.Add("Zürich\r\n", 2)
	f.Fuzz(func(t *testing.T, s string, cut int) {
		if cut < 0 {
			cut = -cut
		}
		got := writeSplit(t, s, cut%(len(s)+1))
		if got != String(s) {
			t.Fatalf("Writer %q, String %q", got, String(s))
		}
		for _, r := range got {
			if unsafe(r) {
				t.Fatalf("%q left %U raw", got, r)
			}
		}
		if strings.ContainsRune(got, 0x1b) {
			t.Fatalf("an escape reached the output: %q", got)
		}
	})
}

// JSON the encoder wrote keeps its meaning through the Writer: the
// characters it leaves raw (DEL, C1, bidirectional controls) come out as
// JSON's own escapes.
func TestWriterKeepsJSONValid(t *testing.T) {
	in := map[string]string{"name": "evil\u009b2J\x7f\u202e\x1b[31m"}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := NewWriter(&out).Write(b); err != nil {
		t.Fatal(err)
	}
	var back map[string]string
	if err := json.Unmarshal(out.Bytes(), &back); err != nil {
		t.Fatalf("%s is no longer JSON: %v", out.Bytes(), err)
	}
	if back["name"] != in["name"] {
		t.Fatalf("read back %q, want %q", back["name"], in["name"])
	}
	if r := rawControlIn(out.String()); r >= 0 {
		t.Fatalf("%U left raw in %q", r, out.String())
	}
}

func rawControlIn(s string) rune {
	for _, r := range s {
		if unsafe(r) {
			return r
		}
	}
	return -1
}

func TestFindControl(t *testing.T) {
	for _, c := range []struct {
		in    string
		r     rune
		at    int
		found bool
	}{
		{"Vieille Garde", 0, 0, false},
		{"Zürich", 0, 0, false},
		{"a\tb", '\t', 1, true},
		{"two\nlines", '\n', 3, true},
		{"é\x1b[2J", 0x1b, 2, true},
		{"csi\u009b", 0x9b, 3, true},
		{"rtl\u202e", 0x202e, 3, true},
		{"del\x7f", 0x7f, 3, true},
	} {
		r, at, found := FindControl(c.in)
		if r != c.r || at != c.at || found != c.found {
			t.Errorf("FindControl(%q) = %U %d %v, want %U %d %v", c.in, r, at, found, c.r, c.at, c.found)
		}
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a longer reason", 10, "a longe…"},
		{"\x1b[2J wipes", 12, `\u001b[2J…`},
		{"ééééé", 8, "éé…"},
		{strings.Repeat("x", 1<<20), 5, "xx…"},
		{"abc", 0, ""},
	} {
		if got := Clip(c.in, c.n); got != c.want || len(got) > c.n {
			t.Errorf("Clip(%.20q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
