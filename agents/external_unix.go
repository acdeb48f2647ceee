//go:build unix

package agents

import (
	"os"
	"syscall"
)

// botProcAttr starts a bot as the leader of a process group of its own,
// so that whatever it starts can be ended with it, and so that the
// terminal's Ctrl-C reaches grognard alone, which then stops the bot.
func botProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the bot's whole process group: the program and every
// process it started that stayed in its group, such as a child holding
// its output open. The group's id is the leader's pid, which the kernel
// does not give another process while the group has a member, so this is
// safe even after the leader has been waited for; when the group is gone
// it does nothing.
func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
}
