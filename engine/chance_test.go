package engine

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestRollPools(t *testing.T) {
	cases := []struct {
		name    string
		r       Roll
		count   int
		text    string
		sides   []int
		valid   bool
		combins int
	}{
		{"one d6", D(1, 6), 1, "1d6", []int{6}, true, 6},
		{"2d6", D(2, 6), 2, "2d6", []int{6, 6}, true, 36},
		{"2d6+1d12", D(2, 6).Plus(1, 12), 3, "2d6+1d12", []int{6, 6, 12}, true, 432},
		{"20d6", D(20, 6), 20, "20d6", nil, true, 3656158440062976},
		{"48 dice", D(40, 6).Plus(8, 10), 48, "40d6+8d10", nil, true, math.MaxInt},
		{"49 dice", D(49, 6), 49, "49d6", nil, false, math.MaxInt},
		{"five kinds", D(1, 4).Plus(1, 6).Plus(1, 8).Plus(1, 10).Plus(1, 12), 4, "", nil, false, 0},
		{"a one-sided die", D(1, 1), 1, "1d1", nil, false, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.r.Count(); got != c.count {
				t.Errorf("Count = %d, want %d", got, c.count)
			}
			if err := c.r.Valid(); (err == nil) != c.valid {
				t.Errorf("Valid = %v, want valid %v", err, c.valid)
			}
			if c.text != "" && c.r.String() != c.text {
				t.Errorf("String = %q, want %q", c.r, c.text)
			}
			for i, s := range c.sides {
				if got := c.r.Sides(i); got != s {
					t.Errorf("Sides(%d) = %d, want %d", i, got, s)
				}
			}
			if c.combins != 0 && c.r.Combinations() != c.combins {
				t.Errorf("Combinations = %d, want %d", c.r.Combinations(), c.combins)
			}
		})
	}
	if r := D(2, 6).Rolled(1); r.By != 1 || D(1, 6).By != Chance {
		t.Errorf("who rolls: %v, %v", r.By, D(1, 6).By)
	}
}

// TestRollWithKeepsTheStream: a pool of one kind draws what a roll of N
// dice always drew, so seeded games of one-kind rulesets do not change.
func TestRollWithKeepsTheStream(t *testing.T) {
	a, b := NewRandomDice(5), NewRandomDice(5)
	pool := RollWith(&a.PCG, D(2, 6).Plus(1, 12))
	var want []uint8
	for _, s := range []uint64{6, 6, 12} {
		want = append(want, uint8(b.PCG.Uint64()%s)+1)
	}
	if string(pool.Values()) != string(want) {
		t.Fatalf("2d6+1d12 drew %v, the stream gives %v", pool.Values(), want)
	}
	if err := pool.Check(D(2, 6).Plus(1, 12)); err != nil {
		t.Fatal(err)
	}
	big := RollWith(&a.PCG, D(20, 6))
	if big.N != 20 || big.Check(D(20, 6)) != nil {
		t.Fatalf("20d6 drew %d dice: %v", big.N, big.Check(D(20, 6)))
	}
	if bad := RollWith(&a.PCG, D(49, 6)); bad.N != 0 {
		t.Fatalf("an invalid roll drew %d dice", bad.N)
	}
}

func TestScriptedDicePools(t *testing.T) {
	vals := make([]int, 20)
	for i := range vals {
		vals[i] = i%6 + 1
	}
	s := NewScriptedDice(append(vals, 12)...)
	d, err := s.Roll(D(20, 6))
	if err != nil || d.N != 20 || d.V[19] != 2 {
		t.Fatalf("20 scripted dice: %v %v", d.Values(), err)
	}
	if _, err := s.Roll(D(1, 12)); err != nil {
		t.Fatalf("a d12 after them: %v", err)
	}
	if _, err := NewScriptedDice(7, 1).Roll(D(1, 6).Plus(1, 12)); err == nil {
		t.Fatal("a 7 on the d6 of 1d6+1d12 was accepted")
	}
	if _, err := NewScriptedDice(6, 11).Roll(D(1, 6).Plus(1, 12)); err != nil {
		t.Fatalf("an 11 on the d12: %v", err)
	}
	if _, err := NewScriptedDice(make([]int, 60)...).Roll(D(49, 6)); err == nil {
		t.Fatal("49 dice were rolled")
	}
}

func TestDiceJSON(t *testing.T) {
	d := NewDice(3, 5, 12)
	b, err := json.Marshal(d)
	if err != nil || string(b) != "[3,5,12]" {
		t.Fatalf("marshal: %s %v", b, err)
	}
	var back Dice
	if err := json.Unmarshal(b, &back); err != nil || back != d {
		t.Fatalf("round trip: %v %v", back, err)
	}
	var old Dice
	if err := json.Unmarshal([]byte(`{"n":2,"v":[4,1,0,0]}`), &old); err != nil || old != NewDice(4, 1) {
		t.Fatalf("format 1 dice: %v %v", old.Values(), err)
	}
	for _, bad := range []string{`[1,300]`, `{"n":5,"v":[1]}`, `"x"`, `[` + strings.Repeat("1,", 48) + `1]`} {
		if err := json.Unmarshal([]byte(bad), &old); err == nil {
			t.Errorf("%s was read as dice", bad)
		}
	}
	if NewDice(1, 999).Check(D(2, 6)) == nil {
		t.Error("dice with a 999 passed a check")
	}
}

func TestOutcomes(t *testing.T) {
	all := AllOutcomes(nil, D(2, 6))
	if len(all) != 36 {
		t.Fatalf("2d6 has %d outcomes", len(all))
	}
	seen := map[uint64]bool{}
	sum := 0.0
	for _, o := range all {
		sum += o.P
		if o.Dice.Check(D(2, 6)) != nil || seen[o.Dice.Key()] {
			t.Fatalf("outcome %v is invalid or repeated", o.Dice.Values())
		}
		seen[o.Dice.Key()] = true
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Fatalf("2d6 probabilities sum to %v", sum)
	}
	hits := HitOutcomes(nil, 20, 6, 4)
	if len(hits) != 21 {
		t.Fatalf("20 dice at 4+ have %d outcomes", len(hits))
	}
	sum = 0
	for k, o := range hits {
		sum += o.P
		n := 0
		for _, v := range o.Dice.Values() {
			if v >= 4 {
				n++
			}
		}
		if n != k || o.Dice.Check(D(20, 6)) != nil {
			t.Fatalf("outcome %d shows %d hits: %v", k, n, o.Dice.Values())
		}
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(hits[10].P-0.17619705200195312) > 1e-12 {
		t.Fatalf("binomial: sum %v, P(10 hits) %v", sum, hits[10].P)
	}
}
