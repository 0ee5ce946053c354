//! One x32 program that uses what std offers on Linux and checks each part; prints
//! "ok NAME" or "bad NAME: why" per part and exits 0 only when all are ok.
//! Usage: features SCRATCH_DIR (a writable directory for the fs part).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use std::{env, fs, thread};

type Check = Result<(), String>;

fn expect(cond: bool, what: impl FnOnce() -> String) -> Check {
    if cond { Ok(()) } else { Err(what()) }
}

fn data_model() -> Check {
    expect(std::mem::size_of::<usize>() == 4 && std::mem::size_of::<*const u8>() == 4
        && cfg!(target_pointer_width = "32") && std::mem::size_of::<u64>() == 8
        && std::mem::align_of::<u64>() == 8, || {
        format!("usize {} align(u64) {}", std::mem::size_of::<usize>(), std::mem::align_of::<u64>())
    })?;
    let model = x32_features::c_data_model();
    expect(model == 441, || format!("C reports sizeof long/ptr/llong as {model}, not 441"))
}

fn c_library() -> Check {
    let data: Vec<u8> = (0..100_000u32).map(|i| (i ^ (i >> 5)) as u8).collect();
    let (c, r) = (x32_features::c_checksum(&data), x32_features::rust_checksum(&data));
    expect(c == r, || format!("C checksum {c:#x}, Rust {r:#x}"))
}

fn threads() -> Check {
    let total: u64 = thread::scope(|s| {
        let hs: Vec<_> = (0..8u64).map(|t| s.spawn(move || (t * 10_000..(t + 1) * 10_000).sum::<u64>())).collect();
        hs.into_iter().map(|h| h.join().unwrap()).sum()
    });
    expect(total == 79_999 * 80_000 / 2, || format!("sum {total}"))?;
    let big = thread::Builder::new().stack_size(8 << 20).spawn(|| {
        let buf = [7u8; 4 << 20];
        std::hint::black_box(&buf).iter().map(|&b| b as u32).sum::<u32>()
    }).map_err(|e| e.to_string())?.join().map_err(|_| "big-stack thread panicked".to_string())?;
    expect(big == 7 * (4 << 20), || format!("big-stack sum {big}"))
}

fn channels() -> Check {
    let (tx, rx) = mpsc::channel::<u32>();
    for t in 0..4 {
        let tx = tx.clone();
        thread::spawn(move || for i in 0..1000 { tx.send(t * 1000 + i).unwrap(); });
    }
    drop(tx);
    let (sum, n) = rx.iter().fold((0u64, 0), |(s, n), v| (s + v as u64, n + 1));
    expect(n == 4000 && sum == 3999 * 4000 / 2, || format!("{n} messages, sum {sum}"))?;
    let (stx, srx) = mpsc::sync_channel::<Vec<u8>>(0);
    let h = thread::spawn(move || srx.recv_timeout(Duration::from_secs(5)).map(|v| v.len()));
    stx.send(vec![0; 1 << 16]).map_err(|e| e.to_string())?;
    let got = h.join().unwrap().map_err(|e| e.to_string())?;
    expect(got == 1 << 16, || format!("rendezvous got {got} bytes"))
}

fn fs_part(dir: &Path) -> Check {
    let d = dir.join("fs");
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(d.join("sub")).map_err(|e| format!("mkdir: {e}"))?;
    let f = d.join("sub/data.txt");
    fs::write(&f, b"x32 file\n").map_err(|e| format!("write: {e}"))?;
    let mut s = String::new();
    fs::File::open(&f).and_then(|mut h| h.read_to_string(&mut s)).map_err(|e| format!("read: {e}"))?;
    expect(s == "x32 file\n", || format!("read back {s:?}"))?;
    fs::rename(&f, d.join("moved.txt")).map_err(|e| format!("rename: {e}"))?;
    let names: Vec<String> = fs::read_dir(&d).map_err(|e| e.to_string())?
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    expect(names.len() == 2 && names.contains(&"moved.txt".into()), || format!("listing {names:?}"))?;
    // 64-bit off_t and time_t through 32-bit pointers: a sparse 5 GiB file, a 2040 mtime.
    let big = fs::File::create(d.join("sparse")).map_err(|e| e.to_string())?;
    big.set_len(5 << 30).map_err(|e| format!("set_len 5 GiB: {e}"))?;
    let when = UNIX_EPOCH + Duration::from_secs(2_208_988_800); // 2040-01-01
    big.set_modified(when).map_err(|e| format!("set_modified 2040: {e}"))?;
    let m = fs::metadata(d.join("sparse")).map_err(|e| e.to_string())?;
    expect(m.len() == 5 << 30, || format!("sparse length {}", m.len()))?;
    expect(m.modified().ok() == Some(when), || format!("mtime {:?}", m.modified()))?;
    fs::remove_dir_all(&d).map_err(|e| format!("remove_dir_all: {e}"))
}

fn net() -> Check {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("bind: {e}"))?;
    let addr = l.local_addr().map_err(|e| e.to_string())?;
    let server = thread::spawn(move || -> std::io::Result<()> {
        let (mut c, _) = l.accept()?;
        let mut buf = vec![0; 5];
        c.read_exact(&mut buf)?;
        buf.reverse();
        c.write_all(&buf)
    });
    let mut c = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
    c.set_read_timeout(Some(Duration::from_secs(5))).map_err(|e| e.to_string())?;
    c.write_all(b"hello").map_err(|e| e.to_string())?;
    let mut back = String::new();
    c.read_to_string(&mut back).map_err(|e| format!("read: {e}"))?;
    server.join().unwrap().map_err(|e| format!("server: {e}"))?;
    expect(back == "olleh", || format!("tcp echo {back:?}"))?;
    let a = UdpSocket::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    let b = UdpSocket::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    a.send_to(b"datagram", b.local_addr().unwrap()).map_err(|e| e.to_string())?;
    b.set_read_timeout(Some(Duration::from_secs(5))).map_err(|e| e.to_string())?;
    let mut buf = [0u8; 64];
    let (n, from) = b.recv_from(&mut buf).map_err(|e| format!("recv_from: {e}"))?;
    expect(&buf[..n] == b"datagram" && from == a.local_addr().unwrap(), || format!("udp {n} bytes from {from}"))
}

fn process() -> Check {
    let child = env::current_exe().map_err(|e| e.to_string())?.with_file_name("child");
    let out = Command::new(&child).args(["one", "two words"]).env("X32_CHILD_GREETING", "hi")
        .stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"from parent")?;
            c.wait_with_output()
        })
        .map_err(|e| format!("spawning {}: {e}", child.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    expect(out.status.code() == Some(7), || format!("child exit status {:?}", out.status))?;
    expect(text == "hi|one|two words|FROM PARENT|4\n", || format!("child said {text:?}"))
}

fn time() -> Check {
    let t0 = Instant::now();
    thread::sleep(Duration::from_millis(50));
    let slept = t0.elapsed();
    expect(slept >= Duration::from_millis(50) && slept < Duration::from_secs(5), || format!("slept {slept:?}"))?;
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_err(|e| e.to_string())?;
    expect(now.as_secs() > 1_700_000_000, || format!("clock says {now:?} since 1970"))?;
    let far = UNIX_EPOCH + Duration::from_secs(1 << 33); // year 2242: needs a 64-bit time_t
    expect(far.duration_since(UNIX_EPOCH).unwrap().as_secs() == 1 << 33, || "2242 not representable".into())
}

fn env_part() -> Check {
    let v = env::var("X32_FEATURES_ENV").map_err(|e| format!("X32_FEATURES_ENV: {e}"))?;
    expect(v == "from the test", || format!("X32_FEATURES_ENV={v:?}"))?;
    expect(env::vars().any(|(k, _)| k == "PATH"), || "no PATH in env::vars".into())
}

fn main() {
    let dir: PathBuf = env::args_os().nth(1).map(PathBuf::from).unwrap_or_else(env::temp_dir);
    let parts: [(&str, fn() -> Check); 8] = [
        ("data-model", data_model), ("c-library", c_library), ("threads", threads),
        ("channels", channels), ("net", net), ("process", process), ("time", time), ("env", env_part),
    ];
    let mut bad = 0;
    let mut report = |name: &str, r: Check| match r {
        Ok(()) => println!("ok {name}"),
        Err(e) => { println!("bad {name}: {e}"); bad += 1; }
    };
    for (name, f) in parts { report(name, f()); }
    report("fs", fs_part(&dir));
    std::process::exit(if bad == 0 { 0 } else { 1 });
}
