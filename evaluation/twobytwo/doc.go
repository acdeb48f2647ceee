// Package twobytwo is the static evaluation of 2 by 2 Napoleonic
// positions (the generic contract is package evaluation): a handful of
// features read off a twobytwo.State and a logistic model, fitted on
// self-play games, that turns them into the probability that a side
// wins. Searches (MCTS cut-offs) use Value; the
// features are also what an explanation can show.
//
// # The model
//
// WinProb(st, side) = sigmoid(w · f), where f = Extract(st, side) and
// there is no bias term. Every feature is "side's quantity minus the
// enemy's", so the enemy's features are the exact negation of side's;
// with no bias the two views' probabilities sum to one and
// Value(st, 0) == -Value(st, 1) exactly (Value is tanh(z/2) = 2·sigmoid(z)-1,
// computed on |z| and signed). A draw counts half a win, as in
// engine.Result.Score. A finished game is worth its true outcome: Value 1,
// 0 or -1, WinProb 1, 0.5 or 0; a game in progress stays strictly inside
// (0, 1) (the logit is bounded to ±30). Extract, WinProb and Value
// allocate nothing (about 5 µs on a crowded mid-game position).
//
// Default is the full model, Material a model of the material features
// only (MaterialFeatures) fitted on the same games, kept for comparison;
// both are embedded from weights.json, which also records the command
// that fitted them and their held-out figures (Fitted).
//
// # The features
//
// "Fighting units" are the units other than HQs. All features are
// side-minus-enemy differences. The rules sections they come from are
// those of the 2 by 2 document.
//
//	ap_table      AP on the table /10 ("Unit Costs"): the material that can fight now.
//	ap_to_come    AP still queued at reinforcement points or not yet deployed /10
//	              ("Reinforcements"): material that will fight later, if the points stay safe.
//	lost          enemy units destroyed minus own ("Victory Conditions" count units, not AP).
//	break         1/(enemy units left before it loses) - 1/(own): how near each side is to the
//	              break point. Units left is 5-destroyed in a fast game, and
//	              max(5-destroyed, enemy destroyed+2-destroyed) in a decisive one, so a
//	              side with 4 lost in a fast game scores -1 on its own part.
//	lead_late     lost × (turn / turn limit): a lead late in the game is worth less,
//	              because the turn limit ends games in draws (ruling R-TURNLIMIT).
//	ordered, halted, pinned, disrupted
//	              fighting units on the table by status ("Disrupted", "Pinned",
//	              "Resolving shooting"): disrupted units cannot move or fire and are
//	              +2 to beat in melee; pinned ones cannot move.
//	hqs           HQs alive (on the table or to come): rallying needs them ("Rallying").
//	shot_threat   the expected harm each shooter could do with its best single shot next
//	              volley (rout 1, disrupted 1/2, pinned 1/4 on a d6 with the range band,
//	              first volley, skirmish screen, large/small, target cavalry, disrupted or
//	              light infantry), over enemies in its arc and reach; units touching an
//	              enemy neither shoot nor are shot. Line of sight is not checked.
//	charge_threat the expected net units destroyed (enemy's minus own) of each ordered or
//	              halted cavalry or infantry unit's best charge on an enemy within its move
//	              (or the enemy it already touches), from the melee modifiers the two units
//	              bring ("Melee": losing by 3 routs, 4+ destroys); negative gains count 0.
//	              Infantry does not charge cavalry.
//	shot_now      shot_threat of the side that shoots in the present turn (the non-phasing
//	              side, "Sequence of play"), 0 for the other.
//	charge_now    charge_threat of the side whose turn it is.
//	exposed       enemy disrupted fighting units with one of ours within 4", minus our own:
//	              the units "Cavalry is best against".
//	rally_cover   pinned or disrupted units that may attempt a rally now: a corps HQ within
//	              6" or a division HQ of their chain within 3", no enemy in contact, and no
//	              enemy within 2" unless elite or touched by an HQ ("Rallying"). An HQ may
//	              always rally itself unless touching an enemy.
//	point_crowd   own units within 3" of an enemy reinforcement point that still has units
//	              queued: they can be exchanged for an arrival, or exit there and take the
//	              next arrival with them ("Reinforcements").
//	point_reach   own ordered or halted cavalry farther than 3" but within a move plus 3"
//	              of such a point: the threat the rules warn to screen against.
//	town, hill, wood
//	              fighting units whose centre is in a town (cover, held in melee), on a hill
//	              (+1 in melee, shoots downhill) or in a wood (light infantry only).
//	advance       each fighting unit's progress from its own base edge towards the enemy's
//	              (0 to 1), summed.
//	attacker      +1 for the side that won the set-up roll, -1 for the other.
//	phasing       +1 when it is this side's turn, -1 when the enemy's.
//
// Status, threats, coverage and terrain are read from the state only; no
// accessor of the engine is needed beyond the exported ones. Two would make
// it tighter: the state's own turn limit (Options.TurnLimit can override the
// scenario's, which lead_late cannot see) and the engine's own terrain
// tests (in a town, on a hill, line of sight) for a given point or base.
//
// # Fitting
//
// 'grognard evalfit' fits both models and writes weights.json:
//
//	go run ./cmd/grognard evalfit --games 4000 --seed 1 --out evaluation/twobytwo/weights.json
//
// It plays the games of agents/twobytwo/selfplay.Plan(4000, 1): on the built-in scenarios
// standard, village, river-line and meeting and (40%) on generated
// battlefields gen:<k>, between greedy agents of aggression 0.2, 0.5 and
// 0.8, each side independently mixed with uniformly random moves (never
// 40%, 10% of moves 25%, 30% 20%, always 15% of games). It samples every
// tenth step of each game from both sides' views, labelled with the final
// outcome (1, 0.5, 0), keeps every fifth game out of the fit, and fits by
// Newton's method (Fit: mean log loss plus l2/2 |w|², l2 = 1e-4). Games
// are played two at a time on this machine's cores; the result does not
// depend on the number of workers. The run takes one to two minutes on
// two cores (64 s on an idle machine).
//
// Held-out figures of the embedded weights (800 games, 78,280 positions,
// both views):
//
//	model      log loss   Brier    accuracy (decided games)
//	default    0.5971     0.1547   0.702
//	material   0.6112     0.1599   0.695
//	constant   0.6931     0.1975   0.500
//
// With --records, 'grognard evalfit' fits on recorded games instead (the records
// grognard match and tournament write, gzipped or not): RecordSamples
// replays each and samples it as self-play games are sampled, every fifth
// game in the order read is held out, and weights.json lists the files.
//
// TestDefaultBeatsMaterialHeldOut replays 150 fresh games (another seed)
// and checks the order again; it measured default 0.5989, material 0.6092,
// constant 0.6931. The gap is modest: self-play outcomes between noisy
// agents are decided largely by the dice, and most of what can be read
// from a position is the material and the distance to the break point.
package twobytwo
