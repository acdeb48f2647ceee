package scenarios

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

type testScen struct{ name, from string }

func rename(sc *testScen, name string) { sc.name = name }

// TestKindSources: the file source takes only file names and the
// generated source only gen: names, each naming the scenario as asked and
// passing its maker's error on (ok true, so no later source is asked).
func TestKindSources(t *testing.T) {
	load := func(p string) (*testScen, error) {
		if strings.Contains(p, "bad") {
			return nil, errors.New("bad file")
		}
		return &testScen{from: "file"}, nil
	}
	gen := func(n string) (*testScen, error) {
		if n == "gen:x" {
			return nil, errors.New("bad seed")
		}
		return &testScen{from: "gen"}, nil
	}
	files, gens := FileSource(load, rename), GeneratedSource(gen, rename)
	for _, tc := range []struct {
		name, give      string
		src             func(string) (*testScen, bool, error)
		ok              bool
		wantFrom, wantE string
	}{
		{name: "file source loads a yaml path", give: "a/b.yaml", src: files, ok: true, wantFrom: "file"},
		{name: "file source loads a .YML path", give: "b.YML", src: files, ok: true, wantFrom: "file"},
		{name: "file source passes a load error on", give: "bad.yaml", src: files, ok: true, wantE: "bad file"},
		{name: "file source declines a built-in name", give: "village", src: files},
		{name: "file source declines a gen name", give: "gen:1", src: files},
		{name: "generated source makes a gen name", give: "gen:42:80", src: gens, ok: true, wantFrom: "gen"},
		{name: "generated source passes an error on", give: "gen:x", src: gens, ok: true, wantE: "bad seed"},
		{name: "generated source declines a file", give: "x.yaml", src: gens},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, ok, err := tc.src(tc.give)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			switch {
			case tc.wantE != "":
				if err == nil || err.Error() != tc.wantE || sc != nil {
					t.Fatalf("got %v, %v; want error %q", sc, err, tc.wantE)
				}
			case tc.ok:
				if err != nil || sc.from != tc.wantFrom || sc.name != tc.give {
					t.Fatalf("got %+v, %v", sc, err)
				}
			case sc != nil || err != nil:
				t.Fatalf("declined name gave %v, %v", sc, err)
			}
		})
	}
}

// TestEmbedded: files in name order, parsed by base name, registered
// under the parsed name with a fresh copy each call; a broken file panics
// at registration.
func TestEmbedded(t *testing.T) {
	fsys := fstest.MapFS{
		"builtin/b.yaml":    {Data: []byte("beta")},
		"builtin/a.yaml":    {Data: []byte("alpha")},
		"builtin/README.md": {Data: []byte("not a scenario")},
	}
	parse := func(name string, data []byte) (*testScen, error) {
		if string(data) == "broken" {
			return nil, errors.New(name + ": broken")
		}
		return &testScen{name: string(data), from: name}, nil
	}
	e := Embedded[*testScen]{FS: fsys, Pattern: "builtin/*.yaml", Parse: parse}
	if got := strings.Join(e.Files(), ","); got != "builtin/a.yaml,builtin/b.yaml" {
		t.Errorf("Files() = %s", got)
	}
	all, err := e.All()
	if err != nil || len(all) != 2 || all[0].name != "alpha" || all[1].from != "b.yaml" {
		t.Errorf("All() = %v, %v", all, err)
	}
	if _, err := e.ParseFile("builtin/none.yaml"); err == nil || !strings.Contains(err.Error(), "read built-in scenario builtin/none.yaml") {
		t.Errorf("missing file: %v", err)
	}
	got := map[string]func() *testScen{}
	e.Register(func(name string, mk func() *testScen) { got[name] = mk }, func(sc *testScen) string { return sc.name })
	if len(got) != 2 || got["beta"]().from != "b.yaml" || got["alpha"]() == got["alpha"]() {
		t.Errorf("registered %v", got)
	}

	fsys["builtin/c.yaml"] = &fstest.MapFile{Data: []byte("broken")}
	defer func() {
		if p := recover(); p == nil {
			t.Error("a broken embedded file registered without a panic")
		}
	}()
	e.Register(func(string, func() *testScen) {}, func(sc *testScen) string { return sc.name })
}

// TestFormat: Load reads within the size bound and keeps the text's name,
// ParseScenario names the scenario as asked without the file system, and
// the file source does both, declining other names.
func TestFormat(t *testing.T) {
	f := Format[*testScen]{
		Parse: func(source string, data []byte) (*testScen, error) {
			if string(data) == "bad" {
				return nil, errors.New(source + ": bad text")
			}
			return &testScen{name: "from-text", from: string(data)}, nil
		},
		Rename: rename,
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good, bad, big := write("good.yaml", []byte("body")), write("bad.yaml", []byte("bad")), write("big.yaml", make([]byte, MaxFileSize+1))
	src := f.FileSource()
	for _, c := range []struct {
		what    string
		run     func() (*testScen, bool, error)
		want    *testScen // nil wants an error
		wantErr string
	}{
		{"Load keeps the text's name", func() (*testScen, bool, error) { sc, err := f.Load(good); return sc, true, err },
			&testScen{"from-text", "body"}, ""},
		{"Load of a missing file", func() (*testScen, bool, error) { sc, err := f.Load(dir + "/none.yaml"); return sc, true, err },
			nil, "none.yaml"},
		{"Load over the bound", func() (*testScen, bool, error) { sc, err := f.Load(big); return sc, true, err },
			nil, "big.yaml: the file is over"},
		{"ParseScenario names as asked", func() (*testScen, bool, error) {
			sc, err := f.ParseScenario("dir/x.yaml", []byte("data"))
			return sc, true, err
		}, &testScen{"dir/x.yaml", "data"}, ""},
		{"ParseScenario passes the parse error", func() (*testScen, bool, error) {
			sc, err := f.ParseScenario("dir/x.yaml", []byte("bad"))
			return sc, true, err
		}, nil, "dir/x.yaml: bad text"},
		{"file source names by path", func() (*testScen, bool, error) { return src(good) }, &testScen{good, "body"}, ""},
		{"file source passes the error", func() (*testScen, bool, error) { return src(bad) }, nil, "bad.yaml: bad text"},
		{"file source declines a built-in name", func() (*testScen, bool, error) { return src("village") }, nil, ""},
	} {
		sc, ok, err := c.run()
		switch {
		case c.want == nil && c.wantErr == "":
			if ok || sc != nil || err != nil {
				t.Errorf("%s: got %v, %v, %v; want it declined", c.what, sc, ok, err)
			}
		case c.want == nil:
			if !ok || err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s: got %v, %v, %v; want an error with %q", c.what, sc, ok, err, c.wantErr)
			}
		default:
			if !ok || err != nil || sc == nil || *sc != *c.want {
				t.Errorf("%s: got %v, %v, %v; want %v", c.what, sc, ok, err, c.want)
			}
		}
	}
}
