// Builds csrc/mix.c into a static library with the C compiler of the environment script
// ($CC, $AR): the plain way to link C into Rust without the cc crate.
use std::env;
use std::path::PathBuf;
use std::process::Command;

fn tool(var: &str) -> Vec<String> {
    let value = env::var(var).unwrap_or_else(|_| {
        panic!("{var} is not set: source the x32 SDK's environment-setup-x86_64-linux-gnux32 first")
    });
    value.split_whitespace().map(String::from).collect()
}

fn run(mut words: Vec<String>, extra: &[&str]) {
    let program = words.remove(0);
    let status = Command::new(&program).args(&words).args(extra).status()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(status.success(), "{program} {extra:?} failed: {status}");
}

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let obj = out.join("mix.o");
    let lib = out.join("libmix.a");
    run(tool("CC"), &["-c", "-O2", "-fPIC", "csrc/mix.c", "-o", obj.to_str().unwrap()]);
    let _ = std::fs::remove_file(&lib);
    run(tool("AR"), &["rcs", lib.to_str().unwrap(), obj.to_str().unwrap()]);
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=mix");
    println!("cargo:rerun-if-changed=csrc/mix.c");
    println!("cargo:rerun-if-env-changed=CC");
}
