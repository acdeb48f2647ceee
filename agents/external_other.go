//go:build !unix

package agents

import (
	"os"
	"syscall"
)

// botProcAttr is nil where there are no process groups: the bot starts as
// any child does.
func botProcAttr() *syscall.SysProcAttr { return nil }

// killGroup kills the program alone where there are no process groups;
// grognard still closes its ends of the pipes, so a child the program left
// holding them cannot keep grognard waiting.
func killGroup(p *os.Process) { _ = p.Kill() }
