#!/bin/sh
# A grognard bot that leaves children behind, for the tests that every
# process of a bot ends with it. Usage: forker.sh MODE PIDFILE. Every pid
# it starts, and its own, is appended to PIDFILE, one a line.
#   exit    starts a child that holds its output open, then exits with 1
#   hang    answers the handshake, starting two children that hold its
#           output at new_game, and never answers genmove
#   quit    plays well (action 1 each time); at quit it starts a child
#           that holds its output and then ignores the end of its input
#   setsid  plays well and quits when told; at new_game it starts a
#           grandchild that leaves its process group and session (setsid)
#           and holds nothing of the bot's: nothing but a PID namespace
#           ends it with the bot
#   setsidhang  the same grandchild, and never answers genmove
#
# The pids written are those of grognard's namespace. On Linux the bot
# runs in a PID namespace of its own, where $$ and $! are that
# namespace's pids (the bot is 1); /proc is still grognard's, so
# /proc/self/stat, read by the shell's own read, gives the reader's pid
# there. Where there is no /proc, $$ and $! are the pids.
mode=$1
pidfile=$2
exec 3>&1 # the bot's output, which its children hold open
read -r me _ </proc/self/stat 2>/dev/null || me=$$
echo "$me" >>"$pidfile"

# spawn starts a child that holds the bot's output open and appends the
# child's pid to the pidfile before it returns: the child says its pid
# on the pipe of the command substitution, then becomes a long sleep
# whose output is the bot's.
spawn() {
	child=$(sh -c 'read -r p _ </proc/self/stat 2>/dev/null || p=$$; echo "$p"; exec sleep 100000 >&3' &)
	echo "$child" >>"$pidfile"
}

# escape starts a grandchild in a session of its own (setsid), which
# holds none of the bot's files, and appends its pid to the pidfile.
escape() {
	child=$(setsid sh -c 'read -r p _ </proc/self/stat 2>/dev/null || p=$$; echo "$p"; exec sleep 100000 >/dev/null 2>&1 3>&- </dev/null' &)
	echo "$child" >>"$pidfile"
}

if [ "$mode" = exit ]; then
	spawn
	exit 1
fi
while IFS= read -r line; do
	id=$(printf '%s\n' "$line" | sed -n 's/.*"cmd":"[a-z_]*","id":\([0-9]*\).*/\1/p')
	case "$line" in
	*'"cmd":"protocol_version"'*) echo "{\"id\":$id,\"ok\":true,\"result\":\"1\"}" ;;
	*'"cmd":"name"'*) echo "{\"id\":$id,\"ok\":true,\"result\":\"forker-$mode\"}" ;;
	*'"cmd":"new_game"'*)
		if [ "$mode" = hang ]; then
			spawn
			spawn
		fi
		case "$mode" in setsid*) escape ;; esac
		echo "{\"id\":$id,\"ok\":true}"
		;;
	*'"cmd":"genmove"'*)
		case "$mode" in *hang) exec sleep 100000 ;; esac
		echo "{\"id\":$id,\"ok\":true,\"result\":{\"id\":1}}"
		;;
	*'"cmd":"quit"'*)
		case "$mode" in setsid*)
			echo "{\"id\":$id,\"ok\":true}"
			exit 0
			;;
		esac
		spawn
		echo "{\"id\":$id,\"ok\":true}"
		exec sleep 100000
		;;
	*) echo "{\"id\":$id,\"ok\":true}" ;;
	esac
done
