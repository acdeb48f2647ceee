package tournaments

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/engine"
)

// maxScenarioCycle bounds the length of the scenario list tried when the
// settings are rebuilt from records. Every length tried costs a pass over
// the records, so an unbounded search would take time quadratic in the
// file; no tournament lists more scenarios than this in practice, and one
// that does is refused rather than guessed.
const maxScenarioCycle = 256

// ReportFromRecords rebuilds the report of a tournament from the records
// it wrote (as ReadGameRecords reads them): the same cross table,
// pairings, totals, ratings with their 95% intervals and LOS as Run gave,
// from the games in the records. It plays nothing and needs neither the
// ruleset nor the agents, so any records file can be read, even of agents
// this build cannot start.
//
// The records name their ruleset, rules version, options, master seed and
// agents, but not the format, the scenario list or the adjudication; these
// are found as the settings whose fingerprint is the one every record
// carries, so the report says what Run said. Every record is then checked
// against that schedule (seeds, sides and scenario of its game index), as
// a resume checks it. When no settings fit the fingerprint (the tournament
// listed scenarios that no game in the records reached, or the file was
// written by another version of grognard) the report is still built from
// the games, but then Scenarios lists only the scenarios played, Format
// is empty with two agents (round robin and gauntlet are then the same
// schedule), and Adjudication is "ap" if some game was adjudicated and
// empty (unknown) if none was.
//
// What the records cannot say is left as follows:
//   - GamesPerPairing and Planned count the rounds the records reach: a
//     tournament stopped before its last round had more games scheduled,
//     and its report here is Complete if the rounds reached are.
//   - Anchor is the first agent: a run's --anchor is not recorded, and
//     any other agent's rating is the difference to it.
//   - SPRT is nil, since the test's settings are not recorded, and every
//     finished game is counted, including those an SPRT run finished
//     after its decision.
//   - Resumed counts the distinct games read; Played, Discarded and
//     Elapsed are zero, Interrupted is false, and Records is empty for the
//     caller to fill with the file's name.
//
// A game that appears more than once is counted once, from its first
// record, as a resume counts it. The records of several tournaments in one
// file, an empty list, and a record without its tournament part (a plain
// `grognard match` record) are refused with an error that says why.
func ReportFromRecords(recs []*GameRecord) (*Report, error) {
	sk, err := sketchRecords(recs)
	if err != nil {
		return nil, err
	}
	fits, exact := sk.candidates(recs)
	if exact != nil {
		return exact.fromRecords(recs)
	}
	// No settings give the fingerprint: take the first schedule the games
	// fit, round robin before gauntlet.
	var firstErr error
	for _, t := range fits {
		rep, err := t.fromRecords(recs)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		rep.Scenarios = slices.DeleteFunc(rep.Scenarios, func(s string) bool { return s == "" })
		rep.Adjudication = ""
		if sk.adjudicated {
			rep.Adjudication = string(AdjudicateAP)
		}
		if len(sk.specs) == 2 {
			rep.Format = ""
		}
		return rep, nil
	}
	if firstErr == nil {
		return nil, fmt.Errorf("the games' scenarios follow no list of up to %d scenarios cycled round by round, as a tournament plays them: the file was edited, or the tournament listed more scenarios than results can read", maxScenarioCycle)
	}
	return nil, fmt.Errorf("the records fit no round robin or gauntlet of their %d agents: %w", len(sk.specs), firstErr)
}

// recordsSketch is what every record of one tournament says alike.
type recordsSketch struct {
	print          string
	rules, version string
	opts           engine.Options
	seed           uint64
	// specs are the agents by index, as the records give them.
	specs       []string
	maxGame     int
	adjudicated bool // some game was scored by AP at the turn limit
}

// sketchRecords checks that recs are the games of one tournament and
// gathers what they say of it.
func sketchRecords(recs []*GameRecord) (*recordsSketch, error) {
	if len(recs) == 0 {
		return nil, errors.New("no tournament games in the records: results need a file written by 'grognard tournament --records FILE'")
	}
	var prints []string
	for i, rec := range recs {
		if rec == nil {
			return nil, fmt.Errorf("record %d is null, not a game: results need a file written by 'grognard tournament --records FILE'", i+1)
		}
		fp := rec.Tournament.Fingerprint
		if fp == "" {
			return nil, fmt.Errorf("record %d is a game without its tournament part (written by 'grognard match'?): results need a file written by 'grognard tournament --records FILE'", i+1)
		}
		if !slices.Contains(prints, fp) {
			prints = append(prints, fp)
		}
	}
	if len(prints) > 1 {
		return nil, fmt.Errorf("the records hold the games of %d tournaments (fingerprints %s): split the file by each line's tournament.fingerprint and read one tournament at a time", len(prints), strings.Join(prints, ", "))
	}
	first := recs[0]
	sk := &recordsSketch{print: prints[0], rules: first.Ruleset, version: first.RulesVersion,
		opts: first.Options, seed: first.Tournament.Seed}
	var seen []bool
	for i, rec := range recs {
		info := &rec.Tournament
		if rec.Ruleset != sk.rules || rec.RulesVersion != sk.version || rec.Options.TurnLimit != sk.opts.TurnLimit ||
			!slices.Equal(rec.Options.Variants, sk.opts.Variants) || info.Seed != sk.seed {
			return nil, fmt.Errorf("record %d differs from the first in its ruleset, rules version, options or master seed, though both carry fingerprint %s: the file was edited", i+1, sk.print)
		}
		if info.Game < 0 || info.Game >= MaxGames {
			return nil, fmt.Errorf("record %d: game index %d is outside 0 to %d: the file was edited", i+1, info.Game, MaxGames-1)
		}
		sk.maxGame = max(sk.maxGame, info.Game)
		sk.adjudicated = sk.adjudicated || info.Outcome.Adjudicated
		if info.Sides[0] == info.Sides[1] {
			return nil, fmt.Errorf("record %d: agent %d plays both sides: the file was edited", i+1, info.Sides[0])
		}
		for side, a := range info.Sides {
			if a < 0 || a >= MaxAgents {
				return nil, fmt.Errorf("record %d: agent index %d is outside 0 to %d: the file was edited", i+1, a, MaxAgents-1)
			}
			for len(sk.specs) <= a {
				sk.specs, seen = append(sk.specs, ""), append(seen, false)
			}
			if seen[a] && sk.specs[a] != info.Specs[side] {
				return nil, fmt.Errorf("record %d gives agent %d as %q, an earlier record as %q: the file was edited", i+1, a, info.Specs[side], sk.specs[a])
			}
			sk.specs[a], seen[a] = info.Specs[side], true
		}
	}
	if i := slices.Index(seen, false); i >= 0 {
		return nil, fmt.Errorf("agent %d of %d plays in none of the records, so they cannot name it: the tournament was stopped before every agent had played; resume it, then read its results", i, len(seen))
	}
	return sk, nil
}

// candidates lists the schedules the records may have been played under,
// one per format (round robin first) with the shortest scenario cycle the
// games show, and returns as exact the settings whose fingerprint is the
// records' own, if any are.
func (sk *recordsSketch) candidates(recs []*GameRecord) (fits []*Tournament, exact *Tournament) {
	adjs := []Adjudication{AdjudicateAP, AdjudicateNone}
	if sk.adjudicated {
		adjs = adjs[:1] // a game adjudicated says which
	}
	for _, format := range []Format{RoundRobin, Gauntlet} {
		pairings, err := pairingsOf(format, len(sk.specs))
		if err != nil || len(pairings) == 0 {
			continue
		}
		rounds := sk.maxGame/2/len(pairings) + 1
		// By round, in a map: the records are bounded (engine.MaxRecords)
		// but a game index may be as high as MaxGames.
		played := map[int]string{}
		for _, rec := range recs {
			if r := rec.Tournament.Game / 2 / len(pairings); played[r] == "" {
				played[r] = rec.Scenario
			}
		}
		var fit []string
		for p := 1; p <= min(rounds, maxScenarioCycle); p++ {
			list, complete, ok := scenarioCycle(played, p)
			if !ok {
				continue
			}
			if fit == nil {
				fit = list
			}
			if !complete {
				continue // a scenario no game shows cannot give the fingerprint
			}
			for _, adj := range adjs {
				t := sk.tournament(format, pairings, list, adj, rounds)
				if t.fingerprint() == sk.print {
					return nil, t
				}
			}
		}
		if fit != nil {
			fits = append(fits, sk.tournament(format, pairings, fit, AdjudicateAP, rounds))
		}
	}
	return fits, nil
}

// scenarioCycle is the scenario list of length p that the rounds played
// cycle through, if one fits: ok is false when two rounds p apart played
// different scenarios, and complete false when some entry is shown by no
// round ("" in the list).
func scenarioCycle(played map[int]string, p int) (list []string, complete, ok bool) {
	list = make([]string, p)
	for r, s := range played {
		if s == "" {
			continue
		}
		switch j := r % p; list[j] {
		case "":
			list[j] = s
		case s:
		default:
			return nil, false, false
		}
	}
	return list, !slices.Contains(list, ""), true
}

// tournament is the schedule of the sketched tournament under the given
// settings, as New would build it from the same Config, without checking
// the agents or the scenarios: nothing is played.
func (sk *recordsSketch) tournament(format Format, pairings []Pairing, scenarios []string, adj Adjudication, rounds int) *Tournament {
	cfg := Config{
		Agents:          sk.specs,
		Format:          format,
		Scenarios:       scenarios,
		GamesPerPairing: 2 * rounds,
		TurnLimit:       sk.opts.TurnLimit,
		Variants:        sk.opts.Variants,
		Seed:            sk.seed,
		Adjudication:    adj,
	}
	// The fingerprint goes through engine.Options as the records hold
	// them, so nil and empty variants hash alike, as they do in New.
	t := &Tournament{cfg: cfg, labels: Labels(sk.specs), pairings: pairings, scenarios: scenarios,
		opts: sk.opts, workers: 1, rules: sk.rules, version: sk.version}
	t.print = sk.print
	return t
}

// fromRecords checks every record against t's schedule and reports the
// games, as Run reports a resumed tournament with nothing left to play.
func (t *Tournament) fromRecords(recs []*GameRecord) (*Report, error) {
	res := make([]slot, t.Total())
	var ld loaded
	for i, rec := range recs {
		line := resumeLine{DiceSeed: rec.DiceSeed, AgentSeeds: rec.AgentSeeds, Scenario: rec.Scenario, Tournament: &rec.Tournament}
		if err := t.takeGame(line, res, &ld); err != nil {
			return nil, fmt.Errorf("record %d: %w", i+1, err)
		}
	}
	return t.report(&collector{t: t, res: res, resumed: ld.games, duplicates: ld.duplicates, stopAt: -1}), nil
}
