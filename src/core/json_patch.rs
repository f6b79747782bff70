//! RFC 6902 JSON Patch, applied atomically. (Being written.)
