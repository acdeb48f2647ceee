package stats

import (
	"math"
	"testing"
)

func TestSPRTBounds(t *testing.T) {
	tests := []struct {
		s          SPRT
		lower, upp float64
	}{
		// ln(0.05/0.95) = -ln 19 = -2.944439, ln(0.95/0.05) = ln 19
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, -2.9444389791664403, 2.9444389791664403},
		// ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = ln 18 = 2.890372
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}, -2.2512917986064953, 2.8903717578961645},
	}
	for _, tt := range tests {
		lo, hi := tt.s.Bounds()
		checkNear(t, "lower", lo, tt.lower, 1e-12)
		checkNear(t, "upper", hi, tt.upp, 1e-12)
	}
}

func TestSPRTValidate(t *testing.T) {
	tests := []struct {
		s  SPRT
		ok bool
	}{
		{SPRT{0, 5, 0.05, 0.05}, true},
		{SPRT{-3, 1, 0.01, 0.2}, true},
		{SPRT{5, 5, 0.05, 0.05}, false},
		{SPRT{5, 0, 0.05, 0.05}, false},
		{SPRT{0, 5, 0, 0.05}, false},
		{SPRT{0, 5, 0.05, 0.5}, false},
		{SPRT{0, 5, 0.6, 0.05}, false},
		{SPRT{0, math.Inf(1), 0.05, 0.05}, false},
		{SPRT{math.NaN(), 5, 0.05, 0.05}, false},
		{SPRT{0, 5, math.NaN(), 0.05}, false},
	}
	for _, tt := range tests {
		if err := tt.s.Validate(); (err == nil) != tt.ok {
			t.Errorf("%+v: Validate() = %v, want ok %v", tt.s, err, tt.ok)
		}
	}
	if llr := (SPRT{5, 0, 0.05, 0.05}).LLRTrinomial(WDL{W: 10}); !math.IsNaN(llr) {
		t.Errorf("LLR of an invalid test = %v, want NaN", llr)
	}
}

func TestDecision(t *testing.T) {
	s := SPRT{0, 5, 0.05, 0.05}
	tests := []struct {
		llr  float64
		want Decision
	}{
		{0, Continue},
		{2.94, Continue},
		{-2.94, Continue},
		{2.9444389791664403, AcceptH1},
		{3, AcceptH1},
		{math.Inf(1), AcceptH1},
		{-2.9444389791664403, AcceptH0},
		{-100, AcceptH0},
		{math.NaN(), Continue},
	}
	for _, tt := range tests {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("Decide(%v) = %v, want %v", tt.llr, got, tt.want)
		}
	}
	names := map[Decision]string{Continue: "continue", AcceptH0: "accept H0", AcceptH1: "accept H1", Decision(7): "Decision(7)"}
	for d, want := range names {
		if d.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(d), d.String(), want)
		}
	}
}

func TestLLR(t *testing.T) {
	s010 := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	s05 := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name string
		got  float64
		want float64
	}{
		{
			// s0 = 0.5, s1 = ScoreFromElo(10) = 0.5143872, s1 - s0 = 0.0143872
			// N = 90, mean = (30 + 40/2)/90 = 0.5555556
			// E[x^2] = (30*1 + 40*0.25)/90 = 0.4444444, var = 0.4444444 - 0.3086420 = 0.1358025
			// LLR = 90 * 0.0143872 * (1.1111111 - 0.5 - 0.5143872) / (2*0.1358025)
			//     = 90 * 0.0143872 * 0.0967239 / 0.2716049 = 0.461121
			"trinomial 30-40-20", s010.LLRTrinomial(WDL{W: 30, D: 40, L: 20}), 0.46112064941312586,
		},
		{
			// per pair x = pair score/2: 50 pairs, mean 0.57, var = 0.2504/4 = 0.0626
			// LLR = 50 * 0.0143872 * (1.14 - 1.0143872) / (2*0.0626)
			//     = 50 * 0.0143872 * 0.1256128 / 0.1252 = 0.721731
			"pentanomial 2-8-20-14-6", s010.LLRPentanomial(Penta{2, 8, 20, 14, 6}), 0.7217311162194319,
		},
		{
			// fishtest's regularize: the empty cells 0 and 0.25 count 1e-3 each.
			// N = 12.002, mean = (0.5*3 + 0.75*4 + 5)/12.002 = 9.5/12.002 = 0.7915347
			// E[x^2] = (0.0625*1e-3 + 0.25*3 + 0.5625*4 + 5)/12.002 = 8.0000625/12.002 = 0.6665608
			// var = 0.6665608 - 0.7915347^2 = 0.0400344
			// s0 = ScoreFromElo(-5) = 0.4928049, s1 = 0.5071951
			// LLR = 12.002 * 0.0143902 * (1.5830694 - 1) / (2*0.0400344) = 1.258852
			"pentanomial with empty cells", SPRT{-5, 5, 0.05, 0.05}.LLRPentanomial(Penta{0, 0, 3, 4, 5}), 1.2588520265921286,
		},
		{
			// 1 win: L and D count 1e-3: N = 1.002, mean = 1.0005/1.002 = 0.9985030,
			// E[x^2] = 1.00025/1.002 = 0.9982535, var = 0.9982535 - 0.9985030^2 = 0.0012453
			// s1 - s0 = 0.5071951 - 0.5 = 0.0071951
			// LLR = 1.002 * 0.0071951 * (1.9970060 - 1.0071951) / (2*0.0012453) = 2.865262
			"one win", s05.LLRTrinomial(WDL{W: 1}), 2.8652615427910026,
		},
		{
			// the small-sample failure of the approximation documented on LLRTrinomial:
			// N = 2.002, mean = 2.0005/2.002 = 0.9992507, var = 2.00025/2.002 - mean^2 = 0.00062381
			// LLR = 2.002 * 0.0071951 * (1.9985015 - 1.0071951) / (2*0.00062381) = 11.4452,
			// past the upper bound 2.944 after two games (the exact GSPRT gives 0.0286)
			"two wins", s05.LLRTrinomial(WDL{W: 2}), 11.445174945314596,
		},
		{
			// all draws: mean 0.5 = s0 exactly, so 2*mean - s0 - s1 = -(s1 - s0) and the LLR is
			// -N*(s1-s0)^2/(2*var) with a tiny regularised variance: strongly for H0.
			// N = 10.002, var = 2*1e-3*0.25/10.002 = 4.999e-5
			// LLR = -10.002 * 0.0071951^2 / (2*4.999e-5) = -5.178991
			"ten draws", s05.LLRTrinomial(WDL{D: 10}), -5.178991055101191,
		},
		{"no games", s05.LLRTrinomial(WDL{}), 0},
		{"no pairs", s05.LLRPentanomial(Penta{}), 0},
	}
	for _, tt := range tests {
		checkNear(t, tt.name, tt.got, tt.want, 1e-9)
	}
	if got := s05.LLRTrinomial(WDL{W: -1, L: 3}); !math.IsNaN(got) {
		t.Errorf("LLR with a negative count = %v, want NaN", got)
	}
	if got := s05.LLRPentanomial(Penta{0, -1, 3}); !math.IsNaN(got) {
		t.Errorf("pentanomial LLR with a negative count = %v, want NaN", got)
	}
	if d := s05.Decide(s05.LLRTrinomial(WDL{})); d != Continue {
		t.Errorf("no games: %v, want continue", d)
	}
}

func TestLLRCrossesBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name string
		llr  float64
		want Decision
	}{
		// W 600 D 200 L 200: mean 0.7, var 0.16, s1 - s0 = 0.0071951
		// LLR = 1000 * 0.0071951 * (1.4 - 1.0071951) / 0.32 = 8.8321 > 2.944
		{"winning trinomial", s.LLRTrinomial(WDL{W: 600, D: 200, L: 200}), AcceptH1},
		// mean 0.3: LLR = 1000 * 0.0071951 * (0.6 - 1.0071951) / 0.32 = -9.1556 < -2.944
		{"losing trinomial", s.LLRTrinomial(WDL{W: 200, D: 200, L: 600}), AcceptH0},
		{"winning pentanomial", s.LLRPentanomial(Penta{10, 40, 150, 200, 100}), AcceptH1},
		{"losing pentanomial", s.LLRPentanomial(Penta{100, 200, 150, 40, 10}), AcceptH0},
		{"even pentanomial", s.LLRPentanomial(Penta{5, 20, 50, 20, 5}), Continue},
	}
	for _, tt := range tests {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("%s: LLR %.4f → %v, want %v", tt.name, tt.llr, got, tt.want)
		}
	}
	checkNear(t, "winning trinomial LLR", tests[0].llr, 8.832073383814437, 1e-9)
	checkNear(t, "losing trinomial LLR", tests[1].llr, -9.155630888813972, 1e-9)
}
