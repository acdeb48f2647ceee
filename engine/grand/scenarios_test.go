package grand_test

import "github.com/grognard/grognard/engine/grand"

// The tests' own battles, built in for the tests only: the options and
// terrains the default battle leaves out.
func init() {
	grand.RegisterBuiltin("test-guard", func() *grand.Scenario {
		sc := base("test-guard")
		sc.GuardCommitment, sc.CavalrySuperiority, sc.River = true, true, true
		sc.Forces[1].Nation, sc.Forces[1].Commander.Nation = grand.Russia, grand.Russia
		sc.Forces[1].Factors[grand.Guard] = 3
		sc.Forces[0].Commander.CavalryLeader = true
		return sc
	})
	grand.RegisterBuiltin("test-trivial", func() *grand.Scenario {
		sc := base("test-trivial")
		sc.Trivial = true
		return sc
	})
	grand.RegisterBuiltin("test-bombard", func() *grand.Scenario {
		// Option 12.3.5 and 12.3.3.2: both sides' artillery bombards
		// (G-BOMB), and the defender is all cavalry (G-F).
		sc := base("test-bombard")
		sc.Bombardment, sc.AllCavalryWithdrawal = true, true
		sc.Forces[0].Factors[grand.Artillery] = 12
		sc.Forces[1].Factors = [grand.NumKinds]int{grand.Cavalry: 6, grand.Irregular: 3}
		return sc
	})
	grand.RegisterBuiltin("test-marsh", func() *grand.Scenario {
		sc := base("test-marsh")
		sc.Terrain, sc.Rounds = grand.Marsh, 6
		sc.Forces[1].Factors = [grand.NumKinds]int{grand.Cavalry: 5, grand.Irregular: 4}
		sc.Forces[1].Commander.Nation = grand.Turkey
		return sc
	})
}

// base is the default battle renamed.
func base(name string) *grand.Scenario {
	sc, err := grand.Builtin(grand.DefaultScenario)
	if err != nil {
		panic(err)
	}
	sc.Name = name
	return sc
}
