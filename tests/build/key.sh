# shellcheck shell=sh
# Sourced by tests/build/run.sh, after the no-op re-run of the real SDK. ./build.sh key
# names the SDK a checkout would build (lib/finish.sh, sdk_key): one line of 16 hex
# digits, the key the built prefix's build-info.json records when nothing changed, the
# same twice, another one when a pin or x32-check changes; it answers while a build holds
# the cache lock and writes no prefix. --version shows it with the version and commit. The
# package's file name carries the version and the key's first 8 digits.

is_key() { printf '%s\n' "$1" | grep -qx '[0-9a-f]\{16\}'; }
recorded_key() { sed -n 's/^  "key": "\([0-9a-f]*\)",$/\1/p' "$1/share/x32-sdk/build-info.json" 2>/dev/null; }

_k=$("$TOP/build.sh" --prefix "$PREFIX" key 2>> "$T/key.err"); _rc=$?
if [ "$_rc" != 0 ] || [ "$(printf '%s\n' "$_k" | wc -l)" != 1 ] || ! is_key "$_k"; then
    fail key-prints-one-key "exit $_rc, stdout '$(printf '%s' "$_k" | head -c 200)': want one line of 16 hex digits ($(tail -n 1 "$T/key.err"))"
else
    pass key-prints-one-key
fi
_rec=$(recorded_key "$PREFIX")
if [ -z "$_rec" ]; then
    fail key-is-the-built-sdks "$PREFIX/share/x32-sdk/build-info.json records no \"key\""
elif [ "$_k" != "$_rec" ]; then
    fail key-is-the-built-sdks "./build.sh key says $_k, $PREFIX/share/x32-sdk/build-info.json $_rec right after a no-op run"
else
    pass key-is-the-built-sdks
fi

# --version: the checkout's version, its commit and the same key.
_v=$("$TOP/build.sh" --prefix "$PREFIX" --version 2>> "$T/key.err")
_sdkv=$(sed -n 's/^SDK_VERSION=//p' "$TOP/lib/finish.sh")
_commit=$(git -C "$TOP" rev-parse --short HEAD 2>/dev/null || echo unknown)
case $_v in
    "build.sh $_sdkv (x32-sdk $_sdkv, commit $_commit, key $_k)"|"build.sh $_sdkv (x32-sdk $_sdkv, commit $_commit-dirty, key $_k)")
        pass build-version-names-commit-and-key ;;
    *) fail build-version-names-commit-and-key "got '$_v', want 'build.sh $_sdkv (x32-sdk $_sdkv, commit ${_commit}[-dirty], key $_k)'" ;;
esac

# A fake checkout: the same key twice; a pin's new line, then a change in check/ (x32-check,
# which no step builds) each give another. It runs while its cache's lock is held, as
# when a build is running, and leaves no prefix behind.
FK="$T/fake-key"
fake_checkout "$FK"
cp -a "$TOP/check" "$FK/"
_kc="$T/cache-key"; mkdir -p "$_kc"
# fake_key [ARGS...]: the fake checkout's key, with its own cache and prefix.
fake_key() { X32_SDK_CACHE="$_kc" "$FK/build.sh" --prefix "$T/p-key" "$@" key 2>> "$T/key.err"; }
_k1=$(X32_SDK_CACHE="$_kc" flock "$_kc/lock" "$FK/build.sh" --prefix "$T/p-key" key 2>> "$T/key.err"); _rc=$?
_k2=$(fake_key)
printf '# a line the key must see\n' >> "$FK/toolchain/binutils.pin"
_k3=$(fake_key)
printf '# a change in x32-check\n' >> "$FK/check/x32check/cli.py"
_k4=$(fake_key)
_k5=$(fake_key --with-fortran)
if [ "$_rc" != 0 ] || ! is_key "$_k1"; then
    fail key-without-the-lock "exit $_rc while the cache lock was held: $(tail -n 1 "$T/key.err")"
elif [ -e "$T/p-key" ]; then
    fail key-without-the-lock "it made the prefix $T/p-key"
else
    pass key-without-the-lock
fi
if [ "$_k1" != "$_k2" ]; then fail key-is-stable "two runs on the same checkout: $_k1 then $_k2"
else pass key-is-stable; fi
if ! is_key "$_k3" || [ "$_k3" = "$_k2" ]; then fail key-follows-pins "a changed toolchain/binutils.pin left the key at '$_k3'"
else pass key-follows-pins; fi
if ! is_key "$_k4" || [ "$_k4" = "$_k3" ]; then fail key-follows-x32-check "a changed check/x32check/cli.py left the key at '$_k4'"
else pass key-follows-x32-check; fi
if ! is_key "$_k5" || [ "$_k5" = "$_k4" ]; then fail key-follows-options "--with-fortran left the key at '$_k5'"
else pass key-follows-options; fi

# The package's name: a one-step fake SDK, built, its build-info.json written by hand
# (finish_sdk would want a real compiler), then packed.
FP="$T/fake-package"
one_step_checkout "$FP" tiny <<'EOF'
run_step() { mkdir -p "$STAGE/share" && echo tiny > "$STAGE/share/tiny"; }
EOF
_pp="$T/p-package"
if ! X32_SDK_CACHE="$T/cache-package" "$FP/build.sh" --prefix "$_pp" tiny > "$T/package-build.out" 2>&1 < /dev/null; then
    fail package-name-carries-key "the fake step did not build: $(tail -n 1 "$T/package-build.out")"
else
    printf '{\n  "sdk_version": "9.8.7",\n  "commit": "abcdef1",\n  "target": "x"\n}\n' > "$_pp/share/x32-sdk/build-info.json"
    expect_error package-wants-a-key "records no SDK key" \
        env X32_SDK_CACHE="$T/cache-package" "$FP/build.sh" --prefix "$_pp" package
    printf '{\n  "sdk_version": "9.8.7",\n  "commit": "abcdef1",\n  "key": "0123456789abcdef",\n  "steps": {\n    "tiny": {"key": "fedcba9876543210", "seconds": 0}\n  }\n}\n' \
        > "$_pp/share/x32-sdk/build-info.json"
    mkdir -p "$T/packages"
    _want=x32-sdk-9.8.7-01234567-x86_64-linux
    (cd "$T/packages" && X32_SDK_CACHE="$T/cache-package" "$FP/build.sh" --prefix "$_pp" package) > "$T/package.out" 2>&1
    _rc=$?
    if [ "$_rc" != 0 ]; then
        fail package-name-carries-key "exit $_rc: $(tail -n 1 "$T/package.out")"
    elif [ ! -f "$T/packages/$_want.tar.xz" ]; then
        fail package-name-carries-key "want $_want.tar.xz, got: $(ls "$T/packages" | tr '\n' ' ')"
    elif ! tar -tJf "$T/packages/$_want.tar.xz" | grep -qx "$_want/share/tiny"; then
        fail package-name-carries-key "$_want.tar.xz does not unpack into $_want/"
    else
        pass package-name-carries-key
    fi
fi
