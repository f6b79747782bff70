//! ACTIVITY_SNAPSHOT and ACTIVITY_DELTA: an activity message created,
//! replaced or patched.

use super::*;

/// How deep an activity's content lies in a history's JSON text (the
/// array, the message): it may nest that much less, so that a history
/// JavaScript hands back (`setMessages(agent.messages)`) reads again.
const ACTIVITY_DEPTH: usize = 2;

impl Reducer {
    pub(super) fn activity_snapshot(
        &mut self,
        s: &mut AgentState,
        e: &ActivitySnapshotEvent,
        out: &mut Applied,
    ) {
        let fresh = || ActivityMessage {
            id: e.message_id.clone(),
            activity_type: e.activity_type.clone(),
            content: e.content.clone(),
            subagent_run_id: e.subagent_run_id.clone(),
            ..Default::default()
        };
        let replace = e.replace.unwrap_or(true);
        out.messages_changed = true;
        match s.messages.find(&e.message_id) {
            None => {
                let mut m = fresh();
                if let Some(md) = &e.metadata {
                    merge_metadata(&mut m.metadata, md);
                }
                out.new_message = Some(s.messages.push(Message::Activity(Box::new(m))));
            }
            Some(i) if s.messages.get(i).is_some_and(Message::is_activity) => {
                if replace || e.metadata.is_some() {
                    if let Some(Message::Activity(a)) = s.messages.get_mut(i) {
                        if replace {
                            // A replace re-mints the content and the owner, not the metadata.
                            a.activity_type = e.activity_type.clone();
                            a.content = e.content.clone();
                            a.subagent_run_id = e.subagent_run_id.clone();
                        }
                        if let Some(md) = &e.metadata {
                            merge_metadata(&mut a.metadata, md);
                        }
                    }
                }
            }
            Some(i) => {
                if replace {
                    let mut m = fresh();
                    if let Some(md) = &e.metadata {
                        merge_metadata(&mut m.metadata, md);
                    }
                    s.messages.replace(i, Message::Activity(Box::new(m)));
                    out.new_message = Some(i);
                }
            }
        }
    }

    pub(super) fn activity_delta(
        &mut self,
        s: &mut AgentState,
        e: &ActivityDeltaEvent,
        out: &mut Applied,
    ) {
        let Some(i) = s.messages.find(&e.message_id) else {
            return;
        };
        if !s.messages.get(i).is_some_and(Message::is_activity) {
            self.warn(format!(
                "ACTIVITY_DELTA: Message '{}' is not an activity message",
                e.message_id
            ));
            return;
        }
        let bounds = Bounds {
            max_depth: self.bounds.max_depth - ACTIVITY_DEPTH,
            ..self.bounds
        };
        let mut failed = None;
        let record = self.record_activity_edits;
        s.messages.patch(i, |m, edits| {
            let Message::Activity(a) = m else {
                return false;
            };
            let mut described =
                record && e.metadata.is_none() && a.activity_type == e.activity_type;
            if let Some(md) = &e.metadata {
                merge_metadata(&mut a.metadata, md);
            }
            // A patch that replaces the root could leave a non-object; keep a
            // copy for that rare case only, so the common path patches in place.
            let backup = e
                .patch
                .iter()
                .any(patch_targets_root)
                .then(|| a.content.clone());
            let (doc, size) = a.content.value_mut();
            let mut budget = Budget::new(bounds, size);
            // A failing patch leaves the content as it was (both roll back,
            // `apply_patch_edits` its edits too).
            let patched = match record {
                true => apply_patch_edits(doc, &e.patch, &mut budget, edits),
                false => apply_patch(doc, &e.patch, &mut budget),
            };
            match patched {
                Ok(()) if doc.is_object() => {
                    // Counted as it was patched: the next patch needs no measuring.
                    a.content.set_size(budget.size);
                    a.activity_type = e.activity_type.clone();
                    described &= edits.worth_following(budget.size);
                }
                Ok(()) => {
                    a.content = backup.unwrap_or_default();
                    described = false;
                    failed = Some("the result is not an object".to_string());
                }
                Err(err) => failed = Some(err.to_string()),
            }
            described
        });
        if let Some(why) = failed {
            self.warn(format!(
                "Failed to apply activity patch for '{}': {why}",
                e.message_id
            ));
        }
        out.messages_changed = true;
    }
}
