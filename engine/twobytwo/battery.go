package twobytwo

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// VariantGrandBattery switches on the optional "Massed Artillery and
// Bombardment" rule.
const VariantGrandBattery = "grand-battery"

// bombArea is a bombarded area: a rectangle straight ahead of a grand
// battery, 1" of frontage per gun and 1 1/2" deep. It stays marked until
// the bombarding side's next shooting phase, and units that move into or
// through it are bombarded too (ruling R-GBPASS).
type bombArea struct {
	Active bool
	Side   uint8    // side that bombarded
	Lead   uint8    // lead gun, for range bands
	C      geom.Vec // centre
	F      geom.Vec // battery facing
	HW     float64  // half frontage
}

func (b *bombArea) rect() geom.Rect { return geom.Rect{C: b.C, F: b.F, HW: b.HW, HD: 0.75} }

// battery returns the grand battery led by artillery unit lead: lead and
// every artillery unit linked to it by side-by-side base contact, facing
// within 15 degrees of it and able to fire (ruling R-GBFORM). It is a grand
// battery only with 3 or more guns.
func (s *State) battery(lead int) uint64 {
	if !s.typ(lead).IsArtillery() || !s.canShoot(lead) {
		return 0
	}
	mask := uint64(1) << uint(lead)
	for grown := true; grown; {
		grown = false
		for j := 0; j < int(s.n); j++ {
			if mask&(1<<uint(j)) != 0 || !s.typ(j).IsArtillery() || s.side(j) != s.side(lead) || !s.canShoot(j) {
				continue
			}
			// "within 15 degrees" takes in 15 itself, whose cosine the
			// facings' rounding can land just below.
			if s.U[j].Dir.Dot(s.U[lead].Dir) < math.Cos(15*math.Pi/180)-1e-9 {
				continue
			}
			for k := 0; k < int(s.n); k++ {
				if mask&(1<<uint(k)) != 0 && s.touching(j, k) {
					mask |= 1 << uint(j)
					grown = true
					break
				}
			}
		}
	}
	if bits.OnesCount64(mask) < 3 {
		return 0
	}
	return mask
}

// batteryReach is the battery's maximum range: "equal to the lowest maximum
// range of its constituent artillery units".
func (s *State) batteryReach(mask uint64) float64 {
	r := math.MaxFloat64
	for k := 0; k < int(s.n); k++ {
		if mask&(1<<uint(k)) != 0 {
			r = math.Min(r, s.prof(k).Long)
		}
	}
	return r
}

// batteryFront is the centre of the battery's front line and its facing.
func (s *State) batteryFront(mask uint64, lead int) (geom.Vec, geom.Vec) {
	var c geom.Vec
	n := 0
	for k := 0; k < int(s.n); k++ {
		if mask&(1<<uint(k)) != 0 {
			c = c.Add(s.rect(k).FaceCentre(geom.FaceFront))
			n++
		}
	}
	return c.Scale(1 / float64(n)), s.U[lead].Dir
}

// checkBombard (ruling R-GBAREA) validates a bombardment by the battery led by a.Unit at the
// area centred on a.Path[0]: straight ahead of the battery, its far edge
// within the battery's maximum range.
func (s *State) checkBombard(a engine.Action) (uint64, bombArea, error) {
	var area bombArea
	lead := int(a.Unit)
	if !s.grandBattery {
		return 0, area, fmt.Errorf("the grand battery rule is not in use (variant %q)", VariantGrandBattery)
	}
	if lead >= int(s.n) || s.side(lead) != s.actor {
		return 0, area, fmt.Errorf("no such gun of yours")
	}
	mask := s.battery(lead)
	if mask == 0 {
		return 0, area, fmt.Errorf("%s is not part of a grand battery of 3 or more guns in base contact, facing the same way, able to fire", s.label(lead))
	}
	if a.NPath < 1 {
		return 0, area, fmt.Errorf("no target area given")
	}
	front, dir := s.batteryFront(mask, lead)
	off := a.Path[0].Sub(front)
	ahead := off.Dot(dir)
	if math.Abs(off.Dot(dir.Perp())) > 0.05 || ahead < 0.75-1e-9 {
		return 0, area, fmt.Errorf("the bombarded area must lie straight ahead of the battery")
	}
	if ahead+0.75 > s.batteryReach(mask)+1e-9 {
		return 0, area, fmt.Errorf("the far edge of the area is beyond the battery's range of %.2f\"", s.batteryReach(mask))
	}
	area = bombArea{Active: true, Side: s.actor, Lead: uint8(lead), C: a.Path[0], F: dir, HW: 0.5 * float64(bits.OnesCount64(mask))}
	return mask, area, nil
}

func (s *State) applyBombard(a engine.Action) error {
	mask, area, err := s.checkBombard(a)
	if err != nil {
		return err
	}
	for k := 0; k < int(s.n); k++ {
		if mask&(1<<uint(k)) != 0 {
			s.U[k].Flags |= fFired
		}
	}
	s.bomb = area
	s.bombQ = 0
	r := area.rect()
	for k := 0; k < int(s.n); k++ {
		if s.U[k].Loc == LocTable && geom.Overlap(r, s.rect(k), 0) {
			s.bombQ |= 1 << uint(k)
		}
	}
	s.resume = phShoot
	s.nextBombard()
	return nil
}

// bombardPassing queues unit i for bombardment if its move from `from` to
// its present place touched the marked area.
func (s *State) bombardPassing(i int, from geom.Vec) {
	if !s.bomb.Active || s.U[i].Loc != LocTable {
		return
	}
	r := s.bomb.rect()
	end := s.rect(i)
	swept := geom.Rect{C: from.Add(end.C).Scale(0.5), F: end.C.Sub(from).Norm(), HW: 0.5, HD: from.Dist(end.C)/2 + 0.25}
	if swept.F.Len2() == 0 {
		swept = end
	}
	if geom.Overlap(r, swept, 0) || geom.Overlap(r, end, 0) {
		s.bombQ |= 1 << uint(i)
	}
}

// nextBombard rolls for the next unit in the bombarded area, or resumes play.
func (s *State) nextBombard() {
	for s.bombQ != 0 {
		k := bits.TrailingZeros64(s.bombQ)
		s.bombQ &^= 1 << uint(k)
		if s.U[k].Loc != LocTable {
			continue
		}
		s.chUnit = uint8(k)
		s.chMod = int8(s.bombardModifier(k))
		s.setChance(chBombard, 1)
		return
	}
	if s.routN > 0 {
		s.runRouts()
		return
	}
	s.resumePlay()
}

// bombardModifier: "Grand Battery Bombardment -3" with the range band of
// the lead gun and the target's own modifiers (cavalry, disrupted, light
// infantry, cover); the firer's modifiers do not apply (ruling R-GBMOD).
func (s *State) bombardModifier(k int) int {
	lead := int(s.bomb.Lead)
	tr := s.rect(k)
	d := measure(s.rect(lead), tr)
	m := -3 + s.rangeBand(lead, d)
	tt := s.typ(k)
	if tt.IsCavalry() {
		m += 2
	}
	if s.U[k].Stat == Disrupted {
		m++
	}
	if tt.IsInfantry() {
		m += s.sc.coverModifier(tr, false)
	}
	if tt == LightInfantry {
		m--
	}
	return m
}

func (s *State) resolveBombard(d int) {
	k := int(s.chUnit)
	s.shotResult(k, int(s.bomb.Lead), d+int(s.chMod))
	s.nextBombard()
}

// legalBombard appends bombardments for every grand battery of the
// shooter: areas straight ahead at every whole inch of distance in range.
func (s *State) legalBombard(buf []engine.Action) []engine.Action {
	var seen uint64
	for lead := 0; lead < int(s.n); lead++ {
		if seen&(1<<uint(lead)) != 0 || s.side(lead) != s.actor {
			continue
		}
		mask := s.battery(lead)
		if mask == 0 {
			continue
		}
		seen |= mask
		front, dir := s.batteryFront(mask, lead)
		for ahead := 0.75; ahead+0.75 <= s.batteryReach(mask)+1e-9; ahead++ {
			a := act(KindBombard, lead, NoUnit)
			a.NPath, a.Path[0] = 1, front.Add(dir.Scale(ahead))
			// On the grid, the first and last areas may fall a hair
			// short of or past what the battery reaches (R-GRID).
			onGrid(&a)
			if _, _, err := s.checkBombard(a); err == nil {
				buf = append(buf, a)
			}
		}
	}
	return buf
}
