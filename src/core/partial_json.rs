//! Best-effort JSON values of incomplete buffers. (Being written.)
