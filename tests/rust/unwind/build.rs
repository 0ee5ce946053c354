// C with -fexceptions (frames.c: a frame a Rust panic unwinds through, with a cleanup
// that must run) and C++ (thrower.cc: an exception Rust must report as foreign), built
// with the environment script's $CC and $CXX.
use std::env;
use std::path::PathBuf;
use std::process::Command;

fn compile(var: &str, src: &str, obj: &PathBuf, flags: &[&str]) {
    let value = env::var(var).unwrap_or_else(|_| panic!("{var} is not set: source the x32 SDK's environment script"));
    let mut words = value.split_whitespace();
    let program = words.next().unwrap();
    let status = Command::new(program).args(words).args(flags).args(["-c", src, "-o"]).arg(obj)
        .status().unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(status.success(), "{program} {src} failed");
    println!("cargo:rerun-if-changed={src}");
}

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let (c, cxx, lib) = (out.join("frames.o"), out.join("thrower.o"), out.join("libframes.a"));
    compile("CC", "csrc/frames.c", &c, &["-O2", "-fexceptions"]);
    compile("CXX", "csrc/thrower.cc", &cxx, &["-O2"]);
    let _ = std::fs::remove_file(&lib);
    let ar = env::var("AR").expect("AR is not set");
    let status = Command::new(ar.split_whitespace().next().unwrap()).arg("rcs").arg(&lib).arg(&c).arg(&cxx).status().unwrap();
    assert!(status.success(), "ar failed");
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=frames");
    println!("cargo:rustc-link-lib=dylib=stdc++");
}
