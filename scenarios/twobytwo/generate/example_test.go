package generate_test

import (
	"fmt"

	"github.com/grognard/grognard/scenarios/twobytwo/generate"
)

// ExampleBattlefield draws battle 1 with the default options: 40 AP a side
// on a 24" table, nations drawn at random.
func ExampleBattlefield() {
	sc, err := generate.Battlefield(1, generate.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sc.Name)
	fmt.Println(sc.Title)
	fmt.Println(len(sc.Terrain), "terrain features,", len(sc.Units), "units")
	// Output:
	// gen:1
	// Generated battle 1: Nassau against Baden
	// 19 terrain features, 36 units
}
