package armylist

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

type row struct {
	Name  string   `yaml:"name"`
	Units []string `yaml:"units"`
}

// TestDecode: one plain document within the bound, every key known, or an
// error naming the source and, where the decoder gives one, the line.
func TestDecode(t *testing.T) {
	for _, c := range []struct {
		what, data string
		want       []row
		wantErr    string
	}{
		{"good", "- name: a\n  units: [x, y]\n- {name: b}\n", []row{{"a", []string{"x", "y"}}, {"b", nil}}, ""},
		{"unknown key", "- name: a\n  unit: [x]\n", nil, "src.yaml:2:1: field unit not found"},
		{"wrong shape", "- name: [a]\n", nil, "src.yaml:1:1"},
		{"anchor", "- &r {name: a}\n- *r\n", nil, "anchors and aliases"},
		{"two documents", "- {name: a}\n---\n- {name: b}\n", nil, "more than one YAML document"},
		{"empty", "", nil, "the file is empty"},
		{"syntax", "- {name: a\n", nil, "not valid YAML"},
		{"too large", strings.Repeat(" ", MaxFileSize+1), nil, "over the 1048576 byte limit"},
		{"deep", strings.Repeat("[", 70) + strings.Repeat("]", 70), nil, "nests deeper than 64 levels"},
	} {
		var got []row
		err := Decode("src.yaml", []byte(c.data), &got)
		if c.wantErr == "" {
			if err != nil || len(got) != len(c.want) {
				t.Errorf("%s: got %+v, %v; want %+v", c.what, got, err, c.want)
				continue
			}
			for i := range got {
				if got[i].Name != c.want[i].Name || strings.Join(got[i].Units, ",") != strings.Join(c.want[i].Units, ",") {
					t.Errorf("%s: row %d = %+v, want %+v", c.what, i, got[i], c.want[i])
				}
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("%s: got %v, want an error with %q", c.what, err, c.wantErr)
		}
	}
}

// TestEmbedded: the data is parsed once however many goroutines ask, and
// Must panics with the problems of data that does not parse.
func TestEmbedded(t *testing.T) {
	calls := 0
	e := NewEmbedded("x.yaml", []byte("- {name: a}"), func(source string, data []byte) ([]row, error) {
		calls++
		var rs []row
		return rs, Decode(source, data, &rs)
	})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if rs := e.Must(); len(rs) != 1 || rs[0].Name != "a" {
				t.Errorf("got %+v", rs)
			}
		})
	}
	wg.Wait()
	if calls != 1 {
		t.Errorf("parsed %d times, want once", calls)
	}
	bad := NewEmbedded("bad.yaml", nil, func(string, []byte) (int, error) { return 0, errors.New("broken") })
	if _, err := bad.Get(); err == nil {
		t.Errorf("Get of broken data gave no error")
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "broken") {
			t.Errorf("Must of broken data: recovered %v, want a panic with the problem", r)
		}
	}()
	bad.Must()
}
