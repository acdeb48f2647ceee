package tabletop

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine/geom"
)

// compass holds the compass words a facing may be written as, in degrees
// clockwise from north. A slice, not a map, so a lookup does no hashing
// and the order is fixed.
var compass = [...]struct {
	word string
	deg  float64
}{
	{"n", 0}, {"north", 0}, {"ne", 45}, {"northeast", 45}, {"north-east", 45},
	{"e", 90}, {"east", 90}, {"se", 135}, {"southeast", 135}, {"south-east", 135},
	{"s", 180}, {"south", 180}, {"sw", 225}, {"southwest", 225}, {"south-west", 225},
	{"w", 270}, {"west", 270}, {"nw", 315}, {"northwest", 315}, {"north-west", 315},
}

// ParseFacing reads a facing in degrees clockwise from north ("90",
// "90deg", "90°", "-90" is 270) or a compass word (north, ne, east, ...),
// and returns it in [0, 360).
func ParseFacing(word string) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(word))
	for _, c := range compass {
		if c.word == t {
			return c.deg, nil
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSuffix(t, "deg"), "°"), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a facing: write degrees clockwise from north (0 to 360) or a compass word such as north or ne", word)
	}
	return geom.NormDeg(v), nil
}
