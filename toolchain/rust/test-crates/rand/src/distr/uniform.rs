//! Uniform samples from a range of integers or floats.
use core::ops::{Range, RangeInclusive};

use super::Distribution;
use crate::Rng;

/// An empty or invalid range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    EmptyRange,
    NonFinite,
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self { Error::EmptyRange => "empty range", Error::NonFinite => "non-finite range" })
    }
}

/// Types that can be sampled from a range.
pub trait SampleUniform: Copy + PartialOrd {
    fn sample_between<R: Rng + ?Sized>(low: Self, high: Self, inclusive: bool, rng: &mut R) -> Self;
}

macro_rules! uniform_int {
    ($($t:ty => $wide:ty),*) => {$(
        impl SampleUniform for $t {
            fn sample_between<R: Rng + ?Sized>(low: $t, high: $t, inclusive: bool, rng: &mut R) -> $t {
                // Offsets in u128 arithmetic: signed values are sign-extended, and the
                // wrapping difference is the width of the range either way.
                let (lo, hi) = (low as $wide as u128, high as $wide as u128);
                let span = hi.wrapping_sub(lo).wrapping_add(inclusive as u128);
                let raw = (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
                let off = if span == 0 { raw } else { raw % span };
                lo.wrapping_add(off) as $t
            }
        }
    )*};
}
uniform_int!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, u128 => u128, usize => usize,
             i8 => i128, i16 => i128, i32 => i128, i64 => i128, i128 => i128, isize => i128);

macro_rules! uniform_float {
    ($($t:ty),*) => {$(
        impl SampleUniform for $t {
            fn sample_between<R: Rng + ?Sized>(low: $t, high: $t, inclusive: bool, rng: &mut R) -> $t {
                let unit: $t = rng.random();
                let v = low + (high - low) * unit;
                if !inclusive && v >= high { low } else { v }
            }
        }
    )*};
}
uniform_float!(f32, f64);

/// A range to sample from: `a..b` or `a..=b`.
pub trait SampleRange<T> {
    fn sample_single<R: Rng + ?Sized>(self, rng: &mut R) -> Result<T, Error>;
    fn is_empty(&self) -> bool;
}

impl<T: SampleUniform> SampleRange<T> for Range<T> {
    fn sample_single<R: Rng + ?Sized>(self, rng: &mut R) -> Result<T, Error> {
        if !(self.start < self.end) { return Err(Error::EmptyRange); }
        Ok(T::sample_between(self.start, self.end, false, rng))
    }
    fn is_empty(&self) -> bool {
        !(self.start < self.end)
    }
}

impl<T: SampleUniform> SampleRange<T> for RangeInclusive<T> {
    fn sample_single<R: Rng + ?Sized>(self, rng: &mut R) -> Result<T, Error> {
        if !(self.start() <= self.end()) { return Err(Error::EmptyRange); }
        Ok(T::sample_between(*self.start(), *self.end(), true, rng))
    }
    fn is_empty(&self) -> bool {
        !(self.start() <= self.end())
    }
}

/// Samples from one range, kept.
#[derive(Clone, Copy, Debug)]
pub struct Uniform<X> {
    low: X,
    high: X,
    inclusive: bool,
}

impl<X: SampleUniform> Uniform<X> {
    pub fn new(low: X, high: X) -> Result<Uniform<X>, Error> {
        if !(low < high) { return Err(Error::EmptyRange); }
        Ok(Uniform { low, high, inclusive: false })
    }
    pub fn new_inclusive(low: X, high: X) -> Result<Uniform<X>, Error> {
        if !(low <= high) { return Err(Error::EmptyRange); }
        Ok(Uniform { low, high, inclusive: true })
    }
}

impl<X: SampleUniform> Distribution<X> for Uniform<X> {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> X {
        X::sample_between(self.low, self.high, self.inclusive, rng)
    }
}

impl<X: SampleUniform> TryFrom<Range<X>> for Uniform<X> {
    type Error = Error;
    fn try_from(r: Range<X>) -> Result<Self, Error> {
        Uniform::new(r.start, r.end)
    }
}

impl<X: SampleUniform> TryFrom<RangeInclusive<X>> for Uniform<X> {
    type Error = Error;
    fn try_from(r: RangeInclusive<X>) -> Result<Self, Error> {
        Uniform::new_inclusive(*r.start(), *r.end())
    }
}
