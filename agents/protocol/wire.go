package protocol

import (
	"bytes"
	"encoding/json"
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

// maxLine bounds a request line; longer lines are refused, not buffered
// without end.
const maxLine = 1 << 20

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
}

// errEmpty marks a line with nothing to do (blank or a comment).
var errEmpty = fmt.Errorf("empty line")

// ParseText parses one text-mode line: an optional numeric id, the command
// and its arguments, separated by spaces. Double quotes group words with
// spaces ("F3 Line"); "# " starts a comment (see tokenize).
func ParseText(line string) (Request, error) {
	if !utf8.ValidString(line) {
		return Request{}, fmt.Errorf("the line is not valid UTF-8")
	}
	toks, err := tokenize(line)
	if err != nil {
		return Request{}, err
	}
	var r Request
	if len(toks) > 0 && isDigits(toks[0]) {
		r.ID, toks = toks[0], toks[1:]
		if len(r.ID) > 18 {
			return r, fmt.Errorf("request id %s is longer than 18 digits", r.ID)
		}
	}
	if len(toks) == 0 {
		if r.ID != "" {
			return r, fmt.Errorf("request %s has no command", r.ID)
		}
		return r, errEmpty
	}
	r.Cmd = strings.ToLower(toks[0])
	if r.Cmd == "" {
		return r, fmt.Errorf("the command name is empty")
	}
	if len(toks) > 1 {
		r.Args = toks[1:]
	}
	return r, nil
}

func isDigits(s string) bool {
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

// tokenize splits a line into words. A word that starts with a double
// quote runs to the next double quote that ends a word (followed by a
// space or the end of the line), so "F3 Line" is one word while the inch
// marks inside an order's text (3.75") stay as they are; so does the value
// of key="a value", which loses its quotes. A word "#"
// followed by a space or the end of the line starts a comment, so #12 is
// a word.
func tokenize(line string) ([]string, error) {
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
				return nil, fmt.Errorf("a double quote is not closed")
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
					return nil, fmt.Errorf("a double quote is not closed")
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

// jsonRequest is a JSON-mode request line.
type jsonRequest struct {
	ID   json.RawMessage `json:"id"`
	Cmd  string          `json:"cmd"`
	Args json.RawMessage `json:"args"`
}

// ParseJSON parses one JSON-mode line: an object with "cmd", an optional
// "id" (any JSON scalar, echoed in the reply) and optional "args", either
// an array of strings and numbers or one string split as in text mode.
func ParseJSON(line []byte) (Request, error) {
	var r Request
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return r, errEmpty
	}
	var jr jsonRequest
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jr); err != nil {
		return r, fmt.Errorf("not a request object: %v (write {\"id\": 1, \"cmd\": \"name\", \"args\": []})", err)
	}
	if dec.More() {
		return r, fmt.Errorf("one request object per line, got more")
	}
	if len(jr.ID) > 0 {
		switch jr.ID[0] {
		case '{', '[':
			return r, fmt.Errorf("the id must be a string, number or null, not %s", jr.ID)
		}
		if len(jr.ID) > 200 {
			return r, fmt.Errorf("the id is longer than 200 bytes")
		}
		if string(jr.ID) != "null" {
			r.ID = string(jr.ID)
		}
	}
	r.Cmd = strings.ToLower(strings.TrimSpace(jr.Cmd))
	if r.Cmd == "" {
		return r, fmt.Errorf("the request has no \"cmd\"")
	}
	args := bytes.TrimSpace(jr.Args)
	if len(args) == 0 || string(args) == "null" {
		return r, nil
	}
	switch args[0] {
	case '"':
		var s string
		if err := json.Unmarshal(args, &s); err != nil {
			return r, fmt.Errorf("\"args\": %v", err)
		}
		toks, err := tokenize(s)
		if err != nil {
			return r, fmt.Errorf("\"args\": %v", err)
		}
		r.Args = toks
	case '[':
		var raw []json.RawMessage
		if err := json.Unmarshal(args, &raw); err != nil {
			return r, fmt.Errorf("\"args\": %v", err)
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
			return r, fmt.Errorf("\"args\"[%d] is %s: each argument must be a string or a number", k, a)
		}
	default:
		return r, fmt.Errorf("\"args\" must be an array or a string, not %s", args)
	}
	return r, nil
}

// Reply is a command's answer: text for people and data for programs.
type Reply struct {
	Text string
	Data any
}

// jsonReply is a JSON-mode reply line.
type jsonReply struct {
	ID     json.RawMessage `json:"id,omitempty"`
	OK     bool            `json:"ok"`
	Error  string          `json:"error,omitempty"`
	Text   string          `json:"text,omitempty"`
	Result any             `json:"result,omitempty"`
}

// FormatText writes a text-mode reply: "=" or "?", the id, the text, then
// a blank line. An error is one line; a reply's text never holds a blank
// line, which would end it early.
func FormatText(id string, rep Reply, err error) string {
	var b strings.Builder
	if err != nil {
		b.WriteString("?" + id + " " + oneLine(err.Error()))
		b.WriteString("\n\n")
		return b.String()
	}
	b.WriteString("=" + id)
	text := strings.TrimRight(rep.Text, "\n")
	if text != "" {
		lines := strings.Split(text, "\n")
		kept := lines[:0]
		for _, l := range lines {
			if strings.TrimSpace(l) != "" {
				kept = append(kept, strings.TrimRight(l, " \r"))
			}
		}
		b.WriteString(" " + strings.Join(kept, "\n"))
	}
	b.WriteString("\n\n")
	return b.String()
}

// FormatJSON writes a JSON-mode reply line.
func FormatJSON(id string, rep Reply, err error) string {
	out := jsonReply{OK: err == nil}
	if id != "" {
		out.ID = json.RawMessage(id)
	}
	if err != nil {
		out.Error = oneLine(err.Error())
	} else {
		out.Text, out.Result = strings.TrimRight(rep.Text, "\n"), rep.Data
	}
	b, merr := json.Marshal(out)
	if merr != nil {
		b, _ = json.Marshal(jsonReply{ID: out.ID, Error: "internal error: cannot encode the reply: " + oneLine(merr.Error())})
	}
	return string(b) + "\n"
}

// oneLine folds a message onto one line.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, "\r", "")
	return strings.ReplaceAll(s, "\n", "; ")
}
