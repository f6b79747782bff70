//! MESSAGES_SNAPSHOT: the history restated, keeping the activity messages
//! of types the snapshot does not declare it owns.

use super::*;

impl Reducer {
    /// `messages` are the event's own, or taken out of it (see
    /// [`Reducer::apply_mut`]) to be moved in where nothing is matched;
    /// `text` is theirs, where it says exactly what they hold.
    pub(super) fn messages_snapshot(
        &mut self,
        s: &mut AgentState,
        e: &MessagesSnapshotEvent,
        messages: Cow<'_, [Message]>,
        text: Option<SharedText>,
    ) {
        let old = s.messages.take_entries();
        if old.is_empty() {
            // Nothing to keep or match: the snapshot as it is, without
            // hashing its ids (half the reducer's time on a 10,000-message
            // snapshot, native profile).
            s.messages.restate(messages.into_owned(), text);
            s.messages.keep_results_with_calls();
            return;
        }
        let owned = authoritative_activity_types(e.metadata.as_ref());
        let has_activity = messages.iter().any(Message::is_activity);
        let has_reasoning = messages.iter().any(|m| matches!(m, Message::Reasoning(_)));
        let preserved = |m: &Message| match m {
            Message::Activity(a) => match &owned {
                Authority::Types(types) => !types.contains(&a.activity_type),
                Authority::All => false,
                Authority::Inferred => !has_activity,
            },
            Message::Reasoning(_) => !has_reasoning,
            _ => false,
        };
        // The last snapshot message with an id wins, as a JS Map's `set` does.
        let mut by_id = HashMap::with_capacity_and_hasher(messages.len(), Default::default());
        for (i, m) in messages.iter().enumerate() {
            by_id.insert(m.id(), i);
        }
        let mut kept: Vec<Entry> = Vec::with_capacity(messages.len());
        let mut ids: HashSet<String> = HashSet::default();
        for entry in old {
            let id = entry.message.id().to_owned();
            match by_id.get(id.as_str()) {
                Some(&j) => {
                    let fresh = &messages[j];
                    if *fresh == entry.message {
                        kept.push(entry);
                    } else {
                        kept.push(s.messages.make_entry(fresh.clone()));
                    }
                }
                None if preserved(&entry.message) => kept.push(entry),
                None => continue,
            }
            ids.insert(id);
        }
        for m in messages.iter() {
            if !ids.contains(m.id()) {
                kept.push(s.messages.make_entry(m.clone()));
            }
        }
        s.messages.set_entries(kept);
        s.messages.keep_results_with_calls();
    }
}

/// Which activity types a snapshot declares it owns.
pub(super) enum Authority {
    /// No declaration: a snapshot that carries activity owns all of it.
    Inferred,
    /// `null`: every type.
    All,
    /// These types only (an invalid declaration owns none).
    Types(Vec<String>),
}

pub(super) fn authoritative_activity_types(metadata: Option<&Metadata>) -> Authority {
    let Some(v) = metadata.and_then(|m| m.get(ACTIVITY_HISTORY_KEY)) else {
        return Authority::Inferred;
    };
    let Value::Object(decl) = v else {
        return Authority::Types(Vec::new());
    };
    match decl.get("authoritativeActivityTypes") {
        None => Authority::Inferred,
        Some(Value::Null) => Authority::All,
        Some(Value::Array(items)) => {
            let types: Option<Vec<String>> = items
                .iter()
                .map(|t| t.as_str().map(str::to_owned))
                .collect();
            Authority::Types(types.unwrap_or_default())
        }
        Some(_) => Authority::Types(Vec::new()),
    }
}

/// The metadata key under which a snapshot declares which activity types it owns.
pub(super) const ACTIVITY_HISTORY_KEY: &str = "@ag-ui/client";
