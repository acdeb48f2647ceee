package enginetest

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// checkJSON: the position survives a JSON round trip whole (the same
// encoding, hash, side to move, result, pending roll and legal actions),
// the decoded state plays the next step exactly as the original, and a
// side's view of it decodes too.
func checkJSON(t *testing.T, p *position) {
	rs, st, where := p.cfg.Ruleset, p.st, p.where()
	b := marshal(t, st, where)
	d, err := rs.DecodeState(b)
	if err != nil {
		t.Errorf("%s: DecodeState of its own JSON: %v", where, err)
		return
	}
	if b2 := marshal(t, d, where); !bytes.Equal(b, b2) {
		t.Errorf("%s: the JSON round trip changes the encoding: %s", where, firstDiff(b2, b))
		return
	}
	switch {
	case d.Hash() != st.Hash():
		t.Errorf("%s: the decoded state hashes %016x, the original %016x", where, d.Hash(), st.Hash())
	case d.ToMove() != st.ToMove() || d.Terminal() != st.Terminal() || d.Turn() != st.Turn():
		t.Errorf("%s: the decoded state has %s to move, terminal %v, turn %d", where, d.ToMove(), d.Terminal(), d.Turn())
	case d.Result() != st.Result():
		t.Errorf("%s: the decoded state's result is %s, the original's %s", where, d.Result(), st.Result())
	case st.ToMove() == engine.Chance && d.PendingRoll() != st.PendingRoll():
		t.Errorf("%s: the decoded state rolls %s, the original %s", where, d.PendingRoll(), st.PendingRoll())
	}
	for side := engine.Player(0); side < 2; side++ {
		if !sameActions(legalFor(d, side), legalFor(st, side)) {
			t.Errorf("%s: the decoded state offers %s other legal actions", where, side)
		}
	}
	if p.step.Action != nil || p.step.Dice != nil {
		a, b := st.Clone(), d.Clone()
		if err := apply(a, p.step); err != nil {
			t.Fatalf("%s: the game's step: %v", where, err)
		}
		if err := apply(b, p.step); err != nil {
			t.Errorf("%s: the decoded state refuses the game's next step: %v", where, err)
		} else if a.Hash() != b.Hash() || !bytes.Equal(marshal(t, a, where), marshal(t, b, where)) {
			t.Errorf("%s: the decoded state plays the next step otherwise than the original", where)
		}
	}
	if st.ToMove() == engine.Both {
		for side := engine.Player(0); side < 2; side++ {
			v := engine.ViewFor(st, side)
			vb := marshal(t, v, where)
			vd, err := rs.DecodeState(vb)
			if err != nil {
				t.Errorf("%s: DecodeState of %s's view: %v", where, side, err)
			} else if vd.Hash() != v.Hash() {
				t.Errorf("%s: %s's view hashes %016x, decoded %016x", where, side, v.Hash(), vd.Hash())
			}
		}
	}
}

// checkCopy: a clone and a copy into a reused state equal the original
// (hash and JSON), the hash is a function of the position, and playing on
// a copy leaves the original as it was.
func checkCopy(t *testing.T, p *position) {
	rs, st, where := p.cfg.Ruleset, p.st, p.where()
	orig := snap(t, st, where)
	if h := st.Hash(); h != orig.hash {
		t.Errorf("%s: Hash is %016x, then %016x", where, orig.hash, h)
	}
	c := st.Clone()
	if d := orig.diff(t, c, where); d != "" {
		t.Errorf("%s: a clone differs from the original: %s", where, d)
	}
	dst, err := rs.NewGame(p.g.scenario, p.cfg.Options)
	if err != nil {
		t.Fatalf("%s: new game: %v", where, err)
	}
	dst.CopyFrom(st)
	if d := orig.diff(t, dst, where); d != "" {
		t.Errorf("%s: CopyFrom gives a state that differs from the original: %s", where, d)
	}
	if p.step.Action != nil || p.step.Dice != nil {
		for _, s := range []engine.State{c, dst} {
			if err := apply(s, p.step); err != nil {
				t.Fatalf("%s: the game's step on a copy: %v", where, err)
			}
		}
		if d := orig.diff(t, st, where); d != "" {
			t.Errorf("%s: playing on a copy changed the original (they share memory): %s", where, d)
		}
		if c.Hash() != dst.Hash() {
			t.Errorf("%s: a clone and a CopyFrom copy part after the same step", where)
		}
	}
}

// checkAllocs: CopyFrom into a reused state, Hash, Legal into a buffer,
// and the game's step on a copy allocate nothing.
func checkAllocs(t *testing.T, p *position) {
	rs, st, where := p.cfg.Ruleset, p.st, p.where()
	dst, err := rs.NewGame(p.g.scenario, p.cfg.Options)
	if err != nil {
		t.Fatalf("%s: new game: %v", where, err)
	}
	const runs = 10
	if n := testing.AllocsPerRun(runs, func() { dst.CopyFrom(st) }); n != 0 {
		t.Errorf("%s: CopyFrom allocates %.1f times", where, n)
	}
	if n := testing.AllocsPerRun(runs, func() { _ = st.Hash() }); n != 0 {
		t.Errorf("%s: Hash allocates %.1f times", where, n)
	}
	for side := engine.Player(0); side < 2; side++ {
		buf := make([]engine.Action, 0, len(legalFor(st, side))+1)
		if n := testing.AllocsPerRun(runs, func() { buf = engine.LegalFor(st, side, buf[:0]) }); n != 0 {
			t.Errorf("%s: legal actions of %s into a buffer allocate %.1f times", where, side, n)
		}
	}
	var failed error
	switch {
	case p.step.Dice != nil:
		d := *p.step.Dice
		if n := testing.AllocsPerRun(runs, func() {
			dst.CopyFrom(st)
			if err := dst.ApplyDice(d); err != nil {
				failed = err
			}
		}); n != 0 {
			t.Errorf("%s: ApplyDice of %v on a copy allocates %.1f times", where, d.Values(), n)
		}
	case p.step.Action != nil:
		a, side := *p.step.Action, p.step.Player
		if n := testing.AllocsPerRun(runs, func() {
			dst.CopyFrom(st)
			if err := engine.Play(dst, side, a); err != nil {
				failed = err
			}
		}); n != 0 {
			t.Errorf("%s: %s's %q on a copy allocates %.1f times", where, side, st.DescribeAction(a), n)
		}
	}
	if failed != nil {
		t.Fatalf("%s: the game's step on a copy: %v", where, failed)
	}
}

// checkLegal: no side is offered anything at a chance point or at the
// end; the sides that choose are offered something; the legal list
// appends to the caller's buffer and is the same through the side's own
// view; every legal action (up to MaxLegal, spread) applies to a copy.
func checkLegal(t *testing.T, p *position) {
	st, where := p.st, p.where()
	var deciders []engine.Player
	deciders = engine.Deciders(st, deciders)
	to := st.ToMove()
	switch {
	case st.Terminal():
		if len(deciders) > 0 || len(st.Legal(nil)) > 0 {
			t.Errorf("%s: the game is over but %v still choose (%d legal actions)", where, deciders, len(st.Legal(nil)))
		}
		return
	case to == engine.Chance:
		if len(deciders) > 0 || len(st.Legal(nil)) > 0 {
			t.Errorf("%s: dice are pending but %v choose (%d legal actions)", where, deciders, len(st.Legal(nil)))
		}
		return
	case to == 0 || to == 1:
		if len(deciders) != 1 || deciders[0] != to {
			t.Errorf("%s: %s is to move but the deciders are %v", where, to, deciders)
		}
	case to == engine.Both:
		if len(deciders) == 0 {
			t.Errorf("%s: a sealed point where no side owes a choice", where)
		}
	default:
		t.Errorf("%s: the game is not over but ToMove is %s", where, to)
		return
	}
	for side := engine.Player(0); side < 2; side++ {
		decides := false
		for _, d := range deciders {
			decides = decides || d == side
		}
		legal := legalFor(st, side)
		if !decides {
			if len(legal) > 0 {
				t.Errorf("%s: %s does not choose but is offered %d actions", where, side, len(legal))
			}
			continue
		}
		if len(legal) == 0 {
			t.Errorf("%s: %s chooses but is offered nothing", where, side)
			continue
		}
		sentinel := engine.Action{Kind: 0xEE, Unit: 0xEE, Target: 0xEE, Arg: 0xEE}
		got := engine.LegalFor(st, side, []engine.Action{sentinel})
		if len(got) == 0 || got[0] != sentinel || !sameActions(got[1:], legal) {
			t.Errorf("%s: the legal actions of %s do not append to the caller's buffer", where, side)
		}
		if !sameActions(legalFor(engine.ViewFor(st, side), side), legal) {
			t.Errorf("%s: %s's own view offers it other legal actions than the position", where, side)
		}
		nt, hasNotation := st.(notation)
		for _, k := range spread(len(legal), p.cfg.MaxLegal) {
			a := legal[k]
			if hasNotation {
				checkNotation(t, nt, a, where)
			}
			c := st.Clone()
			if err := engine.Play(c, side, a); err != nil {
				t.Errorf("%s: %s's legal action %q (%+v) is refused: %v", where, side, st.DescribeAction(a), a, err)
				continue
			}
			switch to := c.ToMove(); {
			case c.Terminal():
				if !c.Result().Over {
					t.Errorf("%s: after %q the game is terminal but its result is not over", where, st.DescribeAction(a))
				}
			case to != 0 && to != 1 && to != engine.Chance && to != engine.Both:
				t.Errorf("%s: after %q, %s is to move in a game not over", where, st.DescribeAction(a), to)
			}
		}
	}
}

// notation is the action notation of engine.State (FormatAction and
// ParseAction), asked for by interface so that the suite checks it
// wherever a ruleset has it.
type notation interface {
	FormatAction(a engine.Action) string
	ParseAction(text string) (engine.Action, error)
}

// checkNotation: a legal action's notation is one line and reads back to
// exactly the action.
func checkNotation(t *testing.T, nt notation, a engine.Action, where string) {
	t.Helper()
	text := nt.FormatAction(a)
	if text == "" || strings.ContainsAny(text, "\n\r") {
		t.Errorf("%s: the notation of %+v is %q, not one line", where, a, text)
		return
	}
	b, err := nt.ParseAction(text)
	switch {
	case err != nil:
		t.Errorf("%s: the notation %q of a legal action does not parse: %v", where, text, err)
	case b != a:
		t.Errorf("%s: the notation %q reads back as %+v, not %+v", where, text, b, a)
	}
}

// finite reports whether every number of a is finite.
func finite(a engine.Action) bool {
	if math.IsNaN(a.Facing) || math.IsInf(a.Facing, 0) {
		return false
	}
	for _, v := range a.Path {
		if math.IsNaN(v.X) || math.IsInf(v.X, 0) || math.IsNaN(v.Y) || math.IsInf(v.Y, 0) {
			return false
		}
	}
	return true
}

// mutations are actions a step away from a: each field changed.
func mutations(a engine.Action) []engine.Action {
	var out []engine.Action
	add := func(f func(m *engine.Action)) {
		m := a
		f(&m)
		if m != a {
			out = append(out, m)
		}
	}
	add(func(m *engine.Action) { m.Kind++ })
	add(func(m *engine.Action) { m.Kind = 255 })
	add(func(m *engine.Action) { m.Unit++ })
	add(func(m *engine.Action) { m.Unit = 255 })
	add(func(m *engine.Action) { m.Target++ })
	add(func(m *engine.Action) { m.Target = 255 })
	add(func(m *engine.Action) { m.Arg++ })
	add(func(m *engine.Action) { m.Arg = 255 })
	add(func(m *engine.Action) { m.Order++ })
	add(func(m *engine.Action) { m.NPath = engine.MaxPath + 1 })
	add(func(m *engine.Action) { m.Facing = math.NaN() })
	add(func(m *engine.Action) { m.Path[0].X = math.Inf(1) })
	add(func(m *engine.Action) { m.Path[0].X += 1000 })
	return out
}

// candidates are the illegal actions tried for side: the zero action,
// mutations of its legal actions and the legal actions the other side
// was last offered, each not in the legal list, at most limit of them.
func candidates(legal, other []engine.Action, limit int) []engine.Action {
	in := func(a engine.Action) bool {
		for _, b := range legal {
			if a == b {
				return true
			}
		}
		return false
	}
	var pool []engine.Action
	pool = append(pool, engine.Action{})
	for _, k := range spread(len(other), 8) {
		pool = append(pool, other[k])
	}
	for _, k := range spread(len(legal), 8) {
		pool = append(pool, mutations(legal[k])...)
	}
	var out []engine.Action
	for _, a := range pool {
		if !in(a) {
			out = append(out, a)
		}
	}
	if len(out) > limit {
		keep := make([]engine.Action, 0, limit)
		for _, k := range spread(len(out), limit) {
			keep = append(keep, out[k])
		}
		out = keep
	}
	return out
}

// tryRefused plays a on a copy of st with play and reports what is wrong
// with a refusal: a panic, an error not wrapping ErrIllegal, or a change
// left behind. It returns the copy when play accepted a, for the caller
// to judge.
func tryRefused(t *testing.T, st engine.State, orig snapshot, where string, what func() string, play func(c engine.State) error) (accepted engine.State) {
	t.Helper()
	c := st.Clone()
	var err error
	panicked := false
	func() {
		defer func() {
			if r := recover(); r != nil {
				panicked = true
				err = fmt.Errorf("panic: %v", r)
				t.Errorf("%s: %s panics: %v", where, what(), r)
			}
		}()
		err = play(c)
	}()
	switch {
	case err == nil:
		return c
	case !panicked && !errors.Is(err, engine.ErrIllegal):
		t.Errorf("%s: %s is refused with an error that does not wrap engine.ErrIllegal: %v", where, what(), err)
	}
	if d := orig.diff(t, c, where); d != "" {
		t.Errorf("%s: %s is refused (%v) but the state changed: %s", where, what(), err, d)
	}
	return nil
}

// mustRefuse is tryRefused for what may never be accepted.
func mustRefuse(t *testing.T, st engine.State, orig snapshot, where string, what func() string, play func(c engine.State) error) {
	t.Helper()
	if tryRefused(t, st, orig, where, what, play) != nil {
		t.Errorf("%s: %s is accepted", where, what())
	}
}

// checkIllegal: what a side may not play is refused and changes nothing:
// actions at a chance point or after the end, candidates not in the
// side's legal list, and a sealed commit by a side that has committed.
//
// Unless Config.Strict is set, an unlisted candidate the ruleset accepts
// is tolerated when it leads to the same position as one of the side's
// legal actions (it differs from it only in a field the action's kind
// does not use) or when Config.Unlisted allows it; a candidate with a NaN
// or infinite number must then still lead to such a position.
func checkIllegal(t *testing.T, p *position) {
	st, where := p.st, p.where()
	orig := snap(t, st, where)
	if st.Terminal() || st.ToMove() == engine.Chance {
		var some []engine.Action
		some = append(some, engine.Action{})
		some = append(some, p.seen[0]...)
		some = append(some, p.seen[1]...)
		for _, k := range spread(len(some), 8) {
			a := some[k]
			mustRefuse(t, st, orig, where, func() string { return fmt.Sprintf("Apply(%+v) when no side is to move", a) },
				func(c engine.State) error { return c.Apply(a) })
		}
		return
	}
	var deciders []engine.Player
	for _, side := range engine.Deciders(st, deciders) {
		legal := legalFor(st, side)
		var reached map[uint64]bool // positions the legal actions lead to
		for _, a := range candidates(legal, p.seen[side.Other()], p.cfg.MaxIllegal) {
			what := func() string { return fmt.Sprintf("%s's unlisted action %+v", side, a) }
			c := tryRefused(t, st, orig, where, what, func(c engine.State) error { return engine.Play(c, side, a) })
			if c == nil {
				continue
			}
			if p.cfg.Strict {
				t.Errorf("%s: %s is accepted, though it is not a legal action", where, what())
				continue
			}
			if p.cfg.Unlisted != nil && finite(a) && p.cfg.Unlisted(st, a) {
				continue
			}
			if reached == nil {
				reached = map[uint64]bool{}
				for _, b := range legal {
					cl := st.Clone()
					if err := engine.Play(cl, side, b); err == nil {
						reached[cl.Hash()] = true
					}
				}
			}
			if !reached[c.Hash()] {
				t.Errorf("%s: %s is accepted and leads to a position no legal action leads to", where, what())
			}
		}
	}
	if s, ok := st.(engine.Sealed); ok && st.ToMove() == engine.Both {
		for side := engine.Player(0); side < 2; side++ {
			if s.Owes(side) {
				continue
			}
			for _, a := range legalFor(st, side.Other()) {
				mustRefuse(t, st, orig, where, func() string { return fmt.Sprintf("a second sealed commit by %s", side) },
					func(c engine.State) error { return c.(engine.Sealed).Commit(side, a) })
			}
		}
	}
}

// checkChance: a pending roll is valid and described; the outcomes search
// is offered have probabilities summing to 1 and each apply; dice of the
// wrong count or faces are refused and change nothing.
func checkChance(t *testing.T, p *position) {
	st, where := p.st, p.where()
	if st.ToMove() != engine.Chance {
		if !st.Terminal() {
			if err := st.Clone().ApplyDice(engine.NewDice(1)); err == nil {
				t.Errorf("%s: no dice are pending, but ApplyDice accepts a die", where)
			}
		}
		return
	}
	r := st.PendingRoll()
	if err := r.Valid(); err != nil {
		t.Errorf("%s: the pending roll %s is not valid: %v", where, r, err)
		return
	}
	if r.Count() == 0 {
		t.Errorf("%s: dice are pending but the roll has none", where)
	}
	if r.By != engine.Chance && r.By != 0 && r.By != 1 {
		t.Errorf("%s: the roll is rolled by %s", where, r.By)
	}
	if st.DescribeRoll() == "" {
		t.Errorf("%s: the pending roll %s says nothing of why", where, r)
	}
	outs := engine.Outcomes(st, nil, 64)
	_, compact := st.(engine.ChanceOutcomes)
	if compact && len(outs) == 0 {
		t.Errorf("%s: the state offers compact chance outcomes but gives none for %s", where, r)
	}
	if len(outs) > 0 {
		sum := 0.0
		for _, o := range outs {
			sum += o.P
			if o.P < 0 || math.IsNaN(o.P) {
				t.Errorf("%s: an outcome of %s has probability %v", where, r, o.P)
			}
			if err := o.Dice.Check(r); err != nil {
				t.Errorf("%s: outcome %v does not fit %s: %v", where, o.Dice.Values(), r, err)
				continue
			}
			if err := st.Clone().ApplyDice(o.Dice); err != nil {
				t.Errorf("%s: outcome %v of %s is refused: %v", where, o.Dice.Values(), r, err)
			}
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: the %d outcomes of %s sum to probability %v, not 1", where, len(outs), r, sum)
		}
	}
	orig := snap(t, st, where)
	good := make([]int, r.Count())
	for i := range good {
		good[i] = 1
	}
	bad := [][]int{good[:len(good)-1], append(append([]int(nil), good...), 1)}
	high := append([]int(nil), good...)
	high[len(high)-1] = r.Sides(len(high)-1) + 1
	zero := append([]int(nil), good...)
	zero[0] = 0
	bad = append(bad, high, zero)
	for _, vals := range bad {
		d := engine.NewDice(vals...)
		mustRefuse(t, st, orig, where, func() string { return fmt.Sprintf("dice %v for %s", vals, r) },
			func(c engine.State) error { return c.ApplyDice(d) })
	}
}

// checkSealed: at a sealed point the state is engine.Sealed, and while
// both sides owe, each side's view (its JSON and hash, and the choices it
// is offered) is the same whatever the other side commits.
func checkSealed(t *testing.T, p *position) {
	st, where := p.st, p.where()
	if st.ToMove() != engine.Both {
		return
	}
	s, ok := st.(engine.Sealed)
	if !ok {
		t.Errorf("%s: both sides choose but the state is not engine.Sealed", where)
		return
	}
	if !s.Owes(0) || !s.Owes(1) {
		return // the view of one commitment was checked when both owed
	}
	for q := engine.Player(0); q < 2; q++ {
		viewer := q.Other()
		base := engine.ViewFor(st, viewer)
		want := snap(t, base, where)
		wantLegal := legalFor(base, viewer)
		for _, c := range legalFor(st, q) {
			cl := st.Clone()
			if err := engine.Play(cl, q, c); err != nil {
				t.Errorf("%s: %s's sealed choice %q is refused: %v", where, q, st.DescribeAction(c), err)
				continue
			}
			if cl.ToMove() != engine.Both {
				t.Errorf("%s: after %s's sealed choice alone, %s is to move: the choice was revealed before %s chose", where, q, cl.ToMove(), viewer)
				continue
			}
			v := engine.ViewFor(cl, viewer)
			if d := want.diff(t, v, where); d != "" {
				t.Errorf("%s: %s's view shows that %s committed %q: %s", where, viewer, q, st.DescribeAction(c), d)
			}
			if !sameActions(legalFor(v, viewer), wantLegal) {
				t.Errorf("%s: %s is offered other choices once %s committed %q", where, viewer, q, st.DescribeAction(c))
			}
		}
	}
}
