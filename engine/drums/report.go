package drums

import (
	"strings"

	"github.com/grognard/grognard/engine"
)

// Ruling D-LOST-ACTION (Actions: "Players must declare ... what actions on
// the chosen unit they are doing ... The actions declared must be
// completed if it is legal to do so"): both actions are declared before
// the first is carried out, so the second may no longer be legal when its
// turn comes (a shot out of range after the advance, a turn with no room,
// a charge out of reach); it is then lost, and the step that loses it
// says which action and why (engine.Reporter), so no declared action
// vanishes without a result or a reason. A shot is still offered as a
// second action when a move could bring the target into range.

// lostWhy is why a declared action was not carried out.
type lostWhy uint8

const (
	lostNone lostWhy = iota
	lostBroken
	lostMelee
	lostSquare
	lostInterpen
	lostNoRoomWheel
	lostNoRoomTurn
	lostNoRoomReform
	lostNotLoaded
	lostNoWeapon
	lostOutOfRange
	lostResponseRange
	lostOutOfArc
	lostNoBases
	lostNoSight
	lostTargetGone
	lostTargetInMelee
	lostChargeInterpen
	lostNoReach
	lostNoReload
	lostGeneralMove
	numLost
)

// lostWords say each reason, after "is lost: ".
var lostWords = [numLost]string{
	lostBroken:         "the unit left the table first",
	lostMelee:          "the unit is in melee and loses its remaining action points",
	lostSquare:         "foot in square cannot move",
	lostInterpen:       "it interpenetrated a friend and makes only one movement action this turn (Interpenetration of Friendly units)",
	lostNoRoomWheel:    "there is no room to wheel towards the point",
	lostNoRoomTurn:     "there is no room to turn (Change facing)",
	lostNoRoomReform:   "there is no room for the new formation (Change Formation)",
	lostNotLoaded:      "the unit is not loaded",
	lostNoWeapon:       "the unit has no weapon to shoot in its formation",
	lostOutOfRange:     "the target is out of range",
	lostResponseRange:  "the target is beyond the response's range",
	lostOutOfArc:       "the target is outside the shooting arc",
	lostNoBases:        "no base is eligible to shoot",
	lostNoSight:        "the shooters cannot see the target",
	lostTargetGone:     "the target has left the table",
	lostTargetInMelee:  "the target is in melee",
	lostChargeInterpen: "a unit that interpenetrated a friend cannot charge this turn",
	lostNoReach:        "the target is beyond a maximum throw's reach, or there is no room to charge it",
	lostNoReload:       "a unit that shot as it evaded cannot reload this turn",
	lostGeneralMove:    "the general may not go there now (Moving generals)",
}

// maxLost is the most declared actions one step can lose: an activation's
// two.
const maxLost = 2

// lostNote is one declared action a step lost: no strings, so keeping it
// costs the hot paths nothing; Report turns it into words.
type lostNote struct {
	why    lostWhy
	unit   uint8 // the unit, or generalBase + the general
	kind   uint8 // the action's kind
	target uint8
}

// noteLost records that unit i's declared action a was not carried out.
func (s *State) noteLost(i int, a *engine.Action, why lostWhy) {
	if int(s.nlost) >= maxLost {
		return
	}
	s.lost[s.nlost] = lostNote{why: why, unit: uint8(i), kind: a.Kind, target: a.Target}
	s.nlost++
}

// Report says which declared actions the last step lost and why
// (engine.Reporter), "" when none.
func (s *State) Report() string {
	var b strings.Builder
	for k := range int(s.nlost) {
		n := &s.lost[k]
		if k > 0 {
			b.WriteString("; ")
		}
		who := ""
		if int(n.unit) >= generalBase {
			who = s.genLabel(int(n.unit) - generalBase)
		} else {
			who = s.unitLabel(int(n.unit))
		}
		b.WriteString(who + "'s declared " + lostAction(s, n) + " is lost: ")
		if n.why < numLost {
			b.WriteString(lostWords[n.why])
		}
	}
	return b.String()
}

// lostAction names a lost action: "shot at B1", "advance".
func lostAction(s *State, n *lostNote) string {
	switch n.kind {
	case KAdvance:
		return "advance"
	case KRetire:
		return "retire"
	case KTurn:
		return "turn"
	case KReform:
		return "formation change"
	case KShoot:
		return "shot at " + s.targetLabel(int(n.target))
	case KCharge:
		return "charge on " + s.targetLabel(int(n.target))
	case KReload:
		return "reload"
	case KGeneralMove:
		return "move"
	}
	return "action"
}

// shootLost is why unit i cannot shoot at j now, the reasons canShoot
// checks in its order (lostNone if it can).
func (s *State) shootLost(i, j int, unprompted bool) lostWhy {
	if s.canShoot(i, j, unprompted) {
		return lostNone
	}
	if j < 0 || j >= s.st.nu || !s.alive(j) {
		return lostTargetGone
	}
	u := &s.Units[i]
	switch {
	case u.Flags&fLoaded == 0:
		return lostNotLoaded
	case u.Flags&fInMelee != 0:
		return lostMelee
	case s.Units[j].Flags&fInMelee != 0:
		return lostTargetInMelee
	}
	w := s.weaponOf(i)
	if w == NoWeapon {
		return lostNoWeapon
	}
	sr, tr := s.rect(i), s.rect(j)
	if Range(sr, tr) > maxRange(w)+1e-9 {
		return lostOutOfRange
	}
	if _, ok, _, _ := ShotNeeds(w, Range(sr, tr), unprompted); !ok {
		return lostResponseRange
	}
	if u.Form != Square && !InArc(sr, tr) {
		return lostOutOfArc
	}
	if EligibleBases(s.prof(i).Type, u.Form, s.Bases(i), u.Front, u.Facing, tr, maxRange(w)) == 0 {
		return lostNoBases
	}
	return lostNoSight
}
