package engine

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/grognard/grognard/engine/geom"
)

// The capabilities below are what only some rulesets have. Generic code
// asks for one with Capability, which names the ruleset and the missing
// capability in its error, so a command says clearly what it cannot do
// rather than doing something else.

// Phaser is a state played in phases: it names the phase ("movement",
// "shooting") and the side whose turn it is (the phasing side, which may
// differ from the side to move when the other side reacts or a die is
// rolled).
type Phaser interface {
	PhaseName() string
	TurnOf() Player
}

// PhaseName is st's phase of play, or "" for a ruleset without phases.
func PhaseName(st State) string {
	if p, ok := st.(Phaser); ok {
		return p.PhaseName()
	}
	return ""
}

// SideNamer names the sides of a game ("French", "Austrians").
type SideNamer interface {
	SideName(side Player) string
}

// SideName is side's name in st, or "side 0" and "side 1" for a ruleset
// that names none.
func SideName(st State, side Player) string {
	if n, ok := st.(SideNamer); ok {
		if name := n.SideName(side); name != "" {
			return name
		}
	}
	return side.String()
}

// ParseSide reads a side as a person writes it: 0, 1 or its name in st
// (SideName, any case).
func ParseSide(st State, text string) (Player, error) {
	v := strings.TrimSpace(text)
	switch v {
	case "0":
		return 0, nil
	case "1":
		return 1, nil
	}
	for p := Player(0); p < 2; p++ {
		if strings.EqualFold(SideName(st, p), v) {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown side %q: 0, 1, %s or %s", text, SideName(st, 0), SideName(st, 1))
}

// Describer says in words where a game stands, for people: Summary in a
// line or two, Sketch as a text drawing of the table.
type Describer interface {
	Summary() string
	Sketch() string
}

// ScenarioNamer names the scenario a state was started from.
type ScenarioNamer interface {
	ScenarioName() string
}

// Base is one base of a piece on the table: its centre, facing and size,
// in the units and axes the ruleset documents (for 2 by 2: inches, x east,
// y north, facing in degrees clockwise from north, ruling R-AXES).
type Base struct {
	Centre geom.Vec `json:"centre"`
	Facing float64  `json:"facing"`
	Width  float64  `json:"width"`
	Depth  float64  `json:"depth"`
}

// Piece is a unit as a person sees it on the table: a stable id, a short
// label to write on its base ("F3 Line"), its side, its state in words and
// its bases (none while it is off the table).
type Piece struct {
	ID     int    `json:"id"`
	Label  string `json:"label"`
	Name   string `json:"name"`
	Side   Player `json:"side"`
	Status string `json:"status"`
	// Where is "table", or where else the piece is: "waiting",
	// "exited", "destroyed" and so on, in the ruleset's words.
	Where string `json:"where"`
	Bases []Base `json:"bases,omitempty"`
}

// Table is a state whose pieces stand on a table: the table's size and
// every piece, for sketches, pictures and the protocol's unit list.
// Pieces appends to buf (it may allocate: it is for front ends, not
// search).
type Table interface {
	TableSize() (width, depth float64)
	Pieces(buf []Piece) []Piece
}

// FreeForm is a state that takes moves written by a person ("move F3 to
// 12.5,8 facing 90") besides its generated orders, validated as on the
// table and turned into the same Action a bot would play, or refused with
// the reason. MoveHelp says how to write one.
type FreeForm interface {
	ParseMove(text string) (Action, error)
	MoveHelp() string
}

// Corrector is a state a person can correct to match the table: a piece's
// position, facing or status ("unit F3 at 12,8 facing 90 status
// disrupted"). Correct changes the state and says what it changed, in
// words ("set F3 Line"), or refuses with the reason and leaves it
// unchanged. CorrectHelp says how to write one.
type Corrector interface {
	Correct(text string) (string, error)
	CorrectHelp() string
}

// LengthReader is a FreeForm and Corrector that can also read the bare
// numbers of a person's text in another unit of length than the
// ruleset's own, for a front end whose user chose one (the protocol's
// units command). unit is any name or alias FindLength resolves against
// the state's own Lengths (it is a Measurer too: "bw", "mm", "in",
// "paces", ... whatever the ruleset declares), "" the own unit; any
// other is refused with the units it does read. A front end checks a
// user's choice with FindLength(st.Lengths(), name) when it is made, so
// the choice and the reading never disagree.
type LengthReader interface {
	ParseMoveIn(text, unit string) (Action, error)
	CorrectIn(text, unit string) (string, error)
}

// Material is a state that can say, for a turn-limit adjudication, what
// each side has destroyed of the other's army, in the ruleset's points
// (for 2 by 2, AP).
type Material interface {
	MaterialDestroyed() [2]float64
}

// PictureOptions say how a picture of a state is drawn.
type PictureOptions struct {
	// Width is the picture's width in pixels (0: the ruleset's default).
	Width int
	// Arrows are actions to draw as arrows (a hint's orders), each with
	// its label.
	Arrows []Arrow
}

// Arrow is an action to draw on a picture, with a label.
type Arrow struct {
	Action Action
	Label  string
	// From is the position the action is played from, when it is not the
	// pictured state (a plan's later orders); nil for the pictured state.
	From State
}

// Picturer draws a state of its ruleset as a picture (for 2 by 2, SVG).
//
// An SVG picture tells a front end where its table is, so a drag on it
// becomes a position on the table: the root element's data-table="X0 Y0
// S" says that the picture's point (u, v) is the table's point ((u-X0)/S,
// (Y0-v)/S) in the ruleset's units, x east and y north. Each piece a
// person may move is a group with data-piece="LABEL" and
// data-kind="unit" or "general" and data-at="X Y": LABEL is how the
// ruleset's free-form moves ("LABEL to X Y") and corrections ("KIND LABEL
// at X Y") name it, and X Y the point of the piece those place (a 2 by 2
// unit's centre, a Drums and Muskets unit's front centre). The shared
// renderer engine/tabletop/svg draws this contract, so a ruleset's picture
// package translates its state into that renderer's input and decorates it.
type Picturer interface {
	Picture(w io.Writer, st State, opts PictureOptions) error
}

var (
	picturesMu sync.RWMutex
	pictures   = map[string]Picturer{}
)

// RegisterPictures makes p the picture drawer of ruleset. A ruleset's
// picture package registers itself, since it imports the ruleset and so
// cannot be named by it.
func RegisterPictures(ruleset string, p Picturer) {
	picturesMu.Lock()
	defer picturesMu.Unlock()
	pictures[ruleset] = p
}

// Pictures is ruleset's picture drawer, or an error saying it has none.
func Pictures(ruleset string) (Picturer, error) {
	picturesMu.RLock()
	defer picturesMu.RUnlock()
	if p, ok := pictures[ruleset]; ok {
		return p, nil
	}
	names := make([]string, 0, len(pictures))
	for n := range pictures {
		names = append(names, n)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("ruleset %q draws no pictures (rulesets with pictures: %v)", ruleset, names)
}

// MissingCapability is the error of asking a ruleset for a capability it
// does not offer.
type MissingCapability struct {
	Ruleset string
	What    string
}

func (e *MissingCapability) Error() string {
	return fmt.Sprintf("the %s rules do not offer %s", e.Ruleset, e.What)
}

// Capability returns st as a T, or a *MissingCapability naming the
// ruleset and what (for example "free-form moves").
func Capability[T any](st State, what string) (T, error) {
	if c, ok := st.(T); ok {
		return c, nil
	}
	var zero T
	return zero, &MissingCapability{Ruleset: st.Ruleset(), What: what}
}

// TableInstructor says what a person does on a real table to play an
// action: which figures to move where, what to mark (real-table play).
type TableInstructor interface {
	TableInstructions(a Action) string
}

// Decomposer is a state whose decisions search may take one unit at a
// time: LegalNext appends the actions of the next unit to decide (a
// narrower list than Legal's, which offers every unit's), so a tree
// branches on one unit's orders per level.
type Decomposer interface {
	LegalNext(buf []Action) []Action
}

// Losses is a state that counts what each side has lost of its force, in
// the ruleset's measure (LossUnit: "factors" for the grand resolver), for
// figures over many games.
type Losses interface {
	// Lost is what side has lost so far; Strength what its force had at
	// the start, in the same measure.
	Lost(side Player) float64
	Strength(side Player) float64
	LossUnit() string
}

// Reporter is a state that says what the last Apply or ApplyDice did
// that the position does not show: a declared action that could not be
// carried out when its turn came, and why ("F1's declared shot at B1 is
// lost: B1 is out of range"), "" when nothing. Front ends show it with
// the step, so that no declared action vanishes without a result or a
// reason. It may allocate: it is for people, not search.
type Reporter interface {
	Report() string
}

// Report is st's report of its last step (Reporter), "" for a ruleset
// that keeps none.
func Report(st State) string {
	if r, ok := st.(Reporter); ok {
		return r.Report()
	}
	return ""
}
