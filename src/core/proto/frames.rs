//! The binary transport's framing: each frame is a 4-byte big-endian length,
//! then that many bytes of one protobuf-encoded event.
//!
//! Incremental and linear: frames that lie whole inside a network chunk are
//! handed out as slices of it, and only a frame that spans chunks is copied,
//! once, into a buffer (the reference re-copies its whole buffer on every
//! chunk). A frame's declared size is checked against the cap as soon as its
//! length prefix is complete, before any of its bytes are held, so the buffer
//! never grows past one frame of at most the cap.

use super::ProtoError;

/// The reference client's cap on one frame, length prefix included.
pub const DEFAULT_MAX_FRAME_SIZE: usize = 10 * 1024 * 1024;

const PREFIX: usize = 4;

#[derive(Debug)]
pub struct FrameReader {
    max_frame_size: usize,
    /// The start of a frame that a later chunk must complete.
    partial: Vec<u8>,
}

impl FrameReader {
    /// `max_frame_size` bounds a frame's size with its 4-byte prefix, as the
    /// reference's `MAX_BUFFER_SIZE` does.
    pub fn new(max_frame_size: usize) -> Self {
        FrameReader {
            max_frame_size,
            partial: Vec::new(),
        }
    }

    /// Hands each complete frame's payload to `on_frame`, in order; stops at
    /// the first error, from the framing or from `on_frame`.
    pub fn feed(
        &mut self,
        mut bytes: &[u8],
        on_frame: &mut dyn FnMut(&[u8]) -> Result<(), ProtoError>,
    ) -> Result<(), ProtoError> {
        if !self.partial.is_empty() {
            if self.partial.len() < PREFIX {
                bytes = self.fill(bytes, PREFIX);
                if self.partial.len() < PREFIX {
                    return Ok(());
                }
            }
            let size = self.frame_size(&self.partial)?;
            bytes = self.fill(bytes, size);
            if self.partial.len() < size {
                return Ok(());
            }
            let done = on_frame(&self.partial[PREFIX..]);
            self.partial.clear();
            done?;
        }
        while bytes.len() >= PREFIX {
            let size = self.frame_size(bytes)?;
            let Some(frame) = bytes.get(PREFIX..size) else {
                break;
            };
            on_frame(frame)?;
            bytes = &bytes[size..];
        }
        self.partial.extend_from_slice(bytes);
        Ok(())
    }

    /// The body ended: anything held is a frame cut short.
    pub fn finish(&mut self) -> Result<(), ProtoError> {
        if self.partial.is_empty() {
            return Ok(());
        }
        let expected = (self.partial.len() >= PREFIX)
            .then(|| self.frame_size(&self.partial).ok())
            .flatten();
        let trailing = std::mem::take(&mut self.partial).len();
        Err(ProtoError::Truncated { trailing, expected })
    }

    /// Moves bytes from the front of `bytes` into `partial` until it holds
    /// `target` bytes; returns what is left.
    fn fill<'a>(&mut self, bytes: &'a [u8], target: usize) -> &'a [u8] {
        let take = target.saturating_sub(self.partial.len()).min(bytes.len());
        self.partial.extend_from_slice(&bytes[..take]);
        &bytes[take..]
    }

    /// The whole frame's size from its prefix, checked against the cap.
    fn frame_size(&self, prefix: &[u8]) -> Result<usize, ProtoError> {
        let mut be = [0u8; PREFIX];
        be.copy_from_slice(&prefix[..PREFIX]);
        let size = u64::from(u32::from_be_bytes(be)) + PREFIX as u64;
        match usize::try_from(size) {
            Ok(s) if s <= self.max_frame_size => Ok(s),
            _ => Err(ProtoError::FrameTooLarge {
                size,
                max: self.max_frame_size,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(payloads: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        for p in payloads {
            out.extend_from_slice(&(p.len() as u32).to_be_bytes());
            out.extend_from_slice(p);
        }
        out
    }

    fn read(body: &[u8], chunk: usize, max: usize) -> (Vec<Vec<u8>>, Result<(), ProtoError>) {
        let mut r = FrameReader::new(max);
        let mut got = Vec::new();
        let mut push = |f: &[u8]| {
            got.push(f.to_vec());
            Ok(())
        };
        for c in body.chunks(chunk.max(1)) {
            if let Err(e) = r.feed(c, &mut push) {
                return (got, Err(e));
            }
        }
        let end = r.finish();
        (got, end)
    }

    #[test]
    fn any_chunking_gives_the_same_frames() {
        let payloads: [&[u8]; 4] = [b"", b"a", b"hello world", &[7u8; 300]];
        let body = frames(&payloads);
        for chunk in [1, 2, 3, 4, 5, 7, 64, body.len()] {
            let (got, end) = read(&body, chunk, DEFAULT_MAX_FRAME_SIZE);
            assert_eq!(end, Ok(()), "chunk {chunk}");
            assert_eq!(got, payloads.map(<[u8]>::to_vec), "chunk {chunk}");
        }
    }

    #[test]
    fn a_cut_stream_is_truncated() {
        let body = frames(&[b"abc", b"defgh"]);
        for cut in 1..body.len() {
            if cut == 7 {
                continue; // exactly after the first frame: complete
            }
            let (_, end) = read(&body[..cut], 3, DEFAULT_MAX_FRAME_SIZE);
            assert!(
                matches!(end, Err(ProtoError::Truncated { .. })),
                "cut at {cut}: {end:?}"
            );
        }
        let (_, end) = read(&body[..9], 100, DEFAULT_MAX_FRAME_SIZE);
        assert_eq!(
            end,
            Err(ProtoError::Truncated {
                trailing: 2,
                expected: None
            })
        );
        let (_, end) = read(&body[..12], 100, DEFAULT_MAX_FRAME_SIZE);
        assert_eq!(
            end,
            Err(ProtoError::Truncated {
                trailing: 5,
                expected: Some(9)
            })
        );
    }

    #[test]
    fn the_cap_counts_the_prefix_and_is_checked_before_the_payload() {
        let body = frames(&[&[1u8; 12]]);
        assert_eq!(read(&body, 1, 16).1, Ok(()));
        // Only the prefix has arrived, and the frame is already refused.
        let (got, end) = read(&body[..4], 4, 15);
        assert!(got.is_empty());
        assert_eq!(end, Err(ProtoError::FrameTooLarge { size: 16, max: 15 }));
        let huge = u32::MAX.to_be_bytes();
        assert!(matches!(
            read(&huge, 1, DEFAULT_MAX_FRAME_SIZE).1,
            Err(ProtoError::FrameTooLarge { .. })
        ));
    }

    #[test]
    fn one_byte_chunks_copy_each_byte_once() {
        // A 1 MiB frame in one-byte chunks: linear, so this is instant.
        let payload = vec![9u8; 1 << 20];
        let body = frames(&[&payload]);
        let (got, end) = read(&body, 1, DEFAULT_MAX_FRAME_SIZE);
        assert_eq!(end, Ok(()));
        assert_eq!(got[0].len(), payload.len());
    }
}
