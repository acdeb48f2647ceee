package agents_test

// The tests of package agents play the generic agents on 2 by 2
// positions with the 2 by 2 kit's scripts and evaluation: this external
// test file links the kit into the test binary (its init registers it
// before any test runs), which an internal test cannot import without a
// cycle.
import _ "github.com/grognard/grognard/agents/twobytwo"
