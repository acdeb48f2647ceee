package tournaments

// The tests play the built-in 2 by 2 agents (greedy, heuristic, and mcts
// and portfolio with the 2 by 2 kit's defaults): link the kit.
import _ "github.com/grognard/grognard/agents/twobytwo"
