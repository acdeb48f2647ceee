package geom

import (
	"math"
	"testing"
)

// near reports whether a and b agree to within tol, treating equal
// infinities as agreeing.
func near(a, b, tol float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tol
}

func nearVec(a, b Vec, tol float64) bool {
	return near(a.X, b.X, tol) && near(a.Y, b.Y, tol)
}

func checkNear(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if !near(got, want, tol) {
		t.Errorf("%s = %.15g, want %.15g (tol %g)", name, got, want, tol)
	}
}

func checkVec(t *testing.T, name string, got, want Vec, tol float64) {
	t.Helper()
	if !nearVec(got, want, tol) {
		t.Errorf("%s = %v, want %v (tol %g)", name, got, want, tol)
	}
}

const tol = 1e-12

var (
	sqrt2 = math.Sqrt2
	sqrt3 = math.Sqrt(3)
)
