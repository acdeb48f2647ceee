package drums

// The fitted weights, in the order of the features. They were fitted by
//
//	go run ./cmd/grognard evalfit --ruleset drums --games 3000
//
// which plays 3000 seeded self-play games (Plan(3000, 1): the doctrines,
// noisy and random), fits on four fifths of them and prints these
// constants and the held-out metrics (until issue 68 this was a test run
// with GROGNARD_REFIT=1 GROGNARD_REFIT_GAMES=3000). On the
// engine at c28d63e (melees of several units, supply dice in melee, the
// charged unit's shot and a forced retire's turn to face chosen; 2,926 of
// the 3,000 games decided) it reported, on 81,932 held-out positions:
//
//	fitted   log loss 0.5199  Brier 0.1656  accuracy 0.737
//	material log loss 0.5685  Brier 0.1846  accuracy 0.704
//	constant log loss 0.6931  Brier 0.2394  accuracy 0.500
//
// (The fit before those rules, on 600 games, reported 0.4844 against
// 0.5712 for material.)

// DefaultWeights are the weights of Default.
var DefaultWeights = [NumFeatures]float64{7.29208, -0.165881, 1.60254, 0.322582, 1.3279, 0.166802, 1.31635, 0.698777, 0.334082}

// MaterialWeights are the weights of Material: strength alone.
var MaterialWeights = [NumFeatures]float64{FStrength: 8.32319}
