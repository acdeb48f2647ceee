package tabletop_test

import (
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/tabletop"
)

// A ruleset reads a person's move: the label quoted, the point in the
// table's units with suffixes, the facing as a compass word.
func Example() {
	lengths := []engine.Length{
		{Name: "bw", Words: "base widths", PerOwn: 1},
		{Name: "mm", Words: "millimetres", PerOwn: 40},
	}
	words, _ := tabletop.Words(`'A1 Line' to 400mm,8.5 facing ne`)
	k, _ := tabletop.FindLabel([]string{"A1 Line", "A10 Line"}, words[0])
	p, rest, _ := tabletop.ParsePoint(words[2:], lengths, lengths[0])
	f, _ := tabletop.ParseFacing(rest[1])
	fmt.Println(k, tabletop.Point(p), f)
	_, err := tabletop.FindLabel([]string{"A1 Line", "A10 Line"}, "a1")
	fmt.Println(err)
	_, err = tabletop.Unit(lengths, "paces")
	fmt.Println(err)
	fmt.Println(tabletop.Num(12.659336232612555), tabletop.Fixed(8))
	// Output:
	// 0 10,8.5 45
	// "a1" could be A1 Line or A10 Line: write more of the label
	// unknown unit "paces": the table measures in base widths; use bw or mm
	// 12.66 8.00
}
