package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rawControl reports the first control character (other than newline
// and tab) in s that would act on a terminal, or -1.
func rawControl(s string) rune {
	for _, r := range s {
		if r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f) {
			return r
		}
	}
	return -1
}

// TestTerminalEscapesNeutralised: what came from others (an external
// bot's last words on stderr, a name typed into a command line) reaches
// stdout and stderr with its control characters escaped, never raw.
func TestTerminalEscapesNeutralised(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "hostile.sh")
	// A bot that retitles the terminal, clears it and rings its bell on
	// stderr, then dies: its words are quoted in the forfeit.
	script := "#!/bin/sh\nprintf 'boom \\033]0;pwned\\007\\033[2J\\233\\r' >&2\nexit 3\n"
	if err := os.WriteFile(bot, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		// in is where the hostile text shows, escaped: "out" or "err".
		in, want string
	}{
		{"bot's stderr in a forfeit", []string{"match", "--quiet", "--b", "external:cmd=" + bot}, "out", `\u001b]0;pwned\u0007\u001b[2J`},
		{"a name typed on the command line", []string{"match", "--scenario", "\x1b[2Jno-such\x9b.yaml"}, "err", `\u001b[2Jno-such`},
		{"an unknown agent", []string{"match", "--a", "\x1b]0;x\x07"}, "err", `x1b]0;x`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, out, errOut := grognard(t, c.args...)
			if r := rawControl(out); r >= 0 {
				t.Errorf("stdout carries %U raw: %q", r, out)
			}
			if r := rawControl(errOut); r >= 0 {
				t.Errorf("stderr carries %U raw: %q", r, errOut)
			}
			shown := map[string]string{"out": out, "err": errOut}[c.in]
			if !strings.Contains(shown, c.want) {
				t.Errorf("std%s does not show %q escaped: %q", c.in, c.want, shown)
			}
		})
	}
}
