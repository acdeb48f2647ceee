package wire

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Reply is a command's answer: text for people and data for programs.
type Reply struct {
	Text string
	Data any
}

// jsonReply is a JSON-mode reply line as FormatJSON writes it.
type jsonReply struct {
	ID     json.RawMessage `json:"id,omitempty"`
	OK     bool            `json:"ok"`
	Error  string          `json:"error,omitempty"`
	Code   Code            `json:"code,omitempty"`
	Text   string          `json:"text,omitempty"`
	Result any             `json:"result,omitempty"`
}

// FormatText writes a text-mode reply: "=" or "?", the id, the text, then
// a blank line. An error is one line, the message then its code in
// brackets ("?7 no legal action 99: there are 85 (see legal)
// [illegal-action]"); a reply's text never holds a blank line, which
// would end it early.
func FormatText(id string, rep Reply, err error) string {
	var b strings.Builder
	if err != nil {
		b.WriteString("?" + id + " " + oneLine(err.Error()) + " [" + string(CodeOf(err)) + "]")
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

// TextError splits a text-mode error reply's line after "?" and the id
// into its message and code; a line without a code (from an older
// program) gives its whole text and "".
func TextError(s string) (msg string, code Code) {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "]") {
		if i := strings.LastIndex(s, " ["); i >= 0 {
			if c := Code(s[i+2 : len(s)-1]); validCode(c) {
				return s[:i], c
			}
		}
	}
	return s, ""
}

// validCode reports whether c is written as a code is: 1 to 40 lower-case
// letters, digits and hyphens. A bot may send a code this program does
// not know; it is shown only when it looks like one.
func validCode(c Code) bool {
	if len(c) == 0 || len(c) > 40 {
		return false
	}
	for _, r := range c {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// FormatJSON writes a JSON-mode reply line: {"id", "ok": true, "text",
// "result"}, or for an error {"id", "ok": false, "error", "code"}.
func FormatJSON(id string, rep Reply, err error) string {
	out := jsonReply{OK: err == nil}
	if id != "" {
		out.ID = json.RawMessage(id)
	}
	if err != nil {
		out.Error, out.Code = oneLine(err.Error()), CodeOf(err)
	} else {
		out.Text, out.Result = strings.TrimRight(rep.Text, "\n"), rep.Data
	}
	b, merr := json.Marshal(out)
	if merr != nil {
		b, _ = json.Marshal(jsonReply{ID: out.ID, Error: "internal error: cannot encode the reply: " + oneLine(merr.Error()), Code: Internal})
	}
	return string(b) + "\n"
}

// oneLine folds a message onto one line.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, "\r", "")
	return strings.ReplaceAll(s, "\n", "; ")
}

// Response is a JSON-mode reply as the client reads it (ParseReply): what
// an external bot answers grognard, or a session its client.
type Response struct {
	// ID is the reply's id as written (raw JSON: 7, "x-1", null), ""
	// when it has none.
	ID string
	OK bool
	// Error and Code are an error reply's message and code (Code may be
	// empty: a bot need not give one).
	Error string
	Code  Code
	Text  string
	// Result is the answer's data as written, nil when there is none.
	Result json.RawMessage
}

// Err is an error reply as an *Error (nil for a success): its message, and
// its code when it gave one that is written as a code is.
func (r Response) Err() error {
	if r.OK {
		return nil
	}
	e := &Error{Msg: r.Error}
	if validCode(r.Code) {
		e.Code = r.Code
	}
	return e
}

// ParseReply reads one JSON-mode reply line: an object with "ok" (true or
// false) and optionally "id", "error", "code", "text" and "result"; other
// fields are ignored. A line that is not such an object is an *Error with
// code BadRequest.
func ParseReply(line []byte) (Response, error) {
	var in struct {
		ID     json.RawMessage `json:"id"`
		OK     *bool           `json:"ok"`
		Error  string          `json:"error"`
		Code   string          `json:"code"`
		Text   string          `json:"text"`
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(line, &in); err != nil {
		return Response{}, badRequest("not a reply object: %v", err)
	}
	if in.OK == nil {
		return Response{}, badRequest(`not a reply object: it has no "ok"`)
	}
	return Response{ID: string(bytes.TrimSpace(in.ID)), OK: *in.OK, Error: in.Error, Code: Code(in.Code), Text: in.Text, Result: in.Result}, nil
}

// Choice is a bot's answer to genmove: the number of a legal action in the
// request's list, or its text or notation (Text holds either).
type Choice struct {
	ID   int
	Text string
}

// ParseChoice reads genmove's result: {"id": N}, {"text": "..."},
// {"notation": "..."}, N or "text" (a text or a notation). A result that is none of these is an *Error with code
// BadRequest.
func ParseChoice(res json.RawMessage) (Choice, error) {
	var c Choice
	var obj struct {
		ID       *int    `json:"id"`
		Text     *string `json:"text"`
		Notation *string `json:"notation"`
	}
	switch {
	case json.Unmarshal(res, &c.ID) == nil:
	case json.Unmarshal(res, &c.Text) == nil:
	case json.Unmarshal(res, &obj) == nil && (obj.ID != nil || obj.Text != nil || obj.Notation != nil):
		switch {
		case obj.ID != nil:
			c.ID = *obj.ID
		case obj.Text != nil:
			c.Text = *obj.Text
		default:
			c.Text = *obj.Notation // matched against texts and notations alike
		}
	default:
		return Choice{}, badRequest("genmove's result is not an action's id or text")
	}
	return c, nil
}
