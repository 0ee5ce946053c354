//! A pointer-heavy Rust workload for bench/rust: a BTreeMap of boxed records with
//! Vec<Box<_>> children and Rc-linked lists, built, queried and rebuilt. Prints a
//! checksum so the x86-64 and x32 runs can be compared for the same answer.
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

struct Record {
    key: u64,
    name: String,
    children: Vec<Box<Record>>,
    next: Option<Rc<Link>>,
}

struct Link {
    value: u64,
    next: Option<Rc<Link>>,
}

fn lcg(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

fn make(state: &mut u64, depth: u32) -> Box<Record> {
    let key = lcg(state);
    let n = if depth == 0 { 0 } else { (lcg(state) % 4) as usize };
    let mut link: Option<Rc<Link>> = None;
    for _ in 0..(key % 5) {
        link = Some(Rc::new(Link { value: lcg(state), next: link }));
    }
    Box::new(Record {
        key,
        name: format!("r{}", key % 1000),
        children: (0..n).map(|_| make(state, depth - 1)).collect(),
        next: link,
    })
}

fn weigh(r: &Record) -> u64 {
    let mut s = r.key ^ r.name.len() as u64;
    let mut l = r.next.as_deref();
    while let Some(x) = l {
        s = s.wrapping_add(x.value);
        l = x.next.as_deref();
    }
    r.children.iter().fold(s, |a, c| a.wrapping_mul(31).wrapping_add(weigh(c)))
}

fn main() {
    let rounds: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    let mut state = 42u64;
    let mut total = 0u64;
    for round in 0..rounds {
        let mut map: BTreeMap<u64, Box<Record>> = BTreeMap::new();
        for _ in 0..60_000 {
            let r = make(&mut state, 3);
            map.insert(r.key, r);
        }
        let mut index: HashMap<String, Vec<u64>> = HashMap::new();
        for (k, r) in &map {
            index.entry(r.name.clone()).or_default().push(*k);
        }
        for (_, r) in map.range(1 << 20..1 << 28) {
            total = total.wrapping_add(weigh(r));
        }
        let evict: Vec<u64> = map.keys().copied().filter(|k| k % 3 == round as u64 % 3).collect();
        for k in evict {
            map.remove(&k);
        }
        total = total.wrapping_add(map.len() as u64 + index.len() as u64);
    }
    println!("checksum {total}");
}
