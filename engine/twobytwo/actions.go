package twobytwo

import "github.com/grognard/grognard/engine"

// Action kinds of the 2 by 2 ruleset (engine.Action.Kind).
const (
	KindEnd       uint8 = iota + 1 // end the current step: deployment, queue, movement, shooting, arrival (decline)
	KindDeploy                     // Unit at Path[0] facing Facing
	KindPoint                      // reinforcement point on edge Arg at Path[0]
	KindQueue                      // Unit joins the queue of the point just placed
	KindMove                       // Unit moves along Path, ends facing Facing (a contact makes a charge)
	KindHold                       // Unit stays where it is this movement phase
	KindFace                       // Unit pivots in place to Facing (pinned units may do this)
	KindVolRout                    // Unit routs voluntarily (light infantry, light cavalry)
	KindExit                       // Unit leaves the table along Path through edge Arg
	KindDiceReinf                  // dice for the next reinforcement at point Arg
	KindPlace                      // the arriving reinforcement is placed at Path[0] facing Facing
	KindExchange                   // exchange the arriving reinforcement for enemy unit Target
	KindConfront                   // the charged unit confronts the charge
	KindStall                      // the charged unit stalls the charge with fire
	KindFire                       // Unit fires at Target
	KindSupport                    // Unit adds supporting fire to the declared shot
	KindResolve                    // roll the declared shot
	KindRout                       // rout direction: Arg 0 = direct rear, 1 = away from the firer
	KindMelee                      // resolve the melee around enemy unit Target
	KindFollowUp                   // Arg 1 = follow up, 0 = stay
	KindSlide                      // Unit moves along Path keeping its facing (sideways x2, straight back x1), ends facing Facing
	KindBombard                    // the grand battery led by Unit bombards the area centred at Path[0]
	numKinds
)

var kindNames = [...]string{"", "end", "deploy", "point", "queue", "move", "hold", "face", "rout", "exit", "reinforce", "place", "exchange", "confront", "stall", "fire", "support", "resolve", "rout-direction", "melee", "follow-up", "slide", "bombard"}

// KindName is the short name of an action kind (as used in the protocol).
func KindName(k uint8) string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Order tags say which generated order an action came from (for
// explanations); free-form moves carry OrderFree.
const (
	OrderFree uint8 = iota
	OrderCharge
	OrderAdvance
	OrderOccupy
	OrderSupport
	OrderScreen
	OrderThreaten
	OrderWithdraw
	OrderExit
	OrderHQRally
	OrderHQContact
	OrderFace
	OrderCross
	OrderHQShelter // an HQ behind friendly infantry, out of enemy cavalry's reach
)

var orderNames = [...]string{"free", "charge", "advance", "occupy", "support", "screen", "threaten", "withdraw", "exit", "hq-rally", "hq-contact", "face", "cross", "hq-shelter"}

// OrderName names an order tag.
func OrderName(o uint8) string {
	if int(o) < len(orderNames) {
		return orderNames[o]
	}
	return "unknown"
}

func act(kind uint8, unit, target int) engine.Action {
	return engine.Action{Kind: kind, Unit: uint8(unit), Target: uint8(target)}
}
