# shellcheck shell=sh
# Which paths the build can work in. The checkout, the cache (source and build trees) and
# the prefix (its bin/ is on PATH, its sysroot is a configure argument of GCC and glibc)
# end up inside configure scripts, Makefiles and the kernel's Kbuild, which split words
# on blanks, treat $ and # as their own syntax and : as a list separator. So a build path
# may hold letters, digits and / . _ - + @ only; anything else is refused before anything
# is written, with one line naming the path and the character. A built prefix can be
# moved anywhere afterwards (tests/build checks spaces, $, #, newlines and non-ASCII).
# Non-ASCII letters are refused too: no full build has been tried in such a path yet.

# show_path PATH: PATH on one line (a newline in it shown as \n, a tab as \t).
show_path() {
    printf '%s' "$1" | sed ':a;N;$!ba;s/\n/\\n/g' | sed 's/\t/\\t/g'
}

# path_problem PATH: what in PATH the build cannot cope with; empty when nothing.
path_problem() {
    case $1 in
        *"
"*) echo "a newline" ;;
        *" "*) echo "a space" ;;
        *"	"*) echo "a tab" ;;
        *'$'*) echo "a \$ (make and configure would expand it)" ;;
        *'#'*) echo "a # (make reads the rest as a comment)" ;;
        *:*) echo "a : (it separates PATH entries)" ;;
        *)
            if [ -n "$(printf '%s' "$1" | LC_ALL=C tr -d '\000-\177')" ]; then
                echo "a non-ASCII character (no build has been tried in such a path)"
                return
            fi
            _pp_bad=$(printf '%s' "$1" | LC_ALL=C tr -d 'A-Za-z0-9/._+@-' | cut -c1)
            [ -z "$_pp_bad" ] || echo "the character $_pp_bad (shell and make syntax)" ;;
    esac
}

# check_build_path WHAT PATH HOW: stop, before anything is written, when the build cannot
# work in PATH; HOW says how to choose another.
check_build_path() {
    _cb=$(path_problem "$2")
    [ -z "$_cb" ] || die "the $1 $(show_path "$2") contains $_cb; the toolchain cannot be built there. $3 (letters, digits and / . _ - + @ work)"
}
