package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/sourcegraph/conc"
)

// thinkDelay is how long work runs before "thinking..." shows: what ends
// sooner needs no sign of life, and a flicker would only distract.
var thinkDelay = 600 * time.Millisecond

// isTerminal reports whether w is a terminal, where a person watches. A
// variable, so that a test can stand for a terminal.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// thinking shows "WHAT thinking... Ns" on stderr while long work runs, when
// stderr is a terminal, and wipes it when the returned function is called
// (before the work's result is printed; calling it again does nothing).
// Elsewhere (a file, a pipe, a
// test's buffer) it writes nothing, so that logs and outputs stay clean.
func (a *app) thinking(what string) (done func()) {
	if !isTerminal(a.stderr) {
		return func() {}
	}
	stop := make(chan struct{})
	var wg conc.WaitGroup
	wg.Go(func() {
		start := time.Now()
		timer := time.NewTimer(thinkDelay)
		defer timer.Stop()
		select {
		case <-stop:
			return
		case <-timer.C:
		}
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			fmt.Fprintf(a.stderr, "\r%s thinking... %ds ", what, int(time.Since(start).Seconds()))
			select {
			case <-stop:
				fmt.Fprint(a.stderr, "\r\033[K")
				return
			case <-tick.C:
			}
		}
	})
	var once sync.Once
	return func() {
		once.Do(func() {
			close(stop)
			wg.Wait()
		})
	}
}
