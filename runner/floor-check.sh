#!/bin/sh
# floor-check.sh SRC BUILD FLOOR...: the runner's floors, checked on the sources
# and the objects.
#
# runner/src is built in floors (runner/README.md, "The floors"): FLOOR... names
# the folders from the ground up, as runner/Makefile's FLOORS does.  A folder
# may use what lies on its own floor or below, never above; a need that runs up
# is a hook the upper floor registers (src/core/hooks.h, src/core/fork.h).
#   1. An #include of another folder's header names a folder on a lower floor,
#      and only that folder's public header, FOLDER/FOLDER.h (base/, the ground,
#      is a box of small tools whose headers are each public).
#   2. A symbol an object in BUILD/FOLDER leaves undefined is defined by an
#      object of its own folder or of a lower floor (nm): no call runs up, and
#      so no two folders call each other in a loop.
# Sub-folders belong to their top folder (gdb/stub is gdb).  A violation prints
# the file and what it reaches.  Exit status: 0 clean, 1 a violation, 2 a usage
# or build problem.
set -u
NM=${NM:-nm}

if [ $# -lt 3 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
    echo "usage: floor-check.sh SRC BUILD FLOOR... (the folders from the ground up)" >&2
    exit 2
fi
src=$1 build=$2
shift 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/floor-check.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# floor number of each folder, one "FOLDER N" line each
n=0
for f in "$@"; do
    n=$((n + 1))
    [ -d "$src/$f" ] || { echo "floor-check: $src/$f: no such folder" >&2; exit 2; }
    echo "$f $n"
done > "$tmp/floors"

# 1. includes
(cd "$src" && find . -name '*.[chS]' | sed 's|^\./||' | sort) > "$tmp/files"
# shellcheck disable=SC2046 # one path a word: runner/src has no spaces in its names
awk -v floors="$tmp/floors" '
    BEGIN { while ((getline l < floors) > 0) { split(l, a, " "); floor[a[1]] = a[2] } }
    FNR == 1 { file = substr(FILENAME, length(src) + 2); split(file, p, "/"); here = p[1] }
    /^#[ \t]*include[ \t]*"/ {
        inc = $0; sub(/^#[ \t]*include[ \t]*"/, "", inc); sub(/".*/, "", inc)
        n = split(inc, q, "/")
        if (n < 2 || !(q[1] in floor) || q[1] == here) next
        if (!(here in floor)) { printf "floor-check: %s: its folder %s is on no floor\n", file, here; bad = 1; next }
        if (floor[q[1]] > floor[here]) {
            printf "floor-check: %s includes %s: %s is above %s\n", file, inc, q[1], here; bad = 1
        } else if (q[1] != "base" && inc != q[1] "/" q[1] ".h") {
            printf "floor-check: %s includes %s: only %s/%s.h is %s'"'"'s public header\n", file, inc, q[1], q[1], q[1]; bad = 1
        }
    }
    END { exit bad }' src="$src" $(sed "s|^|$src/|" "$tmp/files") > "$tmp/include-report"
include_status=$?
cat "$tmp/include-report"

# 2. calls: which folder defines each symbol, and what each object needs
: > "$tmp/defs"
: > "$tmp/uses"
objects=0
while read -r f _n; do
    [ -d "$build/$f" ] || { echo "floor-check: no objects in $build/$f (build them first: make -C runner objects)" >&2; exit 2; }
    for obj in $(find "$build/$f" -name '*.o' | sort); do
        objects=$((objects + 1))
        "$NM" --defined-only "$obj" | awk -v f="$f" 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3, f }' >> "$tmp/defs"
        "$NM" -u "$obj" | awk -v f="$f" -v o="${obj#"$build"/}" '{ print $NF, f, o }' >> "$tmp/uses"
    done
done < "$tmp/floors"
[ "$objects" -gt 0 ] || { echo "floor-check: no objects under $build" >&2; exit 2; }
sort -u "$tmp/defs" > "$tmp/defs.sorted"
sort "$tmp/uses" > "$tmp/uses.sorted"
join "$tmp/uses.sorted" "$tmp/defs.sorted" | awk -v floors="$tmp/floors" '
    BEGIN { while ((getline l < floors) > 0) { split(l, a, " "); floor[a[1]] = a[2] } }
    # symbol user-folder object defining-folder
    floor[$4] > floor[$2] { printf "floor-check: %s calls %s, defined in %s, above %s\n", $3, $1, $4, $2; bad = 1 }
    END { exit bad }' > "$tmp/call-report"
call_status=$?
cat "$tmp/call-report"

if [ "$include_status" = 0 ] && [ "$call_status" = 0 ]; then
    echo "floor-check: $(wc -l < "$tmp/files") files and $objects objects on $# floors ($*): no include or call runs up"
    exit 0
fi
exit 1
