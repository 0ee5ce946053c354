#!/bin/sh
# tests/docs/check-links.sh FILE.md...: print every relative link in these Markdown files
# that does not resolve, one "FILE: TARGET: why" line each; exit 1 if there is any.
#
# A link resolves when the file or folder it names exists (relative to the linking
# file) and, when it has a #fragment, the target Markdown file (or the linking file
# itself, for "#fragment") has a heading with that GitHub-style anchor. Links with a
# scheme (https:, mailto:) are not checked: this is about what a clone holds. Inline
# code and fenced code blocks are skipped; they show syntax, not links.
set -uf    # -f: link targets are words, never globs

# links FILE: "TARGET" lines, inline ([text](target)) and reference ([label]: target).
links() {
    awk '
        /^[ \t]*(```|~~~)/ { fenced = !fenced; next }
        fenced { next }
        {
            line = $0
            gsub(/`[^`]*`/, "", line)          # inline code is not a link
            if (match(line, /^[ \t]*\[[^]]+\]:[ \t]+[^ \t]+/)) {
                ref = substr(line, RSTART, RLENGTH)
                sub(/^[ \t]*\[[^]]+\]:[ \t]+/, "", ref)
                print ref
            }
            while (match(line, /\]\([^)]*\)/)) {
                t = substr(line, RSTART + 2, RLENGTH - 3)
                line = substr(line, RSTART + RLENGTH)
                sub(/^[ \t]*</, "", t); sub(/>.*$/, "", t)
                sub(/[ \t].*$/, "", t)           # an optional "title"
                if (t != "") print t
            }
        }' "$1"
}

# anchors FILE: the GitHub anchor of every heading of a Markdown file: lower case,
# punctuation other than "-" and "_" dropped, spaces made dashes; repeats get -1, -2...
anchors() {
    awk '
        /^[ \t]*(```|~~~)/ { fenced = !fenced; next }
        fenced || !/^#+[ \t]/ { next }
        {
            h = $0
            sub(/^#+[ \t]+/, "", h); sub(/[ \t]+#*[ \t]*$/, "", h)
            h = tolower(h)
            gsub(/[^a-z0-9 _-]/, "", h)
            gsub(/ /, "-", h)
            if (h in seen) { seen[h]++; print h "-" seen[h] } else { seen[h] = 0; print h }
        }' "$1"
}

bad=0
for md in "$@"; do
    dir=$(dirname "$md")
    for target in $(links "$md"); do
        case $target in
            [a-zA-Z]*:*) continue ;;          # https:, mailto:, ...
        esac
        path=${target%%#*}
        frag=
        case $target in *#*) frag=${target#*#} ;; esac
        if [ -z "$path" ]; then file=$md
        else file=$dir/$path; fi
        if [ ! -e "$file" ]; then
            printf '%s: %s: no such file or folder\n' "$md" "$target"
            bad=1
            continue
        fi
        if [ -n "$frag" ]; then
            case $file in
                *.md) anchors "$file" | grep -qxF -- "$frag" || {
                          printf '%s: %s: no heading with that anchor in %s\n' "$md" "$target" "$file"
                          bad=1
                      } ;;
            esac
        fi
    done
done
exit "$bad"
