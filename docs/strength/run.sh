#!/usr/bin/env bash
# Plays, or continues, a strength run too long for one sitting: a sitting
# plays what it can, is stopped with Ctrl-C (finished games are kept), and
# writes the run's manifest (every game's seeds, result and record hash);
# the manifest and the report are committed, the records are not.
#
#   docs/strength/run.sh NAME                      # continue the run in docs/strength/NAME
#   docs/strength/run.sh NAME TOURNAMENT-FLAGS...  # start it (the flags are saved in NAME/flags)
#
# Everything after NAME goes to 'grognard tournament' unchanged, except
# --records and --resume, which this script sets. The result table is
# printed at the end as usual and also written to NAME/report.txt when the
# sitting ends.
# grognard is built from the commit the run started at (NAME/commit), so
# that later changes on main do not change the run's games. Each sitting's
# games are kept beside the run as a gzipped piece (part-*.jsonl.gz, which
# git ignores), and the sitting ends by writing NAME/manifest.tsv with
# manifest.py. The next sitting resumes from the pieces it finds and, for
# the games of the manifest no piece here holds (a fresh clone), from
# stand-in lines that regenerate.py writes from the manifest, so only the
# missing games are played. The games are written to NAME/sitting.jsonl as
# they finish, so that a sitting cut off without Ctrl-C (the machine shut
# down) loses nothing: the next sitting first turns that file's new games
# into a piece.
set -euo pipefail
shopt -s nullglob

if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
	# The help is the comment block at the top, up to the first line of code.
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="$root/docs/strength/$1"
shift
mkdir -p "$dir"
parts=("$dir"/part-*.jsonl.gz)
# The run is played by the code of one commit: the one HEAD is at when its
# first sitting starts, which must hold all the code.
if [ ! -f "$dir/commit" ]; then
	if [ ${#parts[@]} -gt 0 ] || [ -f "$dir/manifest.tsv" ]; then
		echo "$dir has games but no commit file: write the commit they were played at to $dir/commit" >&2
		exit 2
	fi
	if [ -n "$(git -C "$root" status --porcelain -- ':!docs')" ]; then
		echo "the working tree has uncommitted changes: commit them first, so that the run is played by a known commit" >&2
		exit 2
	fi
fi
if [ $# -gt 0 ]; then
	if [ -f "$dir/flags" ]; then
		echo "$dir/flags already holds this run's flags: give the name alone to continue it" >&2
		exit 2
	fi
	printf '%s\n' "$@" >"$dir/flags"
fi
if [ ! -f "$dir/flags" ]; then
	echo "no run in $dir: give the tournament flags to start one" >&2
	exit 2
fi
mapfile -t flags <"$dir/flags"
[ -f "$dir/commit" ] || git -C "$root" rev-parse HEAD >"$dir/commit"
commit="$(cat "$dir/commit")"

records="$dir/sitting.jsonl"
# sitting.start holds the number of lines a sitting's records file started
# with (the stand-ins and the pieces it resumed from), so that a sitting
# cut off can be told from the games it finished.
start="$dir/sitting.start"

# piece gzips the games of $records after the first $1 into a new piece;
# a torn last line (the run killed mid-write) is left out, as a resume
# would skip it.
piece() {
	local fresh="$records.fresh"
	tail -n +"$(($1 + 1))" "$records" >"$fresh"
	if [ -s "$fresh" ] && [ -n "$(tail -c 1 "$fresh")" ]; then
		sed -i '$d' "$fresh"
	fi
	if [ -s "$fresh" ]; then
		local out
		out="$dir/part-$(date -u +%Y%m%dT%H%M%S).jsonl.gz"
		gzip -9 -c "$fresh" >"$out"
		echo "== $(wc -l <"$fresh") new games saved in $out" >&2
	fi
	rm -f "$fresh"
}

count_parts() {
	if [ ${#parts[@]} -gt 0 ]; then cat "${parts[@]}" | gunzip | wc -l; else echo 0; fi
}

if [ -f "$records" ]; then
	echo "== $(basename "$records") is left from a sitting that was cut off: keeping its games" >&2
	if [ -f "$start" ]; then piece "$(cat "$start")"; else piece "$(count_parts)"; fi
	rm -f "$records" "$start"
	parts=("$dir"/part-*.jsonl.gz)
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "== $(basename "$dir"): building grognard at ${commit:0:12}" >&2
mkdir -p "$work/src"
git -C "$root" archive "$commit" | tar -x -C "$work/src"
(cd "$work/src" && go build -o "$work/grognard" ./cmd/grognard)
rm -rf "$work/src"

: >"$records"
if [ -f "$dir/manifest.tsv" ]; then
	python3 "$root/docs/strength/regenerate.py" "$dir" --stand-ins "$records" --grognard "$work/grognard"
fi
if [ ${#parts[@]} -gt 0 ]; then
	cat "${parts[@]}" | gunzip >>"$records"
fi
if [ -s "$records" ]; then
	flags+=(--resume)
fi
before="$(wc -l <"$records")"
echo "$before" >"$start"
echo "== $(basename "$dir"): $before games from ${#parts[@]} piece(s) and the manifest" >&2

# save writes the games this sitting finished as a new piece and the
# manifest of every game of the run. The table is written beside the
# binary first and only then over report.txt, so that a sitting in
# progress, or one cut off before it printed anything, leaves the
# committed report as it was.
save() {
	piece "$before"
	rm -f "$records" "$start"
	parts=("$dir"/part-*.jsonl.gz)
	if [ ${#parts[@]} -gt 0 ]; then
		python3 "$root/docs/strength/manifest.py" "$dir" ||
			echo "== the manifest was not written: fix what manifest.py says and run it again (docs/strength/manifest.py $dir)" >&2
	fi
	if [ -s "$work/report.txt" ]; then mv "$work/report.txt" "$dir/report.txt"; fi
	rm -rf "$work"
	echo "== commit $(basename "$dir")'s flags, commit, manifest.tsv and report.txt; its pieces stay here, out of git" >&2
}
trap save EXIT

status=0
"$work/grognard" tournament "${flags[@]}" --records "$records" | tee -i "$work/report.txt" || status=$?
exit "$status"
