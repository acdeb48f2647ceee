//go:build !linux

package pgtest

import "testing"

// EnvVar names the environment variable of an existing server (used on
// Linux only: elsewhere the shared ladder's tests skip).
const EnvVar = "GROGNARD_TEST_POSTGRES"

// Main runs the tests: off Linux no server is ever started.
func Main(m *testing.M) int { return m.Run() }

// URL skips the test: pgtest starts servers on Linux only (it relies on
// Linux's parent-death signal to never leave one behind).
func URL(t testing.TB) string {
	t.Skip("pgtest starts PostgreSQL on Linux only: run the shared ladder's tests on Linux")
	return ""
}

// ServerURL gives no server off Linux, and says why.
func ServerURL() (serverURL, reason string) {
	return "", "pgtest starts PostgreSQL on Linux only"
}
