package drums

// The fitted weights, in the order of the features. They were fitted by
//
//	GROGNARD_REFIT=1 go test ./evaluation/drums/selfplay -run TestRefit -v -timeout 60m
//
// which plays 3000 seeded self-play games (Plan(3000, 1): the doctrines,
// noisy and random), fits on four fifths of them and prints these
// constants and the held-out metrics. It reported, on the engine as the
// rules branch fixed it (rules at 3ddf8d7: resilience tests keep their
// kind, so charges go in and melee is fought), on 84,420 held-out
// positions of 600 games:
//
//	fitted   log loss 0.4844  Brier 0.1505  accuracy 0.784
//	material log loss 0.5712  Brier 0.1859  accuracy 0.697
//	constant log loss 0.6931  Brier 0.2402  accuracy 0.500
//
// (On the kit branch's engine before that fix the same command reports
// 0.3894 against 0.6074 for material; refit after merging the rules.)

// DefaultWeights are the weights of Default.
var DefaultWeights = [NumFeatures]float64{6.77404, -0.537013, 2.17465, 0.154244, 1.63732, 0.763076, 2.42491, 0.0937308, 0.2773}

// MaterialWeights are the weights of Material: strength alone.
var MaterialWeights = [NumFeatures]float64{FStrength: 7.68115}
