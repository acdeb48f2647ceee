//go:build unix

package agents

import (
	"os"
	"syscall"
)

// killGroup kills the bot's whole process group: the program and every
// process it started that stayed in its group, such as a child holding
// its output open. The group's id is the leader's pid, which the kernel
// does not give another process while the group has a member, so this is
// safe even after the leader has been waited for; when the group is gone
// it does nothing. On Linux the bot is also the first process of a PID
// namespace of its own (startBot), and its death ends every process in
// it, those that left the group too.
func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
}
