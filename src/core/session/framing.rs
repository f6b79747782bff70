//! How a response body is framed, chosen by its content type as the
//! reference chooses: Server-Sent Events, or the protobuf transport.

use crate::core::error::RunError;
use crate::core::stream::{EventStream, Limits};
use crate::core::types::Event;

#[derive(Debug)]
pub(super) enum Framing {
    Sse,
    #[cfg(any(feature = "proto", not(target_arch = "wasm32")))]
    Proto(Box<crate::core::proto::ProtoDecoder>),
}

impl Framing {
    pub(super) fn of(content_type: Option<&str>, limits: Limits) -> Result<Self, RunError> {
        let proto = content_type.is_some_and(crate::core::proto::is_proto_media_type);
        if !proto {
            return Ok(Framing::Sse);
        }
        #[cfg(any(feature = "proto", not(target_arch = "wasm32")))]
        {
            let cap = limits
                .max_event_size
                .min(crate::core::proto::DEFAULT_MAX_FRAME_SIZE);
            Ok(Framing::Proto(Box::new(
                crate::core::proto::ProtoDecoder::new(cap),
            )))
        }
        #[cfg(not(any(feature = "proto", not(target_arch = "wasm32"))))]
        {
            let _ = limits;
            Err(RunError::Request(
                "the response uses the AG-UI protobuf transport (application/vnd.ag-ui.event+proto): \
                 import AgentClient from \"agui-wasm/proto\" to read it"
                    .into(),
            ))
        }
    }

    pub(super) fn feed(
        &mut self,
        stream: &mut EventStream,
        bytes: &[u8],
        out: &mut Vec<Event>,
    ) -> Result<(), RunError> {
        match self {
            Framing::Sse => stream.feed(bytes, out),
            #[cfg(any(feature = "proto", not(target_arch = "wasm32")))]
            Framing::Proto(d) => stream.feed_proto(d, bytes, out),
        }
    }

    pub(super) fn finish(
        &mut self,
        stream: &mut EventStream,
        out: &mut Vec<Event>,
    ) -> Result<(), RunError> {
        match self {
            Framing::Sse => stream.finish(out),
            #[cfg(any(feature = "proto", not(target_arch = "wasm32")))]
            Framing::Proto(d) => d.finish().map_err(RunError::from),
        }
    }
}
