//go:build !unix

package agents

import (
	"os"
	"os/exec"
)

// startBot starts the program newCmd makes as any child is started where
// there are no process groups.
func startBot(newCmd func() *exec.Cmd) (*exec.Cmd, error) {
	proc := newCmd()
	return proc, proc.Start()
}

// killGroup kills the program alone where there are no process groups;
// grognard still closes its ends of the pipes, so a child the program left
// holding them cannot keep grognard waiting.
func killGroup(p *os.Process) { _ = p.Kill() }
