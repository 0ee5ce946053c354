//! Started by the features binary through std::process::Command: echoes its greeting
//! (environment), its arguments and its stdin upper-cased, then exits with status 7,
//! or with the status given as `exit N`.
use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 2 && args[0] == "exit" {
        std::process::exit(args[1].parse().expect("exit N wants a number"));
    }
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let greeting = std::env::var("X32_CHILD_GREETING").unwrap_or_default();
    println!("{greeting}|{}|{}|{}", args.join("|"), input.to_uppercase(), std::mem::size_of::<usize>());
    std::process::exit(7);
}
