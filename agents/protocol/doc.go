// Package protocol is the grognard line protocol (docs/protocol.md): one
// conversation about one game at a time, in text mode for people (a reply
// starts with = or ?, a blank line ends it) or JSON lines for programs.
//
// A Session holds the conversation, and its typed methods do the work: it
// starts games on any registered ruleset with each side human or an agent
// (NewGame), shows the position (Show: summary, text sketch, units, JSON,
// history), lists legal actions (Legal), plays them by number, notation or
// text or as a person's free-form move (Play, Move, Place), takes dice
// from real rolls or rolls them (Pending, Dice, Roll), lets bots move
// (BotMove, Advance), gives hints with estimated win/draw/loss (Hint),
// corrects the position to match a real table (Correct), and undoes,
// saves and loads (Undo, Save, Load). Every refused call leaves the game
// exactly as it was. Execute is the protocol: a parser that reads a
// request's words into one of those methods' arguments, so that a Go
// front end ('grognard play', the web server) and a protocol client get
// the same replies.
//
// What only some rulesets offer (a table of pieces, a sketch, free-form
// moves, corrections, units of length) the session asks for by the named
// capabilities of engine/capabilities.go, and says so when the ruleset
// lacks one; the words of a free-form move or correction are the
// ruleset's to read, and its help (engine.FreeForm's MoveHelp,
// engine.Corrector's CorrectHelp) is what help prints. Lengths are in the
// ruleset's own unit unless units chose another of those it declares
// (engine.Measurer). Serve runs a session over a reader and a writer;
// 'grognard protocol' and 'grognard play' are built on it. The framing
// (parsing requests, formatting replies, reading lines, error codes) is
// package wire's, which the external agent (agents.External) uses from the
// other side. Every refused request's error carries a wire.Code.
package protocol
