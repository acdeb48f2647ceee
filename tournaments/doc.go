// Package tournaments plays agents against each other: single matches
// now, and the tournament runner, pairings and ratings built on them.
//
// A match is one game with fixed seeds; its record (every action and every
// die) is the unit everything else stores, replays and rates.
package tournaments
