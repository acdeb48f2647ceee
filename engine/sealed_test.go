package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// guess is a one-decision sealed game: both sides pick 1 to 3 unseen; the
// higher pick wins, equal picks draw.
type guess struct {
	pick  [2]uint8 // 0: not yet committed
	moved bool
}

func (g *guess) Ruleset() string { return "guess" }
func (g *guess) ToMove() Player {
	if g.Terminal() {
		return NoPlayer
	}
	return Both
}
func (g *guess) Terminal() bool { return g.pick[0] != 0 && g.pick[1] != 0 }
func (g *guess) Result() Result {
	switch {
	case !g.Terminal():
		return Result{}
	case g.pick[0] > g.pick[1]:
		return Ended(Victory, 0, "higher pick")
	case g.pick[1] > g.pick[0]:
		return Ended(Victory, 1, "higher pick")
	}
	return Ended(RulesDraw, NoPlayer, "equal picks")
}
func (g *guess) Legal(buf []Action) []Action { return buf }
func (g *guess) Apply(Action) error          { return ErrIllegal }
func (g *guess) PendingRoll() Roll           { return Roll{} }
func (g *guess) ApplyDice(Dice) error        { return ErrIllegal }
func (g *guess) DescribeRoll() string        { return "" }
func (g *guess) DescribeAction(a Action) string {
	return fmt.Sprintf("pick %d", a.Arg)
}
func (g *guess) FormatAction(a Action) string { return fmt.Sprintf("pick %d", a.Arg) }
func (g *guess) ParseAction(text string) (Action, error) {
	var v uint8
	if _, err := fmt.Sscanf(text, "pick %d", &v); err != nil {
		return Action{}, fmt.Errorf("%w: %q", ErrNotation, text)
	}
	return Action{Arg: v}, nil
}
func (g *guess) Turn() int          { return 1 }
func (g *guess) Hash() uint64       { return uint64(g.pick[0])<<8 | uint64(g.pick[1]) }
func (g *guess) CopyFrom(src State) { *g = *src.(*guess) }
func (g *guess) Clone() State       { c := *g; return &c }
func (g *guess) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"pick":[%d,%d]}`, g.pick[0], g.pick[1])), nil
}
func (g *guess) Owes(side Player) bool { return !g.Terminal() && g.pick[side] == 0 }
func (g *guess) LegalFor(side Player, buf []Action) []Action {
	if !g.Owes(side) {
		return buf
	}
	for v := uint8(1); v <= 3; v++ {
		buf = append(buf, Action{Arg: v})
	}
	return buf
}
func (g *guess) Commit(side Player, a Action) error {
	if !g.Owes(side) || a.Arg < 1 || a.Arg > 3 {
		return ErrIllegal
	}
	g.pick[side] = a.Arg
	return nil
}
func (g *guess) View(side Player) State {
	c := *g
	if !c.Terminal() {
		c.pick[1-side] = 0
	}
	return &c
}

func TestSealedHelpers(t *testing.T) {
	g := &guess{}
	if got := Deciders(g, nil); len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Fatalf("deciders at the start: %v", got)
	}
	if n := len(LegalFor(g, 1, nil)); n != 3 {
		t.Fatalf("side 1 has %d choices", n)
	}
	if err := Play(g, 0, Action{Arg: 3}); err != nil {
		t.Fatal(err)
	}
	if err := Play(g, 0, Action{Arg: 2}); !errors.Is(err, ErrIllegal) {
		t.Fatalf("a second commit by side 0: %v", err)
	}
	if got := Deciders(g, nil); len(got) != 1 || got[0] != 1 {
		t.Fatalf("deciders after side 0 committed: %v", got)
	}
	if len(LegalFor(g, 0, nil)) != 0 {
		t.Fatal("side 0 still offered choices")
	}
	// Side 1's view must not tell what side 0 chose.
	v := ViewFor(g, 1)
	b, _ := v.MarshalJSON()
	if strings.Contains(string(b), "3") || v.Hash() != (&guess{}).Hash() {
		t.Fatalf("side 1's view shows side 0's choice: %s", b)
	}
	if ViewFor(g, 0).Hash() != g.Hash() {
		t.Fatal("side 0's view lost its own choice")
	}
	if err := Play(g, 1, Action{Arg: 1}); err != nil || !g.Terminal() || g.Result().Winner != 0 || g.Result().Kind != Victory {
		t.Fatalf("after both commits: %v, %+v", err, g.Result())
	}
	if err := Play(g, 1, Action{Arg: 1}); err == nil {
		t.Fatal("a move after the end was accepted")
	}
}

func TestCapabilityNamesWhatIsMissing(t *testing.T) {
	_, err := Capability[FreeForm](&guess{}, "free-form moves")
	var miss *MissingCapability
	if !errors.As(err, &miss) || !strings.Contains(err.Error(), "guess") || !strings.Contains(err.Error(), "free-form moves") {
		t.Fatalf("got %v", err)
	}
	if _, err := Capability[Sealed](&guess{}, "sealed choices"); err != nil {
		t.Fatal(err)
	}
	if _, err := Pictures("guess"); err == nil || !strings.Contains(err.Error(), "guess") {
		t.Fatalf("pictures of a ruleset without them: %v", err)
	}
	if SideName(&guess{}, 1) != "side 1" || PhaseName(&guess{}) != "" {
		t.Fatal("defaults for a ruleset without names or phases")
	}
}

func TestResultKinds(t *testing.T) {
	for k := InProgress; k <= Adjudicated; k++ {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back ResultKind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Fatalf("%v round trip: %v %v", k, back, err)
		}
	}
	var k ResultKind
	if err := k.UnmarshalText([]byte("won")); err == nil {
		t.Fatal("an unknown kind was read")
	}
	if !IsForfeit(ForfeitResult(0, "x", 3, "crashed")) || IsForfeit(Ended(Victory, 1, ForfeitReason+" but not")) {
		t.Fatal("forfeits are told by the kind")
	}
	if !IsForfeit(Result{Over: true, Winner: 1, Reason: ForfeitReason + " side 0 (x) at step 2: crashed"}) {
		t.Fatal("a format 1 forfeit, with no kind, is told by its reason")
	}
}
