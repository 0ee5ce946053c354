//! Distributions: StandardUniform (every value of a type, floats in [0, 1)), Uniform
//! (a range), Alphanumeric.
use core::marker::PhantomData;

use crate::Rng;

pub mod uniform;
pub use uniform::Uniform;

pub trait Distribution<T> {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> T;
    fn sample_iter<R: Rng>(self, rng: R) -> Iter<Self, R, T>
    where
        Self: Sized,
    {
        Iter { distr: self, rng, _t: PhantomData }
    }
}

impl<T, D: Distribution<T> + ?Sized> Distribution<T> for &D {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> T {
        (**self).sample(rng)
    }
}

/// An endless iterator of samples.
pub struct Iter<D, R, T> {
    distr: D,
    rng: R,
    _t: PhantomData<fn() -> T>,
}

impl<D: Distribution<T>, R: Rng, T> Iterator for Iter<D, R, T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        Some(self.distr.sample(&mut self.rng))
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct StandardUniform;

macro_rules! standard_from_u32 {
    ($($t:ty),*) => {$(
        impl Distribution<$t> for StandardUniform {
            fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> $t { rng.next_u32() as $t }
        }
    )*};
}
macro_rules! standard_from_u64 {
    ($($t:ty),*) => {$(
        impl Distribution<$t> for StandardUniform {
            fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> $t { rng.next_u64() as $t }
        }
    )*};
}
standard_from_u32!(u8, u16, u32, i8, i16, i32);
standard_from_u64!(u64, i64, usize, isize);

impl Distribution<u128> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> u128 {
        (rng.next_u64() as u128) << 64 | rng.next_u64() as u128
    }
}
impl Distribution<i128> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> i128 {
        Distribution::<u128>::sample(self, rng) as i128
    }
}
impl Distribution<bool> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> bool {
        rng.next_u32() & 1 == 1
    }
}
impl Distribution<f32> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f32 {
        (rng.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
    }
}
impl Distribution<f64> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}
impl Distribution<char> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> char {
        loop {
            if let Some(c) = char::from_u32(rng.next_u32() % 0x11_0000) {
                return c;
            }
        }
    }
}
impl<T, const N: usize> Distribution<[T; N]> for StandardUniform
where
    StandardUniform: Distribution<T>,
{
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> [T; N] {
        core::array::from_fn(|_| self.sample(rng))
    }
}

/// ASCII letters and digits, as bytes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Alphanumeric;

impl Distribution<u8> for Alphanumeric {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> u8 {
        const SET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        SET[(rng.next_u32() % SET.len() as u32) as usize]
    }
}

/// Strings of samples.
#[cfg(feature = "alloc")]
pub trait SampleString {
    fn append_string<R: Rng + ?Sized>(&self, rng: &mut R, string: &mut alloc::string::String, len: usize);
    fn sample_string<R: Rng + ?Sized>(&self, rng: &mut R, len: usize) -> alloc::string::String {
        let mut s = alloc::string::String::new();
        self.append_string(rng, &mut s, len);
        s
    }
}

#[cfg(feature = "alloc")]
impl SampleString for Alphanumeric {
    fn append_string<R: Rng + ?Sized>(&self, rng: &mut R, string: &mut alloc::string::String, len: usize) {
        string.extend((0..len).map(|_| self.sample(rng) as char));
    }
}

#[cfg(feature = "alloc")]
impl SampleString for StandardUniform {
    fn append_string<R: Rng + ?Sized>(&self, rng: &mut R, string: &mut alloc::string::String, len: usize) {
        string.extend((0..len).map(|_| Distribution::<char>::sample(self, rng)));
    }
}
