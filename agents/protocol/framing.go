package protocol

import "github.com/grognard/grognard/agents/protocol/wire"

// The framing is package wire's, shared with the external agent; these
// names keep the session's API as it was.
type (
	// Request is one parsed command (wire.Request).
	Request = wire.Request
	// Reply is a command's answer (wire.Reply).
	Reply = wire.Reply
	// Mode is the protocol's framing (wire.Mode).
	Mode = wire.Mode
)

// The two modes.
const (
	Text = wire.Text
	JSON = wire.JSON
)
