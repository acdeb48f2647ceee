package scenarios

import (
	"os"
	"strings"
	"testing"
)

func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		name string
		want Kind
	}{
		{"village", Builtin},
		{"my-battle.yaml", File},
		{"dir/Battle.YML", File},
		{"gen:42", Generated},
		{"gen:42:80", Generated},
		{"general", Builtin},
		{"yaml", Builtin},
	} {
		if got := KindOf(c.name); got != c.want {
			t.Errorf("KindOf(%q) = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestSplitGeneratedName(t *testing.T) {
	for _, c := range []struct {
		name      string
		seed      uint64
		budget    string
		hasBudget bool
		err       string
	}{
		{"gen:42", 42, "", false, ""},
		{"gen:7:80", 7, "80", true, ""},
		{"gen:7:", 7, "", true, ""},
		{"gen:x", 0, "", false, "whole number"},
		{"gen:-1", 0, "", false, "whole number"},
		{"standard", 0, "", false, "not a generated"},
	} {
		seed, budget, has, err := SplitGeneratedName(c.name)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || seed != c.seed || budget != c.budget || has != c.hasBudget {
			t.Errorf("%s: %d %q %v %v, want %d %q %v", c.name, seed, budget, has, err, c.seed, c.budget, c.hasBudget)
		}
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small, big := dir+"/small.yaml", dir+"/big.yaml"
	if err := os.WriteFile(small, []byte("name: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, make([]byte, MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(small); err != nil || string(b) != "name: x\n" {
		t.Errorf("small file: %q %v", b, err)
	}
	if _, err := ReadFile(big); err == nil || !strings.Contains(err.Error(), "over") || !strings.Contains(err.Error(), "big.yaml") {
		t.Errorf("file over the limit: %v", err)
	}
	if _, err := ReadFile(dir + "/missing.yaml"); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ReadFile(dir); err == nil {
		t.Errorf("a directory was read")
	}
}
