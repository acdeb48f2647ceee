package render_test

import (
	"fmt"
	"math"
	"os"

	"github.com/grognard/grognard/tournaments"
	"github.com/grognard/grognard/tournaments/render"
)

// A command-line flag or a web page's query picks a format by name.
func ExampleByName() {
	for _, f := range render.Formats() {
		fmt.Printf("%s %s %s\n", f.Name, f.Ext, f.MediaType)
	}
	if _, err := render.ByName("html"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// text .txt text/plain; charset=utf-8
	// csv .csv text/csv; charset=utf-8
	// json .json application/json
	// svg .svg image/svg+xml
	// unknown report format "html": use text, csv, json, svg
}

// The CSV of a two-agent report: the pairing, then each agent.
func ExampleCSV() {
	nan := tournaments.Num(math.NaN())
	r := &tournaments.Report{
		Agents: []string{"greedy", "random"},
		Pairings: []tournaments.PairingResult{{
			A: "greedy", B: "random", Games: 2, Wins: 2, Points: 2, Score: 1, LOS: 1,
			Estimate: tournaments.Interval{Elo: tournaments.Num(math.Inf(1)), Lo: 120, Hi: tournaments.Num(math.Inf(1))},
		}},
		Totals: []tournaments.AgentResult{
			{Agent: "greedy", Games: 2, Wins: 2, Points: 2, Score: 1, Estimate: tournaments.Interval{LOS: 1}},
			{Agent: "random", Games: 2, Losses: 2, Score: 0, Estimate: tournaments.Interval{LOS: 0}},
		},
		Ratings: []tournaments.AgentRating{{Agent: "greedy"}, {Agent: "random", Elo: nan, Lo: nan, Hi: nan}},
	}
	if err := render.CSV(os.Stdout, r); err != nil {
		fmt.Println(err)
	}
	// Output:
	// kind,agent,opponent,games,wins,draws,losses,points,score,elo,elo_lo,elo_hi,los,penta,nelo,nelo_lo,nelo_hi
	// pairing,greedy,random,2,2,0,0,2,1.0000,inf,120.0000,inf,1.0000,,,,
	// agent,greedy,,2,2,0,0,2,1.0000,0.0000,0.0000,0.0000,1.0000,,,,
	// agent,random,,2,0,0,2,0,0.0000,,,,0.0000,,,,
}
