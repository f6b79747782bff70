//! A minimal protobuf wire reader, for the parts prost does not read for us:
//! `google.protobuf.Value`/`Struct`/`ListValue` (see [`super::value`]) and the
//! envelope checks that look at fields prost would skip.
//!
//! Nothing here recurses: nested messages come back as byte slices for the
//! caller to read, and legacy groups are skipped with a counter.

/// Wire types.
pub const VARINT: u8 = 0;
pub const FIXED64: u8 = 1;
pub const LEN: u8 = 2;
pub const GROUP_START: u8 = 3;
pub const GROUP_END: u8 = 4;
pub const FIXED32: u8 = 5;

pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Reader { buf, pos: 0 }
    }

    pub fn done(&self) -> bool {
        self.pos >= self.buf.len()
    }

    /// A varint of up to ten bytes, as protobuf encodes 64-bit values.
    pub fn varint(&mut self) -> Result<u64, &'static str> {
        let mut value = 0u64;
        for i in 0..10 {
            let byte = *self.buf.get(self.pos).ok_or("truncated varint")?;
            self.pos += 1;
            value |= u64::from(byte & 0x7f) << (7 * i);
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err("varint longer than ten bytes")
    }

    /// The next field's number and wire type.
    pub fn key(&mut self) -> Result<(u32, u8), &'static str> {
        let key = self.varint()?;
        let field = u32::try_from(key >> 3).map_err(|_| "field number out of range")?;
        if field == 0 {
            return Err("field number 0");
        }
        Ok((field, (key & 7) as u8))
    }

    /// The payload of a length-delimited field.
    pub fn bytes(&mut self) -> Result<&'a [u8], &'static str> {
        let len = usize::try_from(self.varint()?).map_err(|_| "length out of range")?;
        let end = self.pos.checked_add(len).ok_or("length out of range")?;
        let out = self.buf.get(self.pos..end).ok_or("truncated field")?;
        self.pos = end;
        Ok(out)
    }

    pub fn fixed64(&mut self) -> Result<[u8; 8], &'static str> {
        let end = self.pos + 8;
        let b = self.buf.get(self.pos..end).ok_or("truncated fixed64")?;
        self.pos = end;
        let mut out = [0u8; 8];
        out.copy_from_slice(b);
        Ok(out)
    }

    /// Skips the value of a field whose key was just read. A group is skipped
    /// to its matching end, however deeply groups nest inside it.
    pub fn skip(&mut self, field: u32, wire_type: u8) -> Result<(), &'static str> {
        let mut open = Vec::new();
        let (mut field, mut wire_type) = (field, wire_type);
        loop {
            match wire_type {
                VARINT => drop(self.varint()?),
                FIXED64 => drop(self.fixed64()?),
                LEN => drop(self.bytes()?),
                FIXED32 => {
                    let end = self.pos + 4;
                    self.buf.get(self.pos..end).ok_or("truncated fixed32")?;
                    self.pos = end;
                }
                GROUP_START => open.push(field),
                GROUP_END => {
                    if open.pop() != Some(field) {
                        return Err("unmatched end of group");
                    }
                }
                _ => return Err("invalid wire type"),
            }
            if open.is_empty() {
                return Ok(());
            }
            (field, wire_type) = self.key()?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_skips() {
        // field 1 varint 300, field 2 "hi", group 3 { field 4 fixed32 }, field 5 fixed64
        let buf = [
            0x08, 0xac, 0x02, 0x12, 2, b'h', b'i', 0x1b, 0x25, 1, 2, 3, 4, 0x1c, 0x29, 0, 0, 0, 0,
            0, 0, 0, 0,
        ];
        let mut r = Reader::new(&buf);
        assert_eq!(r.key(), Ok((1, VARINT)));
        assert_eq!(r.varint(), Ok(300));
        assert_eq!(r.key(), Ok((2, LEN)));
        assert_eq!(r.bytes(), Ok(&b"hi"[..]));
        assert_eq!(r.key(), Ok((3, GROUP_START)));
        assert_eq!(r.skip(3, GROUP_START), Ok(()));
        assert_eq!(r.key(), Ok((5, FIXED64)));
        assert_eq!(r.skip(5, FIXED64), Ok(()));
        assert!(r.done());
    }

    #[test]
    fn rejects_broken_input() {
        assert!(Reader::new(&[0x80]).varint().is_err());
        assert!(Reader::new(&[0xff; 11]).varint().is_err());
        assert!(Reader::new(&[0x00]).key().is_err());
        assert!(Reader::new(&[0x05, 1]).bytes().is_err());
        let mut r = Reader::new(&[0x1b, 0x24]);
        let (f, w) = r.key().unwrap();
        assert!(r.skip(f, w).is_err(), "group closed by another field");
        let mut r = Reader::new(&[0x0f]);
        let (f, w) = r.key().unwrap();
        assert!(r.skip(f, w).is_err(), "wire type 7");
    }
}
