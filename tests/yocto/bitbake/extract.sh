# shellcheck shell=sh
# tests/yocto/bitbake/extract.sh: sourced by run.sh. Reading `bitbake -e` output: a
# variable's value, a shell function's text, and that function turned into a script
# that runs outside BitBake with the recipe's paths replaced by the test's. Their
# variables start with _ofs_: the callers' cases keep theirs.
#
#   oe_var FILE NAME                     the value of NAME (empty when unset)
#   oe_func FILE NAME                    NAME() { ... } as bitbake -e prints it
#   oe_func_script FILE NAME OUT FROM TO [FROM TO]...
#                                        OUT: a script that defines NAME and calls it,
#                                        each FROM path replaced by TO (longest first)

oe_var() {
    # bitbake -e prints NAME="value", or export NAME="value" for exported ones.
    sed -n "s/^\(export \)\{0,1\}$2=\"\(.*\)\"\$/\2/p" "$1" | head -n 1
}

oe_func() {
    sed -n "/^$2() {\$/,/^}\$/p" "$1"
}

oe_func_script() {
    _ofs_f=$1 _ofs_n=$2 _ofs_o=$3; shift 3
    {
        echo '#!/bin/sh'
        echo 'set -e'
        oe_func "$_ofs_f" "$_ofs_n" | awk -v pairs="$(printf '%s\n' "$@")" '
            # Literal replacement (paths hold dots and pluses, which a regex would take).
            BEGIN { n = split(pairs, p, "\n"); for (i = 1; i + 1 <= n; i += 2) { from[i] = p[i]; to[i] = p[i + 1] } }
            {
                line = $0
                for (i = 1; i + 1 <= n; i += 2) {
                    out = ""
                    while ((k = index(line, from[i])) > 0) {
                        out = out substr(line, 1, k - 1) to[i]
                        line = substr(line, k + length(from[i]))
                    }
                    line = out line
                }
                print line
            }'
        echo "$_ofs_n"
    } > "$_ofs_o"
    chmod +x "$_ofs_o"
    grep -q "^$_ofs_n() {\$" "$_ofs_o"
}

# oe_records FILE: one line per variable or function, "NAME<TAB>value" with a
# function's lines joined by "\n", comments left out: two outputs can then be
# compared by name.
oe_records() {
    awk '
        infunc { body = body "\\n" $0; if ($0 == "}") { print name "\t" body; infunc = 0 }; next }
        /^#/ || /^$/ { next }
        /^(python )?[A-Za-z0-9_.:${}+-]+ ?\(\) \{$/ {
            name = $0; sub(/^python /, "", name); sub(/ ?\(\) \{$/, "", name)
            body = $0; infunc = 1; next
        }
        {
            line = $0; sub(/^export /, "", line)
            k = index(line, "="); if (k == 0) next
            print substr(line, 1, k - 1) "\t" substr(line, k + 1)
        }' "$1" | LC_ALL=C sort
}
