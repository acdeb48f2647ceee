package agents

import (
	"os"
	"sync/atomic"

	"github.com/rs/zerolog"
)

// agentLog is where the agents log what an operator should know and no
// caller is told: today, that external bots cannot be started as safely
// as the system usually allows (startBot).
var agentLog atomic.Pointer[zerolog.Logger]

// SetLogger makes l the agents' logger. Until it is called they log
// warnings as JSON lines on standard error, so that nothing they warn of
// goes unsaid.
func SetLogger(l zerolog.Logger) { agentLog.Store(&l) }

// logger is the agents' logger.
func logger() *zerolog.Logger {
	if l := agentLog.Load(); l != nil {
		return l
	}
	l := zerolog.New(os.Stderr).Level(zerolog.WarnLevel).With().Timestamp().Logger()
	agentLog.CompareAndSwap(nil, &l)
	return agentLog.Load()
}
