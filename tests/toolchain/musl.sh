# shellcheck shell=sh
# Sourced by tests/toolchain/run.sh: the optional musl toolchain (./build.sh musl,
# issue 34) when it is in the prefix, else one skip per case with the reason.
# Static by default (no program interpreter), dynamic with -pie (musl's loader, which
# x32-run finds in the SDK's musl sysroot by itself, or under -L SYSROOT), C++ with
# libstdc++, musl's own x32 type choices (64-bit time_t with 32-bit long).
MT=x86_64-linux-muslx32
MCC="$PREFIX/bin/$MT-gcc"
MCXX="$PREFIX/bin/$MT-g++"
MSYSROOT="$PREFIX/$MT/sysroot"
musl_cases="musl-static-default musl-static-runs musl-dynamic-pie-runs musl-dynamic-finds-loader musl-cxx-runs musl-types musl-linux-headers"

if [ ! -x "$MCC" ]; then
    for c in $musl_cases; do skip "$c" "the optional musl toolchain is not built (./build.sh musl)"; done
else
    printf '#include <stdio.h>\nint main(void){printf("%%zu-byte pointers\\n", sizeof(void*));return 0;}\n' > "$T/mhello.c"
    if "$MCC" -O2 "$T/mhello.c" -o "$T/mhello" 2> "$T/merr"; then
        if "$READELF" -l "$T/mhello" | grep -q INTERP; then
            fail musl-static-default "$MT-gcc without -pie made a dynamic program"
        else
            pass musl-static-default
        fi
        out=$("$RUN" "$T/mhello" 2>&1)
        if [ "$out" = "4-byte pointers" ]; then pass musl-static-runs
        else fail musl-static-runs "x32-run printed '$out'"; fi
    else
        fail musl-static-default "$MT-gcc failed: $(tail -n 1 "$T/merr")"
        fail musl-static-runs "no program to run"
    fi
    if "$MCC" -O2 -pie "$T/mhello.c" -o "$T/mhello-dyn" 2> "$T/merr"; then
        interp=$("$READELF" -l "$T/mhello-dyn" | sed -n 's/.*interpreter: \(.*\)\]$/\1/p')
        out=$("$RUN" -L "$MSYSROOT" "$T/mhello-dyn" 2>&1)
        if [ "$interp" = /lib/ld-musl-x32.so.1 ] && [ "$out" = "4-byte pointers" ]; then
            pass musl-dynamic-pie-runs
        else
            fail musl-dynamic-pie-runs "interpreter '$interp', x32-run -L printed '$out'"
        fi
        # With no root named, x32-run takes musl's loader from the prefix's musl sysroot;
        # a root named explicitly (X32_SYSROOT, here glibc's) is kept, so it fails there.
        out=$("$RUN" "$T/mhello-dyn" 2>&1); rc=$?
        out2=$(X32_SYSROOT="$PREFIX/x86_64-linux-gnux32/sysroot" "$RUN" "$T/mhello-dyn" 2>&1); rc2=$?
        if [ "$rc" = 0 ] && [ "$out" = "4-byte pointers" ] && [ "$rc2" = 127 ]; then
            pass musl-dynamic-finds-loader
        else
            fail musl-dynamic-finds-loader "x32-run alone: exit $rc, '$out'; with X32_SYSROOT=glibc's: exit $rc2 (want 127)"
        fi
    else
        fail musl-dynamic-pie-runs "$MT-gcc -pie failed: $(tail -n 1 "$T/merr")"
        fail musl-dynamic-finds-loader "no program to run"
    fi
    printf '#include <iostream>\n#include <stdexcept>\nint main(){try{throw std::runtime_error("thrown");}catch(const std::exception&e){std::cout<<"caught "<<e.what()<<"\\n";}}\n' > "$T/mcxx.cc"
    if "$MCXX" -O2 "$T/mcxx.cc" -o "$T/mcxx" 2> "$T/merr"; then
        out=$("$RUN" "$T/mcxx" 2>&1)
        if [ "$out" = "caught thrown" ]; then pass musl-cxx-runs
        else fail musl-cxx-runs "x32-run printed '$out'"; fi
    else
        fail musl-cxx-runs "$MT-g++ failed: $(tail -n 1 "$T/merr")"
    fi
    printf '#include <stdio.h>\n#include <time.h>\n#include <sys/types.h>\nint main(void){printf("%%zu %%zu %%zu %%zu\\n",sizeof(long),sizeof(void*),sizeof(time_t),sizeof(off_t));return 0;}\n' > "$T/mtypes.c"
    if "$MCC" "$T/mtypes.c" -o "$T/mtypes" 2> "$T/merr" && out=$("$RUN" "$T/mtypes" 2>&1) &&
        [ "$out" = "4 4 8 8" ]; then
        pass musl-types
    else
        fail musl-types "long, pointer, time_t, off_t sizes: '${out:-$(tail -n 1 "$T/merr")}' (want 4 4 8 8)"
    fi
    # The Linux UAPI headers beside musl's (seccomp filters include <linux/audit.h>).
    printf '#include <stdio.h>\n#include <linux/audit.h>\n#include <asm/unistd.h>\nint main(void){printf("%%d\\n", AUDIT_ARCH_X86_64 == 0xc000003e && __NR_getpid == (0x40000000 + 39));return 0;}\n' > "$T/muapi.c"
    out=""
    if "$MCC" "$T/muapi.c" -o "$T/muapi" 2> "$T/merr" && out=$("$RUN" "$T/muapi" 2>&1) && [ "$out" = 1 ]; then
        pass musl-linux-headers
    else
        fail musl-linux-headers "<linux/audit.h> and <asm/unistd.h> (x32 numbers): ${out:-$(tail -n 1 "$T/merr")}"
    fi
fi
