package drums

import (
	"math/rand/v2"

	"fmt"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
)

// DeployError says which command could not be deployed, and when.
type DeployError struct {
	// Side and Command index the force and its command.
	Side, Command int
	// Attacker is the side that won the scouting initiative in the game
	// tried: the attacker's zone is a quarter of the depth, the
	// defender's half (Deployment Zone).
	Attacker int
	// Message says what went wrong.
	Message string
}

// Error is the message.
func (e *DeployError) Error() string { return e.Message }

// maxDeployNodes bounds the deployment positions CheckDeploy examines
// for one attacker: a search without a bound is exponential in the
// commands (a crowded 1.5 KB file of eight commands a side took 33 s to
// refuse). The built-in and generated battles deploy along the first
// line tried, one position a command (at most 17), and a battle that
// none of that many fits is not one to offer.
const maxDeployNodes = 64

// CheckDeploy proves that every command of both sides can deploy, whichever
// side becomes the attacker (an army that is always the defender only
// defends, unless both are, when neither is): it starts the game with dm.NewGameOn, makes the scouting dice
// give the attacker wanted, and plays the deployment with the legal
// actions, trying other slots when a later command finds none (ruling
// D-DEPLOY: a command deploys in one of the engine's slots). The error is
// a *DeployError naming the command that fits no slot.
func CheckDeploy(sc *dm.Scenario) error {
	for att := range 2 {
		if sc.Forces[att].AlwaysDefender && !sc.Forces[1-att].AlwaysDefender {
			continue
		}
		s, err := dm.NewGameOn(sc, engine.Options{})
		if err != nil {
			return err
		}
		if err := toDeployment(s, att); err != nil {
			return err
		}
		d := &deployer{sc: sc, att: att}
		if ok, _ := d.search(s); ok {
			continue
		}
		if d.fail == nil {
			d.fail = &DeployError{Side: -1, Attacker: att, Message: fmt.Sprintf("no deployment found within %d positions tried when %s attack", maxDeployNodes, sideName(sc, att))}
		}
		return d.fail
	}
	return nil
}

// toDeployment plays the game to its first deployment decision: no supply
// dice added, and scouting dice all 6s for att and all 1s for the other
// side, so att attacks.
func toDeployment(s *dm.State, att int) error {
	var buf []engine.Action
	for steps := 0; ; steps++ {
		if steps > 1000 || s.Terminal() {
			return fmt.Errorf("the game did not reach deployment (%s)", s.PhaseName())
		}
		if s.ToMove() == engine.Chance {
			r := s.PendingRoll()
			d := engine.Dice{N: uint8(r.Count())}
			for i := range r.Count() {
				d.V[i] = 1
				if int(r.By) == att {
					d.V[i] = uint8(r.Sides(i))
				}
			}
			if err := s.ApplyDice(d); err != nil {
				return fmt.Errorf("scouting dice: %w", err)
			}
			continue
		}
		buf = s.Legal(buf[:0])
		if len(buf) == 0 || buf[0].Kind == dm.KDeploy {
			// No action at all is a deployment no command fits, which
			// the search reports.
			return nil
		}
		a := buf[0]
		for _, b := range buf {
			if b.Kind == dm.KSupply && b.Arg == 0 {
				a = b
			}
		}
		if err := s.Apply(a); err != nil {
			return err
		}
	}
}

// deployer searches the deployment orders.
type deployer struct {
	sc    *dm.Scenario
	att   int
	nodes int // positions examined, bounded by maxDeployNodes
	fail  *DeployError
}

// search deploys from s: at each decision the lowest command of the side
// to deploy goes down in each of its slots in turn. Slots only fill up,
// so a command left with none fails the whole branch. It tries the one
// command's slots rather than listing every command's (Legal): on a
// large table crowded with impassable ground a listing costs a scan of
// the zone per command.
//
// A failure names the side whose command found no slot (failSide; -1
// when the search gave up or the engine refused). The two deployment
// zones do not meet (Deployment Zone: a quarter and a half of the
// table's depth from opposite edges), so the other side's choices cannot
// make room for that command: the search goes straight back to the
// failing side's last choice instead of trying every slot of the other
// side's commands in between, which would multiply the work by their
// slots for nothing.
func (d *deployer) search(s *dm.State) (ok bool, failSide int) {
	if s.Terminal() || s.ToMove() == engine.Chance || s.Turn() > 0 || s.PhaseName() != "deployment" {
		return true, -1
	}
	if d.nodes++; d.nodes > maxDeployNodes {
		return false, -1
	}
	side := int(s.ToMove())
	cmd := -1
	for g := range s.NumGenerals() {
		if gv := s.General(g); gv.Side == side && gv.Command != dm.NoCommand && !gv.OnTable && (cmd < 0 || gv.Command < cmd) {
			cmd = gv.Command
		}
	}
	if cmd < 0 {
		d.fail = &DeployError{Side: side, Attacker: d.att, Message: fmt.Sprintf("%s is asked to deploy with every command on the table", sideName(d.sc, side))}
		return false, -1
	}
	for slot := range dm.DeployChoices {
		next := s.Clone().(*dm.State)
		if next.Apply(engine.Action{Kind: dm.KDeploy, Unit: uint8(cmd), Arg: uint8(slot)}) != nil {
			continue // not one of its slots
		}
		ok, failSide := d.search(next)
		if ok {
			return true, -1
		}
		if failSide != side {
			// The budget ran out, or the other side's command found
			// no slot: another slot here changes nothing for it.
			return false, failSide
		}
	}
	if d.fail == nil {
		d.fail = d.noSlot(s, side, cmd)
	}
	return false, side
}

// noSlot describes command c of side, which fits no slot.
func (d *deployer) noSlot(s *dm.State, side, c int) *DeployError {
	f := &d.sc.Forces[side]
	cs := &f.Commands[c]
	width := 0.0
	for i := range cs.Units {
		p := &cs.Units[i].Profile
		w, _ := dm.Size(p.Type, dm.Line, int(p.Bases))
		width += w + 1
	}
	zone := d.sc.Depth / 2
	role := "defend"
	if side == d.att {
		zone, role = d.sc.Depth/4, "attack"
	}
	return &DeployError{Side: side, Command: c, Attacker: d.att, Message: fmt.Sprintf(
		"command %d (%s) of %s, %d units about %.0f BW wide in line, fits no deployment slot when %s %s: its zone is %g BW deep and a slot a third of the %g BW width",
		c+1, cs.General.Label, sideName(d.sc, side), len(cs.Units), width, sideName(d.sc, side), role, zone, d.sc.Width)}
}

// sideName is a force's name, or its number.
func sideName(sc *dm.Scenario, side int) string {
	if n := sc.Forces[side].Name; n != "" {
		return n
	}
	return fmt.Sprintf("side %d", side)
}

// CheckDeployOrders plays n random deployments for each side as attacker
// (seeded: the same n and seed try the same orders) and reports the first
// that leaves a command no slot. The engine offers every slot a command
// fits at the moment, so an early command's slot or the baggage camp
// placed with it can crowd a later command out of a shallow attacker's
// zone; a battle that passes CheckDeploy may still strand a player who
// deploys in a poor order. Built-in and generated battles pass this too
// (ruling D-DEPLOY-ORDERS).
//
// Ruling D-DEPLOY-ORDERS (Deploying forces): built-in and generated
// battles must not strand a player who deploys in any order tried.
func CheckDeployOrders(sc *dm.Scenario, n int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 0x6465706c))
	var buf []engine.Action
	for att := range 2 {
		if sc.Forces[att].AlwaysDefender && !sc.Forces[1-att].AlwaysDefender {
			continue
		}
		start, err := dm.NewGameOn(sc, engine.Options{})
		if err != nil {
			return err
		}
		if err := toDeployment(start, att); err != nil {
			return err
		}
		for range n {
			s := start.Clone().(*dm.State)
			for !s.Terminal() && s.ToMove() != engine.Chance && s.Turn() == 0 {
				buf = s.Legal(buf[:0])
				if len(buf) == 0 {
					side := int(s.ToMove())
					d := &deployer{sc: sc, att: att}
					for g := range s.NumGenerals() {
						if gv := s.General(g); gv.Side == side && gv.Command != dm.NoCommand && !gv.OnTable {
							e := d.noSlot(s, side, gv.Command)
							e.Message += " after the other commands took the slots in a poor order"
							return e
						}
					}
					return &DeployError{Side: side, Attacker: att, Message: "no legal deployment"}
				}
				if buf[0].Kind != dm.KDeploy {
					break
				}
				if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
