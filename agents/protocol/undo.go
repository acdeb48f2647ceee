package protocol

import (
	"context"
	"fmt"
	"strconv"
)

// ---- undo and the result ----

// maxUndo bounds the steps one undo names.
const maxUndo = 1000000

// Undo answers undo: it takes back the last n steps (actions, dice and
// corrections alike). Data: StateInfo.
func (s *Session) Undo(n int) (Reply, error) {
	return s.guarded(background, "undo", func() (Reply, error) { return s.undo(n) })
}

func (s *Session) undo(n int) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	if n < 1 || n > maxUndo {
		return Reply{}, rangeError("steps", strconv.Itoa(n), maxUndo)
	}
	if n > len(g.history) {
		return Reply{}, fmt.Errorf("cannot undo %d steps: only %d can be taken back", n, len(g.history))
	}
	g.restore(&g.history[len(g.history)-n])
	g.rev++ // a new revision: the steps undone may be played otherwise
	text := fmt.Sprintf("undid %d step(s)\n%s", n, g.summary())
	return Reply{Text: text, Data: g.stateInfo()}, nil
}

func (s *Session) cmdUndo(_ context.Context, args []string) (Reply, error) {
	if _, err := s.needGame(); err != nil {
		return Reply{}, err
	}
	n := 1
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("undo takes at most a number of steps")
	}
	if len(args) == 1 {
		var err error
		if n, err = positiveInt("steps", args[0], maxUndo); err != nil {
			return Reply{}, err
		}
	}
	return s.undo(n)
}

// Result answers result: the game's result, or that it is in progress
// (Data: engine.Result).
func (s *Session) Result() (Reply, error) {
	return s.guarded(background, "result", s.result)
}

func (s *Session) result() (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	res := g.st.Result()
	text := "in progress, turn " + strconv.Itoa(g.st.Turn())
	if res.Over {
		text = g.resultText()
	}
	return Reply{Text: text, Data: res}, nil
}

func (s *Session) cmdResult(_ context.Context, args []string) (Reply, error) {
	if _, err := s.gameFor(args, true); err != nil {
		return Reply{}, err
	}
	return s.result()
}
