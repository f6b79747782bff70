//! A run's response body read chunk by chunk into the core, and the batched
//! notifications of what the events changed.

use std::rc::Rc;

use js_sys::Reflect;

use super::js::{self};
use super::subscribers::{Subscriber, Subscribers};
use super::transport::{Body, Failure, Read};
use crate::core::error::RunError;
use crate::core::stream::Limits;
use crate::core::types::*;

use super::callbacks::notify_changed;
use super::client::Shared;
use super::dispatch::process_event;
use super::options::Batching;
use super::run::RunCtx;

/// Reads the body chunk by chunk into the core, applying each event.
/// How the body is framed, chosen by its content type as the reference does.
pub(super) enum Framing {
    Sse,
    #[cfg(feature = "proto")]
    Proto(Box<crate::core::proto::ProtoDecoder>),
}

pub(super) fn framing_of(body: &Body, limits: Limits) -> Result<Framing, RunError> {
    let proto = body
        .content_type
        .as_deref()
        .is_some_and(crate::core::proto::is_proto_media_type);
    if !proto {
        return Ok(Framing::Sse);
    }
    #[cfg(feature = "proto")]
    {
        let cap = limits
            .max_event_size
            .min(crate::core::proto::DEFAULT_MAX_FRAME_SIZE);
        Ok(Framing::Proto(Box::new(
            crate::core::proto::ProtoDecoder::new(cap),
        )))
    }
    #[cfg(not(feature = "proto"))]
    {
        let _ = limits;
        Err(RunError::Request(
            "the response uses the AG-UI protobuf transport (application/vnd.ag-ui.event+proto): \
             import AgentClient from \"agui-wasm/proto\" to read it"
                .into(),
        ))
    }
}

pub(super) async fn stream_body(ctx: &mut RunCtx, body: &Body) -> Result<(), Failure> {
    let mut framing = match framing_of(body, ctx.limits) {
        Ok(f) => f,
        Err(e) => {
            body.cancel();
            return Err(Failure::Run(e));
        }
    };
    let mut events = Vec::new();
    // Detaching cancels this reader, which ends the read under way.
    if ctx.detachable {
        if let Some(a) = ctx.rc.borrow_mut().active.as_mut() {
            a.reader = Some(body.reader());
        }
    }
    let detached = |ctx: &RunCtx| {
        ctx.detachable && ctx.rc.borrow().active.as_ref().is_some_and(|a| a.detached)
    };
    loop {
        // Before a read too: a detach may have come while the request was
        // still waiting for its response.
        let read = if detached(ctx) {
            Ok(None)
        } else {
            match body.next_within(flush_due_in(ctx)).await {
                Ok(Read::Late) => {
                    flush(ctx, true).await;
                    continue;
                }
                Ok(Read::Chunk(c)) => Ok(c),
                Err(e) => Err(e),
            }
        };
        if detached(ctx) {
            // As the reference's: the stream is left where it is, with no
            // RUN_ERROR; the run finalizes with what it applied.
            body.cancel();
            flush(ctx, true).await;
            return Ok(());
        }
        let chunk = match read {
            Ok(c) => c,
            Err(e) if super::run_error::is_abort(&e) => {
                // As the reference: an abort mid-stream ends the run with a
                // RUN_ERROR of code "abort", quietly.
                let said = Reflect::get(&e, &"message".into())
                    .ok()
                    .and_then(|m| m.as_string())
                    .filter(|m| !m.is_empty());
                let abort = Event::RunError(RunErrorEvent {
                    message: said.unwrap_or_else(|| "Request aborted".into()),
                    code: Some("abort".into()),
                    ..Default::default()
                });
                let r = ctx.stream.push_event(abort, &mut events);
                apply_all(ctx, &mut events).await;
                flush(ctx, true).await;
                return r.map_err(Failure::Run);
            }
            Err(e) => {
                flush(ctx, true).await;
                return Err(Failure::Thrown(e));
            }
        };
        let r = match (&mut framing, &chunk) {
            (Framing::Sse, Some(bytes)) => ctx.stream.feed(bytes, &mut events),
            (Framing::Sse, None) => ctx.stream.finish(&mut events),
            #[cfg(feature = "proto")]
            (Framing::Proto(d), Some(bytes)) => ctx.stream.feed_proto(d, bytes, &mut events),
            #[cfg(feature = "proto")]
            (Framing::Proto(d), None) => d.finish().map_err(RunError::from),
        };
        apply_all(ctx, &mut events).await;
        flush(ctx, chunk.is_none() || r.is_err()).await;
        if let Err(e) = r {
            body.cancel();
            return Err(Failure::Run(e));
        }
        if chunk.is_none() {
            return Ok(());
        }
    }
}

/// The client's subscribers as they are now, then the run's own.
pub(super) fn live_subscribers(rc: &Shared, run_sub: &[Rc<Subscriber>]) -> (Subscribers, u64) {
    let inner = rc.borrow();
    let mut subs = inner.subscribers.clone();
    subs.extend(run_sub.iter().cloned());
    (subs, inner.subscribers_rev)
}

pub(super) async fn apply_all(ctx: &mut RunCtx, events: &mut Vec<Event>) {
    if ctx.rc.borrow().subscribers_rev != ctx.subs_rev {
        (ctx.subs, ctx.subs_rev) = live_subscribers(&ctx.rc, &ctx.run_sub);
    }
    for event in std::mem::take(events) {
        process_event(ctx, event).await;
        if ctx.batching == Batching::Event {
            flush(ctx, true).await;
        }
    }
}

/// How long a throttled notification that is held back may still wait: the
/// changes it holds go out when it is due even if no chunk comes then.
fn flush_due_in(ctx: &RunCtx) -> Option<f64> {
    match ctx.batching {
        Batching::Throttle(ms) if ctx.dirty.0 || ctx.dirty.1 => {
            Some((ms - (js::now() - ctx.last_flush)).max(0.0))
        }
        _ => None,
    }
}

/// Notifies onMessagesChanged / onStateChanged for what the batch changed.
pub(super) async fn flush(ctx: &mut RunCtx, force: bool) {
    if !ctx.dirty.0 && !ctx.dirty.1 {
        return;
    }
    if ctx.rc.borrow().subscribers_rev != ctx.subs_rev {
        (ctx.subs, ctx.subs_rev) = live_subscribers(&ctx.rc, &ctx.run_sub);
    }
    if let Batching::Throttle(ms) = ctx.batching {
        if !force && js::now() - ctx.last_flush < ms {
            return;
        }
    }
    let (m, s) = std::mem::take(&mut ctx.dirty);
    ctx.last_flush = js::now();
    notify_changed(&ctx.rc, &ctx.subs, m, s, &ctx.input).await;
}
