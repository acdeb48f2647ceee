// Package tournaments plays agents against each other: single matches
// (PlayMatch) and tournaments (New, Tournament.Run) with their records,
// resumption and statistics.
//
// A match is one game with fixed seeds; its record (every action and every
// die) is the unit everything else stores, replays and rates.
//
// A tournament pairs agents in a round robin or a gauntlet and plays every
// pairing as pairs of games on the same scenario with the same dice seed,
// sides swapped, so that the luck of the dice cancels within a pair. Every
// seed follows from the master seed and the game's index alone, and the
// statistics are computed in schedule order, so the results are the same
// with any number of workers and after any number of resumptions. Every
// finished game is appended at once as one JSON line (a GameRecord, which
// engine.ReadRecords also reads), and a killed tournament resumes from its
// records without playing a finished game again. The statistics (W/D/L,
// Elo with 95% intervals, likelihood of superiority, pentanomial pair
// counts, joint Bradley-Terry ratings, the SPRT) come from package
// tournaments/stats.
package tournaments
