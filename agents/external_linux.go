//go:build linux

package agents

import (
	"errors"
	"os"
	"os/exec"
	"sync/atomic"
	"syscall"
)

// startBot starts the program newCmd makes as the first process (PID 1)
// of a PID namespace of its own, and the leader of a process group of its
// own. A process group holds only those that stay in it: a grandchild
// that calls setsid leaves it, and killGroup misses it, so it outlived
// the game. A PID namespace holds every process started in it, whatever
// its session or group, and when its first process dies, killed or of
// itself, the kernel kills all the others. The bot's death is the end of
// everything it started.
//
// The group is kept (the terminal's Ctrl-C reaches grognard alone, which
// then stops the bot, and killGroup kills it as on other systems), and
// Pdeathsig kills the bot, and so its namespace, should grognard die
// without stopping it (Linux sends it when the thread that started the
// bot ends, which Go's threads do only with the process, as grognard
// locks none to a goroutine).
//
// As the first process of its namespace the bot ignores the signals it
// has no handler for, bar SIGKILL from grognard's namespace, which is the
// one grognard sends. /proc is not mounted again: the bot sees the pids
// of grognard's namespace there, and its own pids ($$) are its
// namespace's.
//
// Not root, grognard makes a user namespace too, which an unprivileged
// process needs for a PID namespace, mapping only its own user and group
// to themselves: the bot runs as the same user, with no more rights
// than before. Where the system refuses namespaces (EPERM, EINVAL,
// ENOSPC: a container, a sysctl, a kernel without them) the bot runs in
// its process group alone, and a warning says once that a process it
// starts that leaves the group can outlive the game.
func startBot(newCmd func() *exec.Cmd) (*exec.Cmd, error) {
	ways := namespaceWays()
	var refused error
	for k := int(botWay.Load()); k < len(ways); k++ {
		proc := newCmd()
		proc.SysProcAttr = ways[k]
		err := proc.Start()
		if err == nil {
			rememberWay(k)
			return proc, nil
		}
		if !namespaceRefused(err) {
			return proc, err // the program's fault (missing, not executable), not the namespace's
		}
		refused = err
	}
	proc := newCmd()
	proc.SysProcAttr = groupAttr()
	if err := proc.Start(); err != nil {
		// Refused without namespaces too: the error was the program's,
		// whatever it looked like, and namespaces are tried again next.
		return proc, err
	}
	if refused != nil {
		rememberWay(len(ways))
		if !botWarned.Swap(true) {
			logger().Warn().Err(refused).Str("consequence", "a process an external bot starts that leaves its process group (setsid, a daemon) can outlive the game").
				Msg("external bots cannot run in a PID namespace of their own here; they run in a process group of their own instead")
		}
	}
	return proc, nil
}

// botWay is the index in namespaceWays of the way bots start here, found
// by the first bot: ways before it were refused (len(namespaceWays()):
// all were, bots start in a group alone). botWarned says the warning of
// the fallback was given.
var (
	botWay    atomic.Int32
	botWarned atomic.Bool
)

// rememberWay records that way k works, so that later bots do not try
// the ways before it again.
func rememberWay(k int) {
	for {
		old := botWay.Load()
		if int32(k) <= old || botWay.CompareAndSwap(old, int32(k)) {
			return
		}
	}
}

// namespaceWays are the ways to start a bot in a PID namespace, in the
// order tried: as root, a PID namespace alone, then (root without the
// capability, in a container) with a user namespace; otherwise with a
// user namespace mapping grognard's user and group to themselves.
// Tests replace it.
var namespaceWays = func() []*syscall.SysProcAttr {
	uid, gid := os.Geteuid(), os.Getegid()
	withUser := groupAttr()
	withUser.Cloneflags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID
	withUser.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
	withUser.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	withUser.GidMappingsEnableSetgroups = false // an unprivileged process may map its group only so
	if uid != 0 {
		return []*syscall.SysProcAttr{withUser}
	}
	alone := groupAttr()
	alone.Cloneflags = syscall.CLONE_NEWPID
	return []*syscall.SysProcAttr{alone, withUser}
}

// groupAttr starts a bot as the leader of a process group of its own,
// killed if grognard dies.
func groupAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// namespaceRefused reports whether err is how a system refuses a
// namespace: no privilege (EPERM, or EACCES where a security module
// denies it), a kernel without them or a flag it does not know (EINVAL,
// ENOSYS), or a limit on their number reached (ENOSPC, EUSERS).
func namespaceRefused(err error) bool {
	for _, e := range []syscall.Errno{syscall.EPERM, syscall.EACCES, syscall.EINVAL, syscall.ENOSYS, syscall.ENOSPC, syscall.EUSERS} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
