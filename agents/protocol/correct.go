package protocol

import (
	"context"

	"github.com/grognard/grognard/engine"
)

// ---- corrections to match the table ----

// Correct answers set: it corrects the position to match the real table
// as text says, in the ruleset's words (engine.Corrector: a unit's place,
// facing or status, the turn and side to move), its bare numbers in the
// unit chosen with Units. Only the resulting position is checked. Data:
// StateInfo.
func (s *Session) Correct(text string) (Reply, error) {
	return s.guarded(background, "set", func() (Reply, error) { return s.correct(text) })
}

func (s *Session) correct(text string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	next := g.st.Clone()
	var what string
	if unit := s.otherUnit(g); unit == "" {
		c, err := engine.Capability[engine.Corrector](next, "corrections")
		if err != nil {
			return Reply{}, err
		}
		if what, err = c.Correct(text); err != nil {
			return Reply{}, err
		}
	} else {
		lr, err := engine.Capability[engine.LengthReader](next, "corrections in "+unit)
		if err != nil {
			return Reply{}, err
		}
		if what, err = lr.CorrectIn(text, unit); err != nil {
			return Reply{}, err
		}
	}
	g.push()
	g.st = next
	g.edited = true
	g.rec.Result, g.rec.Turns = g.st.Result(), g.st.Turn()
	return Reply{Text: what + "\n" + g.summary(), Data: g.stateInfo()}, nil
}

func (s *Session) cmdSet(_ context.Context, args []string) (Reply, error) {
	return s.correct(joinWords(args))
}

// CorrectHelp says how the game's ruleset writes a correction
// (engine.Corrector), for a front end's help.
func (s *Session) CorrectHelp() (string, error) {
	g, err := s.needGame()
	if err != nil {
		return "", err
	}
	c, err := engine.Capability[engine.Corrector](g.st, "corrections")
	if err != nil {
		return "", err
	}
	return c.CorrectHelp(), nil
}
