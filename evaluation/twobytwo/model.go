package twobytwo

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	rules "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/evaluation"
)

// Model is a logistic model of the game's outcome: the probability that
// a side wins (a draw counting half) is sigmoid(Weights · Features), with
// no bias term, so that the two sides' views, whose features are exact
// negations, get probabilities summing to one and values that are exact
// negations.
type Model struct {
	// Name says which model this is ("default", "material").
	Name string
	// Weights multiply the features of Features, in their order.
	Weights [NumFeatures]float64
}

// Logit is w · f, bounded to [-30, 30] (evaluation.Logit).
func (m *Model) Logit(f *Features) float64 {
	return evaluation.Logit(m.Weights[:], f[:])
}

// Prob is the model's probability of a win (a draw counting half) for the
// side whose features f are.
func (m *Model) Prob(f *Features) float64 {
	return evaluation.Sigmoid(m.Logit(f))
}

// WinProb is the model's probability that side wins st, a draw counting
// half. It lies in (0, 1) for a game in progress; a finished game gets its
// true outcome: 1, 0.5 or 0. It allocates nothing.
func (m *Model) WinProb(st *rules.State, side int) float64 {
	if st.Terminal() {
		return st.Result().Score(engine.Player(side))
	}
	var f Features
	Extract(st, side, &f)
	return m.Prob(&f)
}

// Value is 2*WinProb-1 (up to rounding), in [-1, 1]: the value a search
// backs up. It is exactly antisymmetric: Value(st, 0) == -Value(st, 1).
// A finished game is worth 1 to the winner, -1 to the loser and 0 to both
// in a draw. It allocates nothing.
func (m *Model) Value(st *rules.State, side int) float64 {
	if st.Terminal() {
		return 2*st.Result().Score(engine.Player(side)) - 1
	}
	var f Features
	Extract(st, side, &f)
	return m.ValueOf(&f)
}

// ValueOf is the value of features f: tanh(z/2) = 2*sigmoid(z)-1 for the
// logit z, computed on |z| and given z's sign so that negated features
// give an exactly negated value.
func (m *Model) ValueOf(f *Features) float64 {
	z := m.Logit(f)
	v := math.Tanh(math.Abs(z) / 2)
	if z < 0 {
		return -v
	}
	return v
}

// File is the content of weights.json: the fitted models, how they were
// fitted and how well they predicted games they were not fitted on.
type File struct {
	// Command is the command line that wrote the file.
	Command string `json:"command"`
	// Games, TrainGames and HeldOutGames count the games: self-play, or
	// the recorded games of Records.
	Games        int `json:"games"`
	TrainGames   int `json:"train_games"`
	HeldOutGames int `json:"heldout_games"`
	// TrainSamples and HeldOutSamples count the positions (both views).
	TrainSamples   int `json:"train_samples"`
	HeldOutSamples int `json:"heldout_samples"`
	// Records are the files of recorded games fitted on, in the order
	// read; none for self-play, whose games Seed plans.
	Records []string `json:"records,omitempty"`
	Seed    uint64   `json:"seed"`
	Every   int      `json:"every"`
	L2      float64  `json:"l2"`
	// Runtime is the wall time of the fit, for the record.
	Runtime string `json:"runtime,omitempty"`
	// Features lists the feature names in order.
	Features []string `json:"features"`
	// Models are the fitted models; Baseline is the constant 0.5.
	Models   []FileModel `json:"models"`
	Baseline Metrics     `json:"baseline_heldout"`
}

// FileModel is one model of a File. Weights are keyed by feature name.
type FileModel struct {
	Name    string             `json:"name"`
	Weights map[string]float64 `json:"weights"`
	HeldOut Metrics            `json:"heldout"`
	Train   Metrics            `json:"train"`
}

// ToFile converts m (weights by name).
func (m *Model) ToFile() FileModel {
	w := make(map[string]float64, NumFeatures)
	for k, name := range FeatureNames {
		w[name] = m.Weights[k]
	}
	return FileModel{Name: m.Name, Weights: w}
}

// ModelFromFile rebuilds a model; it refuses names it does not know and
// features the file leaves out, so a stale weights file is caught.
func ModelFromFile(fm FileModel) (*Model, error) {
	m := &Model{Name: fm.Name}
	seen := 0
	for name, w := range fm.Weights {
		k := FeatureIndex(name)
		if k < 0 {
			return nil, fmt.Errorf("model %q: unknown feature %q", fm.Name, name)
		}
		m.Weights[k] = w
		seen++
	}
	if seen != NumFeatures {
		return nil, fmt.Errorf("model %q: has %d of the %d features; refit with 'grognard evalfit'", fm.Name, seen, NumFeatures)
	}
	return m, nil
}

// FeatureIndex is the index of a feature by name, or -1.
func FeatureIndex(name string) int {
	for k, n := range FeatureNames {
		if n == name {
			return k
		}
	}
	return -1
}

//go:embed weights.json
var weightsJSON []byte

// Default is the model fitted by 'grognard evalfit'; Material is the
// material-only model fitted on the same games, for comparison. Both come
// from the embedded weights.json.
var Default, Material *Model

// Fitted is the embedded weights file, with its figures.
var Fitted File

func init() {
	if err := json.Unmarshal(weightsJSON, &Fitted); err != nil {
		panic("evaluation/twobytwo: weights.json: " + err.Error())
	}
	for _, fm := range Fitted.Models {
		m, err := ModelFromFile(fm)
		if err != nil {
			panic("evaluation/twobytwo: weights.json: " + err.Error())
		}
		switch fm.Name {
		case "default":
			Default = m
		case "material":
			Material = m
		}
	}
	if Default == nil || Material == nil {
		panic("evaluation/twobytwo: weights.json lacks the default or the material model")
	}
}

// Evaluator is m as the generic evaluation contract: a 2 by 2 state is
// scored by Value for side 0. It refuses nothing: a state of another
// ruleset scores its result when finished, else 0, so that a kit that
// offers it for 2 by 2 alone never sees one; the kit registry keys it by
// ruleset.
func Evaluator(m *Model) evaluation.Evaluator {
	return func(st engine.State) float64 {
		if s, ok := st.(*rules.State); ok {
			return m.Value(s, 0)
		}
		v, _ := evaluation.Outcome(st)
		return v
	}
}
