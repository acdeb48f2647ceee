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

// closeLabels are the labels nearest low (ignoring case), at most
// maxClose of them, nearest first and then in the labels' order: those
// within a few edits of it (a third of the label, at least 2), those
// whose beginning is within an edit of it (a quarter of it, at least 1:
// "R1x" for "R1 Line"), and those that contain it.
func closeLabels(labels []string, low string) []string {
	type near struct{ k, d int }
	var ns []near
	n := len([]rune(low))
	for k, l := range labels {
		ll := strings.ToLower(l)
		d := distance(ll, low)
		pre := distance(prefix(ll, n), low)
		if d <= max(2, len([]rune(ll))/3) || n >= 2 && (pre <= max(1, n/4) || strings.Contains(ll, low)) {
			ns = append(ns, near{k, min(d, pre)})
		}
	}
	sort.SliceStable(ns, func(a, b int) bool { return ns[a].d < ns[b].d })
	var out []string
	for _, n := range ns[:min(len(ns), maxClose)] {
		out = append(out, labels[n.k])
	}
	return out
}

// prefix is s's first n runes (all of s if it is shorter).
func prefix(s string, n int) string {
	k := 0
	for i := range s {
		if k == n {
			return s[:i]
		}
		k++
	}
	return s
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
