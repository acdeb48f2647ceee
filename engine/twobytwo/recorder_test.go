package twobytwo

import (
	"errors"
	"fmt"
	"testing"
)

var errStop = errors.New("stop")

// errRecorder is a testing.TB that records the first failure instead of
// stopping the goroutine, so invariant checks can run in a worker pool.
type errRecorder struct {
	testing.TB
	err error
}

func (r *errRecorder) Helper() {}

func (r *errRecorder) Fatalf(format string, args ...any) {
	r.err = fmt.Errorf(format, args...)
	panic(errStop)
}
