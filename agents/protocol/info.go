package protocol

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// ---- names, help, modes, units and lists ----

// ProtocolVersion answers protocol_version: Version.
func (s *Session) ProtocolVersion() Reply { return Reply{Text: Version, Data: Version} }

// ProgramName answers name: the program's name (Config.Name).
func (s *Session) ProgramName() Reply { return Reply{Text: s.cfg.Name, Data: s.cfg.Name} }

// ProgramVersion answers version: the program's version (Config.Version).
func (s *Session) ProgramVersion() Reply { return Reply{Text: s.cfg.Version, Data: s.cfg.Version} }

func (s *Session) cmdProtocolVersion(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return s.ProtocolVersion(), nil
}

func (s *Session) cmdName(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return s.ProgramName(), nil
}

func (s *Session) cmdVersion(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return s.ProgramVersion(), nil
}

// CommandHelp is one command's entry in the help reply.
type CommandHelp struct {
	Name  string `json:"name"`
	Usage string `json:"usage"`
	Doc   string `json:"doc"`
}

// Help answers help: every command's usage, or the one named (name ""
// for all). In a game, units, move and set say what the game's ruleset
// reads: its units of length (engine.Measurer), how a free-form move
// (engine.FreeForm) and a correction (engine.Corrector) are written,
// rather than any one ruleset's.
func (s *Session) Help(name string) (Reply, error) {
	return s.guarded(background, "help", func() (Reply, error) { return s.help(name) })
}

func (s *Session) help(name string) (Reply, error) {
	var out []CommandHelp
	var b strings.Builder
	for _, c := range commands() {
		if name != "" && c.name != strings.ToLower(name) {
			continue
		}
		h := s.helpOf(c)
		out = append(out, h)
		fmt.Fprintf(&b, "%s %s\n    %s\n", h.Name, h.Usage, h.Doc)
	}
	if len(out) == 0 {
		return Reply{}, fmt.Errorf("unknown command %q (help lists the commands)", name)
	}
	return Reply{Text: b.String(), Data: out}, nil
}

// helpOf is c's help, in a game in the words of the game's ruleset.
func (s *Session) helpOf(c command) CommandHelp {
	h := CommandHelp{c.name, c.usage, c.doc}
	if s.g == nil {
		return h
	}
	st := s.g.st
	ff, free := st.(engine.FreeForm)
	switch c.name {
	case "units":
		ls, err := lengthsOf(st)
		if err != nil {
			h.Usage, h.Doc = "", err.Error()+": bare numbers are the ruleset's own"
			break
		}
		names := make([]string, len(ls))
		for k, l := range ls {
			names[k] = l.Name
		}
		h.Usage = "[" + strings.Join(names, "|") + "]"
		h.Doc = fmt.Sprintf("the unit bare numbers in moves and corrections are read in (%s to start, the ruleset's own, in which replies are given)", ls[0].Words)
	case "set":
		if c, ok := st.(engine.Corrector); ok {
			h.Doc = "correct the program to match the table: " + c.CorrectHelp()
		} else {
			h.Doc = fmt.Sprintf("correct the program to match the table (the %s rules take no corrections)", st.Ruleset())
		}
	case "move":
		if free {
			h.Doc = "play a free-form move (same as play move ...): " + ff.MoveHelp()
		} else {
			h.Doc = fmt.Sprintf("play a free-form move (the %s rules take none)", st.Ruleset())
		}
	}
	return h
}

func (s *Session) cmdHelp(_ context.Context, args []string) (Reply, error) {
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("help takes at most one command name")
	}
	name := ""
	if len(args) == 1 {
		name = args[0]
	}
	return s.help(name)
}

// SetMode answers mode: the framing of the replies to come (Serve reads
// it).
func (s *Session) SetMode(m Mode) Reply {
	s.mode = m
	return Reply{Text: s.mode.String(), Data: s.mode.String()}
}

func (s *Session) cmdMode(_ context.Context, args []string) (Reply, error) {
	if len(args) != 1 {
		return Reply{}, fmt.Errorf("mode takes text or json")
	}
	switch strings.ToLower(args[0]) {
	case "text":
		return s.SetMode(Text), nil
	case "json":
		return s.SetMode(JSON), nil
	}
	return Reply{}, fmt.Errorf("unknown mode %q: text or json", args[0])
}

// Units answers units: with a name (one of the game's units of length,
// by its Name or an alias), bare numbers in moves and corrections are
// read in that unit from now on; with "", the unit they are read in. The
// reply is the unit's Name. The units are the game's ruleset's
// (engine.Measurer), its own first; before a game, those of the default
// ruleset's first scenario. A ruleset without lengths refuses it (an
// *engine.MissingCapability).
func (s *Session) Units(name string) (Reply, error) {
	return s.guarded(background, "units", func() (Reply, error) { return s.units(name) })
}

func (s *Session) units(name string) (Reply, error) {
	ls, err := s.Lengths()
	if err != nil {
		return Reply{}, err
	}
	if name != "" {
		l, err := engine.FindLength(ls, name)
		if err != nil {
			return Reply{}, err
		}
		s.unit = l.Name
	}
	u := s.unitIn(ls)
	return Reply{Text: u.Name, Data: u.Name}, nil
}

// unitIn is the unit chosen with units among ls, else ls's own.
func (s *Session) unitIn(ls []engine.Length) engine.Length {
	for _, l := range ls {
		if l.Name == s.unit {
			return l
		}
	}
	return ls[0]
}

// Lengths are the units of length the game's ruleset reads, its own first
// (engine.Measurer), for a front end's help; before a game, the default
// ruleset's.
func (s *Session) Lengths() ([]engine.Length, error) {
	if s.g != nil {
		return lengthsOf(s.g.st)
	}
	rs, err := s.Ruleset("")
	if err != nil {
		return nil, err
	}
	names := rs.Scenarios()
	if len(names) == 0 {
		return nil, fmt.Errorf("the %s rules have no built-in scenario to start a game on", rs.Name())
	}
	st, err := rs.NewGame(names[0], engine.Options{})
	if err != nil {
		return nil, fmt.Errorf("the units of %s: %w", rs.Name(), err)
	}
	return lengthsOf(st)
}

// MoveHelp says how the game's ruleset writes a free-form move
// (engine.FreeForm), for a front end's help.
func (s *Session) MoveHelp() (string, error) {
	g, err := s.needGame()
	if err != nil {
		return "", err
	}
	ff, err := engine.Capability[engine.FreeForm](g.st, "free-form moves and placements")
	if err != nil {
		return "", err
	}
	return ff.MoveHelp(), nil
}

func (s *Session) cmdUnits(_ context.Context, args []string) (Reply, error) {
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("units takes at most a unit's name")
	}
	name := ""
	if len(args) == 1 {
		if name = args[0]; strings.TrimSpace(name) == "" {
			return Reply{}, fmt.Errorf("units: the unit's name is empty")
		}
	}
	return s.units(name)
}

// lengthsOf is the units of length st reads numbers in, its own first
// (engine.Measurer), or the error saying its ruleset has none.
func lengthsOf(st engine.State) ([]engine.Length, error) {
	if m, ok := st.(engine.Measurer); ok {
		if ls := m.Lengths(); len(ls) > 0 {
			return ls, nil
		}
	}
	return nil, &engine.MissingCapability{Ruleset: st.Ruleset(), What: "units of length"}
}

// hasLength reports whether ls holds the unit named name.
func hasLength(ls []engine.Length, name string) bool {
	for _, l := range ls {
		if l.Name == name {
			return true
		}
	}
	return false
}

// RulesetInfo is a ruleset as list_rulesets gives it.
type RulesetInfo struct {
	Name      string   `json:"name"`
	Version   string   `json:"version"`
	Title     string   `json:"title"`
	Scenarios []string `json:"scenarios"`
}

// ListRulesets answers list_rulesets: every registered ruleset (Data:
// []RulesetInfo).
func (s *Session) ListRulesets() Reply {
	var out []RulesetInfo
	var b strings.Builder
	for _, rs := range engine.Rulesets() {
		out = append(out, RulesetInfo{rs.Name(), rs.Version(), rs.Title(), rs.Scenarios()})
		fmt.Fprintf(&b, "%s %s %s\n", rs.Name(), rs.Version(), rs.Title())
	}
	return Reply{Text: b.String(), Data: out}
}

func (s *Session) cmdListRulesets(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return s.ListRulesets(), nil
}

// ListScenarios answers list_scenarios: the built-in scenarios of the
// ruleset named ("" for the session's default), its default first.
func (s *Session) ListScenarios(ruleset string) (Reply, error) {
	return s.guarded(background, "list_scenarios", func() (Reply, error) { return s.listScenarios(ruleset) })
}

func (s *Session) listScenarios(ruleset string) (Reply, error) {
	rs, err := s.Ruleset(ruleset)
	if err != nil {
		return Reply{}, err
	}
	names := rs.Scenarios()
	return Reply{Text: strings.Join(names, "\n"), Data: names}, nil
}

func (s *Session) cmdListScenarios(_ context.Context, args []string) (Reply, error) {
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("list_scenarios takes at most a ruleset name")
	}
	if len(args) == 1 {
		// A name given is looked up as given, even empty.
		rs, err := engine.Lookup(args[0])
		if err != nil {
			return Reply{}, err
		}
		return s.listScenarios(rs.Name())
	}
	return s.listScenarios("")
}

// Ruleset is the ruleset named, or when name is "" the session's default:
// Config.Ruleset, else the first registered. It is the one place the
// protocol decides which ruleset a request that names none plays.
func (s *Session) Ruleset(name string) (engine.Ruleset, error) {
	if name != "" {
		return engine.Lookup(name)
	}
	if s.cfg.Ruleset != "" {
		return engine.Lookup(s.cfg.Ruleset)
	}
	if d := engine.DefaultRuleset(); d != "" {
		return engine.Lookup(d)
	}
	all := engine.Rulesets()
	if len(all) == 0 {
		return nil, errors.New("no ruleset is registered")
	}
	return all[0], nil
}

// ListAgents answers list_agents: the agent kinds with their parameters,
// with the defaults of the game's ruleset's kit (the session's default
// ruleset's before a game) (Data: []agents.Info).
func (s *Session) ListAgents() Reply {
	var b strings.Builder
	ruleset := ""
	if s.g != nil {
		ruleset = s.g.st.Ruleset()
	} else if rs, err := s.Ruleset(""); err == nil {
		ruleset = rs.Name()
	}
	list := agents.ListFor(ruleset)
	for _, in := range list {
		fmt.Fprintf(&b, "%s: %s\n", in.Name, in.Description)
		for _, p := range in.Params {
			fmt.Fprintf(&b, "    %s=%s  %s\n", p.Name, p.Default, p.Doc)
		}
	}
	return Reply{Text: b.String(), Data: list}
}

func (s *Session) cmdListAgents(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return s.ListAgents(), nil
}

// Quit answers quit: the session is done (Done), and the game's external
// bots are ended.
func (s *Session) Quit() Reply {
	s.quit = true
	if s.g != nil {
		s.g.close()
	}
	return Reply{Text: "bye", Data: "bye"}
}

func (s *Session) cmdQuit(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return s.Quit(), nil
}
