#!/usr/bin/env bash
# Plays each doctrine against random in sets of 200 paired games on the seven
# mixed tables of the strength runs, one set a seed, and prints each set's
# wins and the doctrine's total: the figures of "doctrines against random,
# mixed tables, twenty sets" in docs/agents.md (seeds 11 to 30; about two
# minutes a doctrine for ten seeds on two cores).
#
#   docs/strength/doctrines-vs-random.sh FIRST-SEED LAST-SEED [DOCTRINE...]
#
# The doctrines default to assault, fireline and reserve. grognard is built
# from the working tree into a temporary directory; the records are kept
# there and their path is printed, for 'grognard replay --svg' and the like.
set -euo pipefail

if [ $# -lt 2 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
	# The help is the comment block at the top, up to the first line of code.
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 2
fi
first=$1 last=$2
shift 2
if ! [[ $first =~ ^[0-9]+$ && $last =~ ^[0-9]+$ ]] || [ "$first" -gt "$last" ]; then
	echo "FIRST-SEED and LAST-SEED must be whole numbers, the first no larger than the last (got $first and $last)" >&2
	exit 2
fi
doctrines=("$@")
[ ${#doctrines[@]} -gt 0 ] || doctrines=(assault fireline reserve)

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
(cd "$root" && go build -o "$work/grognard" ./cmd/grognard)
tables=()
for t in standard village meeting river-line two-divisions gen:1 gen:2; do
	tables+=(--scenario "$t")
done

for d in "${doctrines[@]}"; do
	total=0 sets=0 line=""
	for seed in $(seq "$first" "$last"); do
		records="$work/$d-$seed.jsonl"
		"$work/grognard" tournament --format gauntlet --agents "heuristic:doctrine=$d,random" "${tables[@]}" \
			--games 200 --seed "$seed" --adjudicate none --records "$records" >"$work/$d-$seed.txt" 2>"$work/$d-$seed.log"
		# The pairing row's W-D-L column: wins-draws-losses of the doctrine.
		wdl="$(awk '/ vs random / { print $5; exit }' "$work/$d-$seed.txt")"
		if [ -z "$wdl" ]; then
			echo "no result for $d at seed $seed: see $work/$d-$seed.txt and .log" >&2
			exit 1
		fi
		wins=${wdl%%-*}
		total=$((total + wins)) sets=$((sets + 1)) line="$line $wins"
	done
	awk -v d="$d" -v l="$line" -v w="$total" -v n="$sets" \
		'BEGIN { printf "%s wins a set:%s; %d of %d, %.2f%%\n", d, l, w, 200 * n, 100 * w / (200 * n) }'
done
echo "records and result tables in $work"
