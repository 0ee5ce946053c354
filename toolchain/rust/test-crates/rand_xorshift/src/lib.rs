//! Marsaglia's xorshift128 generator with the rand_xorshift 0.4 interface.
#![no_std]
use rand_core::{RngCore, SeedableRng};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorShiftRng {
    x: u32,
    y: u32,
    z: u32,
    w: u32,
}

impl RngCore for XorShiftRng {
    fn next_u32(&mut self) -> u32 {
        let t = self.x ^ (self.x << 11);
        self.x = self.y;
        self.y = self.z;
        self.z = self.w;
        self.w = self.w ^ (self.w >> 19) ^ (t ^ (t >> 8));
        self.w
    }
    fn next_u64(&mut self) -> u64 {
        (self.next_u32() as u64) | ((self.next_u32() as u64) << 32)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(4) {
            let v = self.next_u32().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

impl SeedableRng for XorShiftRng {
    type Seed = [u8; 16];
    fn from_seed(seed: [u8; 16]) -> Self {
        let word = |i: usize| u32::from_le_bytes([seed[i], seed[i + 1], seed[i + 2], seed[i + 3]]);
        let mut r = XorShiftRng { x: word(0), y: word(4), z: word(8), w: word(12) };
        // An all-zero state would stay zero forever.
        if r.x | r.y | r.z | r.w == 0 {
            r = XorShiftRng { x: 0x0bad_5eed, y: 0x0bad_5eed, z: 0x0bad_5eed, w: 0x0bad_5eed };
        }
        r
    }
}
