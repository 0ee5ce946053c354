#!/bin/sh
# tests/docs: a clone must hold everything its documentation points to.
#   docs-links-checker-finds-breaks  check-links.sh reports a planted missing file and a
#                                    planted missing anchor (so the next case can fail)
#   docs-relative-links              every relative link in the repository's Markdown
#                                    files resolves (file, folder, #heading)
#   docs-no-outside-notes            no file of the repository points at notes outside it
#                                    (a sibling "shared" folder of the developers)
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

# The patterns are written so that this file does not match them itself.
(cd "$TOP" && while IFS= read -r f; do
    [ -f "$f" ] && grep -lI -e '\.\./shared' -e '/work/share[d]' -e 'shared/note[s]' -- "$f"
done < "$T/files") > "$T/outside.out"
if [ -s "$T/outside.out" ]; then
    fail docs-no-outside-notes "$(wc -l < "$T/outside.out") file(s) point outside the repository: $(tr '\n' ' ' < "$T/outside.out")"
else
    pass docs-no-outside-notes
fi
exit 0
