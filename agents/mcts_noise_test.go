package agents

import (
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine"
)

// TestMCTSPlayoutNoiseProbe measures how noisy a playout's value is
// against the differences between the orders a search must tell apart,
// and how much of that noise common random numbers would take away. On
// the departure probe's positions it plays GROGNARD_PLAYOUTS playouts
// (default 200) after each of the scripts' distinct choices (the
// proposals), at each playout depth of GROGNARD_DEPTHS (default 30,10),
// twice: once with fresh dice and policy tie-breaks for every playout
// (what open-loop search does), once with the k-th playout after every
// order drawing the same dice stream and tie-breaks (common random
// numbers). For each order against the first proposal it prints the
// gap between their mean values, the standard deviation of one
// playout's difference both ways, and the playouts an order would need
// for the gap to stand two standard errors clear. It is a tuning probe,
// a few seconds of a core:
//
//	GROGNARD_PROBE=1 go test ./agents/ -run TestMCTSPlayoutNoiseProbe -v
//
// GROGNARD_SPEC adds parameters to the search whose playouts are played.
func TestMCTSPlayoutNoiseProbe(t *testing.T) {
	if os.Getenv("GROGNARD_PROBE") == "" {
		t.Skip("set GROGNARD_PROBE=1")
	}
	n, err := strconv.Atoi(agenttest.EnvOr("GROGNARD_PLAYOUTS", "200"))
	if err != nil || n < 2 {
		t.Fatalf("GROGNARD_PLAYOUTS: want a whole number of at least 2, got %q", os.Getenv("GROGNARD_PLAYOUTS"))
	}
	var depths []int
	for _, f := range strings.Split(agenttest.EnvOr("GROGNARD_DEPTHS", "30,10"), ",") {
		d, err := strconv.Atoi(f)
		if err != nil || d < 0 {
			t.Fatalf("GROGNARD_DEPTHS: %q is not a depth", f)
		}
		depths = append(depths, d)
	}
	positions := departurePositions(t)
	for _, depth := range depths {
		spec := "mcts:depth=" + strconv.Itoa(depth)
		if extra := os.Getenv("GROGNARD_SPEC"); extra != "" {
			spec += "," + extra // more of the search's parameters, such as c=0.3
		}
		m := mustMCTS(t, spec, 1)
		w := m.workers[0]
		w.begin(positions[0], 1)
		// value plays the k-th playout of stream s after a, returning its
		// value for the side to move in p.
		value := func(p engine.State, a engine.Action, s uint64) float64 {
			w.scratch.CopyFrom(p)
			if err := w.scratch.Apply(a); err != nil {
				t.Fatal(err)
			}
			w.dice.Seed(engine.SplitMix64(s), diceStream)
			w.policy.Reseed(s)
			v := w.playout()
			if p.ToMove() == 1 {
				v = -v
			}
			return v
		}
		var sumSD, sumFresh, sumCommon, sumGap float64
		var pairs int
		var needFresh, needCommon []float64
		for pi, p := range positions {
			w.buf = legalNext(p, w.buf[:0])
			var cands []engine.Action
			for _, sc := range w.proposers {
				a := w.buf[sc.Pick(p, w.buf)]
				if !slices.Contains(cands, a) {
					cands = append(cands, a)
				}
			}
			if len(cands) < 2 {
				t.Logf("depth %d, position %2d: the scripts agree", depth, pi)
				continue
			}
			fresh := make([][]float64, len(cands))
			common := make([][]float64, len(cands))
			for ci, a := range cands {
				for k := range n {
					fresh[ci] = append(fresh[ci], value(p, a, uint64(pi)<<40|uint64(ci+1)<<32|uint64(k)))
					common[ci] = append(common[ci], value(p, a, uint64(pi)<<40|uint64(k)))
				}
			}
			for ci := 1; ci < len(cands); ci++ {
				diffF := make([]float64, n)
				diffC := make([]float64, n)
				for k := range n {
					diffF[k] = fresh[ci][k] - fresh[0][k]
					diffC[k] = common[ci][k] - common[0][k]
				}
				gap := (mean(diffF) + mean(diffC)) / 2
				sdF, sdC := stddev(diffF), stddev(diffC)
				// Playouts an order needs for the gap to be two
				// standard errors of the difference of two means.
				nf := math.Ceil(4 * sdF * sdF / max(gap*gap, 1e-9))
				nc := math.Ceil(4 * sdC * sdC / max(gap*gap, 1e-9))
				needFresh, needCommon = append(needFresh, nf), append(needCommon, nc)
				sumSD += stddev(fresh[ci])
				sumFresh += sdF
				sumCommon += sdC
				sumGap += math.Abs(gap)
				pairs++
				t.Logf("depth %d, position %2d, %s: gap %+.3f, one playout's difference sd %.3f fresh, %.3f common; playouts needed %.0f fresh, %.0f common",
					depth, pi, p.DescribeAction(cands[ci]), gap, sdF, sdC, nf, nc)
			}
		}
		if pairs == 0 {
			t.Fatalf("depth %d: no position had two proposals", depth)
		}
		slices.Sort(needFresh)
		slices.Sort(needCommon)
		t.Logf("depth %d, %d playouts, %d pairs of orders: mean |gap| %.3f, one playout's sd %.3f; the difference's sd %.3f fresh, %.3f common (%.0f%% of its variance left); median playouts needed %.0f fresh, %.0f common",
			depth, n, pairs, sumGap/float64(pairs), sumSD/float64(pairs), sumFresh/float64(pairs), sumCommon/float64(pairs),
			100*sumCommon*sumCommon/(sumFresh*sumFresh), needFresh[len(needFresh)/2], needCommon[len(needCommon)/2])
	}
}

// mean is the arithmetic mean of xs (not empty).
func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// stddev is the sample standard deviation of xs (two or more).
func stddev(xs []float64) float64 {
	m, s := mean(xs), 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(xs)-1))
}
