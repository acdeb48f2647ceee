package generate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"

	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
)

// Defaults and limits of Options.
const (
	DefaultAP   = 40
	DefaultSize = 24
	// MaxAP bounds the army points asked for: far above what fits the
	// engine's 64 units (see ErrTooManyUnits), low enough that drawing the
	// armies stays quick before the unit count is refused.
	MaxAP = 200
)

// The PCG stream constants: terrain and armies draw from separate streams
// of the same seed so that a change to one never reshuffles the other.
const (
	terrainStream = 0x7465727261696e // "terrain"
	armyStream    = 0x61726d696573   // "armies"
)

// Options of a generated battle; the zero value means the defaults.
type Options struct {
	AP      float64    // army points a side; 0 means 40
	Nations [2]string  // nation of side 0 and side 1 (names as in scenarios/twobytwo/armies.Nations()); "" means drawn at random
	Size    float64    // table size in inches; 0 means 24
	Victory tb.Victory // Fast (zero value) or Decisive
}

// ErrTooManyUnits is wrapped by the error Battlefield returns when the two
// drawn armies hold more units than the engine can play (twobytwo.MaxUnits).
var ErrTooManyUnits = errors.New("too many units")

// Battlefield builds the battle for seed. The same seed and options give the
// same scenario (deep-equal, same Hash()). The table comes from Terrain; each
// side's army is a random army of its nation's list ((*armies.List).Random);
// set-up is by play: the attacker is decided by dice and 10 AP a side are
// deployed, the rest entering at reinforcement points, as the engine plays
// "Game setup" and "Force deployment".
func Battlefield(seed uint64, opt Options) (*tb.Scenario, error) {
	sc, err := battlefield(seed, opt)
	if err != nil {
		return nil, fmt.Errorf("generate battlefield %d: %w", seed, err)
	}
	return sc, nil
}

func battlefield(seed uint64, opt Options) (*tb.Scenario, error) {
	ap, size := opt.AP, opt.Size
	if ap == 0 {
		ap = DefaultAP
	}
	if size == 0 {
		size = DefaultSize
	}
	if math.IsNaN(ap) || ap < 0 || ap > MaxAP {
		return nil, fmt.Errorf("army points %v must be a positive number up to %d", opt.AP, MaxAP)
	}
	if !(size >= MinSize && size <= MaxSize) {
		return nil, fmt.Errorf("table size %v\" must be between %d\" and %d\"", opt.Size, MinSize, MaxSize)
	}
	if opt.Victory != tb.Fast && opt.Victory != tb.Decisive {
		return nil, fmt.Errorf("unknown victory conditions %d (fast %d or decisive %d)", opt.Victory, tb.Fast, tb.Decisive)
	}

	// Ruling G-CHOOSER: the terrain is drawn before, and independently of,
	// the sides.
	terrain := Terrain(rand.New(rand.NewPCG(seed, terrainStream)), size)
	rng := rand.New(rand.NewPCG(seed, armyStream))

	lists, err := pickNations(opt.Nations, rng)
	if err != nil {
		return nil, err
	}
	p0, p1 := prefixes(lists[0].Nation, lists[1].Nation)
	u0, err := lists[0].Random(ap, 0, p0, rng)
	if err != nil {
		return nil, fmt.Errorf("side 0: %w", err)
	}
	u1, err := lists[1].Random(ap, 1, p1, rng)
	if err != nil {
		return nil, fmt.Errorf("side 1: %w", err)
	}
	if n := len(u0) + len(u1); n > tb.MaxUnits {
		return nil, fmt.Errorf("%w: at %g AP, %s drew %d units and %s %d, %d in all; the engine plays at most %d (lower the AP)",
			ErrTooManyUnits, ap, lists[0].Nation, len(u0), lists[1].Nation, len(u1), n, tb.MaxUnits)
	}
	units := append(u0, armies.Rebase(u1, len(u0))...)

	names := [2]string{lists[0].Nation, lists[1].Nation}
	sc := &tb.Scenario{
		Name:  fmt.Sprintf("gen:%d", seed),
		Title: fmt.Sprintf("Generated battle %d: %s against %s", seed, names[0], names[1]),
		Description: fmt.Sprintf("%s. %s (%d units, %g AP) against %s (%d units, %g AP); the attacker is decided by dice and each side deploys 10 AP.",
			capitalise(describeTerrain(terrain)), names[0], len(u0), armies.TotalAP(units, 0), names[1], len(u1), armies.TotalAP(units, 1)),
		Size:        size,
		Terrain:     terrain,
		SideNames:   names,
		Nations:     names,
		AP:          [2]float64{ap, ap},
		Units:       units,
		Victory:     opt.Victory,
		SetupByPlay: true,
		DeployAP:    10,
		TurnLimit:   30,
	}
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	for side, l := range lists {
		if ps := l.Validate(units, side); len(ps) > 0 {
			return nil, fmt.Errorf("side %d army breaks the %s list: %s", side, l.Nation, ps[0].Message)
		}
	}
	return sc, nil
}

// pickNations resolves the requested nations and draws the missing ones
// (ruling G-ARMIES).
// Drawn nations differ from the other side's, so a random battle is never
// a civil war; two equal names given by the caller are kept.
func pickNations(want [2]string, rng *rand.Rand) ([2]*armies.List, error) {
	var out [2]*armies.List
	for side, n := range want {
		if n == "" {
			continue
		}
		l, err := armies.ByNation(n)
		if err != nil {
			return out, fmt.Errorf("side %d: %w", side, err)
		}
		out[side] = l
	}
	all := armies.Nations()
	for side := range out {
		if out[side] != nil {
			continue
		}
		var pool []string
		for _, n := range all {
			if o := out[1-side]; o == nil || o.Nation != n {
				pool = append(pool, n)
			}
		}
		l, err := armies.ByNation(pool[rng.IntN(len(pool))])
		if err != nil {
			return out, err
		}
		out[side] = l
	}
	return out, nil
}

// prefixForms lists the label prefixes a nation may take, shortest first:
// the initials of a name of several words ("Kingdom of Holland" KH,
// "Dutch-Belgium (1815)" DB), else the first one, two, three and four
// letters of the one word.
func prefixForms(nation string) []string {
	var words []string
	for _, w := range strings.FieldsFunc(nation, func(r rune) bool { return r == ' ' || r == '-' }) {
		if w == "of" || strings.HasPrefix(w, "(") {
			continue
		}
		words = append(words, w)
	}
	if len(words) == 0 {
		return []string{"X"}
	}
	if len(words) > 1 {
		var b strings.Builder
		for _, w := range words {
			b.WriteRune(unicode.ToUpper([]rune(w)[0]))
		}
		return []string{b.String()}
	}
	r := []rune(words[0])
	var out []string
	for k := 1; k <= 4 && k <= len(r); k++ {
		out = append(out, string(r[:k]))
	}
	return out
}

// prefixes (ruling G-ARMIES) gives the two sides distinct short label prefixes ("F3 Line"
// against "P3 Line"): the shortest forms that differ; a nation fighting
// itself gets S and N (its south and north armies) after its initial.
func prefixes(a, b string) (string, string) {
	fa, fb := prefixForms(a), prefixForms(b)
	for k := range max(len(fa), len(fb)) {
		pa, pb := fa[min(k, len(fa)-1)], fb[min(k, len(fb)-1)]
		if pa != pb {
			return pa, pb
		}
	}
	return fa[0] + "S", fb[0] + "N"
}

// describeTerrain says in words what was drawn: "2 roads, the towns of
// Ligny and Aspern, a river with a ford, a hill and 3 copses".
func describeTerrain(fs []tb.Feature) string {
	var count [tb.Ford + 1]int
	var towns []string
	for i := range fs {
		count[fs[i].Kind]++
		if fs[i].Kind == tb.Town {
			towns = append(towns, fs[i].Name)
		}
	}
	var parts []string
	some := func(n int, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, one)
		case n > 1:
			parts = append(parts, strconv.Itoa(n)+" "+many)
		}
	}
	some(count[tb.Road], "a road", "roads")
	switch len(towns) {
	case 1:
		parts = append(parts, "the town of "+towns[0])
	case 2:
		parts = append(parts, "the towns of "+towns[0]+" and "+towns[1])
	}
	switch {
	case count[tb.River] == 1 && count[tb.Ford] == 1:
		parts = append(parts, "a river with a ford")
	default:
		some(count[tb.River], "a river", "rivers")
		some(count[tb.Ford], "a ford", "fords")
	}
	some(count[tb.Stream], "a stream", "streams")
	some(count[tb.Hill], "a hill", "hills")
	some(count[tb.SteepHill], "a steep hill", "steep hills")
	some(count[tb.Wood], "a wood", "woods")
	some(count[tb.Copse], "a copse", "copses")
	some(count[tb.Hedge], "a hedge", "hedges")
	switch len(parts) {
	case 0:
		return "an open table"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
