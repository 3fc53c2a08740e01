//! Eight `u32` lanes, one per digit, for the solver's band logic: the same operations on
//! a portable array and on an AVX2 register, chosen at run time.
//!
//! The solver keeps each band as nine 27-bit masks side by side (`[u32; 16]`, digit `d`
//! at index `d`), so that one operation here applies a step of the band logic to digits
//! 0 to 7 at once; digit 8 goes through scalar code beside them (on the integer units,
//! which the vector code leaves idle). [`Portable`] works on any machine and is what the
//! tests compare the AVX2 code against; [`Avx2`] is one 256-bit register.
//!
//! Code using [`Avx2`] must run inside a function compiled with AVX2 enabled
//! (`#[target_feature(enable = "avx2,...")]`: the solver's search also enables POPCNT and
//! BMI), which is only entered after `is_x86_feature_detected!` found all of them, AVX2
//! included: the methods here are `#[inline(always)]` so that the intrinsics are inlined
//! there (they could not be inlined into a function compiled without AVX2, and would be
//! slow calls).

/// Digits 0 to 7 of a band, with the operations the band logic needs.
pub trait Lanes: Copy {
    /// Reads digits 0 to 7 of a band.
    fn load(a: &[u32; 16]) -> Self;
    /// Writes digits 0 to 7 of a band.
    fn store(self, a: &mut [u32; 16]);
    /// Every lane `x`.
    fn splat(x: u32) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    /// `self & !o`.
    fn and_not(self, o: Self) -> Self;
    fn shr<const N: i32>(self) -> Self;
    fn shl<const N: i32>(self) -> Self;
    /// Lane-wise wrapping subtraction.
    fn sub(self, o: Self) -> Self;
    /// All ones in the lanes that are zero, zero elsewhere.
    fn eq_zero(self) -> Self;
    /// Bit `d` set when lane `d` is zero.
    fn zero_lanes(self) -> u32;
    /// True when every lane is zero.
    fn is_zero(self) -> bool;
    /// Bit `d` set when lane `d` differs from `o`'s.
    fn differs(self, o: Self) -> u32;
    /// The OR of all lanes, in every lane.
    fn or_all(self) -> Self;
    /// Lane 0.
    fn first(self) -> u32;
    /// Per bit, whether one, two, three or more lanes have it set.
    fn counts(self) -> (u32, u32, u32);
}

/// The fallback: a plain array, for any machine (the compiler vectorizes some of it).
#[derive(Clone, Copy)]
pub struct Portable([u32; 8]);

impl Portable {
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(u32, u32) -> u32) -> Self {
        Portable(std::array::from_fn(|i| f(self.0[i], o.0[i])))
    }

    #[inline(always)]
    fn bits(self, f: impl Fn(u32) -> bool) -> u32 {
        (0..8).fold(0, |z, d| z | (f(self.0[d]) as u32) << d)
    }
}

impl Lanes for Portable {
    #[inline(always)]
    fn load(a: &[u32; 16]) -> Self {
        let mut r = [0; 8];
        r.copy_from_slice(&a[..8]);
        Portable(r)
    }
    #[inline(always)]
    fn store(self, a: &mut [u32; 16]) {
        a[..8].copy_from_slice(&self.0);
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Portable([x; 8])
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        self.zip(o, |a, b| a & !b)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        Portable(self.0.map(|a| a >> N))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Portable(self.0.map(|a| a << N))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, u32::wrapping_sub)
    }
    #[inline(always)]
    fn eq_zero(self) -> Self {
        Portable(self.0.map(|a| ((a == 0) as u32).wrapping_neg()))
    }
    #[inline(always)]
    fn zero_lanes(self) -> u32 {
        self.bits(|a| a == 0)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().fold(0, |z, &a| z | a) == 0
    }
    #[inline(always)]
    fn differs(self, o: Self) -> u32 {
        self.zip(o, |a, b| a ^ b).bits(|x| x != 0)
    }
    #[inline(always)]
    fn or_all(self) -> Self {
        Self::splat(self.0.iter().fold(0, |o, &a| o | a))
    }
    #[inline(always)]
    fn first(self) -> u32 {
        self.0[0]
    }
    #[inline(always)]
    fn counts(self) -> (u32, u32, u32) {
        self.0.iter().fold((0, 0, 0), |(one, two, three), &x| {
            (one | x, two | one & x, three | two & x)
        })
    }
}

#[cfg(target_arch = "x86_64")]
pub use avx2::Avx2;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::Lanes;
    use std::arch::x86_64::*;

    /// Digits 0 to 7 in one 256-bit register.
    ///
    /// Every `unsafe` block below calls AVX2 intrinsics (some of them reading or writing
    /// the first 32 bytes of a `[u32; 16]`, inside the array; they take unaligned
    /// addresses). The instructions exist on the machine because values of this type are
    /// only made in code entered after `is_x86_feature_detected!("avx2")`:
    /// `solver::for_each_solution` and `solver::random_solution`, and this module's test,
    /// which checks first. Nothing in the type enforces that (its methods are safe to
    /// call): it is an engine-private rule, so `Avx2` must never be used anywhere else.
    #[derive(Clone, Copy)]
    pub struct Avx2(__m256i);

    impl Avx2 {
        #[inline(always)]
        fn mask(self) -> u32 {
            // SAFETY: see `Avx2`.
            unsafe { _mm256_movemask_ps(_mm256_castsi256_ps(self.0)) as u32 }
        }
    }

    impl Lanes for Avx2 {
        #[inline(always)]
        fn load(a: &[u32; 16]) -> Self {
            // SAFETY: see `Avx2`: the first 32 bytes of `a`.
            unsafe { Avx2(_mm256_loadu_si256(a.as_ptr().cast())) }
        }
        #[inline(always)]
        fn store(self, a: &mut [u32; 16]) {
            // SAFETY: see `Avx2`: the first 32 bytes of `a`.
            unsafe { _mm256_storeu_si256(a.as_mut_ptr().cast(), self.0) }
        }
        #[inline(always)]
        fn splat(x: u32) -> Self {
            // SAFETY: see `Avx2`.
            unsafe { Avx2(_mm256_set1_epi32(x as i32)) }
        }
        #[inline(always)]
        fn and(self, o: Self) -> Self {
            // SAFETY: see `Avx2`.
            unsafe { Avx2(_mm256_and_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn or(self, o: Self) -> Self {
            // SAFETY: see `Avx2`.
            unsafe { Avx2(_mm256_or_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn and_not(self, o: Self) -> Self {
            // SAFETY: see `Avx2`. (`andnot(a, b)` is `!a & b`.)
            unsafe { Avx2(_mm256_andnot_si256(o.0, self.0)) }
        }
        #[inline(always)]
        fn shr<const N: i32>(self) -> Self {
            // SAFETY: see `Avx2`.
            unsafe { Avx2(_mm256_srli_epi32::<N>(self.0)) }
        }
        #[inline(always)]
        fn shl<const N: i32>(self) -> Self {
            // SAFETY: see `Avx2`.
            unsafe { Avx2(_mm256_slli_epi32::<N>(self.0)) }
        }
        #[inline(always)]
        fn sub(self, o: Self) -> Self {
            // SAFETY: see `Avx2`.
            unsafe { Avx2(_mm256_sub_epi32(self.0, o.0)) }
        }
        #[inline(always)]
        fn eq_zero(self) -> Self {
            // SAFETY: see `Avx2`.
            unsafe { Avx2(_mm256_cmpeq_epi32(self.0, _mm256_setzero_si256())) }
        }
        #[inline(always)]
        fn zero_lanes(self) -> u32 {
            self.eq_zero().mask()
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            // SAFETY: see `Avx2`.
            unsafe { _mm256_testz_si256(self.0, self.0) != 0 }
        }
        #[inline(always)]
        fn differs(self, o: Self) -> u32 {
            // SAFETY: see `Avx2`.
            let same = unsafe { Avx2(_mm256_cmpeq_epi32(self.0, o.0)) };
            !same.mask() & 0xFF
        }
        #[inline(always)]
        fn or_all(self) -> Self {
            // SAFETY: see `Avx2`.
            unsafe {
                // The two halves onto each other, then lanes two apart, then neighbours.
                let o = _mm256_or_si256(self.0, _mm256_permute2x128_si256::<0x01>(self.0, self.0));
                let o = _mm256_or_si256(o, _mm256_shuffle_epi32::<0b01_00_11_10>(o));
                Avx2(_mm256_or_si256(o, _mm256_shuffle_epi32::<0b10_11_00_01>(o)))
            }
        }
        #[inline(always)]
        fn counts(self) -> (u32, u32, u32) {
            // SAFETY: see `Avx2`.
            unsafe {
                // Pairs of neighbours (one or more, two), then pairs of pairs (adding
                // three or more), then the two halves: every lane ends with the totals.
                let v = self.0;
                let n = _mm256_shuffle_epi32::<0b10_11_00_01>(v);
                let (one, two) = (_mm256_or_si256(v, n), _mm256_and_si256(v, n));
                let (o, t) = (
                    _mm256_shuffle_epi32::<0b01_00_11_10>(one),
                    _mm256_shuffle_epi32::<0b01_00_11_10>(two),
                );
                let three = _mm256_or_si256(_mm256_and_si256(two, o), _mm256_and_si256(t, one));
                let two = _mm256_or_si256(_mm256_or_si256(two, t), _mm256_and_si256(one, o));
                let one = _mm256_or_si256(one, o);
                let (o, t, h) = (
                    _mm256_permute2x128_si256::<0x01>(one, one),
                    _mm256_permute2x128_si256::<0x01>(two, two),
                    _mm256_permute2x128_si256::<0x01>(three, three),
                );
                let three = _mm256_or_si256(
                    _mm256_or_si256(three, h),
                    _mm256_or_si256(_mm256_and_si256(two, o), _mm256_and_si256(t, one)),
                );
                let two = _mm256_or_si256(_mm256_or_si256(two, t), _mm256_and_si256(one, o));
                let one = _mm256_or_si256(one, o);
                (
                    _mm256_cvtsi256_si32(one) as u32,
                    _mm256_cvtsi256_si32(two) as u32,
                    _mm256_cvtsi256_si32(three) as u32,
                )
            }
        }
        #[inline(always)]
        fn first(self) -> u32 {
            // SAFETY: see `Avx2`.
            unsafe { _mm256_cvtsi256_si32(self.0) as u32 }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SeededRng;

    /// Everything a `Lanes` gives back for `a` and `b`, as plain numbers.
    #[cfg(target_arch = "x86_64")]
    fn results<L: Lanes>(a: &[u32; 16], b: &[u32; 16]) -> Vec<u32> {
        let (x, y) = (L::load(a), L::load(b));
        let mut out = Vec::new();
        let mut lanes = |v: L| {
            let mut t = [0u32; 16];
            v.store(&mut t);
            out.extend_from_slice(&t);
        };
        lanes(x.and(y));
        lanes(x.or(y));
        lanes(x.and_not(y));
        lanes(x.shr::<9>());
        lanes(x.shl::<6>());
        lanes(x.sub(y));
        lanes(x.eq_zero());
        lanes(x.or_all());
        lanes(L::splat(a[3]));
        let (one, two, three) = x.counts();
        out.extend([
            x.zero_lanes(),
            x.is_zero() as u32,
            x.differs(y),
            x.first(),
            one,
            two,
            three,
        ]);
        out
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn avx2_lanes_compute_what_the_portable_ones_do() {
        if std::arch::is_x86_feature_detected!("avx2") {
            let mut rng = SeededRng::new(8);
            for round in 0..2000 {
                let mut a = [0u32; 16];
                let mut b = [0u32; 16];
                for i in 0..8 {
                    // Sparse lanes and zero lanes too, so that counts and tests vary.
                    a[i] = (rng.next_u64() & rng.next_u64()) as u32 >> 5;
                    b[i] = if round % 3 == 0 {
                        a[i]
                    } else {
                        rng.next_u64() as u32
                    };
                    if rng.below(4) == 0 {
                        a[i] = 0;
                    }
                }
                if round % 7 == 0 {
                    a = [0; 16];
                }
                assert_eq!(results::<Avx2>(&a, &b), results::<Portable>(&a, &b));
            }
        }
    }

    #[test]
    fn counts_count() {
        let mut a = [0u32; 16];
        // Bit k set in k of the eight lanes.
        for (k, lane) in (0..8).flat_map(|k| (0..k).map(move |l| (k, l))) {
            a[lane] |= 1 << k;
        }
        let (one, two, three) = Portable::load(&a).counts();
        assert_eq!((one, two, three), (0xFE, 0xFC, 0xF8));
    }
}
