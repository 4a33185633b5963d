# bash completion for civil's commands          -*- shell-script -*-
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Installed once for each command name, so bash-completion's on-demand
# loading finds it; works without bash-completion too (source it).

# _civil_notmuch_query: complete a notmuch search term (tag:, id:, ...).
_civil_notmuch_query()
{
	local cur=$1
	case $cur in
	tag:*)
		COMPREPLY=($(compgen -P tag: -W "$(notmuch search --output=tags '*' 2>/dev/null)" -- "${cur#tag:}"))
		;;
	*)
		COMPREPLY=($(compgen -W "tag: id: thread: from: to: subject: date: lastmod: folder: path:" -- "$cur"))
		compopt -o nospace 2>/dev/null
		;;
	esac
}

_civil()
{
	local cmd=${COMP_WORDS[0]##*/} cur=${COMP_WORDS[COMP_CWORD]}
	local prev=${COMP_WORDS[COMP_CWORD-1]} opts

	COMPREPLY=()
	case $cmd in
	civil-remind)
		opts="--dry-run --help --version"
		;;
	civil-sendmail)
		opts="--help --version --held --sendmail= --smtp --smtp= -f -F -i -oi -oem -t"
		case $prev in
		-f | -F) return ;;
		esac
		;;
	civil-install)
		opts="--git --notmuch --b4 --sendmail --uninstall --purge --help --version"
		if [[ $cur != -* ]] && [[ " ${COMP_WORDS[*]} " == *" --git "* ]]; then
			COMPREPLY=($(compgen -d -- "$cur"))
			return
		fi
		;;
	civil-scan)
		opts="--apply --scores --mbox --verbose --forget --help --version"
		case $prev in
		--mbox)
			COMPREPLY=($(compgen -f -- "$cur"))
			return
			;;
		esac
		;;
	civil-heated)
		opts="--explain --format= --learned --help --version"
		case $cur in
		--format=*)
			COMPREPLY=($(compgen -P --format= -W "text json" -- "${cur#--format=}"))
			return
			;;
		esac
		;;
	escalate-thread)
		opts="--notmuch --output --stdout --force --edit --explain --message --only-selected --all --mbox --help --version"
		case $prev in
		--output | --mbox)
			COMPREPLY=($(compgen -f -- "$cur"))
			return
			;;
		--message)
			COMPREPLY=($(compgen -W "id:" -- "$cur"))
			compopt -o nospace 2>/dev/null
			return
			;;
		esac
		;;
	*)
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		[[ ${COMPREPLY[*]} == *= ]] && compopt -o nospace 2>/dev/null
		return
	fi
	case $cmd in
	civil-scan | civil-heated | escalate-thread)
		_civil_notmuch_query "$cur"
		;;
	civil-remind)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}

complete -F _civil civil-remind civil-sendmail civil-install civil-scan \
	civil-heated escalate-thread
