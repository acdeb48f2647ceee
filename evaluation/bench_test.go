package evaluation_test

import (
	"testing"

	"github.com/grognard/grognard/evaluation"
)

// The benchmarks use a crowded mid-game standard position (turn 6 or
// later, 24 or more units on the table).

func BenchmarkExtract(b *testing.B) {
	st := midGame(b)
	var f evaluation.Features
	b.ReportAllocs()
	for b.Loop() {
		evaluation.Extract(st, 0, &f)
	}
}

func BenchmarkValue(b *testing.B) {
	st := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = evaluation.Default.Value(st, 0)
	}
}
