package tabletop

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Unit is the unit of lengths that name names (engine.FindLength), the
// own unit (lengths[0]) for an empty name: what a front end's choice of
// unit means (engine.LengthReader). An unknown name is refused with the
// units the table does measure in, so a front end can refuse it when it
// is chosen rather than at the first move.
func Unit(lengths []engine.Length, name string) (engine.Length, error) {
	if len(lengths) == 0 {
		return engine.Length{}, errors.New("this game has no table to measure")
	}
	if strings.TrimSpace(name) == "" {
		return lengths[0], nil
	}
	l, err := engine.FindLength(lengths, name)
	if err != nil {
		return engine.Length{}, fmt.Errorf("unknown unit %q: the table measures in %s; use %s", name, lengths[0].Words, Names(lengths))
	}
	return l, nil
}

// Names lists the units' names for a message: "bw, mm, cm or in".
func Names(lengths []engine.Length) string {
	var b strings.Builder
	for k, l := range lengths {
		switch {
		case k == 0:
		case k == len(lengths)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(l.Name)
	}
	return b.String()
}

// isSuffix reports whether c may end a length's unit suffix: a letter or
// an inch mark.
func isSuffix(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '"' }

// ParseLength reads a length written as a number with an optional unit
// suffix ("12.5", `12"`, "300mm", "3600p", "2bw"), the suffix one of
// lengths (a name or alias, any case), and returns it in the own unit
// (lengths[0]); a bare number is in bare. A number that is not finite is
// refused.
func ParseLength(word string, lengths []engine.Length, bare engine.Length) (float64, error) {
	t := strings.TrimSpace(word)
	num := strings.TrimRightFunc(t, isSuffix)
	if num == "" {
		return 0, notLength(word, lengths, bare)
	}
	u := bare
	if suffix := t[len(num):]; suffix != "" {
		var err error
		if u, err = engine.FindLength(lengths, suffix); err != nil {
			return 0, fmt.Errorf("length %q: %w", word, err)
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, notLength(word, lengths, bare)
	}
	per := u.PerOwn
	if !(per > 0) || math.IsInf(per, 0) {
		return 0, fmt.Errorf("length %q: the unit %s has no size on this table", word, u.Name)
	}
	v /= per
	if math.IsInf(v, 0) {
		return 0, notLength(word, lengths, bare)
	}
	return v, nil
}

func notLength(word string, lengths []engine.Length, bare engine.Length) error {
	return fmt.Errorf("%q is not a length: write a number, with %s after it if it is not in %s", word, Names(lengths), bare.Words)
}

// ErrNoPoint is the error of ParsePoint when the words hold fewer than
// two numbers; a ruleset may say in its own words what the point is for.
var ErrNoPoint = errors.New("a point needs two numbers, X Y")

// ParsePoint reads a point, X Y or X,Y (a word may hold both numbers
// with a comma, as Words splits them anyway), from the start of words,
// each number a length ParseLength reads; it returns the point in the
// own unit and the words after it.
func ParsePoint(words []string, lengths []engine.Length, bare engine.Length) (geom.Vec, []string, error) {
	var nums [2]string
	n := 0
	rest := words
	for n < 2 && len(rest) > 0 {
		for _, p := range strings.Split(rest[0], ",") {
			if p == "" {
				continue
			}
			if n == 2 {
				return geom.Vec{}, words, fmt.Errorf("%q: a point is two numbers, X Y", rest[0])
			}
			nums[n] = p
			n++
		}
		rest = rest[1:]
	}
	if n != 2 {
		return geom.Vec{}, words, ErrNoPoint
	}
	x, err := ParseLength(nums[0], lengths, bare)
	if err != nil {
		return geom.Vec{}, words, err
	}
	y, err := ParseLength(nums[1], lengths, bare)
	if err != nil {
		return geom.Vec{}, words, err
	}
	return geom.Vec{X: x, Y: y}, rest, nil
}
