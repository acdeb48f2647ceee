package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/rs/zerolog"
	"html"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/tournaments"
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
			&cli.StringFlag{Name: "ruleset", Value: "twobytwo", Usage: "ruleset to play (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
			&cli.StringSliceFlag{Name: "scenario", Usage: "built-in scenario, repeatable: cycled round by round (default: the ruleset's first)", EnvVars: []string{"GROGNARD_SCENARIO"}},
			&cli.IntFlag{Name: "games", Value: 10, Usage: "games per pairing, even (played as pairs with sides swapped)", EnvVars: []string{"GROGNARD_GAMES"}},
			&cli.IntFlag{Name: "turn-limit", Usage: "end every game after this many turns (0: the scenario's limit)", EnvVars: []string{"GROGNARD_TURN_LIMIT"}},
			&cli.StringSliceFlag{Name: "variant", Usage: "switch on an optional rule by name, e.g. grand-battery (repeatable)", EnvVars: []string{"GROGNARD_VARIANT"}},
			&cli.StringFlag{Name: "adjudicate", Value: string(tournaments.AdjudicateAP), Usage: "games at the turn limit: ap (more AP destroyed wins) or none (the rules' draw)", EnvVars: []string{"GROGNARD_ADJUDICATE"}},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "master seed: every game's dice and agent seeds derive from it and the game's number", EnvVars: []string{"GROGNARD_SEED"}},
			&cli.IntFlag{Name: "workers", DefaultText: "one per core", Usage: "games played at once (does not change any result)", EnvVars: []string{"GROGNARD_WORKERS"}},
			&cli.StringFlag{Name: "records", Value: "tournament.jsonl", Usage: "append every finished game to `FILE` as one JSON line", EnvVars: []string{"GROGNARD_RECORDS"}},
			&cli.BoolFlag{Name: "resume", Usage: "continue the tournament in --records: keep its games, play the missing ones", EnvVars: []string{"GROGNARD_RESUME"}},
			&cli.StringFlag{Name: "sprt", Usage: "`ELO0,ELO1,ALPHA,BETA`: stop two agents' tournament when the SPRT decides, e.g. 0,10,0.05,0.05", EnvVars: []string{"GROGNARD_SPRT"}},
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

	out := bufio.NewWriter(a.stdout)
	switch {
	case c.Bool("json"):
		err = writeReportJSON(out, rep)
	case c.Bool("csv"):
		err = writeReportCSV(out, rep)
	default:
		err = writeReportText(out, rep)
	}
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

func writeReportJSON(w io.Writer, r *tournaments.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// eloText writes an Elo figure, with the infinities of clean sweeps.
func eloText(v tournaments.Num) string {
	f := float64(v)
	switch {
	case math.IsNaN(f):
		return "n/a"
	case math.IsInf(f, 1):
		return "+inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.Round(f) == 0:
		return "0"
	}
	return fmt.Sprintf("%+.0f", f)
}

func pctText(v tournaments.Num) string {
	if math.IsNaN(float64(v)) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(v))
}

// intervalText is "[lo, hi]", or a warning when the games so far have no
// spread to measure an interval from (every game, or every pair, the same
// result): a zero-width interval would claim a certainty nobody has.
func intervalText(e tournaments.Interval) string {
	if math.IsNaN(float64(e.Elo)) {
		return ""
	}
	if e.Lo == e.Hi {
		return "(no spread)"
	}
	return "[" + eloText(e.Lo) + ", " + eloText(e.Hi) + "]"
}

func writeReportText(w io.Writer, r *tournaments.Report) error {
	scen := strings.Join(r.Scenarios, ", ")
	limit := "the scenario's turn limit"
	if r.TurnLimit > 0 {
		limit = fmt.Sprintf("turn limit %d", r.TurnLimit)
	}
	fmt.Fprintf(w, "%s tournament, %s %s: %d agents, %d games per pairing, scenario %s, %s, seed %d\n",
		r.Format, r.Ruleset, r.RulesVersion, len(r.Agents), r.GamesPerPairing, scen, limit, r.Seed)
	fmt.Fprintf(w, "games: %d of %d counted", r.Counted, r.Planned)
	if r.Resumed > 0 {
		fmt.Fprintf(w, " (%d resumed from %s)", r.Resumed, r.Records)
	}
	if r.Adjudicated > 0 {
		fmt.Fprintf(w, ", %d adjudicated by AP destroyed at the turn limit", r.Adjudicated)
	}
	fmt.Fprintln(w)
	if r.Interrupted {
		fmt.Fprintln(w, "INTERRUPTED: the tables count the games finished so far")
	}

	fmt.Fprintln(w, "\nCross table: score of the row agent against the column agent")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, name := range r.Agents {
		fmt.Fprintf(tw, "%s\t", name)
	}
	fmt.Fprintln(tw, "total\t")
	for i, row := range r.Cross {
		fmt.Fprintf(tw, "%s\t", r.Agents[i])
		for j, cell := range row {
			switch {
			case i == j:
				fmt.Fprint(tw, "-\t")
			case cell.Games == 0:
				fmt.Fprint(tw, "\t")
			default:
				fmt.Fprintf(tw, "%g/%d\t", cell.Points, cell.Games)
			}
		}
		t := r.Totals[i]
		fmt.Fprintf(tw, "%g/%d\t\n", t.Points, t.Games)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintln(w, "\nPairings: from the first agent's side; pairs count a pair's score 0, 1/2, 1, 3/2, 2")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "pairing\tgames\tW-D-L\tscore\tElo\t95%\tpairs 0-½-1-1½-2\tpair Elo\t95%\tLOS")
	for _, p := range r.Pairings {
		penta, pe, pi := "", "", ""
		if p.Pairs > 0 {
			penta = fmt.Sprintf("%d-%d-%d-%d-%d", p.Penta[0], p.Penta[1], p.Penta[2], p.Penta[3], p.Penta[4])
		}
		if p.PentaEstimate != nil {
			pe, pi = eloText(p.PentaEstimate.Elo), intervalText(*p.PentaEstimate)
		}
		// The pairing's one LOS, from the pairs when there are any: the
		// CSV and the JSON give the same figure.
		los := "n/a"
		if p.Games > 0 {
			los = fmt.Sprintf("%.0f%%", 100*float64(p.LOS))
		}
		fmt.Fprintf(tw, "%s vs %s\t%d\t%d-%d-%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p.A, p.B, p.Games, p.Wins, p.Draws, p.Losses,
			pctText(p.Score), eloText(p.Estimate.Elo), intervalText(p.Estimate), penta, pe, pi, los)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintf(w, "\nRatings: Elo with 95%% intervals, %s = 0", r.Anchor)
	if len(r.Agents) > 2 {
		fmt.Fprint(w, " (fitted jointly, Bradley-Terry)")
	}
	fmt.Fprintln(w)
	if len(r.Ratings) == 0 {
		fmt.Fprintf(w, "  none: %s\n", r.RatingsNote)
	} else {
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "rank\tagent\tElo\t95%\tgames\tW-D-L\tscore")
		for rank, i := range ratingOrder(r) {
			rt, t := r.Ratings[i], r.Totals[i]
			iv := "[" + eloText(rt.Lo) + ", " + eloText(rt.Hi) + "]"
			switch {
			case rt.Agent == r.Anchor:
				iv = "anchor"
			case rt.Lo == rt.Hi:
				iv = "(no spread)"
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d-%d-%d\t%s\n", rank+1, rt.Agent, eloText(rt.Elo), iv, rt.Games, t.Wins, t.Draws, t.Losses, pctText(rt.Score))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}

	if s := r.SPRT; s != nil {
		fmt.Fprintf(w, "\nSPRT: H0 %s is %s Elo against H1 %s Elo stronger (alpha %g, beta %g)\n", r.Agents[0], fmtG(s.Elo0), fmtG(s.Elo1), s.Alpha, s.Beta)
		fmt.Fprintf(w, "  LLR %.3f over %d pairs, bounds [%.3f, %.3f]: ", float64(s.LLR), s.Pairs, float64(s.Lower), float64(s.Upper))
		switch s.Decision {
		case "H0":
			fmt.Fprintf(w, "H0 accepted after %d games (%s is not %s Elo stronger)\n", s.Games, r.Agents[0], fmtG(s.Elo1))
		case "H1":
			fmt.Fprintf(w, "H1 accepted after %d games (%s is stronger by %s Elo or more)\n", s.Games, r.Agents[0], fmtG(s.Elo1))
		default:
			fmt.Fprintf(w, "no decision yet: play more games (--resume with a larger --games)\n")
		}
		switch extra := r.Finished - r.Counted; {
		case s.Decision == "none" || extra <= 0:
		case extra == 1:
			fmt.Fprintln(w, "  1 more game finished after the deciding pair: it is in the records, not counted")
		default:
			fmt.Fprintf(w, "  %d more games finished after the deciding pair: they are in the records, not counted\n", extra)
		}
	}
	return nil
}

func fmtG(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// ratingOrder lists agents best first; unrated ones last.
func ratingOrder(r *tournaments.Report) []int {
	idx := make([]int, len(r.Ratings))
	for i := range idx {
		idx[i] = i
	}
	key := func(i int) float64 {
		if e := float64(r.Ratings[i].Elo); !math.IsNaN(e) {
			return e
		}
		return math.Inf(-1)
	}
	sort.SliceStable(idx, func(x, y int) bool { return key(idx[x]) > key(idx[y]) })
	return idx
}

// csvNum writes a statistic for spreadsheets: empty when undefined, and
// never "-0.0000" (-0, or a tiny negative rounded to zero).
func csvNum(v tournaments.Num) string {
	f := float64(v)
	switch {
	case math.IsNaN(f):
		return ""
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	if s := strconv.FormatFloat(f, 'f', 4, 64); s != "-0.0000" {
		return s
	}
	return "0.0000"
}

// writeReportCSV writes one table: a row per pairing (from the first
// agent's side) and a row per agent (its totals and rating).
func writeReportCSV(w io.Writer, r *tournaments.Report) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"kind", "agent", "opponent", "games", "wins", "draws", "losses", "points", "score", "elo", "elo_lo", "elo_hi", "los", "penta"})
	for _, p := range r.Pairings {
		penta := ""
		if p.Pairs > 0 {
			penta = fmt.Sprintf("%d %d %d %d %d", p.Penta[0], p.Penta[1], p.Penta[2], p.Penta[3], p.Penta[4])
		}
		e := p.Estimate
		if p.PentaEstimate != nil {
			e = *p.PentaEstimate
		}
		_ = cw.Write([]string{"pairing", p.A, p.B, strconv.Itoa(p.Games), strconv.Itoa(p.Wins), strconv.Itoa(p.Draws), strconv.Itoa(p.Losses),
			fmtG(p.Points), csvNum(p.Score), csvNum(e.Elo), csvNum(e.Lo), csvNum(e.Hi), csvNum(p.LOS), penta})
	}
	for i, t := range r.Totals {
		elo, lo, hi := tournaments.Num(math.NaN()), tournaments.Num(math.NaN()), tournaments.Num(math.NaN())
		if i < len(r.Ratings) {
			elo, lo, hi = r.Ratings[i].Elo, r.Ratings[i].Lo, r.Ratings[i].Hi
		}
		_ = cw.Write([]string{"agent", t.Agent, "", strconv.Itoa(t.Games), strconv.Itoa(t.Wins), strconv.Itoa(t.Draws), strconv.Itoa(t.Losses),
			fmtG(t.Points), csvNum(t.Score), csvNum(elo), csvNum(lo), csvNum(hi), csvNum(t.Estimate.LOS), ""})
	}
	cw.Flush()
	return cw.Error()
}

// ---- chart ----

// chartRow is one agent's mark: a value and its interval on the axis.
type chartRow struct {
	label         string
	value, lo, hi float64
}

// writeChartFile draws the chart and writes it with fileio.WriteFile: a
// whole file or nothing, never replacing a symlink or a device.
func writeChartFile(path string, r *tournaments.Report) error {
	var buf bytes.Buffer
	if err := writeChart(&buf, r); err != nil {
		return fmt.Errorf("cannot draw the chart: %w", err)
	}
	if err := fileio.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("cannot write the chart: %w (check --chart)", err)
	}
	return nil
}

// writeChart draws an SVG with one row per agent: its Elo as a dot and
// the 95% interval as an error bar. With two agents the Elo scale has one
// difference to show, so the chart shows each agent's score in percent
// instead, which reads at a glance. An interval open at one end (a clean
// sweep) runs to the edge of the chart and ends in an arrow.
func writeChart(w io.Writer, r *tournaments.Report) error {
	var rows []chartRow
	var title, unit string
	var lo, hi float64
	if len(r.Agents) == 2 && len(r.Pairings) == 1 {
		p := r.Pairings[0]
		e := p.Estimate
		if p.PentaEstimate != nil {
			e = *p.PentaEstimate
		}
		s, sLo, sHi := 100*float64(e.Score), 100*stats.ScoreFromElo(float64(e.Lo)), 100*stats.ScoreFromElo(float64(e.Hi))
		rows = []chartRow{{p.A, s, sLo, sHi}, {p.B, 100 - s, 100 - sHi, 100 - sLo}}
		title, unit, lo, hi = fmt.Sprintf("Score over %d games, with 95%% intervals", p.Games), "%", 0, 100
	} else {
		for _, i := range ratingOrder(r) {
			if i >= len(r.Ratings) {
				continue
			}
			rt := r.Ratings[i]
			rows = append(rows, chartRow{rt.Agent, float64(rt.Elo), float64(rt.Lo), float64(rt.Hi)})
		}
		title, unit = fmt.Sprintf("Elo (%s = 0) with 95%% intervals", r.Anchor), ""
		lo, hi = eloAxis(rows)
	}

	// The label column fits the longest name at about 7.5 px a character
	// of the 13 px font, since specs with parameters run long.
	longest := 0
	for _, row := range rows {
		longest = max(longest, len([]rune(row.label)))
	}
	left := math.Max(120, 20+7.5*float64(longest))
	const right, top, rowH = 40.0, 50.0, 34.0
	width := left + 560 + right
	height := top + rowH*float64(max(len(rows), 1)) + 50
	plotW := width - left - right
	x := func(v float64) float64 {
		v = math.Max(lo, math.Min(hi, v))
		return left + (v-lo)/(hi-lo)*plotW
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", left, html.EscapeString(title))
	bottom := top + rowH*float64(len(rows))
	for _, t := range axisTicks(lo, hi) {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#ddd"/>`+"\n", x(t), top-6, x(t), bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle" fill="#555">%s%s</text>`+"\n", x(t), bottom+18, fmtG(t), unit)
	}
	mid := 0.0
	if unit == "%" {
		mid = 50
	}
	if mid >= lo && mid <= hi {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#888" stroke-dasharray="4 3"/>`+"\n", x(mid), top-6, x(mid), bottom)
	}
	for k, row := range rows {
		y := top + rowH*float64(k) + rowH/2
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", left-10, y, html.EscapeString(row.label))
		if math.IsNaN(row.value) {
			fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" dominant-baseline="middle" fill="#888">no games</text>`+"\n", left+6, y)
			continue
		}
		l, h := row.lo, row.hi
		if math.IsNaN(l) {
			l = row.value
		}
		if math.IsNaN(h) {
			h = row.value
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#1f5fa8" stroke-width="2"/>`+"\n", x(l), y, x(h), y)
		for _, end := range []struct {
			v    float64
			open bool
			dir  float64
		}{{l, l < lo, -1}, {h, h > hi, 1}} {
			if end.open {
				ex := x(end.v)
				fmt.Fprintf(&b, `<path d="M%.1f %.1f l%.1f -5 l0 10 z" fill="#1f5fa8"/>`+"\n", ex, y, -8*end.dir)
			} else {
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#1f5fa8" stroke-width="2"/>`+"\n", x(end.v), y-7, x(end.v), y+7)
			}
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="5" fill="#c0392b"><title>%s: %s%s</title></circle>`+"\n", x(row.value), y, html.EscapeString(row.label), valueText(row.value), unit)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func valueText(v float64) string {
	if math.IsInf(v, 0) {
		return eloText(tournaments.Num(v))
	}
	if s := strconv.FormatFloat(v, 'f', 1, 64); s != "-0.0" {
		return s
	}
	return "0.0"
}

// eloAxis spans every finite value and interval end, with a margin, and
// always shows 0 (the anchor).
func eloAxis(rows []chartRow) (float64, float64) {
	lo, hi := 0.0, 0.0
	for _, r := range rows {
		for _, v := range []float64{r.value, r.lo, r.hi} {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if hi-lo < 100 {
		lo, hi = lo-50, hi+50
	}
	pad := (hi - lo) * 0.08
	return lo - pad, hi + pad
}

// axisTicks are round values across [lo, hi], about six of them.
func axisTicks(lo, hi float64) []float64 {
	raw := (hi - lo) / 6
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for t := math.Ceil(lo/step) * step; t <= hi+1e-9; t += step {
		v := math.Round(t*1e6) / 1e6
		if v == 0 {
			v = 0 // not -0, which would print as "-0"
		}
		out = append(out, v)
	}
	return out
}
