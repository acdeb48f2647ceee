package tabletop

import (
	"fmt"
	"sort"
	"strings"
)

// LabelError is FindLabel's refusal: no label matched the text, or more
// than one began with it. Close are the labels the person may have meant,
// at most a few, in the order the labels were given.
type LabelError struct {
	Text      string
	Ambiguous bool
	Close     []string
}

// maxClose is how many close labels an error lists.
const maxClose = 5

// Error says what was not found and what might have been meant.
func (e *LabelError) Error() string {
	if e.Ambiguous {
		return fmt.Sprintf("%q could be %s: write more of the label", e.Text, orList(e.Close))
	}
	return fmt.Sprintf("no label %q%s", e.Text, e.Hint())
}

// Hint is the close labels as a clause to add to a ruleset's own message
// (" (did you mean F1 Line or F10 Line?)"), or "" when none is close.
func (e *LabelError) Hint() string {
	if len(e.Close) == 0 {
		return ""
	}
	if e.Ambiguous {
		return " (it could be " + orList(e.Close) + "; write more of the label)"
	}
	return " (did you mean " + orList(e.Close) + "?)"
}

func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// FindLabel is the index of the label text names: the label written
// exactly, else the one label equal to it ignoring case, else the one
// label it begins (ignoring case), so "a-f" finds "A-FC" when no other
// label begins so. Surrounding spaces are ignored; an empty text names
// nothing. Otherwise the error is a *LabelError listing the labels the
// text could be or is close to.
func FindLabel(labels []string, text string) (int, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return -1, &LabelError{Text: text}
	}
	for k, l := range labels {
		if l == t {
			return k, nil
		}
	}
	found := -1
	for k, l := range labels {
		if strings.EqualFold(l, t) {
			if found >= 0 {
				// Two labels differ only in case: exactness was the
				// only way to tell them apart.
				return -1, &LabelError{Text: text, Ambiguous: true, Close: []string{labels[found], l}}
			}
			found = k
		}
	}
	if found >= 0 {
		return found, nil
	}
	low := strings.ToLower(t)
	var starts []int
	for k, l := range labels {
		if strings.HasPrefix(strings.ToLower(l), low) {
			starts = append(starts, k)
		}
	}
	if len(starts) == 1 {
		return starts[0], nil
	}
	if len(starts) > 1 {
		e := &LabelError{Text: text, Ambiguous: true}
		for _, k := range starts[:min(len(starts), maxClose)] {
			e.Close = append(e.Close, labels[k])
		}
		return -1, e
	}
	return -1, &LabelError{Text: text, Close: closeLabels(labels, low)}
}

// closeLabels are the labels nearest low by edit distance (ignoring
// case), at most maxClose of them, those within a third of their length
// (at least 2 edits) only, nearest first and then in the labels' order.
func closeLabels(labels []string, low string) []string {
	type near struct{ k, d int }
	var ns []near
	for k, l := range labels {
		ll := strings.ToLower(l)
		d := distance(ll, low)
		if d <= max(2, len([]rune(ll))/3) || strings.Contains(ll, low) && len(low) >= 2 {
			ns = append(ns, near{k, d})
		}
	}
	sort.SliceStable(ns, func(a, b int) bool { return ns[a].d < ns[b].d })
	var out []string
	for _, n := range ns[:min(len(ns), maxClose)] {
		out = append(out, labels[n.k])
	}
	return out
}

// distance is the Levenshtein distance between a and b, by runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		// Labels are short; a long text is near nothing.
		return max(len(ra), len(rb))
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := prev[j-1]
			if ra[i-1] != rb[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
