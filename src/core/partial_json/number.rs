//! Number tokens: the digits read so far, and the value `JSON.parse` gives
//! them.

use serde_json::{Number, Value};

use crate::core::json::parse_f64;

/// Digits past this many only matter as "something nonzero follows": every
/// f64 rounding boundary has at most 767 significant decimal digits.
pub(super) const MAX_DIGITS: usize = 800;
/// Exponents are saturated here; far beyond where results become 0 or ∞.
pub(super) const MAX_EXP: i64 = 1 << 40;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum NumAt {
    #[default]
    Start,
    Minus,
    Zero,
    Int,
    Dot,
    Frac,
    E,
    ESign,
    Exp,
}

/// A number token, kept small however long the text gets: value =
/// ±`digits` × 10^(`scale` ± `exp`), with `sticky` standing for nonzero
/// digits dropped past `MAX_DIGITS`.
#[derive(Debug, Default)]
pub(super) struct NumTok {
    pub(super) at: NumAt,
    pub(super) neg: bool,
    pub(super) digits: String,
    pub(super) sticky: bool,
    pub(super) scale: i64,
    pub(super) exp_neg: bool,
    pub(super) exp: i64,
    pub(super) dirty: bool,
}

impl NumTok {
    /// Takes `c` if it continues the number.
    pub(super) fn accept(&mut self, c: char) -> bool {
        let digit = c.is_ascii_digit();
        let next = match (self.at, c) {
            (NumAt::Start, '-') => {
                self.neg = true;
                NumAt::Minus
            }
            (NumAt::Start | NumAt::Minus, '0') => NumAt::Zero,
            (NumAt::Start | NumAt::Minus | NumAt::Int, _) if digit => {
                self.int_digit(c);
                NumAt::Int
            }
            (NumAt::Zero | NumAt::Int, '.') => NumAt::Dot,
            (NumAt::Dot | NumAt::Frac, _) if digit => {
                self.frac_digit(c);
                NumAt::Frac
            }
            (NumAt::Zero | NumAt::Int | NumAt::Frac, 'e' | 'E') => NumAt::E,
            (NumAt::E, '+') => NumAt::ESign,
            (NumAt::E, '-') => {
                self.exp_neg = true;
                NumAt::ESign
            }
            (NumAt::E | NumAt::ESign | NumAt::Exp, _) if digit => {
                self.exp = (self.exp * 10 + i64::from(c as u8 - b'0')).min(MAX_EXP);
                NumAt::Exp
            }
            _ => return false,
        };
        self.at = next;
        self.dirty = true;
        true
    }

    pub(super) fn complete(&self) -> bool {
        matches!(self.at, NumAt::Zero | NumAt::Int | NumAt::Frac | NumAt::Exp)
    }

    pub(super) fn int_digit(&mut self, c: char) {
        if self.digits.len() < MAX_DIGITS {
            self.digits.push(c);
        } else {
            self.scale = self.scale.saturating_add(1);
            self.sticky |= c != '0';
        }
    }

    pub(super) fn frac_digit(&mut self, c: char) {
        if self.digits.is_empty() && c == '0' {
            self.scale = self.scale.saturating_sub(1);
        } else if self.digits.len() < MAX_DIGITS {
            self.digits.push(c);
            self.scale = self.scale.saturating_sub(1);
        } else {
            self.sticky |= c != '0';
        }
    }

    /// The value with missing digits read as 0, as the reference's appended
    /// `0` makes it.
    pub(super) fn value(&self, work: &mut u64) -> Value {
        if self.digits.is_empty() {
            return Value::from(0);
        }
        *work += self.digits.len() as u64;
        let mut text = String::with_capacity(self.digits.len() + 24);
        text.push_str(&self.digits);
        let mut scale = self.scale;
        if self.sticky {
            text.push('1');
            scale = scale.saturating_sub(1);
        }
        let exp = if self.exp_neg { -self.exp } else { self.exp };
        text.push('e');
        text.push_str(
            &scale
                .saturating_add(exp)
                .clamp(-MAX_EXP, MAX_EXP)
                .to_string(),
        );
        let magnitude = parse_f64(&text).unwrap_or(f64::NAN);
        js_number(if self.neg { -magnitude } else { magnitude })
    }
}

/// A JavaScript number as a JSON value (see the module docs).
pub(super) fn js_number(f: f64) -> Value {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if !f.is_finite() {
        Value::Null
    } else if f.fract() == 0.0 && (-TWO_63..TWO_63).contains(&f) {
        Value::from(f as i64)
    } else if f.fract() == 0.0 && (0.0..2.0 * TWO_63).contains(&f) {
        Value::from(f as u64)
    } else {
        Number::from_f64(f).map_or(Value::Null, Value::Number)
    }
}
