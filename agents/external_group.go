//go:build unix && !linux

package agents

import (
	"os/exec"
	"syscall"
)

// startBot starts the program newCmd makes as the leader of a process
// group of its own, so that whatever it starts can be ended with it
// (killGroup), and so that the terminal's Ctrl-C reaches grognard alone,
// which then stops the bot. A process the bot starts that leaves the
// group (setsid) is out of reach here: only Linux has the PID namespace
// that holds it (external_linux.go).
func startBot(newCmd func() *exec.Cmd) (*exec.Cmd, error) {
	proc := newCmd()
	proc.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return proc, proc.Start()
}
