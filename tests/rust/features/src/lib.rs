//! What the features binary and the #[test] functions share: the C library's functions.

extern "C" {
    fn mix_checksum(data: *const u8, len: usize) -> u32;
    fn mix_data_model() -> u32;
}

/// FNV-1a computed by the C library.
pub fn c_checksum(data: &[u8]) -> u32 {
    unsafe { mix_checksum(data.as_ptr(), data.len()) }
}

/// FNV-1a computed in Rust, to compare with the C one.
pub fn rust_checksum(data: &[u8]) -> u32 {
    data.iter().fold(2166136261u32, |h, &b| (h ^ b as u32).wrapping_mul(16777619))
}

/// sizeof(long) * 100 + sizeof(void *) * 10 + sizeof(long long) / 8, as C sees it:
/// 441 on x32, 881 on x86-64.
pub fn c_data_model() -> u32 {
    unsafe { mix_data_model() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_are_4_bytes() {
        assert_eq!(std::mem::size_of::<usize>(), 4);
        assert!(cfg!(target_pointer_width = "32"));
        assert!(cfg!(target_arch = "x86_64"));
    }

    #[test]
    fn c_library_agrees_with_rust() {
        let data: Vec<u8> = (0..10_000u32).map(|i| (i * 7 + 3) as u8).collect();
        assert_eq!(c_checksum(&data), rust_checksum(&data));
        assert_eq!(c_data_model(), 441);
    }

    #[test]
    fn threads_join() {
        let handles: Vec<_> = (0..4u64).map(|t| std::thread::spawn(move || (t * 1000..(t + 1) * 1000).sum::<u64>())).collect();
        let total: u64 = handles.into_iter().map(|h| h.join().unwrap()).sum();
        assert_eq!(total, 3999 * 4000 / 2);
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn out_of_bounds_panics() {
        let v = vec![1, 2, 3];
        let i = v.len() + std::hint::black_box(0);
        let _ = v[i];
    }

    #[test]
    #[ignore = "shows that ignored tests are counted, not run"]
    fn ignored() {
        panic!("an ignored test ran");
    }
}
