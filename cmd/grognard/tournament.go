package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"
	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/tournaments"
	"github.com/grognard/grognard/tournaments/render"
	"github.com/grognard/grognard/tournaments/stats"
)

func (a *app) tournamentCommand() *cli.Command {
	return &cli.Command{
		Name:  "tournament",
		Usage: "play agents against each other in pairs of games and rate them",
		Description: "Every pairing plays pairs of games on the same scenario with the same dice, sides swapped,\n" +
			"so luck cancels. Each game's seeds follow from --seed and the game's number alone: the\n" +
			"same flags give the same results with any --workers. Every finished game is appended\n" +
			"at once to --records as a JSON line that 'grognard replay' reads; after a crash or\n" +
			"Ctrl-C, the same command with --resume plays only the missing games.\n" +
			"A game that reaches the turn limit is scored by the AP each side destroyed\n" +
			"(--adjudicate ap) unless --adjudicate none keeps the rules' draw.\n" +
			"--sprt ELO0,ELO1,ALPHA,BETA stops a two-agent tournament as soon as the test decides\n" +
			"whether the first agent is ELO1 rather than ELO0 stronger than the second.",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "agents", DefaultText: defaultAgents(), Usage: "agent `SPECS`, comma-separated or repeated (see 'grognard agents'); in a gauntlet the first is the challenger", EnvVars: []string{"GROGNARD_AGENTS"}},
			&cli.StringFlag{Name: "format", Value: string(tournaments.RoundRobin), Usage: "round-robin (everyone meets everyone) or gauntlet (the first agent meets each other)", EnvVars: []string{"GROGNARD_FORMAT"}},
			&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "ruleset to play (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
			&cli.StringSliceFlag{Name: "scenario", Usage: "built-in scenario, repeatable: cycled round by round (default: the ruleset's first)", EnvVars: []string{"GROGNARD_SCENARIO"}},
			&cli.IntFlag{Name: "games", Value: 10, Usage: "games per pairing, even (played as pairs with sides swapped)", EnvVars: []string{"GROGNARD_GAMES"}},
			&cli.IntFlag{Name: "turn-limit", Usage: "end every game after this many turns (0: the scenario's limit)", EnvVars: []string{"GROGNARD_TURN_LIMIT"}},
			&cli.StringSliceFlag{Name: "variant", Usage: "switch on an optional rule of the ruleset by name (repeatable; its rules notes in docs/rules list them)", EnvVars: []string{"GROGNARD_VARIANT"}},
			&cli.StringFlag{Name: "adjudicate", Value: string(tournaments.AdjudicateAP), Usage: "games at the turn limit: ap (more AP destroyed wins) or none (the rules' draw)", EnvVars: []string{"GROGNARD_ADJUDICATE"}},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "master seed: every game's dice and agent seeds derive from it and the game's number", EnvVars: []string{"GROGNARD_SEED"}},
			&cli.IntFlag{Name: "workers", DefaultText: "one per core", Usage: "games played at once (does not change any result)", EnvVars: []string{"GROGNARD_WORKERS"}},
			&cli.StringFlag{Name: "records", Value: "tournament.jsonl", Usage: "append every finished game to `FILE` as one JSON line", EnvVars: []string{"GROGNARD_RECORDS"}},
			&cli.BoolFlag{Name: "resume", Usage: "continue the tournament in --records: keep its games, play the missing ones", EnvVars: []string{"GROGNARD_RESUME"}},
			&cli.StringFlag{Name: "sprt", Usage: "`ELO0,ELO1,ALPHA,BETA`: stop two agents' tournament when the SPRT decides, e.g. 0,10,0.05,0.05", EnvVars: []string{"GROGNARD_SPRT"}},
			&cli.StringFlag{Name: "sprt-model", Value: "logistic", Usage: "the Elo of --sprt's bounds: logistic, or normalized (fishtest's and fastchess's default)", EnvVars: []string{"GROGNARD_SPRT_MODEL"}},
			&cli.StringFlag{Name: "anchor", DefaultText: "the first agent", Usage: "agent whose rating is fixed at 0", EnvVars: []string{"GROGNARD_ANCHOR"}},
			&cli.BoolFlag{Name: "json", Usage: "print the results as one JSON document instead of tables", EnvVars: []string{"GROGNARD_JSON"}},
			&cli.BoolFlag{Name: "csv", Usage: "print the results as CSV instead of tables", EnvVars: []string{"GROGNARD_CSV"}},
			&cli.StringFlag{Name: "chart", Usage: "draw each agent's rating (or score, with two agents) with its 95% interval to `FILE.svg`", EnvVars: []string{"GROGNARD_CHART"}},
		},
		Action: a.tournament,
	}
}

// defaultAgents pits random against the simplest agent that plays with a
// purpose, when one exists, so the default run measures something.
func defaultAgents() string {
	if slices.Contains(agents.Names(), "greedy") {
		return "random,greedy"
	}
	return "random,random"
}

// splitAgentSpecs undoes urfave/cli's splitting of a slice flag at every
// comma, which also cuts an agent's own parameters apart: a piece with a
// '=' before any ':' is a key=value of the spec before it.
func splitAgentSpecs(pieces []string) ([]string, error) {
	var out []string
	for _, p := range pieces {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		name, _, _ := strings.Cut(p, ":")
		if strings.Contains(name, "=") {
			if len(out) == 0 {
				return nil, fmt.Errorf("--agents starts with %q, a parameter without an agent: write name:key=value", p)
			}
			out[len(out)-1] += "," + p
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

// parseSPRT reads ELO0,ELO1,ALPHA,BETA.
func parseSPRT(s string) (*stats.SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return nil, fmt.Errorf("--sprt %q needs four numbers ELO0,ELO1,ALPHA,BETA, e.g. 0,10,0.05,0.05", s)
	}
	var v [4]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("--sprt %q: %q is not a number (want ELO0,ELO1,ALPHA,BETA, e.g. 0,10,0.05,0.05)", s, strings.TrimSpace(p))
		}
		v[i] = f
	}
	sp := &stats.SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if err := sp.Validate(); err != nil {
		return nil, fmt.Errorf("--sprt %q: %v (alpha and beta below 0.5, elo0 below elo1)", s, err)
	}
	return sp, nil
}

// parseTournament checks the command line before any game starts.
func parseTournament(c *cli.Context, a *app) (tournaments.Config, error) {
	var cfg tournaments.Config
	if err := noArgs(c); err != nil {
		return cfg, err
	}
	usage := func(format string, args ...any) error {
		return cli.Exit(fmt.Sprintf(format, args...), exitUsage)
	}
	if c.Bool("json") && c.Bool("csv") {
		return cfg, usage("--json and --csv both choose what is printed: give one of them")
	}
	rs, err := engine.Lookup(c.String("ruleset"))
	if err != nil {
		return cfg, usage("%v: choose one with --ruleset", err)
	}
	specs := c.StringSlice("agents")
	if !c.IsSet("agents") {
		specs = strings.Split(defaultAgents(), ",")
	}
	cfg.Agents, err = splitAgentSpecs(specs)
	if err != nil {
		return cfg, usage("%v", err)
	}
	if len(cfg.Agents) < 2 {
		return cfg, usage("--agents names %d agent(s): a tournament needs at least two, e.g. --agents random,random", len(cfg.Agents))
	}
	for i, s := range cfg.Agents {
		if _, err := agents.New(s, 1); err != nil {
			return cfg, usage("--agents, agent %d: %v (see 'grognard agents')", i+1, err)
		}
	}
	cfg.Format = tournaments.Format(c.String("format"))
	if cfg.Format != tournaments.RoundRobin && cfg.Format != tournaments.Gauntlet {
		return cfg, usage("--format %q: use round-robin or gauntlet", c.String("format"))
	}
	cfg.Ruleset = rs
	for _, sc := range c.StringSlice("scenario") {
		sc = strings.TrimSpace(sc)
		if err := checkScenario(rs, sc); err != nil {
			return cfg, usage("%v: fix --scenario", err)
		}
		cfg.Scenarios = append(cfg.Scenarios, sc)
	}
	cfg.GamesPerPairing = c.Int("games")
	if g := cfg.GamesPerPairing; g < 2 || g%2 != 0 {
		return cfg, usage("--games %d: give an even number of games per pairing, at least 2 (games are played in pairs with sides swapped)", g)
	}
	cfg.TurnLimit = c.Int("turn-limit")
	if tl := cfg.TurnLimit; tl < 0 || tl > maxTurnLimit {
		return cfg, usage("--turn-limit %d is out of range: give 0 (the scenario's limit) up to %d", tl, maxTurnLimit)
	}
	cfg.Variants = c.StringSlice("variant")
	cfg.Adjudication = tournaments.Adjudication(c.String("adjudicate"))
	if cfg.Adjudication != tournaments.AdjudicateAP && cfg.Adjudication != tournaments.AdjudicateNone {
		return cfg, usage("--adjudicate %q: use ap or none", c.String("adjudicate"))
	}
	cfg.Seed = c.Uint64("seed")
	cfg.Workers = c.Int("workers")
	if w := cfg.Workers; w < 0 || w > tournaments.MaxWorkers {
		return cfg, usage("--workers %d: give 1 to %d, or 0 for one per core", w, tournaments.MaxWorkers)
	}
	cfg.Records = c.String("records")
	cfg.Resume = c.Bool("resume")
	if cfg.Resume && cfg.Records == "" {
		return cfg, usage("--resume needs the --records FILE of the tournament to continue")
	}
	if cfg.Records != "" && !cfg.Resume {
		if fi, err := os.Stat(cfg.Records); err == nil && fi.Size() > 0 {
			return cfg, usage("%s already holds games: add --resume to continue that tournament, or give another --records FILE", cfg.Records)
		}
	}
	if s := c.String("sprt"); s != "" {
		if len(cfg.Agents) != 2 {
			return cfg, usage("--sprt compares two agents, but --agents names %d: give exactly two", len(cfg.Agents))
		}
		if cfg.SPRT, err = parseSPRT(s); err != nil {
			return cfg, usage("%v", err)
		}
	}
	switch m := c.String("sprt-model"); m {
	case "logistic":
	case "normalized":
		cfg.SPRTModel = stats.Normalized
	default:
		return cfg, usage("--sprt-model %q: give logistic or normalized", m)
	}
	if c.IsSet("sprt-model") && cfg.SPRT == nil {
		return cfg, usage("--sprt-model says what --sprt's bounds are: give --sprt too")
	}
	cfg.Anchor = c.String("anchor")
	if cfg.Anchor != "" && !slices.Contains(tournaments.Labels(cfg.Agents), cfg.Anchor) && !slices.Contains(cfg.Agents, cfg.Anchor) {
		return cfg, usage("--anchor %q is not one of the agents (%s)", cfg.Anchor, strings.Join(tournaments.Labels(cfg.Agents), ", "))
	}
	cfg.Log = a.log
	return cfg, nil
}

func (a *app) tournament(c *cli.Context) error {
	cfg, err := parseTournament(c, a)
	if err != nil {
		return err
	}
	var prog *progress
	cfg.Progress = func(u tournaments.Progress) { prog.update(u) }
	tr, err := tournaments.New(cfg)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%v (see 'grognard tournament --help')", err), exitUsage)
	}
	// Progress lines are info logs: shown with --log-level info, silent
	// by default as every log below a warning is (the terminal's bar is
	// not a log and shows at any level).
	prog = a.newProgress(tr, cfg)
	rep, runErr := tr.Run(c.Context)
	prog.finish()
	if rep == nil {
		return cli.Exit(fmt.Sprintf("tournament: %v (check --records and --resume)", runErr), exitFailure)
	}
	a.log.Info().Int("played", rep.Played).Int("resumed", rep.Resumed).Str("elapsed", rep.Elapsed.Round(time.Millisecond).String()).
		Float64("games_per_min", math.Round(float64(rep.Played)/max(rep.Elapsed.Minutes(), 1e-9)*100)/100).Msg("tournament over")

	format, err := render.ByName(reportFormat(c))
	if err != nil {
		return cli.Exit(fmt.Sprintf("tournament: %v", err), exitFailure)
	}
	out := bufio.NewWriter(a.stdout)
	err = format.Write(out, rep)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return cli.Exit("cannot write the results: "+err.Error(), exitFailure)
	}
	if path := c.String("chart"); path != "" {
		if err := writeChartFile(path, rep); err != nil {
			return cli.Exit(err.Error(), exitFailure)
		}
	}
	switch {
	case runErr == nil:
		return nil
	case errors.Is(runErr, context.Canceled) || errors.Is(runErr, context.DeadlineExceeded):
		msg := fmt.Sprintf("tournament interrupted after %d of %d games", rep.Finished, rep.Planned)
		if cfg.Records != "" {
			msg += fmt.Sprintf(": every finished game is in %s; run the same command with --resume to finish it", cfg.Records)
		}
		return cli.Exit(msg, exitInterrupt)
	default:
		return cli.Exit(fmt.Sprintf("tournament stopped: %v", runErr), exitFailure)
	}
}

// progress shows how a tournament is going: a bar on a terminal, or a
// log line every tenth of the run or every logEvery, whichever comes
// first, when stderr is a file or a pipe.
type progress struct {
	a        *app
	log      zerolog.Logger
	labels   []string
	terminal bool
	bar      *progressbar.ProgressBar
	every    int
	lastLog  time.Time
	sprt     bool
}

// logEvery bounds the silence between progress lines in a log.
const logEvery = 10 * time.Second

func (a *app) newProgress(tr *tournaments.Tournament, cfg tournaments.Config) *progress {
	p := &progress{a: a, log: a.log, labels: tr.Labels(), every: max(1, tr.Total()/10), lastLog: time.Now(), sprt: cfg.SPRT != nil}
	if f, ok := a.stderr.(*os.File); ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		p.terminal = true
	}
	return p
}

// score describes the first agent's running score, which is the
// challenger's in a gauntlet and the one the SPRT tests.
func (p *progress) score(u tournaments.Progress) string {
	if len(u.Games) == 0 || u.Games[0] == 0 {
		return ""
	}
	s := fmt.Sprintf("%s %g/%d (%.0f%%)", p.labels[0], u.Points[0], u.Games[0], 100*u.Points[0]/float64(u.Games[0]))
	if p.sprt {
		s += fmt.Sprintf(" LLR %.2f", u.LLR)
	}
	return s
}

func (p *progress) update(u tournaments.Progress) {
	if p.terminal {
		if p.bar == nil {
			// The bar counts this run's games only, so that its rate and
			// ETA are not thrown by the games a resume found done.
			p.bar = progressbar.NewOptions(u.Total-u.Resumed,
				progressbar.OptionSetWriter(p.a.stderr),
				progressbar.OptionShowCount(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionSetElapsedTime(true),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionSetWidth(30),
				progressbar.OptionClearOnFinish(),
			)
		}
		d := p.score(u)
		if u.Resumed > 0 {
			d = fmt.Sprintf("(%d resumed) %s", u.Resumed, d)
		}
		_ = p.bar.Set(u.Played)
		p.bar.Describe(d)
		return
	}
	if u.Done%p.every != 0 && u.Done != u.Total && time.Since(p.lastLog) < logEvery {
		return
	}
	p.lastLog = time.Now()
	ev := p.log.Info().Int("done", u.Done).Int("total", u.Total).Int("resumed", u.Resumed)
	if len(u.Games) > 0 && u.Games[0] > 0 {
		ev = ev.Str("agent", p.labels[0]).Float64("points", u.Points[0]).Int("games", u.Games[0])
	}
	if p.sprt {
		ev = ev.Float64("llr", u.LLR)
	}
	if u.Played > 0 {
		// A minute is the unit because strength runs play a game or two
		// a minute, where games a second would round to nothing; the ETA
		// is written as "1h2m3s" for the same reader.
		rate := float64(u.Played) / u.Elapsed.Minutes()
		eta := time.Duration(float64(u.Total-u.Done) / rate * float64(time.Minute)).Round(time.Second)
		ev = ev.Float64("games_per_min", math.Round(rate*100)/100).Str("eta", eta.String())
	}
	ev.Msg("tournament progress")
}

func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Exit()
	}
}

// ---- output ----

// reportFormat names the render format the flags choose: --json, --csv,
// or the text tables by default.
func reportFormat(c *cli.Context) string {
	switch {
	case c.Bool("json"):
		return "json"
	case c.Bool("csv"):
		return "csv"
	}
	return "text"
}

// writeChartFile draws the chart and writes it with fileio.WriteFile: a
// whole file or nothing, never replacing a symlink or a device.
func writeChartFile(path string, r *tournaments.Report) error {
	var buf bytes.Buffer
	if err := render.SVG(&buf, r); err != nil {
		return fmt.Errorf("cannot draw the chart: %w", err)
	}
	if err := fileio.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("cannot write the chart: %w (check --chart)", err)
	}
	return nil
}
