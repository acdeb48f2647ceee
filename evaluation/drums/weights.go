package drums

// The fitted weights, in the order of the features. Refit with
//
//	GROGNARD_REFIT=1 go test ./evaluation/drums/selfplay -run TestRefit -v -timeout 60m
//
// which plays the seeded self-play games, fits on four fifths of them and
// prints these constants and the held-out metrics.

// DefaultWeights are the weights of Default (placeholder until fitted).
var DefaultWeights = [NumFeatures]float64{4, 2, 1, 0.5, 1, 2, 0.5, 0.5, 0.2}

// MaterialWeights are the weights of Material: strength alone.
var MaterialWeights = [NumFeatures]float64{FStrength: 4}
