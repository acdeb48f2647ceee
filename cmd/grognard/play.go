package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

func (a *app) playCommand() *cli.Command {
	return &cli.Command{
		Name:  "play",
		Usage: "play a battle against a bot in the terminal, or at a real table with miniatures (--table)",
		Description: `With no flags: you command side 0 of the default ruleset's first scenario against MCTS.
At your prompt type a number from 'legal', an order's text (or the start of it: 'end'),
a free-form move in the ruleset's words ('help' at the prompt says how to write one, and
in which units of length), or: legal, show, sketch, units, hint, undo [N], save FILE, help,
quit. Any protocol command (docs/protocol.md) works too.

--table is for a real table: every die is asked for (type the values you rolled, or
'roll'), and each of the bot's orders is printed as ruler instructions: which base, the
angle to turn, the distance and end point in inches, the final facing, the charge target.
Type your own moves as you made them on the table.

--load FILE carries on a saved game with the sides it names. A saved game never starts a
program: a file whose bot side is an external program is refused unless --bot is given,
which then plays every side the file gives to a bot.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "ruleset to play (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
			&cli.StringFlag{Name: "scenario", Usage: "built-in scenario, scenario file or gen:SEED (default: the ruleset's first)", EnvVars: []string{"GROGNARD_SCENARIO"}},
			&cli.StringFlag{Name: "bot", Value: protocol.DefaultBot, Usage: "the opponent's agent spec (see 'grognard agents'); with --load, when given, it plays every side the saved game gives to a bot, which is how a game whose file names an external program is played on", EnvVars: []string{"GROGNARD_BOT"}},
			&cli.StringFlag{Name: "side", Value: "0", Usage: "the side you command: 0, 1 or its name in the scenario", EnvVars: []string{"GROGNARD_SIDE"}},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the program's dice and of the bot", EnvVars: []string{"GROGNARD_SEED"}},
			&cli.BoolFlag{Name: "table", Usage: "real-table mode: ask for every die, print the bot's orders as ruler instructions", EnvVars: []string{"GROGNARD_TABLE"}},
			&cli.StringFlag{Name: "dice", Usage: "auto (the program rolls) or manual (you give every die); --table implies manual", EnvVars: []string{"GROGNARD_DICE"}},
			&cli.IntFlag{Name: "turn-limit", Usage: "end the game after this many turns (0: the scenario's limit)", EnvVars: []string{"GROGNARD_TURN_LIMIT"}},
			&cli.StringFlag{Name: "save", Usage: "save the game to `FILE` after every step, so nothing is lost if the program stops", EnvVars: []string{"GROGNARD_SAVE"}},
			&cli.StringFlag{Name: "load", Usage: "continue a game saved to `FILE` (by --save or the save command)", EnvVars: []string{"GROGNARD_LOAD"}},
		},
		Action: a.play,
	}
}

// player is one 'grognard play' session: the protocol session and the
// person at the keyboard.
type player struct {
	sess  *protocol.Session
	in    *fileio.LineReader
	out   io.Writer
	table bool
	save  string
	// lastSketch is the turn and phase the table was last drawn for.
	lastSketch string
	// quit is set when the person asked to leave.
	quit bool
	// saved is the session's revision last written to --save.
	saved uint64
	// saveErr is why the last save to --save failed, nil once one works.
	saveErr error
	// typed carries the person's lines from the reader goroutine.
	typed chan inputLine
	// think shows that the program is thinking while a bot decides
	// (app.thinking).
	think func(what string) (done func())
}

// inputLine is one line the person typed, or why it was refused.
type inputLine struct {
	text string
	err  error
}

// maxTyped bounds a line typed at the prompt, as the protocol bounds a
// request.
const maxTyped = 1 << 20

func (a *app) play(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	// The session's default ruleset is the one played (--ruleset, whose
	// default is defaultRuleset), for list_scenarios at the prompt.
	p := &player{sess: protocol.NewSession(protocol.Config{Name: "grognard", Version: programVersion(), Ruleset: c.String("ruleset")}),
		in: fileio.NewLineReader(a.stdin, maxTyped), out: a.stdout, table: c.Bool("table"), save: c.String("save"), think: a.thinking}
	defer p.sess.Close()
	ctx := c.Context
	if f := c.String("load"); f != "" {
		var who protocol.LoadSides
		if c.IsSet("bot") {
			who.Bot = c.String("bot")
		}
		rep, err := p.sess.Load(ctx, f, who)
		var pe *protocol.ProgramSideError
		if errors.As(err, &pe) {
			return cli.Exit(fmt.Sprintf("--load %s: %v: give the agent for the file's bot sides with --bot, e.g. --bot mcts, or --bot \"%s\" to run that program", f, pe, pe.Spec), exitUsage)
		}
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		fmt.Fprintln(p.out, rep.Text)
	} else {
		cfg, err := p.newGameConfig(c)
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		rep, err := p.sess.NewGame(cfg)
		if err != nil {
			return cli.Exit(fmt.Sprintf("%v (see 'grognard play --help')", err), exitUsage)
		}
		fmt.Fprintln(p.out, firstLine(rep.Text))
	}
	if p.table {
		fmt.Fprintln(p.out, "Table mode: you roll every die and move every figure; the bot's orders come as ruler instructions (in the ruleset's measure, as each instruction says; degrees clockwise from north, origin at the south-west corner).")
	}
	fmt.Fprintln(p.out, "Type help at any prompt for what you can type.")
	err := p.loop(ctx)
	if err == nil && p.saveErr != nil {
		// Each failure was shown at the prompt; the exit status says so
		// too, so a script never takes a lost game for a saved one.
		return cli.Exit(fmt.Sprintf("the game could not be saved: %v", p.saveErr), exitFailure)
	}
	return err
}

// newGameConfig is the game the flags ask for. What they leave out is the
// session's to decide: the scenario (the ruleset's first).
func (p *player) newGameConfig(c *cli.Context) (protocol.NewGameConfig, error) {
	cfg := protocol.NewGameConfig{Ruleset: c.String("ruleset"), Scenario: c.String("scenario"), Seed: c.Uint64("seed"),
		Human: strings.TrimSpace(c.String("side")), Bot: c.String("bot"), ManualDice: p.table, TurnLimit: c.Int("turn-limit")}
	switch d := c.String("dice"); d {
	case "":
	case "auto", "manual":
		if p.table && d == "auto" {
			return cfg, errors.New("--table asks for every die: leave out --dice auto")
		}
		cfg.ManualDice = d == "manual"
	default:
		return cfg, fmt.Errorf("--dice %q: auto or manual", d)
	}
	if cfg.Human == "" {
		return cfg, errors.New("--side is empty: 0, 1 or the side's name in the scenario")
	}
	return cfg, nil
}

// line reads the person's next line; ok is false at the end of the input
// or when ctx ends (Ctrl-C), which must not wait for a line to be typed.
func (p *player) line(ctx context.Context, prompt string) (string, bool) {
	fmt.Fprint(p.out, prompt)
	if p.typed == nil {
		// One reader for the whole game: it ends with the input. A line
		// over maxTyped is refused and the reading goes on.
		p.typed = make(chan inputLine)
		go func() {
			defer close(p.typed)
			for {
				l, err := p.in.ReadLine()
				if err != nil && !errors.Is(err, fileio.ErrLineTooLong) {
					return
				}
				select {
				case p.typed <- inputLine{string(l), err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	for {
		select {
		case l, ok := <-p.typed:
			if !ok {
				fmt.Fprintln(p.out)
				return "", false
			}
			if l.err != nil {
				fmt.Fprintf(p.out, "? the line is longer than %s: type a shorter one\n%s", fileio.Size(maxTyped), prompt)
				continue
			}
			return strings.TrimSpace(l.text), true
		case <-ctx.Done():
			fmt.Fprintln(p.out)
			return "", false
		}
	}
}

// loop plays until the game ends, the person quits or the input ends.
func (p *player) loop(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return cli.Exit("interrupted"+p.savedNote(), 130)
		}
		// One step at a time, so each of the bot's orders shows as soon
		// as it is decided.
		done := p.think(p.mover())
		rep, err := p.sess.Advance(ctx, 1)
		done()
		if err != nil {
			if ctx.Err() != nil {
				return cli.Exit("interrupted"+p.savedNote(), 130)
			}
			return fmt.Errorf("the bot failed: %w", err)
		}
		adv := rep.Data.(protocol.Advance)
		for _, st := range adv.Steps {
			p.printStep(st)
		}
		p.autosave(ctx)
		if len(adv.Steps) > 0 {
			continue
		}
		switch {
		case strings.HasPrefix(adv.Stopped, "game over"):
			fmt.Fprintln(p.out, strings.TrimPrefix(adv.Stopped, "game over: ")+".")
			return nil
		case strings.HasPrefix(adv.Stopped, "dice"):
			if !p.askDice(ctx) {
				return p.ended(ctx)
			}
		default:
			if !p.askOrder(ctx) {
				return p.ended(ctx)
			}
		}
	}
}

// printStep prints one of the bot's steps (or a die the program rolled).
func (p *player) printStep(st protocol.Step) {
	if st.Player == "chance" {
		fmt.Fprintf(p.out, "  dice: %s\n", st.Text)
		return
	}
	if p.table && st.Table != "" {
		fmt.Fprintf(p.out, "  %s (bot): %s\n", st.Player, st.Table)
		return
	}
	fmt.Fprintf(p.out, "  %s (bot): %s\n", st.Player, st.Text)
}

// askDice asks for the pending roll until valid values (or roll) come.
func (p *player) askDice(ctx context.Context) bool {
	rep, err := p.sess.Pending()
	if err != nil {
		fmt.Fprintln(p.out, "? "+err.Error())
		return false
	}
	pend := rep.Data.(protocol.Pending)
	fmt.Fprintf(p.out, "Roll %s: %s\n", pend.Roll, pend.Why)
	for {
		l, ok := p.line(ctx, fmt.Sprintf("dice (%d values 1-%d, or roll)> ", pend.Dice, pend.Sides))
		if !ok {
			return false
		}
		fields := strings.Fields(strings.ReplaceAll(l, ",", " "))
		switch {
		case len(fields) == 0:
			continue
		case strings.EqualFold(fields[0], "roll"):
			fields = nil
		case !isNumber(fields[0]) && !diceCommands[strings.ToLower(fields[0])]:
			// Not a roll, nor anything that can be done while a die is
			// due: say what the prompt wants, in the prompt's words.
			fmt.Fprintf(p.out, "? %q is not a roll: type the %d values you rolled, each 1 to %d (for example %s), or roll to let the program roll; help lists what else you can type here\n",
				l, pend.Dice, pend.Sides, exampleRoll(pend.Dice, pend.Sides))
			continue
		case !isNumber(fields[0]):
			// A command (undo, show, save, quit) at the dice prompt.
			if quit := p.command(ctx, l); quit {
				return false
			}
			return true
		}
		var r protocol.Reply
		var err error
		if fields == nil {
			r, err = p.sess.Roll()
		} else {
			r, err = p.sess.Execute(ctx, protocol.Request{Cmd: "dice", Args: fields}) // the values as typed, which a refusal quotes
		}
		if err != nil {
			fmt.Fprintf(p.out, "? %v: type the %d values you rolled, each 1 to %d, or roll\n", err, pend.Dice, pend.Sides)
			continue
		}
		fmt.Fprintln(p.out, "  "+firstLine(r.Text))
		return true
	}
}

// diceCommands are the words that make sense at the dice prompt besides
// the values: what does not need a side's decision.
var diceCommands = map[string]bool{
	"dice": true, "undo": true, "show": true, "sketch": true, "units": true, "pending": true, "result": true,
	"set": true, "save": true, "load": true, "help": true, "?": true, "quit": true, "exit": true,
}

// exampleRoll is an example of n values of a die of the given sides, as
// typed: "3 5".
func exampleRoll(n, sides int) string {
	vals := make([]string, n)
	for k := range vals {
		vals[k] = strconv.Itoa(1 + (2*k+2)%max(1, sides))
	}
	return strings.Join(vals, " ")
}

// askOrder asks the person for one order and plays it.
func (p *player) askOrder(ctx context.Context) bool {
	st := p.sess.State()
	rev := p.sess.Revision()
	where := fmt.Sprintf("%d/%s", st.Turn(), engine.PhaseName(st))
	if where != p.lastSketch {
		p.lastSketch = where
		if !p.table {
			if rep, err := p.sess.Show(protocol.ShowSketch); err == nil {
				fmt.Fprintln(p.out, rep.Text)
			}
		}
		rep, _ := p.sess.Show(protocol.ShowSummary)
		fmt.Fprintln(p.out, headerLine(st, firstLine(rep.Text)))
	}
	for {
		l, ok := p.line(ctx, p.prompt()+"> ")
		if !ok {
			return false
		}
		if l == "" {
			continue
		}
		if p.command(ctx, l) {
			return false
		}
		if p.sess.Revision() != rev { // played, corrected or undone: on with the game
			return true
		}
	}
}

// headerLine is the summary's first line as the header of the person's
// decision. The summary names the phasing side ("Turn 1, Austrians to
// play, shooting phase"); when the other side decides (its shooting, a
// charge's response) the prompt names that side, so the header says
// whose turn it is and who acts: "Turn 1, Austrians' turn, shooting
// phase: French to act".
func headerLine(st engine.State, summary string) string {
	ph, ok := st.(engine.Phaser)
	if !ok || st.Turn() == 0 || st.Terminal() || st.ToMove() < 0 || st.ToMove() > 1 {
		return summary
	}
	names := sideNamesOf(st)
	phasing, mover := names[ph.TurnOf()&1], names[st.ToMove()]
	if phasing == mover {
		return summary
	}
	_, rest, _ := strings.Cut(summary, ";")
	if rest != "" {
		rest = ";" + rest
	}
	return fmt.Sprintf("Turn %d, %s turn, %s phase: %s to act%s", st.Turn(), possessive(phasing), engine.PhaseName(st), mover, rest)
}

// mover names the side about to decide, for the thinking sign.
func (p *player) mover() string {
	st := p.sess.State()
	if st == nil || st.Terminal() || st.ToMove() < 0 || st.ToMove() > 1 {
		return "grognard"
	}
	return sideNamesOf(st)[st.ToMove()]
}

// prompt names the side to move.
func (p *player) prompt() string {
	rep, err := p.sess.Pending()
	if err != nil {
		return ""
	}
	return rep.Data.(protocol.Pending).ToMove
}

// playHelp is what help prints at the prompt: the free-form move, the
// units of length and the correction are the game's ruleset's.
func (p *player) playHelp() string {
	var b strings.Builder
	b.WriteString("  N                 play action N of 'legal'\n")
	b.WriteString("  TEXT              play the legal action with this text, or the only one that begins so ('end')\n")
	if how, err := p.sess.MoveHelp(); err == nil {
		fmt.Fprintf(&b, "  move MOVE         a free-form move%s:\n                    %s\n", p.lengthsNote(), how)
	} else {
		fmt.Fprintf(&b, "  move MOVE         a free-form move (%v)\n", err)
	}
	b.WriteString("  legal [UNIT|all]  your legal actions (long lists a line a unit)   hint [n=N] [plan]  the bot's advice\n")
	b.WriteString("  show | sketch | units   the position             undo [N]           take back N steps\n")
	if how, err := p.sess.CorrectHelp(); err == nil {
		fmt.Fprintf(&b, "  set CORRECTION    correct the program to match the table:\n                    %s\n", how)
	}
	b.WriteString("  save FILE | load FILE                            quit               leave (use --save to keep the game)\n")
	b.WriteString("  any other protocol command (docs/protocol.md)")
	return b.String()
}

// lengthsNote says which unit bare numbers are in and which others the
// ruleset reads after a number: " (bare numbers in inches; mm, paces
// after a number too)", or "" for a ruleset without lengths.
func (p *player) lengthsNote() string {
	ls, err := p.sess.Lengths()
	if err != nil || len(ls) == 0 {
		return ""
	}
	if len(ls) == 1 {
		return " (numbers in " + ls[0].Words + ")"
	}
	others := make([]string, 0, len(ls)-1)
	for _, l := range ls[1:] {
		others = append(others, l.Name)
	}
	return fmt.Sprintf(" (bare numbers in %s; %s after a number too)", ls[0].Words, strings.Join(others, ", "))
}

// command carries out one line typed at a prompt; it reports whether the
// person asked to quit.
func (p *player) command(ctx context.Context, l string) bool {
	if isNumber(l) {
		l = "play " + l // a number alone is an action of legal, not a request id
	}
	req, err := wire.ParseText(l)
	if err != nil {
		fmt.Fprintln(p.out, "? "+err.Error())
		return false
	}
	switch req.Cmd {
	case "quit", "exit":
		fmt.Fprintln(p.out, "Leaving the game"+p.savedNote()+".")
		p.quit = true
		return true
	case "help", "?":
		if len(req.Args) == 0 {
			fmt.Fprintln(p.out, p.playHelp())
			return false
		}
	case "sketch", "units":
		req.Args, req.Cmd = []string{req.Cmd}, "show"
	case "l":
		req.Cmd = "legal"
	}
	what := p.mover()
	if req.Cmd == "hint" {
		what = "hint:"
	}
	done := p.think(what)
	rep, err := p.sess.Execute(ctx, req)
	done()
	if err != nil && req.Cmd != "play" {
		// Perhaps an order's text, even one that begins with a command's
		// name ("roll the shot", "dice for a reinforcement at point 1").
		words, _ := wire.ParseText("play " + l)
		if prep, perr := p.sess.Execute(ctx, words); perr == nil {
			rep, err = prep, nil
		} else if strings.Contains(err.Error(), "unknown command") {
			err = perr
		}
	}
	if err != nil {
		fmt.Fprintln(p.out, "? "+err.Error())
		return false
	}
	if s, ok := rep.Data.(protocol.Step); ok && p.table && s.Table != "" {
		fmt.Fprintln(p.out, "  "+s.Table)
	} else {
		fmt.Fprintln(p.out, strings.TrimRight(rep.Text, "\n"))
	}
	p.autosave(ctx)
	return false
}

// autosave writes the game to --save whenever it changed since the last
// save, so every step is kept.
func (p *player) autosave(ctx context.Context) {
	if p.save == "" {
		return
	}
	rev := p.sess.Revision()
	if rev == p.saved {
		return
	}
	if _, err := p.sess.Save(p.save); err != nil {
		fmt.Fprintln(p.out, "? could not save: "+err.Error())
		p.saveErr = err
		return
	}
	p.saved, p.saveErr = rev, nil
}

func (p *player) savedNote() string {
	if p.save == "" {
		return ""
	}
	return "; the game is saved in " + p.save + " (continue with --load " + p.save + ")"
}

// ended reports input that ran out before the game did.
func (p *player) ended(ctx context.Context) error {
	if p.quit {
		return nil
	}
	if ctx.Err() != nil {
		return cli.Exit("interrupted"+p.savedNote(), 130)
	}
	fmt.Fprintln(p.out, "The input ended before the game did"+p.savedNote()+".")
	return nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
