# shellcheck shell=sh
# Sourced by tests/build/run.sh. A step's log keeps the previous run's as .1, and marks
# the phases of the recipe (configure, each make and make install), in a fake checkout
# whose only step runs make twice.

FL="$T/fake-log"
one_step_checkout "$FL" logged <<'EOF'
# A step that says which run it is and runs make for its build and its install.
run_step() {
    echo "configuring, run $LOGGED_RUN"
    printf 'all:\n\t@echo building\ninstall:\n\t@mkdir -p "$(STAGE)/share" && echo done > "$(STAGE)/share/logged"\n' > Makefile
    make all
    make install STAGE="$STAGE"
}
EOF
_lc="$T/cache-log"
_ok=yes
for _run in 1 2; do
    LOGGED_RUN=$_run X32_SDK_CACHE="$_lc" "$FL/build.sh" --prefix "$T/p-log" logged > "$T/log$_run.out" 2>&1 < /dev/null \
        || _ok="build $_run failed: $(tail -n 1 "$T/log$_run.out")"
done
_log="$_lc/logs/logged.log"
if [ "$_ok" != yes ]; then
    fail step-log-keeps-previous-and-marks-phases "$_ok"
elif ! grep -q 'configuring, run 2' "$_log" || ! grep -q 'configuring, run 1' "$_log.1" 2>/dev/null; then
    fail step-log-keeps-previous-and-marks-phases "want run 2 in logged.log and run 1 in logged.log.1: $(grep -h configuring "$_log" "$_log.1" 2>&1 | tr '\n' ' ')"
elif [ "$(grep '^=== x32-sdk step logged: ' "$_log" | sed 's/: \([a-z]*\).*/: \1/' | paste -sd ' ' -)" \
        != "=== x32-sdk step logged: configure === x32-sdk step logged: make === x32-sdk step logged: install === x32-sdk step logged: recipe" ]; then
    fail step-log-keeps-previous-and-marks-phases "phase marks: $(grep '^=== ' "$_log" | tr '\n' ' ')"
else
    pass step-log-keeps-previous-and-marks-phases
fi
