// Package protocol is the grognard line protocol (docs/protocol.md): one
// conversation about one game at a time, in text mode for people (a reply
// starts with = or ?, a blank line ends it) or JSON lines for programs.
//
// A Session executes parsed requests: it starts games on any registered
// ruleset with each side human or an agent, shows the position (summary,
// text sketch, units, JSON), lists legal actions, plays them by number,
// by text or as a person's free-form move in inches, millimetres or
// paces, takes dice from real rolls or rolls them, lets bots move
// (genmove, advance), gives hints with estimated win/draw/loss, corrects
// the position to match a real table, and undoes, saves and loads. Every
// refused request leaves the game exactly as it was. What only some
// rulesets offer (a table of pieces, a sketch, free-form moves,
// corrections) the session asks for by the named capabilities of
// engine/capabilities.go, and says so when the ruleset lacks one; the
// words of a free-form move or correction are the ruleset's to read. Serve
// runs a session
// over a reader and a writer; 'grognard protocol' and 'grognard play' are
// built on it. The framing (parsing requests, formatting replies, reading
// lines, error codes) is package wire's, which the external agent
// (agents.External) uses from the other side. Every refused request's
// error carries a wire.Code.
package protocol
