//! Decimal text to the nearest double, as `JSON.parse` reads numbers.
//!
//! `str::parse::<f64>` is exact and fast, but its tables of powers of five
//! (10 KB that gzip cannot shrink) were a sixteenth of the gzipped
//! WebAssembly build. Here most numbers take the exact fast path (at most 15
//! digits and a power of ten up to 22, both exact in a double, so one
//! correctly rounded operation), most others fit 128-bit integers, the rest
//! of those with up to 19 digits use a power of ten computed to 128 bits
//! (enough unless the value sits almost exactly between two doubles; a
//! longer mantissa is tried as the 19-digit numbers around it), and only
//! near-ties are divided out in big integers, slower but without tables. A test holds the two to the same answer.
//!
//! `lexical-parse-float` 1.0.6 with its `compact` feature was measured in
//! this module's place: +2.9 KB gzipped (150,732 against 147,813 bytes),
//! but it rounds long inputs near a halfway point one unit off (e.g. a
//! 1,400-digit mantissa at e149 in `long_mantissas_round_on_every_digit`,
//! where `str::parse` and `JSON.parse` agree), so it was not taken.

/// The value of `text` (`-?digits[.digits][e[+-]digits]`, as JSON and the
/// partial-JSON reader write numbers), correctly rounded; infinite when it
/// is out of range. `None` if it is not such a number.
pub fn parse_f64(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let negative = bytes.first() == Some(&b'-');
    if negative {
        at += 1;
    }
    // The significant digits (leading zeros dropped), and the power of ten
    // that scales them: value = digits × 10^exp.
    let mut digits: Vec<u8> = Vec::new();
    let mut exp: i64 = 0;
    let mut any = false;
    let mut in_fraction = false;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'0'..=b'9' => {
                any = true;
                let d = b - b'0';
                if digits.is_empty() && d == 0 {
                    // A leading zero: only its place counts.
                    exp -= i64::from(in_fraction);
                } else if digits.len() < MAX_DIGITS {
                    digits.push(d);
                    exp -= i64::from(in_fraction);
                } else {
                    // Past the last digit that can matter, only "was any of
                    // the rest nonzero" can: one sticky digit keeps that.
                    exp += i64::from(!in_fraction);
                    if d != 0 && digits.len() == MAX_DIGITS {
                        digits.push(1);
                        exp -= 1;
                    }
                }
            }
            b'.' if !in_fraction => in_fraction = true,
            _ => break,
        }
        at += 1;
    }
    if !any {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let exp_negative = bytes.get(at) == Some(&b'-');
        if let Some(b'+' | b'-') = bytes.get(at) {
            at += 1;
        }
        let start = at;
        let mut e: i64 = 0;
        while let Some(&b @ b'0'..=b'9') = bytes.get(at) {
            e = (e * 10 + i64::from(b - b'0')).min(1 << 40);
            at += 1;
        }
        if at == start {
            return None;
        }
        exp += if exp_negative { -e } else { e };
    }
    if at != bytes.len() {
        return None;
    }
    while digits.last() == Some(&0) {
        digits.pop();
        exp += 1;
    }
    let magnitude = magnitude(&digits, exp);
    Some(if negative { -magnitude } else { magnitude })
}

/// Enough significant digits to decide any rounding: a halfway point
/// between two doubles has at most 767 of them.
const MAX_DIGITS: usize = 800;

fn magnitude(digits: &[u8], exp: i64) -> f64 {
    if digits.is_empty() {
        return 0.0;
    }
    // Beyond these the value is certainly infinite, or certainly below half
    // the smallest subnormal.
    let decimal_point = digits.len() as i64 + exp;
    if decimal_point > 310 {
        return f64::INFINITY;
    }
    if decimal_point < -330 {
        return 0.0;
    }
    if digits.len() <= 19 {
        let m = digits.iter().fold(0u64, |m, &d| m * 10 + u64::from(d));
        if digits.len() <= 15 && (-22..=22).contains(&exp) {
            let (m, scale) = (m as f64, POW10[exp.unsigned_abs() as usize]);
            return if exp < 0 { m / scale } else { m * scale };
        }
        if (-19..=19).contains(&exp) {
            return wide(m, exp);
        }
        if let Some(v) = approximate(m, exp) {
            return v;
        }
    } else {
        // The value lies strictly between its first 19 digits and those plus
        // one in the last place (the rest is nonzero: trailing zeros are
        // gone). Rounding is monotonic, so when both bounds round to the same
        // double, the value does too; only a near-tie needs every digit.
        let rest = exp + (digits.len() - 19) as i64;
        let (head, mut up) = (&digits[..19], digits[..19].to_vec());
        for d in up.iter_mut().rev() {
            *d = (*d + 1) % 10;
            if *d != 0 {
                break;
            }
        }
        if up[0] != 0 {
            let low = magnitude(head, rest);
            if low == magnitude(&up, rest) {
                return low;
            }
        }
    }
    slow(digits, exp)
}

/// Up to 19 digits scaled by up to 10^19, in 128-bit integers: what most
/// shortest-form doubles (16 or 17 digits) need. Integer-to-float casts
/// round to nearest, ties to even, so one cast rounds correctly.
fn wide(m: u64, exp: i64) -> f64 {
    let p = u128::from(10u64.pow(exp.unsigned_abs() as u32));
    if exp >= 0 {
        return (u128::from(m) * p) as f64;
    }
    // m / p, with m shifted up so the quotient has at least 63 bits; a
    // nonzero remainder sets the lowest bit, far below the rounding place,
    // so it breaks a tie the way the exact value would.
    let shift = m.leading_zeros() + 63;
    let num = u128::from(m) << shift;
    let q = (num / p) | u128::from(num % p != 0);
    q as f64 * pow2(-i64::from(shift))
}

const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// m × 10^exp from a 128-bit approximation of the power of ten, computed
/// by repeated squaring (truncating each product). `None` when the
/// approximation falls so near a rounding boundary that its error could
/// decide it, or the result is far below the normal range; the exact path
/// answers those.
fn approximate(m: u64, exp: i64) -> Option<f64> {
    let power = Wide::pow(
        if exp < 0 { Wide::TENTH } else { Wide::TEN },
        exp.unsigned_abs(),
    );
    let lz = m.leading_zeros();
    let x = Wide {
        m: u128::from(m) << (64 + lz),
        e: -i64::from(64 + lz),
    }
    .mul(power);
    // The value is x.m × 2^x.e with x.m in [2^127, 2^128).
    let e = 127 + x.e;
    if e > 1023 {
        return Some(f64::INFINITY);
    }
    let unit = last_place(e);
    let below = unit - x.e;
    if below > 127 {
        // Under half the smallest subnormal: zero, unless it may be that half.
        return (e < -1075).then_some(0.0);
    }
    let rest = x.m & ((1u128 << below) - 1);
    let half = 1u128 << (below - 1);
    // The power's relative error is below 20·k·2^-127 (its base's rounding
    // and each truncation, amplified by the rest of the power), so under
    // 2^14 units of the last place here for any exponent that reaches this
    // point (k < 360); 2^20 leaves room.
    if rest.abs_diff(half) <= 1 << 20 {
        return None;
    }
    Some(scaled((x.m >> below) + u128::from(rest > half), unit))
}

/// A positive number m × 2^e with m normalized to 128 bits.
#[derive(Clone, Copy)]
struct Wide {
    m: u128,
    e: i64,
}

impl Wide {
    const ONE: Wide = Wide {
        m: 1 << 127,
        e: -127,
    };
    const TEN: Wide = Wide {
        m: 10 << 124,
        e: -124,
    };
    /// 2^131 / 10, rounded to nearest.
    const TENTH: Wide = Wide {
        m: 0xcccc_cccc_cccc_cccc_cccc_cccc_cccc_cccd,
        e: -131,
    };

    /// The top 128 bits of the product, normalized.
    fn mul(self, other: Wide) -> Wide {
        const LOW: u128 = u64::MAX as u128;
        let (a1, a0) = (self.m >> 64, self.m & LOW);
        let (b1, b0) = (other.m >> 64, other.m & LOW);
        let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        let mid = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
        let mut hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
        let mut e = self.e + other.e + 128;
        if hi >> 127 == 0 {
            // Both factors are at least 2^127, so one place is enough.
            let lo_top = (mid << 64) >> 127;
            hi = (hi << 1) | lo_top;
            e -= 1;
        }
        Wide { m: hi, e }
    }

    fn pow(mut base: Wide, mut k: u64) -> Wide {
        let mut acc = Wide::ONE;
        while k > 0 {
            if k & 1 == 1 {
                acc = acc.mul(base);
            }
            k >>= 1;
            if k > 0 {
                base = base.mul(base);
            }
        }
        acc
    }
}

/// digits × 10^exp as `num / den` in big integers, then the 53-bit quotient
/// at the value's binary exponent, rounded half to even on the remainder.
fn slow(digits: &[u8], exp: i64) -> f64 {
    let mut num = Big::from_digits(digits);
    let mut den = Big::one();
    if exp >= 0 {
        num.mul_pow10(exp as u32);
    } else {
        den.mul_pow10(exp.unsigned_abs() as u32);
    }
    // e = floor(log2(num / den)), from the bit lengths and one comparison.
    let mut e = num.bits() as i64 - den.bits() as i64;
    if cmp_shifted(&num, &den, e) == std::cmp::Ordering::Less {
        e -= 1;
    }
    let unit = last_place(e);
    if unit > 971 {
        return f64::INFINITY;
    }
    if unit < 0 {
        num.shl(unit.unsigned_abs() as usize);
    } else {
        den.shl(unit as usize);
    }
    let (mut q, rem) = divide(num, &den);
    let mut twice = rem;
    twice.shl(1);
    match twice.cmp(&den) {
        std::cmp::Ordering::Greater => q += 1,
        std::cmp::Ordering::Equal if q & 1 == 1 => q += 1,
        _ => {}
    }
    scaled(u128::from(q), unit)
}

/// The unit of the last place of a double whose binary exponent is `e`:
/// 2^-52 of 2^e, or the subnormal unit.
fn last_place(e: i64) -> i64 {
    (e - 52).max(-1074)
}

/// q × 2^unit for a rounded q (at most 2^54 after rounding): q is exact as
/// a double, and so is each scaling by a power of two (the second lands on
/// a subnormal result exactly), so nothing rounds again.
fn scaled(q: u128, unit: i64) -> f64 {
    let q = q as f64;
    if unit >= -1022 {
        q * pow2(unit)
    } else {
        q * pow2(-1022) * pow2(unit + 1022)
    }
}

fn pow2(e: i64) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// Compares `a` with `b × 2^shift` (`shift` may be negative).
fn cmp_shifted(a: &Big, b: &Big, shift: i64) -> std::cmp::Ordering {
    if shift >= 0 {
        let mut b = b.clone();
        b.shl(shift as usize);
        a.cmp(&b)
    } else {
        let mut a = a.clone();
        a.shl(shift.unsigned_abs() as usize);
        a.cmp(b)
    }
}

/// `num / den` for a quotient below 2^55, by shift and subtract: the
/// divisor starts 54 places up and moves down one place per quotient bit.
fn divide(mut num: Big, den: &Big) -> (u64, Big) {
    let mut q = 0u64;
    let mut d = den.clone();
    d.shl(54);
    for bit in (0..55).rev() {
        if num >= d {
            num.sub(&d);
            q |= 1 << bit;
        }
        d.shr1();
    }
    (q, num)
}

/// An unsigned big integer: base-2^32 limbs, least significant first, no
/// high zero limbs.
#[derive(Clone, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn one() -> Big {
        Big(vec![1])
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut b = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let n = chunk.iter().fold(0u32, |n, &d| n * 10 + u32::from(d));
            b.mul_add(10u32.pow(chunk.len() as u32), n);
        }
        b
    }

    fn mul_add(&mut self, m: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut e: u32) {
        while e > 0 {
            let step = e.min(9);
            self.mul_add(10u32.pow(step), 0);
            e -= step;
        }
    }

    fn shl(&mut self, bits: usize) {
        let (limbs, bits) = (bits / 32, bits % 32);
        if bits > 0 {
            let mut carry = 0;
            for limb in &mut self.0 {
                let v = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = v;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        if limbs > 0 && !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    fn shr1(&mut self) {
        let mut carry = 0;
        for limb in self.0.iter_mut().rev() {
            let v = (*limb >> 1) | carry;
            carry = *limb << 31;
            *limb = v;
        }
        if self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// `self -= other`, for `other <= self`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *limb = v.rem_euclid(1 << 32) as u32;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn bits(&self) -> usize {
        self.0
            .last()
            .map_or(0, |top| self.0.len() * 32 - top.leading_zeros() as usize)
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> std::cmp::Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seeded generator, so a failure reproduces.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Our answer against the standard library's, bit for bit.
    fn agree(text: &str) {
        let ours = parse_f64(text).unwrap_or_else(|| panic!("refused {text:?}"));
        let std: f64 = text.parse().unwrap();
        assert_eq!(ours.to_bits(), std.to_bits(), "{text}: {ours:e} vs {std:e}");
    }

    #[test]
    fn edges() {
        for t in [
            "0",
            "-0",
            "0.0",
            "1",
            "-1",
            "0.1",
            "0.5",
            "1e22",
            "1e23",
            "9007199254740992",
            "9007199254740993",
            "9007199254740995",
            "18446744073709551616",
            "123456789012345678",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "2.2250738585072012e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327e-325",
            "5e-324",
            "1e-400",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e308",
            "1e309",
            "1e400",
            "0.30000000000000004",
            "3.141592653589793",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "7.3177701707893310e15",
            "000000000000000000001.5",
            "0.000000000000000000000000000001e30",
            "123.456e-2",
            "1E5",
            "1e+5",
            "100000000000000000000000e-10",
        ] {
            agree(t);
        }
        assert_eq!(parse_f64("-0").map(f64::to_bits), Some((-0.0f64).to_bits()));
        for bad in ["", "-", "e5", "1e", "1e+", "1x", "1.2.3", "."] {
            assert_eq!(parse_f64(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn long_mantissas_round_on_every_digit() {
        // Exact expansions of doubles and of the halfway points between
        // neighbours, cut and nudged around their last digits.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..3000 {
            let x = f64::from_bits(next() % 0x7ff0_0000_0000_0000);
            let exact = format!("{x:.1100e}");
            let (mantissa, exponent) = exact.split_once('e').unwrap();
            let digits: String = mantissa.trim_end_matches('0').to_owned();
            for cut in [17, 18, 25, 40, digits.len().min(780), digits.len()] {
                let cut = cut.min(digits.len());
                for tail in [
                    "",
                    "0",
                    "1",
                    "5",
                    "49999",
                    "50001",
                    "5000000000000000000000001",
                ] {
                    agree(&format!("{}{tail}e{exponent}", &digits[..cut]));
                }
            }
            // The halfway point to the next double up: x + ulp/2 exactly.
            let up = f64::from_bits(x.to_bits() + 1);
            agree(&exact_midpoint(x, up));
        }
    }

    /// The exact decimal midpoint of two neighbouring positive doubles.
    fn exact_midpoint(a: f64, b: f64) -> String {
        // a + b is exact at one more bit of precision: scale by 2^-1 through
        // the decimal expansion of a and b separately and add them as text.
        let a = format!("{a:.1200e}");
        let b = format!("{b:.1200e}");
        let (am, ae) = a.split_once('e').unwrap();
        let (bm, be) = b.split_once('e').unwrap();
        let (ae, be): (i32, i32) = (ae.parse().unwrap(), be.parse().unwrap());
        let digits = |m: &str| {
            m.replace('.', "")
                .bytes()
                .map(|c| u32::from(c - b'0'))
                .collect::<Vec<_>>()
        };
        let (mut ad, mut bd) = (digits(am), digits(bm));
        // Align both to the same exponent (the larger), then sum and halve.
        let top = ae.max(be);
        ad.splice(0..0, std::iter::repeat_n(0, (top - ae) as usize));
        bd.splice(0..0, std::iter::repeat_n(0, (top - be) as usize));
        let len = ad.len().max(bd.len()) + 1;
        ad.resize(len, 0);
        bd.resize(len, 0);
        let mut sum = vec![0u32; len];
        let mut carry = 0;
        for i in (0..len).rev() {
            let v = ad[i] + bd[i] + carry;
            sum[i] = v % 10;
            carry = v / 10;
        }
        // Halve (sum is even in its last binary place, so this is exact
        // given the spare trailing digit).
        let mut out = Vec::with_capacity(len + 1);
        let mut rem = carry;
        for d in sum {
            let v = rem * 10 + d;
            out.push(v / 2);
            rem = v % 2;
        }
        out.push(rem * 5);
        let text: String = out.iter().map(|d| char::from(b'0' + *d as u8)).collect();
        // `out` holds (carry digit) d0 . d1 d2 ... at exponent `top`.
        format!("0.{text}e{}", top + 1)
    }

    #[test]
    fn shortest_forms_and_wide_mantissas() {
        let mut next = xorshift(0x0bad_cafe_f00d_d00d);
        for _ in 0..200_000 {
            // Shortest round-trip forms of doubles between 1e-20 and 1e20.
            let x = f64::from_bits(0x3bc0_0000_0000_0000 + next() % 0x0820_0000_0000_0000);
            agree(&x.to_string());
            agree(&format!("{x:e}"));
            // 16 to 19 digits at every exponent the 128-bit path takes.
            let m = next() % 10_000_000_000_000_000_000;
            let exp = (next() % 39) as i64 - 19;
            agree(&format!("{m}e{exp}"));
        }
    }

    /// Exact ties between two doubles that need few digits: r·5^k·2^j·2^k
    /// with r·5^k a 54-bit odd mantissa. Only exponents 20 to 23 allow them
    /// (5^k must divide a 54-bit number); those past the fast path (k = 23)
    /// land exactly on a rounding boundary of the approximated power of ten,
    /// which must leave them to the exact path.
    #[test]
    fn ties_with_few_digits_and_large_exponents() {
        let mut checked = 0;
        for k in 20u32..=23 {
            let five = 5u64.pow(k);
            for r in ((1u64 << 53) / five..=(1u64 << 54) / five).filter(|r| r % 2 == 1) {
                let odd = u128::from(r) * u128::from(five);
                if !((1u128 << 53)..(1u128 << 54)).contains(&odd) {
                    continue;
                }
                for j in 0..8 {
                    let d = u128::from(r) << j;
                    if d >= 10u128.pow(19) {
                        break;
                    }
                    agree(&format!("{d}e{k}"));
                    agree(&format!("{}e{k}", d + 1));
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn random_numbers_of_every_shape() {
        let mut next = xorshift(0x1234_5678_9abc_def1);
        for _ in 0..200_000 {
            let len = 1 + (next() % 40) as usize;
            let digits: String = (0..len)
                .map(|_| char::from(b'0' + (next() % 10) as u8))
                .collect();
            let point = (next() % (len as u64 + 1)) as usize;
            let exp = (next() % 700) as i64 - 350;
            let text = if point < len {
                format!(
                    "{}.{}e{exp}",
                    &digits[..point.max(1)],
                    &digits[point.max(1)..]
                )
            } else {
                format!("{digits}e{exp}")
            };
            let text = text.replace(".e", "e");
            agree(&text);
        }
    }
}
