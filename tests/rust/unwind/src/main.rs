//! Panics on x32: `unwind MODE` checks one case, prints "ok MODE" and exits 0.
//!   catch    catch_unwind catches a panic and gets its payload back
//!   drop     destructors run while a panic unwinds
//!   thread   a panicking thread's join() returns its payload
//!   c-frame  a panic unwinds through a C frame built with -fexceptions (its cleanup runs)
//!   foreign  a C++ exception: Rust aborts reporting a foreign exception (never returns)
//!   nested   a panic inside a destructor running during catch_unwind is caught too
use std::panic;
use std::sync::atomic::{AtomicU32, Ordering};

extern "C-unwind" {
    fn c_call_through(callback: extern "C-unwind" fn(i32) -> i32, value: i32) -> i32;
    fn cxx_throw();
}
extern "C" {
    fn c_cleanups_run() -> i32;
}

static DROPS: AtomicU32 = AtomicU32::new(0);
struct Counted;
impl Drop for Counted {
    fn drop(&mut self) { DROPS.fetch_add(1, Ordering::SeqCst); }
}

extern "C-unwind" fn rust_callback(v: i32) -> i32 {
    if v > 0 { panic!("panic from a Rust callback under C ({v})"); }
    v
}

fn payload(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
}

fn check(mode: &str) -> Result<(), String> {
    match mode {
        "catch" => {
            let r = panic::catch_unwind(|| -> u32 { panic!("caught payload {}", 42) });
            let p = r.err().map(|e| payload(&e)).ok_or("no panic came back")?;
            if p == "caught payload 42" { Ok(()) } else { Err(format!("payload {p:?}")) }
        }
        "drop" => {
            let r = panic::catch_unwind(|| { let _a = Counted; let _b = Counted; panic!("drop test"); });
            let n = DROPS.load(Ordering::SeqCst);
            if r.is_err() && n == 2 { Ok(()) } else { Err(format!("caught {} drops {n}", r.is_err())) }
        }
        "thread" => {
            let e = std::thread::spawn(|| -> () { panic!("thread boom") }).join().err().ok_or("join was Ok")?;
            if payload(&e) == "thread boom" { Ok(()) } else { Err(format!("payload {:?}", payload(&e))) }
        }
        "c-frame" => {
            let fine = unsafe { c_call_through(rust_callback, 0) };
            let r = panic::catch_unwind(|| unsafe { c_call_through(rust_callback, 5) });
            let cleanups = unsafe { c_cleanups_run() };
            let p = r.err().map(|e| payload(&e)).ok_or("no panic came back through C")?;
            if fine == 1 && cleanups == 2 && p.contains("(5)") { Ok(()) }
            else { Err(format!("return {fine}, C cleanups {cleanups}, payload {p:?}")) }
        }
        "foreign" => {
            let _ = panic::catch_unwind(|| unsafe { cxx_throw() });
            Err("a C++ exception came back into Rust".into())
        }
        "nested" => {
            struct PanicsOnDrop;
            impl Drop for PanicsOnDrop {
                fn drop(&mut self) {
                    let inner = panic::catch_unwind(|| panic!("inner"));
                    assert!(inner.is_err());
                }
            }
            let r = panic::catch_unwind(|| { let _p = PanicsOnDrop; panic!("outer"); });
            let p = r.err().map(|e| payload(&e)).ok_or("outer panic not caught")?;
            if p == "outer" { Ok(()) } else { Err(format!("payload {p:?}")) }
        }
        _ => Err(format!("unknown mode {mode}")),
    }
}

fn main() {
    // The expected panics' messages would only clutter the test log.
    panic::set_hook(Box::new(|_| {}));
    let mode = std::env::args().nth(1).unwrap_or_default();
    match check(&mode) {
        Ok(()) => println!("ok {mode}"),
        Err(e) => { println!("bad {mode}: {e}"); std::process::exit(1); }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    #[should_panic(expected = "expected by should_panic")]
    fn should_panic_works() {
        panic!("expected by should_panic");
    }

    #[test]
    fn catch_in_a_test() {
        assert!(std::panic::catch_unwind(|| panic!("x")).is_err());
    }
}
