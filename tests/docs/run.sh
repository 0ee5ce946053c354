#!/bin/sh
# tests/docs: a clone must hold everything its documentation points to.
#   docs-links-checker-finds-breaks  check-links.sh reports a planted missing file and a
#                                    planted missing anchor (so the next case can fail)
#   docs-relative-links              every relative link in the repository's Markdown
#                                    files resolves (file, folder, #heading)
#   docs-no-outside-notes            no file of the repository points at notes outside it
#                                    (a sibling "shared" folder of the developers)
#   docs-runner-program-count        runner/README.md's count of tests/runner programs is right
#   docs-installed-links             the READMEs installed into the prefix link only within it
#   options-PROGRAM-*                every option the docs give x32-run, x32-vm, x32-check,
#                                    build.sh and tests/run.sh is in its --help, and every
#                                    option its --help lists is in its own doc (options.py)
#   version-*                        --version of x32-run, x32-check, x32-vm and x32-gdb
#                                    names the SDK's version, commit and key from its
#                                    build-info.json, also from a moved copy (versions.py)
#   readme-ci-recipe-*               the README's plain-shell CI job, run as written on a
#                                    small CMake project with the SDK under test
#   readme-workflow-*                the README's two-job GitHub workflow, its run: lines
#                                    run as GitHub would (workflow.py): a cache miss builds
#                                    and packages the SDK, the test job unpacks it and
#                                    passes on a small CMake project without a baseline,
#                                    a second run hits the cache and builds nothing
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh disable=SC1091
. "$HERE/../lib.sh"
suite_setup docs
T=$TEST_TMP

# The repository's files: git's list in a checkout, else everything but build output.
repo_files() {
    if git -C "$TOP" rev-parse --git-dir > /dev/null 2>&1; then
        git -C "$TOP" ls-files
    else
        (cd "$TOP" && find . -path ./out -prune -o -path ./.git -prune -o -type f -print | sed 's|^\./||')
    fi
}
repo_files > "$T/files"

mkdir -p "$T/fixture/sub"
printf '# Top\n\n## A part\n\n[ok](sub/b.md#the-end) [gone](missing.md) [bad](sub/b.md#nowhere)\n' > "$T/fixture/a.md"
# shellcheck disable=SC2016 # backquotes are Markdown here
printf '# The end\n\n[up](../a.md#a-part) [self](#the-end) `[code](nothere.md)`\n' > "$T/fixture/sub/b.md"
if sh "$HERE/check-links.sh" "$T/fixture/a.md" "$T/fixture/sub/b.md" > "$T/fixture.out"; then
    fail docs-links-checker-finds-breaks "check-links.sh passed a fixture with two broken links"
elif [ "$(wc -l < "$T/fixture.out")" = 2 ] && grep -q 'missing.md: no such file' "$T/fixture.out" \
        && grep -q 'sub/b.md#nowhere: no heading' "$T/fixture.out"; then
    pass docs-links-checker-finds-breaks
else
    fail docs-links-checker-finds-breaks "want exactly the two planted breaks, got: $(tr '\n' ' ' < "$T/fixture.out")"
fi

grep '\.md$' "$T/files" | sed "s|^|$TOP/|" > "$T/md"
if [ ! -s "$T/md" ]; then
    fail docs-relative-links "found no Markdown files under $TOP"
elif (set -f; IFS='
'; # shellcheck disable=SC2046 # one file per line
      sh "$HERE/check-links.sh" $(cat "$T/md")) > "$T/links.out"; then
    pass docs-relative-links
else
    fail docs-relative-links "$(wc -l < "$T/links.out") broken, first: $(head -n 1 "$T/links.out" | sed "s|$TOP/||g")"
    sed "s|$TOP/||g; s/^/    | /" "$T/links.out"
fi

# The patterns are written so that this file does not match them itself. .ci/run is the
# CI machine's own set-up, not something a user's clone relies on: it may use what that
# machine keeps beside the clone (the OE-Core archives), and says so.
(cd "$TOP" && while IFS= read -r f; do
    case $f in .ci/*) continue ;; esac
    [ -f "$f" ] && grep -lI -e '\.\./shared' -e '/work/share[d]' -e 'shared/note[s]' -- "$f"
done < "$T/files") > "$T/outside.out"
if [ -s "$T/outside.out" ]; then
    fail docs-no-outside-notes "$(wc -l < "$T/outside.out") file(s) point outside the repository: $(tr '\n' ' ' < "$T/outside.out")"
else
    pass docs-no-outside-notes
fi

# A count the docs give must be the count in the tree: runner/README.md's number of
# tests/runner programs (one self-checking program per .c file there).
_claimed=$(sed -n 's/.*`tests\/runner` (\([0-9][0-9]*\) programs.*/\1/p' "$TOP/runner/README.md" | head -n 1)
_have=$(find "$TOP/tests/runner" -maxdepth 1 -name '*.c' | wc -l)
if [ -z "$_claimed" ]; then
    fail docs-runner-program-count "runner/README.md no longer says \"tests/runner (N programs\"; update this check"
elif [ "$_claimed" = "$_have" ]; then
    pass docs-runner-program-count
else
    fail docs-runner-program-count "runner/README.md says $_claimed programs, tests/runner has $_have .c files"
fi

# Docs the SDK installs must not link into a checkout the prefix does not have.
_inst=${X32_SDK_PREFIX:-$TOP/out}/share/x32-sdk/README-build-systems.md
if [ ! -f "$_inst" ]; then
    skip docs-installed-links "no $_inst (./build.sh installs it)"
elif sh "$HERE/check-links.sh" "$_inst" > "$T/installed-links.out" && ! grep -q '](\.\./' "$_inst"; then
    pass docs-installed-links
else
    fail docs-installed-links "$(head -n 1 "$T/installed-links.out")$(grep -c '](\.\./' "$_inst") link(s) to ../ in $_inst"
fi

# runner/README.md's support table is the system-call table's own output
# (runner/tools/support_table.c, linked with the runner's objects).
_st=$T/support-table-build
if ! command -v make > /dev/null 2>&1 || ! command -v cc > /dev/null 2>&1; then
    skip runner-support-table-current "make or cc is missing (build-essential)"
elif ! make -s -C "$TOP/runner" MAKEFLAGS= BUILD="$_st" "$_st/support-table" > "$T/support-table.log" 2>&1; then
    fail runner-support-table-current "the table printer does not build: $(tail -n 1 "$T/support-table.log")"
else
    "$_st/support-table" > "$T/support-table.md"
    awk '/^<!-- support table: begin/ { f = 1; next } /^<!-- support table: end/ { f = 0 } f' \
        "$TOP/runner/README.md" > "$T/support-table.readme"
    if [ -s "$T/support-table.md" ] && cmp -s "$T/support-table.md" "$T/support-table.readme"; then
        pass runner-support-table-current
    else
        fail runner-support-table-current "runner/README.md's table is not the call table's (run make -C runner support-table-update): $(diff "$T/support-table.readme" "$T/support-table.md" | sed -n 2p | cut -c1-160)"
    fi
fi

# Option drift, both ways; the installed programs come from the SDK under test. First a
# fixture with one option documented but not in --help and one the other way round, so
# the real check can fail.
if command -v python3 > /dev/null 2>&1; then
    mkdir -p "$T/optfix/check"
    printf '#!/bin/sh\necho "usage: x32-check [--real] [--undocumented] SOURCE_DIR"\n' > "$T/optfix/check/x32-check"
    chmod +x "$T/optfix/check/x32-check"
    printf '# x\n\n    x32-check --real --ghost DIR\n' > "$T/optfix/check/README.md"
    python3 "$HERE/options.py" "$T/optfix" "$T/optfix" > "$T/optfix.out" 2>&1
    if grep -q '^FAIL options-x32-check-documented-exist: .*--ghost' "$T/optfix.out" \
            && grep -q '^FAIL options-x32-check-help-documented: .*names --undocumented in' "$T/optfix.out"; then
        pass options-checker-finds-drift
    else fail options-checker-finds-drift "want --ghost and --undocumented reported, got: $(tr '\n' ' ' < "$T/optfix.out")"; fi
    python3 "$HERE/options.py" "$TOP" "${X32_SDK_PREFIX:-$TOP/out}"
    # --version of every installed program names its SDK: version, commit, key.
    python3 "$HERE/versions.py" "$TOP" "${X32_SDK_PREFIX:-$TOP/out}"
else
    skip options "python3 is not installed (apt-get install python3)"
fi

# The README's CI recipe: the ```sh block after "The same steps as plain shell", run as
# it stands in a copy of a clean CMake project; it must build, run the tests as x32 and
# pass x32-check's gate (exit 0).
sdk=${X32_SDK_PREFIX:-$TOP/out}
awk '/^The same steps as plain shell/ { want = 1 } want && /^```sh$/ { on = 1; next }
     on && /^```$/ { exit } on { print }' "$TOP/README.md" > "$T/ci-recipe.sh"
if [ ! -s "$T/ci-recipe.sh" ]; then
    fail readme-ci-recipe-found "README.md has no \`\`\`sh block after 'The same steps as plain shell'"
elif [ ! -f "$sdk/share/x32-sdk/build-info.json" ]; then
    skip readme-ci-recipe-runs "no complete SDK in $sdk (./build.sh)"
elif ! command -v cmake > /dev/null 2>&1; then
    skip readme-ci-recipe-runs "cmake is not installed (apt-get install cmake)"
else
    cp -R "$TOP/tests/check/projects/clean" "$T/ci-project"
    (cd "$T/ci-project" && env -u X32_RUN -u X32_SDK_PREFIX X32_SDK="$sdk" sh "$T/ci-recipe.sh") \
        > "$T/ci-recipe.out" 2>&1
    _rc=$?
    if [ "$_rc" = 0 ] && grep -q "100% tests passed" "$T/ci-recipe.out" \
            && grep -q "^result: clean" "$T/ci-recipe.out"; then
        pass readme-ci-recipe-runs
    else
        fail readme-ci-recipe-runs "exit $_rc: $(grep -E 'tests passed|^result|error' "$T/ci-recipe.out" | head -n 3 | tr '\n' ' ')"
        tail -n 15 "$T/ci-recipe.out" | sed 's/^/    | /'
    fi
    # Without an SDK it must stop at once with its one line, exit 2.
    (cd "$T/ci-project" && X32_SDK="$T/no-sdk" sh "$T/ci-recipe.sh") > "$T/ci-nosdk.out" 2>&1
    _rc=$?
    if [ "$_rc" = 2 ] && grep -q "no x32 SDK in $T/no-sdk" "$T/ci-nosdk.out"; then
        pass readme-ci-recipe-no-sdk-says-so
    else fail readme-ci-recipe-no-sdk-says-so "exit $_rc: $(head -n 1 "$T/ci-nosdk.out")"; fi
fi

# The README's GitHub workflow, both jobs, as GitHub would run them (workflow.py). The
# checkout is this one; the jobs' HOME is new, the step cache this machine's (a miss
# restores the SDK from it in seconds, then packs it); the cache and the artifacts are
# folders.
_wf=$T/workflow
mkdir -p "$_wf/scripts" "$_wf/sdk-ws" "$_wf/home"
if ! python3 "$HERE/workflow.py" "$TOP/README.md" "$_wf/scripts" > "$_wf/jobs" 2> "$_wf/parse.err"; then
    fail readme-workflow-parses "$(tail -n 1 "$_wf/parse.err")"
elif [ ! -f "$sdk/share/x32-sdk/build-info.json" ]; then
    skip readme-workflow-runs "no complete SDK in $sdk (./build.sh): the workflow's miss would build it cold"
elif ! command -v cmake > /dev/null 2>&1; then
    skip readme-workflow-runs "cmake is not installed (apt-get install cmake)"
elif command -v flock > /dev/null 2>&1 && [ -f "${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}/lock" ] \
        && ! flock -n "${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}/lock" true; then
    skip readme-workflow-runs "another build.sh holds the step cache's lock (${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}/lock): the workflow's miss would have to wait for it"
else
    pass readme-workflow-parses
    ln -s "$TOP" "$_wf/sdk-ws/x32-sdk"
    wf_env() { # the environment a job sees here
        env -u X32_RUN -u X32_SDK_PREFIX HOME="$_wf/home" GITHUB_OUTPUT="$_wf/github-output" \
            X32_SDK_CACHE="${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}" X32_CI_CACHE="$_wf/cache" \
            X32_CI_ARTIFACTS="$_wf/artifacts" "$@"
    }
    _t0=$(date +%s)
    (cd "$_wf/sdk-ws" && wf_env sh "$_wf/scripts/sdk.sh") > "$_wf/sdk-miss.out" 2>&1
    _rc=$?; _t1=$(date +%s)
    _pkg=$(ls "$_wf"/artifacts/x32-sdk-package/x32-sdk-*.tar.xz 2>/dev/null | head -n 1)
    if [ "$_rc" != 0 ] || [ -z "$_pkg" ] || ! grep -qx 'cache-hit=false' "$_wf/github-output"; then
        fail readme-workflow-sdk-job-builds "exit $_rc: $(tail -n 2 "$_wf/sdk-miss.out" | tr '\n' ' ')"
    else
        pass readme-workflow-sdk-job-builds
        echo "workflow: the sdk job's miss took $((_t1 - _t0)) s; the cached package is $(du -m "$_pkg" | cut -f1) MB ($(basename "$_pkg"))"
        mkdir -p "$_wf/x32-ws" "$_wf/home2"
        cp -R "$TOP/tests/check/projects/clean/." "$_wf/x32-ws/"
        _t0=$(date +%s)
        (cd "$_wf/x32-ws" && wf_env HOME="$_wf/home2" sh "$_wf/scripts/x32.sh") > "$_wf/x32.out" 2>&1
        _rc=$?; _t1=$(date +%s)
        if [ "$_rc" = 0 ] && grep -q "100% tests passed" "$_wf/x32.out" && grep -q "^result: clean" "$_wf/x32.out"; then
            pass readme-workflow-test-job-passes
            echo "workflow: the x32 job (unpack, build, tests, x32-check) took $((_t1 - _t0)) s"
        else
            fail readme-workflow-test-job-passes "exit $_rc: $(grep -E 'tests passed|^result|error|not installed' "$_wf/x32.out" | head -n 3 | tr '\n' ' ')"
            tail -n 15 "$_wf/x32.out" | sed 's/^/    | /'
        fi
        # Run the sdk job again: the key is the same, the cache hits, nothing is built.
        rm -rf "$_wf/sdk-ws2"; mkdir -p "$_wf/sdk-ws2"; ln -s "$TOP" "$_wf/sdk-ws2/x32-sdk"
        _t0=$(date +%s)
        (cd "$_wf/sdk-ws2" && wf_env sh "$_wf/scripts/sdk.sh") > "$_wf/sdk-hit.out" 2>&1
        _rc=$?; _t1=$(date +%s)
        if [ "$_rc" = 0 ] && grep -qx 'cache-hit=true' "$_wf/github-output" \
                && ! grep -q -e 'building' -e 'Packing' "$_wf/sdk-hit.out" && [ -f "$_wf/sdk-ws2/x32-sdk-package/$(basename "$_pkg")" ]; then
            pass readme-workflow-second-run-hits-the-cache
            echo "workflow: the sdk job's hit took $((_t1 - _t0)) s"
        else
            fail readme-workflow-second-run-hits-the-cache "exit $_rc: $(grep -m1 -e cache-hit "$_wf/github-output") $(grep -m1 -e building -e Packing "$_wf/sdk-hit.out")"
        fi
    fi
fi
exit 0
