"""tests/docs/workflow.py README OUTDIR: the README's GitHub Actions workflow (its first
```yaml block after "A complete GitHub Actions workflow"), turned into one shell script
per job, OUTDIR/JOB.sh, that runs each step as GitHub would on this machine:

  run:                      the lines as written, ${{ steps.ID.outputs.NAME }} read from
                            $GITHUB_OUTPUT; a step's if: on steps.ID.outputs.cache-hit is
                            honoured
  actions/checkout          nothing: the caller prepares the workspace
  actions/cache/restore     copies $X32_CI_CACHE/KEY/PATH back, and sets cache-hit
  actions/cache/save        copies PATH to $X32_CI_CACHE/KEY
  actions/upload-artifact   copies PATH to $X32_CI_ARTIFACTS/NAME
  actions/download-artifact copies $X32_CI_ARTIFACTS/NAME to PATH
  apt-get install lines     check that the packages are installed (dpkg -s) instead:
                            the test is no fresh container, and tests/run.sh installed them

Anything else the script cannot do is an error (exit 1), so that a new kind of step
cannot pass untested.  Only the workflow's own simple YAML is read (no anchors, flow
style only for one-line maps)."""
import os
import re
import sys


def blocks(readme):
    text = open(readme, encoding="utf-8").read()
    i = text.index("A complete GitHub Actions workflow")
    m = re.search(r"```yaml\n(.*?)```", text[i:], re.S)
    return m.group(1)


def parse_jobs(yaml):
    """{job: [step dict]} from the jobs: section; a step's keys: id, if, uses, run, with."""
    jobs, job, step, key_indent, in_with, run_lines = {}, None, None, None, False, None
    for line in yaml.split("\n"):
        if run_lines is not None:
            if line.startswith(" " * run_lines[0]) or not line.strip():
                step["run"] += line[run_lines[0]:] + "\n"
                continue
            run_lines = None
        m = re.match(r"^  (\w[\w-]*):\s*$", line)
        if m:
            job = m.group(1)
            jobs[job] = []
            continue
        m = re.match(r"^(\s*)- (\w[\w-]*):\s*(.*)$", line)
        if m and job:
            step = {}
            jobs[job].append(step)
            key_indent = len(m.group(1)) + 2
            line = " " * key_indent + m.group(2) + ": " + m.group(3)
        if step is None or not line.strip():
            continue
        m = re.match(r"^(\s*)([\w-]+):\s*(.*)$", line)
        if not m:
            continue
        indent, key, value = len(m.group(1)), m.group(2), m.group(3)
        if indent == key_indent:
            in_with = key == "with"
            if key == "run" and value == "|":
                step["run"] = ""
                run_lines = (indent + 2,)
            elif key != "with":
                step[key] = value
        elif in_with and indent > key_indent:
            step.setdefault("with", {})[key] = value
    return jobs


def expr(value):
    """A ${{ steps.ID.outputs.NAME }} in value, as shell that reads $GITHUB_OUTPUT."""
    def out(m):
        return '$(sed -n "s/^%s=//p" "$GITHUB_OUTPUT" | tail -n 1)' % m.group(1)
    value = re.sub(r"\$\{\{\s*steps\.[\w-]+\.outputs\.([\w-]+)\s*\}\}", out, value)
    if "${{" in value:
        raise SystemExit("workflow.py: an expression it cannot fill in: " + value)
    return value


def condition(cond):
    m = re.match(r"^steps\.([\w-]+)\.outputs\.cache-hit != 'true'$", cond)
    if not m:
        raise SystemExit("workflow.py: a condition it cannot evaluate: " + cond)
    return '[ "$(sed -n "s/^cache-hit=//p" "$GITHUB_OUTPUT" | tail -n 1)" != true ]'


def step_shell(step):
    uses, w = step.get("uses", ""), step.get("with", {})
    if "run" in step:
        run = step["run"]
        m = re.match(r"^apt-get update && apt-get install -y (?:--no-install-recommends )?(.*)$", run.strip())
        if m:
            return "for p in %s; do dpkg -s \"$p\" > /dev/null 2>&1 || { echo \"not installed: $p\"; exit 1; }; done\n" % m.group(1)
        return expr(run) + "\n"
    if uses.startswith("actions/checkout@"):
        return ": checkout\n"
    if uses.startswith("actions/cache/restore@"):
        return ('k=%s; if [ -d "$X32_CI_CACHE/$k/%s" ]; then cp -R "$X32_CI_CACHE/$k/%s" .; '
                'echo cache-hit=true >> "$GITHUB_OUTPUT"; else echo cache-hit=false >> "$GITHUB_OUTPUT"; fi\n'
                % (expr(w["key"]), w["path"], w["path"]))
    if uses.startswith("actions/cache/save@"):
        return 'k=%s; mkdir -p "$X32_CI_CACHE/$k" && cp -R %s "$X32_CI_CACHE/$k/"\n' % (expr(w["key"]), w["path"])
    if uses.startswith("actions/upload-artifact@"):
        return 'rm -rf "$X32_CI_ARTIFACTS/%s" && mkdir -p "$X32_CI_ARTIFACTS" && cp -R %s "$X32_CI_ARTIFACTS/%s"\n' % (w["name"], w["path"], w["name"])
    if uses.startswith("actions/download-artifact@"):
        return 'cp -R "$X32_CI_ARTIFACTS/%s" %s\n' % (w["name"], w["path"])
    raise SystemExit("workflow.py: a step it cannot run: " + str(step))


def main(readme, outdir):
    jobs = parse_jobs(blocks(readme))
    if not jobs:
        raise SystemExit("workflow.py: no jobs in the README's workflow")
    for job, steps in jobs.items():
        with open(os.path.join(outdir, job + ".sh"), "w") as f:
            f.write("set -e\n: > \"$GITHUB_OUTPUT\"\n")
            for n, step in enumerate(steps, 1):
                body = step_shell(step)
                f.write("echo '== %s step %d'\n" % (job, n))
                # each step is its own shell, as on GitHub (a cd does not carry over)
                if "if" in step:
                    f.write("if %s; then\n(\n%s)\nfi\n" % (condition(step["if"]), body))
                else:
                    f.write("(\n%s)\n" % body)
        print(job)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[0])
    main(sys.argv[1], sys.argv[2])
