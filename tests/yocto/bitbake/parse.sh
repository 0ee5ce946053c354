#!/bin/sh
# tests/yocto/bitbake/parse.sh DIR: one OE-Core series, parsed by its own BitBake with
# meta-x32-sdk, as an ordinary user (BitBake refuses root). Started by oe_parse
# (host.sh) from a copy in DIR, since the user may not be able to read the checkout:
#   DIR/x32-sdk/    LICENSE, runner/yocto/meta-x32-sdk, tests/yocto/{bitbake,meta-x32-sdk-check}
#   DIR/oe-core/    the archive (OE-Core with bitbake/ inside), unpacked from stdin once
#   DIR/build/      the build directory; its parse cache makes the next run fast
#   DIR/out/        parse.log and NAME.env/.err/.rc for each query below, times
# The layer is added the way its README says (bitbake-layers add-layer, then the
# INHERIT line). The queries are `bitbake -e`, each reading the parse cache that the
# one `bitbake -p` left.
set -u
dir=$1
cd "$dir" || exit 1
mkdir -p out
rm -f out/*.env out/*.err out/*.rc out/times out/parse.log out/done out/complete

now() { date +%s; }
# timed NAME CMD...: CMD's time in out/times, its status returned.
timed() {
    _n=$1; shift
    _t=$(now)
    "$@"
    _rc=$?
    echo "$_n $(( $(now) - _t ))" >> "$dir/out/times"
    return $_rc
}

if [ ! -f oe-core/.x32-sdk-unpacked ]; then
    rm -rf oe-core build
    timed unpack tar -xJf - || { echo "parse.sh: the archive on stdin did not unpack" >&2; exit 1; }
    [ -f oe-core/oe-init-build-env ] || { echo "parse.sh: the archive has no oe-core/oe-init-build-env" >&2; exit 1; }
    # OE-Core's .templateconf (its one line, as upstream has it): the archive leaves out
    # dotfiles, and oe-setup-builddir sources it.
    # shellcheck disable=SC2016 # the file's text
    [ -f oe-core/.templateconf ] \
        || echo 'TEMPLATECONF=${TEMPLATECONF:-meta/conf/templates/default}' > oe-core/.templateconf
    touch oe-core/.x32-sdk-unpacked
fi

new=no
[ -f build/conf/local.conf ] || new=yes
# oe-init-build-env takes the build directory from "set --" under sh (dash passes no
# arguments to a sourced file), and is sourced from its own directory.
cd oe-core || exit 1
set -- "$dir/build"
# It reads unset variables ($BASH_SOURCE): no set -u while it runs.
set +u
# shellcheck disable=SC1091 # the archive's
. ./oe-init-build-env > "$dir/out/init.log" 2>&1 || { cat "$dir/out/init.log" >&2; exit 1; }
set -u
cd "$dir/build" || exit 1
if [ "$new" = yes ]; then
    timed add-layer bitbake-layers add-layer "$dir/x32-sdk/runner/yocto/meta-x32-sdk" \
        "$dir/x32-sdk/tests/yocto/meta-x32-sdk-check" > "$dir/out/add-layer.log" 2>&1 \
        || { tail -n 5 "$dir/out/add-layer.log" >&2; rm -rf "$dir/build"; exit 1; }
    cat >> conf/local.conf <<'EOF'

# meta-x32-sdk, as its README says (after bitbake-layers add-layer):
MACHINE = "qemux86-64"
DEFAULTTUNE = "x86-64-x32"
INHERIT += "x32-usermode"

# tests/yocto's own: no network (a parse fetches nothing; the sanity check would try),
# python3 with profile-guided optimisation (needs qemu-usermode), and the
# multiconfigs of meta-x32-sdk-check (other tunes in the same build).
BB_NO_NETWORK = "1"
PACKAGECONFIG:append:pn-python3 = " pgo"
BBMULTICONFIG = "plain plain-nolayer x32-off"
# One server for all the queries, which keeps the parsed recipes in memory.
BB_SERVER_TIMEOUT = "60"
EOF
fi

# The base configuration first: it parses no recipe, and it runs OE-Core's sanity
# checks once before the full parse (the first parse in a new build directory was
# seen to be cached under another configuration hash than every later command,
# so that the first recipe query parsed everything again).
timed base bitbake -e > "$dir/out/base.env" 2> "$dir/out/base.err"
echo $? > "$dir/out/base.rc"
timed parse bitbake -p > "$dir/out/parse.log" 2>&1
echo $? > "$dir/out/parse.rc"

# The queries, NAME MULTICONFIG RECIPE, each from the parse cache (the server stays up
# between them: BB_SERVER_TIMEOUT in local.conf). The multiconfigs parse only a few
# recipes, so BitBake cannot resolve a recipe's dependencies there: they are asked
# for by file (-b mc:NAME:FILE, FILE as the default configuration's query found it).
while read -r _name _mc _recipe; do
    if [ "$_mc" = - ]; then
        set -- "$_recipe"
    else
        set -- -b "mc:$_mc:$(sed -n 's/^FILE="\(.*\)"$/\1/p' "$dir/out/$_recipe.env")"
    fi
    timed "$_name" bitbake -e "$@" > "$dir/out/$_name.env" 2> "$dir/out/$_name.err"
    echo $? > "$dir/out/$_name.rc"
done <<'EOF'
qemuwrapper-cross - qemuwrapper-cross
glib-2.0 - glib-2.0
cmake-qemu - cmake-qemu-x32-check
python3 - python3
x32-run-native - x32-run-native
plain-glib-2.0 plain glib-2.0
plain-nolayer-glib-2.0 plain-nolayer glib-2.0
plain-qemuwrapper-cross plain qemuwrapper-cross
plain-nolayer-qemuwrapper-cross plain-nolayer qemuwrapper-cross
x32-off-glib-2.0 x32-off glib-2.0
x32-off-qemuwrapper-cross x32-off qemuwrapper-cross
EOF
bitbake -m > /dev/null 2>&1
touch "$dir/out/done"
# Every command exited 0: the next run with the same inputs may reuse these outputs.
[ "$(cat "$dir"/out/*.rc | sort -u)" = 0 ] && touch "$dir/out/complete"
exit 0
