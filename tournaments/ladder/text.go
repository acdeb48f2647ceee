package ladder

import (
	"fmt"
	"unicode/utf8"

	"github.com/grognard/grognard/internal/termsafe"
)

// MaxReason is the most bytes of a refusal's or a forfeit's reason that
// the ladder stores, logs or shows: reasons quote what others wrote (a
// record's fields, a bot's last words), and a worker must not be able to
// fill the coordinator's log or memory with them.
const MaxReason = 500

// checkName refuses a name that others will read on their terminals (a
// worker's, an entrant's author or version): at most max characters and
// no control characters, which termsafe would have to escape.
func checkName(what, s string, max int) error {
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Errorf("%s is at most %d characters (given %d)", what, max, n)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s %q is not UTF-8 text", what, s)
	}
	if _, _, bad := termsafe.FindControl(s); bad {
		return fmt.Errorf("%s %s: no control characters (tabs, newlines, escapes): write it on one line", what, termsafe.Line(s))
	}
	return nil
}

// CheckWorkerName refuses what a worker may not be called: empty, over
// MaxWorkerName characters, or with control characters. The ladder's
// functions refuse the same on the server.
func CheckWorkerName(name string) error {
	if name == "" {
		return fmt.Errorf("a worker needs a name (1 to %d characters)", MaxWorkerName)
	}
	return checkName("a worker's name", name, MaxWorkerName)
}
