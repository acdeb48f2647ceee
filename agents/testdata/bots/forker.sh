#!/bin/sh
# A grognard bot that leaves children behind, for the tests that every
# process of a bot ends with it. Usage: forker.sh MODE PIDFILE. Every pid
# it starts, and its own, is appended to PIDFILE, one a line.
#   exit  starts a child that holds its output open, then exits with 1
#   hang  answers the handshake, starting two children that hold its
#         output at new_game, and never answers genmove
#   quit  plays well (action 1 each time); at quit it starts a child that
#         holds its output and then ignores the end of its input
mode=$1
pidfile=$2
echo $$ >> "$pidfile"
if [ "$mode" = exit ]; then
	sleep 100000 &
	echo $! >> "$pidfile"
	exit 1
fi
while IFS= read -r line; do
	id=$(printf '%s\n' "$line" | sed -n 's/.*"cmd":"[a-z_]*","id":\([0-9]*\).*/\1/p')
	case "$line" in
	*'"cmd":"protocol_version"'*) echo "{\"id\":$id,\"ok\":true,\"result\":\"1\"}" ;;
	*'"cmd":"name"'*) echo "{\"id\":$id,\"ok\":true,\"result\":\"forker-$mode\"}" ;;
	*'"cmd":"new_game"'*)
		if [ "$mode" = hang ]; then
			sleep 100000 &
			echo $! >> "$pidfile"
			sleep 100000 &
			echo $! >> "$pidfile"
		fi
		echo "{\"id\":$id,\"ok\":true}"
		;;
	*'"cmd":"genmove"'*)
		if [ "$mode" = hang ]; then
			wait
		fi
		echo "{\"id\":$id,\"ok\":true,\"result\":{\"id\":1}}"
		;;
	*'"cmd":"quit"'*)
		sleep 100000 &
		echo $! >> "$pidfile"
		echo "{\"id\":$id,\"ok\":true}"
		exec sleep 100000
		;;
	*) echo "{\"id\":$id,\"ok\":true}" ;;
	esac
done
