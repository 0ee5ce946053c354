# shellcheck shell=sh
# What the bench scripts share.

# stats FILE: "median min max" of the numbers in FILE, one per line.
stats() {
    sort -g "$1" | awk '{ v[NR] = $1 } END { printf "%s %s %s\n", v[int((NR + 1) / 2)], v[1], v[NR] }'
}
