# shellcheck shell=sh
# tests/glue/ci-mx32.sh: the recipe for projects that already have an `-mx32` CI job
# (runner/ci/x32-ci.sh, and runner/action.yml's run: lines), sourced by run.sh.  A small
# make project (mx32-project/) builds its programs with `make check CFLAGS=-mx32` and
# runs them from a shell script:
#   ci-mx32-without-runner      on this kernel the line fails as it is (no x32), which
#                               is what the recipe is for (skipped on a kernel with x32)
#   ci-mx32-shell-recipe        x32-ci.sh builds x32-run from the checkout and runs the
#                               unchanged line: the programs report ILP32 x86-64
#   ci-mx32-with-sdk            the same with --sdk PREFIX (the SDK's x32-run)
#   ci-mx32-action-yaml         runner/action.yml's run: lines, with its inputs filled in,
#                               run by sh as GitHub would, give the same result
#   ci-mx32-bad-sdk             --sdk pointing at no SDK: exit 2 and one line saying so
# Needs Debian's gcc -mx32 (gcc-multilib), which tests/run.sh installs for this suite.
# shellcheck disable=SC2154 # TOP, PREFIX, LOGS, TEST_TMP: set by run.sh

mx32_project() { # DEST: a clean copy of the project
    rm -rf "$1"; cp -R "$HERE/mx32-project" "$1"
}

# mx32_recipe CASE NAME [x32-ci.sh OPTION...]: the unchanged line through x32-ci.sh in
# a fresh copy of the project; its programs must report the x32 data model.
mx32_recipe() {
    _case=$1 _name=$2; shift 2
    _p=$TEST_TMP/mx32-$_name
    mx32_project "$_p"
    if (cd "$_p" && "$_ci" "$@" -- make check CFLAGS=-mx32) > "$LOGS/mx32-$_name.log" 2>&1 \
            && grep -qx 'data model: ILP32 x86-64' "$LOGS/mx32-$_name.log"; then
        pass "$_case"
    else
        fail "$_case" "$(tail -n 2 "$LOGS/mx32-$_name.log" | tr '\n' ' ')"
    fi
}

test_ci_mx32() {
    _ci=$TOP/runner/ci/x32-ci.sh
    if ! printf 'int main(void){return 0;}\n' | gcc -mx32 -x c - -o "$TEST_TMP/mx32-probe" > "$LOGS/mx32-probe.log" 2>&1; then
        for _c in without-runner shell-recipe with-sdk action-yaml; do
            skip "ci-mx32-$_c" "Debian's gcc -mx32 cannot link a program (apt-get install gcc-multilib): $(tail -n 1 "$LOGS/mx32-probe.log")"
        done
    else
        _p=$TEST_TMP/mx32-plain
        mx32_project "$_p"
        if make -C "$_p" check CFLAGS=-mx32 > "$LOGS/mx32-plain.log" 2>&1; then
            skip ci-mx32-without-runner "this kernel runs x32 programs itself, so the line passes without the recipe"
        else
            pass ci-mx32-without-runner
        fi
        # the shell recipe: x32-run built from this checkout
        mx32_recipe ci-mx32-shell-recipe shell                 # x32-run built from this checkout
        mx32_recipe ci-mx32-with-sdk sdk --sdk "$PREFIX"        # the SDK under test's x32-run
        # the GitHub Action: each run: block, ${{ }} expressions filled in as GitHub would
        _p=$TEST_TMP/mx32-action
        mx32_project "$_p"
        : > "$TEST_TMP/mx32-github-output"
        awk '/^      run: \|$/ { inrun = 1; n++; next }
             inrun && /^        / { sub(/^        /, ""); print > (dir "/step" n ".sh"); next }
             { inrun = 0 }' dir="$TEST_TMP" "$TOP/runner/action.yml"
        _ok=yes
        for _s in 1 2; do
            [ -f "$TEST_TMP/step$_s.sh" ] || { _ok="no run: block $_s in runner/action.yml"; break; }
            sed -i "s|\${{ github.action_path }}|$TOP/runner|g" "$TEST_TMP/step$_s.sh"
            # shellcheck disable=SC2016 # GitHub's ${{ }}, literally
            grep -q '\${{' "$TEST_TMP/step$_s.sh" && { _ok="an expression the test cannot fill in: $(grep -m1 '\${{' "$TEST_TMP/step$_s.sh")"; break; }
            (cd "$_p" && GITHUB_OUTPUT=$TEST_TMP/mx32-github-output X32_CI_SDK="" \
                X32_CI_COMMAND="make check CFLAGS=-mx32" sh -e "$TEST_TMP/step$_s.sh") >> "$LOGS/mx32-action.log" 2>&1 \
                || { _ok="step $_s failed: $(tail -n 1 "$LOGS/mx32-action.log")"; break; }
        done
        if [ "$_ok" = yes ] && grep -qx 'data model: ILP32 x86-64' "$LOGS/mx32-action.log" \
                && grep -q "^x32-run=$TOP/runner/build/x32-run\$" "$TEST_TMP/mx32-github-output"; then
            pass ci-mx32-action-yaml
        else
            fail ci-mx32-action-yaml "${_ok#yes}$(cat "$TEST_TMP/mx32-github-output") $(tail -n 1 "$LOGS/mx32-action.log")"
        fi
    fi
    "$_ci" --sdk "$TEST_TMP/no-such-sdk" -- true > "$LOGS/mx32-bad.log" 2>&1
    _rc=$?
    if [ "$_rc" = 2 ] && [ "$(wc -l < "$LOGS/mx32-bad.log")" = 1 ] && grep -q "no x32-run in $TEST_TMP/no-such-sdk/bin" "$LOGS/mx32-bad.log"; then
        pass ci-mx32-bad-sdk
    else
        fail ci-mx32-bad-sdk "exit $_rc: $(head -n 2 "$LOGS/mx32-bad.log" | tr '\n' ' ')"
    fi
}
