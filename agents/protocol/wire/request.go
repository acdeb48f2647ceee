// Package wire is the framing of the grognard protocol (docs/protocol.md),
// shared by both ends: the session that serves it (agents/protocol) and
// the external agent that drives a bot with it (agents.External).
//
// A request is one line: in text mode an optional numeric id, the command
// and its arguments (ParseText); in JSON mode an object with "id", "cmd"
// and "args" (ParseJSON, FormatRequest). A reply is "=" or "?", the id and
// the text, ending at a blank line (FormatText), or one JSON object
// (FormatJSON, ParseReply). Reader reads lines with a bound on their
// length. A refused request's reply carries an error code (Code): an
// *Error gives it, and the formatters write it beside the message.
package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Mode is the protocol's framing: text for people, JSON lines for programs.
type Mode int

// The two modes.
const (
	Text Mode = iota
	JSON
)

// String names the mode as the mode command takes it.
func (m Mode) String() string {
	if m == JSON {
		return "json"
	}
	return "text"
}

// Request is one parsed command.
type Request struct {
	// ID is the request's id as the client wrote it: digits in text
	// mode, any JSON scalar in JSON mode (kept as raw JSON); empty when
	// the client gave none.
	ID string
	// Cmd is the command name, lower case.
	Cmd string
	// Args are the command's arguments.
	Args []string
	// Position is what a genmove request to an external bot carries
	// besides its arguments; nil in every other request. FormatRequest
	// writes it; ParseJSON refuses its fields, which no session takes.
	Position *Position
}

// Position is the decision a genmove request puts to an external bot:
// every legal action of its side, numbered from 1, the phase, its side,
// the whole state as 'show json' gives it, and the turn. (The fields are
// in the order requests have always been written in, by name.)
type Position struct {
	Legal []LegalAction   `json:"legal"`
	Phase string          `json:"phase"`
	Side  int             `json:"side"`
	State json.RawMessage `json:"state"`
	Turn  int             `json:"turn"`
}

// LegalAction is one legal action as a genmove request lists it.
type LegalAction struct {
	ID   int    `json:"id"`
	Text string `json:"text"`
	// Notation is the action in its ruleset's notation
	// (engine.State.FormatAction); a bot may answer with it.
	Notation string `json:"notation,omitempty"`
}

// ErrEmpty is the parsers' answer to a line with nothing to do (blank or
// only a comment): it gets no reply.
var ErrEmpty = errors.New("empty line")

// badRequest is a parse error: the line is not a request.
func badRequest(format string, args ...any) error { return Errorf(BadRequest, format, args...) }

// ParseText parses one text-mode line: an optional numeric id, the command
// and its arguments, separated by spaces. Double quotes group words with
// spaces ("F3 Line"); "# " starts a comment (see Words). A line that is
// not a request is an *Error with code BadRequest; a blank line or a
// comment is ErrEmpty.
func ParseText(line string) (Request, error) {
	if !utf8.ValidString(line) {
		return Request{}, badRequest("the line is not valid UTF-8")
	}
	toks, err := Words(line)
	if err != nil {
		return Request{}, err
	}
	var r Request
	if len(toks) > 0 && IsDigits(toks[0]) {
		r.ID, toks = toks[0], toks[1:]
		if len(r.ID) > 18 {
			return r, badRequest("request id %s is longer than 18 digits", r.ID)
		}
	}
	if len(toks) == 0 {
		if r.ID != "" {
			return r, badRequest("request %s has no command", r.ID)
		}
		return r, ErrEmpty
	}
	r.Cmd = strings.ToLower(toks[0])
	if r.Cmd == "" {
		return r, badRequest("the command name is empty")
	}
	if len(toks) > 1 {
		r.Args = toks[1:]
	}
	return r, nil
}

// IsDigits reports whether s is a non-empty run of ASCII digits: an
// action's number or a request id.
func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Words splits a line into words, as text mode reads a request's. A word that starts with a double
// quote runs to the next double quote that ends a word (followed by a
// space or the end of the line), so "F3 Line" is one word while the inch
// marks inside an order's text (3.75") stay as they are; so does the value
// of key="a value", which loses its quotes. A word "#"
// followed by a space or the end of the line starts a comment, so #12 is
// a word. A double quote that is not closed is an *Error with code
// BadRequest.
func Words(line string) ([]string, error) {
	var toks []string
	rs := []rune(line)
	space := func(c rune) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
	for i := 0; i < len(rs); {
		if space(rs[i]) {
			i++
			continue
		}
		if rs[i] == '#' && (i+1 == len(rs) || space(rs[i+1])) {
			break
		}
		if rs[i] == '"' {
			j := i + 1
			for j < len(rs) && !(rs[j] == '"' && (j+1 == len(rs) || space(rs[j+1]))) {
				j++
			}
			if j == len(rs) {
				return nil, badRequest("a double quote is not closed")
			}
			toks = append(toks, string(rs[i+1:j]))
			i = j + 1
			continue
		}
		var word []rune
		j := i
		for j < len(rs) && !space(rs[j]) {
			if rs[j] == '"' && j > i && rs[j-1] == '=' {
				// key="value with spaces": the quotes group the value.
				k := j + 1
				for k < len(rs) && !(rs[k] == '"' && (k+1 == len(rs) || space(rs[k+1]))) {
					k++
				}
				if k == len(rs) {
					return nil, badRequest("a double quote is not closed")
				}
				word = append(word, rs[j+1:k]...)
				j = k + 1
				break
			}
			word = append(word, rs[j])
			j++
		}
		toks = append(toks, string(word))
		i = j
	}
	return toks, nil
}

// jsonRequest is a JSON-mode request line as a session reads it.
type jsonRequest struct {
	ID   json.RawMessage `json:"id"`
	Cmd  string          `json:"cmd"`
	Args json.RawMessage `json:"args"`
}

// ParseJSON parses one JSON-mode line: an object with "cmd", an optional
// "id" (any JSON scalar, echoed in the reply) and optional "args", either
// an array of strings and numbers or one string split as in text mode.
// Other fields are refused. A line that is not a request is an *Error with
// code BadRequest; a blank line is ErrEmpty.
func ParseJSON(line []byte) (Request, error) {
	var r Request
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return r, ErrEmpty
	}
	var jr jsonRequest
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jr); err != nil {
		return r, badRequest("not a request object: %v (write {\"id\": 1, \"cmd\": \"name\", \"args\": []})", err)
	}
	if dec.More() {
		return r, badRequest("one request object per line, got more")
	}
	if len(jr.ID) > 0 {
		switch jr.ID[0] {
		case '{', '[':
			return r, badRequest("the id must be a string, number or null, not %s", jr.ID)
		}
		if len(jr.ID) > 200 {
			return r, badRequest("the id is longer than 200 bytes")
		}
		if string(jr.ID) != "null" {
			r.ID = string(jr.ID)
		}
	}
	r.Cmd = strings.ToLower(strings.TrimSpace(jr.Cmd))
	if r.Cmd == "" {
		return r, badRequest("the request has no \"cmd\"")
	}
	args := bytes.TrimSpace(jr.Args)
	if len(args) == 0 || string(args) == "null" {
		return r, nil
	}
	switch args[0] {
	case '"':
		var s string
		if err := json.Unmarshal(args, &s); err != nil {
			return r, badRequest("\"args\": %v", err)
		}
		toks, err := Words(s)
		if err != nil {
			return r, badRequest("\"args\": %v", err)
		}
		r.Args = toks
	case '[':
		var raw []json.RawMessage
		if err := json.Unmarshal(args, &raw); err != nil {
			return r, badRequest("\"args\": %v", err)
		}
		for k, a := range raw {
			var s string
			if err := json.Unmarshal(a, &s); err == nil {
				r.Args = append(r.Args, s)
				continue
			}
			var n json.Number
			if err := json.Unmarshal(a, &n); err == nil {
				r.Args = append(r.Args, n.String())
				continue
			}
			return r, badRequest("\"args\"[%d] is %s: each argument must be a string or a number", k, a)
		}
	default:
		return r, badRequest("\"args\" must be an array or a string, not %s", args)
	}
	return r, nil
}

// requestLine is a JSON-mode request as FormatRequest writes it: a
// genmove request to a bot has its Position's fields beside the others.
// Every field is in the order of its name, as requests to bots have always
// been written: a bot that reads "cmd" just before "id" keeps working.
type requestLine struct {
	Args []string        `json:"args,omitempty"`
	Cmd  string          `json:"cmd"`
	ID   json.RawMessage `json:"id,omitempty"`
	*Position
}

// FormatRequest writes r as one JSON-mode request line, ending in a
// newline: what an external bot reads. r.ID must be JSON (a number or a
// quoted string) or empty.
func FormatRequest(r Request) (string, error) {
	out := requestLine{Cmd: r.Cmd, Args: r.Args, Position: r.Position}
	if r.ID != "" {
		if !json.Valid([]byte(r.ID)) {
			return "", fmt.Errorf("request id %q is not JSON", r.ID)
		}
		out.ID = json.RawMessage(r.ID)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("encode the %s request: %w", r.Cmd, err)
	}
	return string(b) + "\n", nil
}
