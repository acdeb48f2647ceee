// Package stats holds the statistics a tournament runner reports for
// game-playing bots, in the manner of the chess engine testing tools
// (cutechess, fastchess, fishtest, OpenBench):
//
//   - Elo from a mean score and back, in the logistic model
//     score = 1/(1+10^(-elo/400));
//   - head-to-head estimates with a 95% interval and the likelihood of
//     superiority, from game counts (WDL, trinomial) or from paired games
//     (Penta, pentanomial);
//   - normalized Elo (nElo) with its 95% interval, the score's t-value
//     (m - 1/2)/sd per game scaled by 800/ln 10, as fastchess and fishtest
//     report it (WDL.NormalizedElo, Penta.NormalizedElo);
//   - the sequential probability ratio test of fishtest, with its bounds in
//     logistic Elo (SPRT) or in normalized Elo, fishtest's default and
//     fastchess's model=normalized (ModelSPRT, SPRT.LLRTrinomialNormalized,
//     SPRT.LLRPentanomialNormalized);
//   - joint Bradley-Terry ratings for three or more agents (FitRatings).
//
// Games are scored 1, 0.5 or 0 from a player's point of view. Games are
// usually played in pairs, the same scenario and dice seeds with the sides
// swapped, so a pair scores 0, 0.5, 1, 1.5 or 2; counting pairs rather than
// games removes the variance the side and the dice put into single games.
//
// Every function is pure and safe for concurrent use. Edge cases (no games,
// all wins, all losses, all draws, a single game) are defined in the doc
// comment of each function and never panic.
package stats
