//! A small stand-in for rand 0.9 with the API Rust's library test suites call (see
//! Cargo.toml). Sampling is simple (modulo reduction, no rejection): good enough for
//! test data, not for statistics.
#![no_std]
#[cfg(feature = "alloc")]
extern crate alloc;

pub mod distr;
pub mod seq;

pub use distr::{Distribution, StandardUniform};

/// The core of a generator: raw random words.
pub trait RngCore {
    fn next_u32(&mut self) -> u32;
    fn next_u64(&mut self) -> u64;
    fn fill_bytes(&mut self, dest: &mut [u8]);
}

impl<R: RngCore + ?Sized> RngCore for &mut R {
    fn next_u32(&mut self) -> u32 { (**self).next_u32() }
    fn next_u64(&mut self) -> u64 { (**self).next_u64() }
    fn fill_bytes(&mut self, dest: &mut [u8]) { (**self).fill_bytes(dest) }
}

/// A generator made from a seed.
pub trait SeedableRng: Sized {
    type Seed: Default + AsMut<[u8]>;
    fn from_seed(seed: Self::Seed) -> Self;
    /// The seed expanded from one u64 with SplitMix64.
    fn seed_from_u64(mut state: u64) -> Self {
        let mut seed = Self::Seed::default();
        for chunk in seed.as_mut().chunks_mut(8) {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            chunk.copy_from_slice(&z.to_le_bytes()[..chunk.len()]);
        }
        Self::from_seed(seed)
    }
}

/// Values from a generator: what the test suites call on their RNGs.
pub trait Rng: RngCore {
    fn random<T>(&mut self) -> T
    where
        StandardUniform: Distribution<T>,
    {
        StandardUniform.sample(self)
    }
    fn random_iter<T>(self) -> distr::Iter<StandardUniform, Self, T>
    where
        Self: Sized,
        StandardUniform: Distribution<T>,
    {
        StandardUniform.sample_iter(self)
    }
    fn random_range<T, R>(&mut self, range: R) -> T
    where
        T: distr::uniform::SampleUniform,
        R: distr::uniform::SampleRange<T>,
    {
        assert!(!range.is_empty(), "cannot sample an empty range");
        range.sample_single(self).unwrap()
    }
    fn random_bool(&mut self, p: f64) -> bool {
        self.random::<f64>() < p
    }
    fn random_ratio(&mut self, numerator: u32, denominator: u32) -> bool {
        self.random_range(0..denominator) < numerator
    }
    fn sample<T, D: Distribution<T>>(&mut self, distr: D) -> T {
        distr.sample(self)
    }
    fn sample_iter<T, D: Distribution<T>>(self, distr: D) -> distr::Iter<D, Self, T>
    where
        Self: Sized,
    {
        distr.sample_iter(self)
    }
    fn fill<T: Fill + ?Sized>(&mut self, dest: &mut T) {
        dest.fill(self)
    }
    /// rand 0.8's names, which some suites still use.
    fn gen<T>(&mut self) -> T
    where
        StandardUniform: Distribution<T>,
    {
        self.random()
    }
    fn gen_range<T, R>(&mut self, range: R) -> T
    where
        T: distr::uniform::SampleUniform,
        R: distr::uniform::SampleRange<T>,
    {
        self.random_range(range)
    }
}

impl<R: RngCore + ?Sized> Rng for R {}

/// Types `Rng::fill` fills with random values.
pub trait Fill {
    fn fill<R: Rng + ?Sized>(&mut self, rng: &mut R);
}

impl<T> Fill for [T]
where
    StandardUniform: Distribution<T>,
{
    fn fill<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        for v in self.iter_mut() {
            *v = rng.random();
        }
    }
}

impl<T, const N: usize> Fill for [T; N]
where
    StandardUniform: Distribution<T>,
{
    fn fill<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        Fill::fill(&mut self[..], rng)
    }
}

pub mod prelude {
    pub use crate::distr::{Distribution, StandardUniform};
    pub use crate::seq::{IndexedRandom, SliceRandom};
    pub use crate::{Rng, RngCore, SeedableRng};
}
