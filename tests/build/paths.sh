# shellcheck shell=sh
# Sourced by tests/build/run.sh. Odd characters in paths (lib/paths.sh): the checkout,
# cache, prefix and sources paths of a build are refused up front, one line naming the
# path and the character, nothing written; a built prefix moved to such a path works
# (compile, link, run with x32-run), except that GCC cannot link in a path with a newline.

nl='
'
# odd_name CLASS: a directory name holding a character of CLASS; odd_reason CLASS: the refusal.
odd_name() {
    case $1 in
        space) printf 'with space' ;;
        newline) printf 'new%sline' "$nl" ;;
        dollar) printf 'cost%sHOME' '$' ;;
        hash) printf 'issue#15' ;;
        nonascii) printf 'G\303\266del-\316\273' ;;
        tab) printf 'a\tb' ;;
        colon) printf 'a:b' ;;
        quote) printf "it's" ;;
    esac
}
odd_reason() {
    case $1 in
        space) echo "contains a space" ;;
        newline) echo "contains a newline" ;;
        dollar) echo "contains a \$ (make and configure would expand it)" ;;
        hash) echo "contains a # (make reads the rest as a comment)" ;;
        nonascii) echo "contains a non-ASCII character" ;;
        tab) echo "contains a tab" ;;
        colon) echo "contains a : (it separates PATH entries)" ;;
        quote) echo "contains the character ' (shell and make syntax)" ;;
    esac
}
shown() { printf '%s' "$1" | sed ':a;N;$!ba;s/\n/\\n/g' | sed 's/\t/\\t/g'; }

for class in space newline dollar hash nonascii tab colon quote; do
    d="$T/paths/$(odd_name "$class")"
    mkdir -p "$T/paths"
    expect_error "path-prefix-$class-refused" "the prefix $(shown "$d/sdk") $(odd_reason "$class")" \
        "$TOP/build.sh" --prefix "$d/sdk"
    expect_error "path-cache-$class-refused" "the cache $(shown "$d/cache") $(odd_reason "$class")" \
        env X32_SDK_CACHE="$d/cache" "$TOP/build.sh" --prefix "$T/p-paths"
    expect_error "path-sources-$class-refused" "the sources directory $(shown "$d/src") $(odd_reason "$class")" \
        "$TOP/build.sh" --prefix "$T/p-paths" --sources "$d/src"
done
if [ -e "$T/p-paths" ] || [ -n "$(ls -A "$T/paths")" ]; then
    fail paths-refused-before-writing "something was created: $(ls -A "$T/paths" "$T/p-paths" 2>/dev/null | tr '\n' ' ')"
else
    pass paths-refused-before-writing
fi
# The checkout: a copy of the recipes in such a folder.
for class in space dollar hash nonascii; do
    d="$T/paths/checkout $class"
    [ "$class" = space ] || d="$T/paths/$(odd_name "$class")-checkout"
    fake_checkout "$d"
    expect_error "path-checkout-$class-refused" "the checkout path $(shown "$d") $(odd_reason "$class")" \
        env X32_SDK_CACHE="$T/cache-paths" "$d/build.sh" --prefix "$T/p-paths"
done

# A built prefix, moved (renamed, as mv or unpacking elsewhere does) to each such path.
if [ ! -x "$PREFIX/bin/x32-run" ] || [ ! -x "$PREFIX/bin/x86_64-linux-gnux32-gcc" ]; then
    for class in space dollar hash nonascii newline-x32-run; do skip "path-relocated-prefix-$class-works" "no built SDK in $PREFIX"; done
else
    # Hard links: a copy as far as the prefix can tell, without copying a gigabyte.
    moved="$T/reloc/plain/sdk"
    mkdir -p "$T/reloc/plain"
    cp -al "$PREFIX" "$moved"
    printf '#include <stdio.h>\nint main(void) { printf("x32 %%zu\\n", sizeof(void *)); return 0; }\n' > "$T/hello.c"
    printf '#include <iostream>\nint main() { std::cout << "c++ " << sizeof(long) << std::endl; }\n' > "$T/hello.cc"
    # Built before the moves: GCC itself cannot link in a prefix whose path holds a
    # newline (collect2 fails), so there only x32-run is checked; see README.
    "$PREFIX/bin/x86_64-linux-gnux32-gcc" -O2 "$T/hello.c" -o "$T/hello-c-plain"
    for class in space newline dollar hash nonascii; do
        d="$T/reloc/$(odd_name "$class")"
        mkdir -p "$d" && mv "$moved" "$d/sdk" && moved="$d/sdk"
        rm -f "$T/hello-c" "$T/hello-cc"
        if [ "$class" = newline ]; then
            got=$("$moved/bin/x32-run" "$T/hello-c-plain" 2>&1)
            if [ "$got" = "x32 4" ]; then pass "path-relocated-prefix-newline-x32-run-works"
            else fail "path-relocated-prefix-newline-x32-run-works" "x32-run printed: $got"; fi
        elif ! out=$("$moved/bin/x86_64-linux-gnux32-gcc" -O2 "$T/hello.c" -o "$T/hello-c" 2>&1); then
            fail "path-relocated-prefix-$class-works" "gcc in $(shown "$moved"): $(printf '%s\n' "$out" | tail -n 1)"
        elif ! out=$("$moved/bin/x86_64-linux-gnux32-g++" -O2 "$T/hello.cc" -o "$T/hello-cc" 2>&1); then
            fail "path-relocated-prefix-$class-works" "g++ in $(shown "$moved"): $(printf '%s\n' "$out" | tail -n 1)"
        else
            got="$("$moved/bin/x32-run" "$T/hello-c" 2>&1) / $("$moved/bin/x32-run" "$T/hello-cc" 2>&1)"
            if [ "$got" = "x32 4 / c++ 4" ]; then pass "path-relocated-prefix-$class-works"
            else fail "path-relocated-prefix-$class-works" "x32-run in $(shown "$moved") printed: $got"; fi
        fi
    done
    rm -rf "$T/reloc"
fi
