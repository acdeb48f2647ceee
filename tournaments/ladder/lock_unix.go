//go:build unix

package ladder

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockRun takes the lock that lets one 'ladder run' play a file's ladder
// at a time (two would each schedule and play the same seats), and gives
// the function that lets it go. The lock is flock(2) on a file beside the
// ladder's, FILE.lock, made if missing and never removed (removing a lock
// file races with a process about to lock it): the kernel lets it go when
// the run ends, however it ends, kill -9 included. It is not taken on
// the database file itself: SQLite locks that file with fcntl(2), whose
// locks a process loses when it closes any descriptor of the file.
//
// Commands that read the ladder, add entrants or pools, take no lock.
func lockRun(file string) (func(), error) {
	path := file + ".lock"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock the ladder for this run: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: another 'ladder run' plays %s already (it holds %s): stop it first, or give that run more --workers", ErrLocked, file, path)
		}
		return nil, fmt.Errorf("lock the ladder for this run (%s): %w", path, err)
	}
	return func() { f.Close() }, nil
}
