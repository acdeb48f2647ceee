package twobytwo_test

import (
	"testing"

	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
)

// The benchmarks use a crowded mid-game standard position (turn 6 or
// later, 24 or more units on the table).

func BenchmarkExtract(b *testing.B) {
	st := midGame(b)
	var f evaltwo.Features
	b.ReportAllocs()
	for b.Loop() {
		evaltwo.Extract(st, 0, &f)
	}
}

func BenchmarkValue(b *testing.B) {
	st := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = evaltwo.Default.Value(st, 0)
	}
}
