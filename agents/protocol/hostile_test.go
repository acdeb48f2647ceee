package protocol

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/grognard/grognard/engine/fileio/fileiotest"
)

// TestSaveNeverReplacesLinksOrDevices: save onto a symlink writes the
// file it points to and keeps the link; onto a null device writes
// through and keeps the device (a rename would replace it); onto a full
// one fails. As root the devices are nodes in a temporary directory, so a
// broken save cannot replace the machine's /dev/null.
func TestSaveNeverReplacesLinksOrDevices(t *testing.T) {
	dir := t.TempDir()
	s := NewSession(Config{})
	must(t, s, "new_game seed=3")
	target := filepath.Join(dir, "real.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	must(t, s, "save "+link)
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("save replaced the symlink: %v", err)
	}
	must(t, NewSession(Config{}), "load "+target)

	null := fileiotest.Device(t, "null")
	fi, err := os.Stat(null)
	if err != nil {
		t.Fatal(err)
	}
	must(t, s, "save "+null)
	after, err := os.Stat(null)
	if err != nil || after.Mode()&fs.ModeCharDevice == 0 || !os.SameFile(fi, after) {
		t.Fatalf("save replaced %s: %v", null, err)
	}
	full := fileiotest.Device(t, "full")
	if _, err := do(t, s, "save "+full); err == nil || !strings.Contains(err.Error(), "no space") {
		t.Fatalf("save to a full device: %v", err)
	}
}

// TestLoadRefusesHostileFiles: a FIFO (which would block) and a device
// (which never ends) are refused at once, and a file over the size limit
// is refused naming the limit.
func TestLoadRefusesHostileFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, MaxSavedGame+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{fifo, "a FIFO"},
		{"/dev/zero", "a character device"},
		{dir, "a directory"},
		{big, "at most 16 MiB"},
	} {
		err := fileiotest.Within(t, "load "+c.file, func() error {
			_, err := do(t, NewSession(Config{}), "load "+c.file)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("load %s: %v, want an error saying %q", c.file, err, c.want)
		}
	}
}

// editedSave saves s to a file with its state changed by edit (a map of
// the state's JSON fields) and marked corrected, as a person editing the
// file by hand would.
func editedSave(t *testing.T, s *Session, edit func(st map[string]json.RawMessage)) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "edited.json")
	must(t, s, "save "+file)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var st map[string]json.RawMessage
	if err := json.Unmarshal(doc["state"], &st); err != nil {
		t.Fatal(err)
	}
	edit(st)
	doc["state"], _ = json.Marshal(st)
	doc["edited"] = json.RawMessage("true")
	b, _ = json.Marshal(doc)
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestLoadRefusesImpossibleStates: a hand-edited saved game with a phase
// whose unit is missing (hint, legal and genmove failed with "internal
// error ... index out of range [255]") or with overlapping bases is
// refused at load with what is wrong; the commands after it answer "no
// game", never an internal error.
func TestLoadRefusesImpossibleStates(t *testing.T) {
	s := inMovement(t)
	cases := []struct {
		name string
		edit func(st map[string]json.RawMessage)
		want string
	}{
		{"rout direction phase with no rout", func(st map[string]json.RawMessage) {
			st["phase"] = json.RawMessage("10")
		}, "a rout is in hand in the rout direction phase, of no unit"},
		{"phase 255", func(st map[string]json.RawMessage) {
			st["phase"] = json.RawMessage("255")
		}, "out of range"},
		{"overlapping units", func(st map[string]json.RawMessage) {
			var units []map[string]json.RawMessage
			_ = json.Unmarshal(st["units"], &units)
			var first json.RawMessage
			for _, u := range units {
				if string(u["Loc"]) != "2" {
					continue
				}
				if first == nil {
					first = u["Pos"]
					continue
				}
				u["Pos"] = first
			}
			st["units"], _ = json.Marshal(units)
		}, "never overlap (R-CONTACT)"},
	}
	for _, c := range cases {
		file := editedSave(t, s, c.edit)
		s2 := NewSession(Config{})
		_, err := do(t, s2, "load "+file)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: load: %v, want an error saying %q", c.name, err, c.want)
			continue
		}
		for _, cmd := range []string{"legal", "genmove", "hint"} {
			_, err := do(t, s2, cmd)
			if err == nil || strings.Contains(err.Error(), "internal error") {
				t.Errorf("%s: %s after a refused load: %v", c.name, cmd, err)
			}
		}
	}
}
