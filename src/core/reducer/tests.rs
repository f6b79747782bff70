use super::*;
use serde_json::json;

#[test]
fn apply_mut_moves_a_snapshot_and_otherwise_applies() {
    let snapshot = serde_json::json!({"items": [1, 2, 3], "n": {"deep": true}});
    let events = [
        Event::StateSnapshot(StateSnapshotEvent {
            snapshot: snapshot.clone().into(),
            ..Default::default()
        }),
        Event::StateDelta(StateDeltaEvent {
            delta: vec![PatchOp::Replace {
                path: Pointer::parse("/n/deep").unwrap(),
                value: false.into(),
            }],
            ..Default::default()
        }),
    ];
    let (mut by_ref, mut by_mut) = (AgentState::default(), AgentState::default());
    let (mut r1, mut r2) = (Reducer::new(), Reducer::new());
    for event in events {
        let applied = r1.apply(&mut by_ref, &event);
        let mut owned = event.clone();
        assert_eq!(r2.apply_mut(&mut by_mut, &mut owned), applied);
        assert_eq!(by_mut.state, by_ref.state);
    }
    assert_eq!(by_mut.state["n"]["deep"], false);
    assert_eq!(by_mut.state["items"], snapshot["items"]);
}

#[test]
fn a_snapshot_into_an_empty_history_is_what_it_is_into_one_it_replaces() {
    use crate::core::history::History;
    use crate::core::types::UserMessage;
    let user = |id: &str, text: &str| {
        Message::User(Box::new(UserMessage {
            id: id.into(),
            content: Content::Text(text.into()),
            ..Default::default()
        }))
    };
    // A repeated id, which the reference keeps twice.
    let snapshot = Event::MessagesSnapshot(MessagesSnapshotEvent {
        messages: vec![user("a", "1"), user("b", "2"), user("a", "3")].into(),
        ..Default::default()
    });
    let mut empty = AgentState::default();
    let mut replaced = AgentState {
        messages: History::new(vec![user("gone", "0")]),
        ..Default::default()
    };
    Reducer::new().apply(&mut empty, &snapshot);
    Reducer::new().apply(&mut replaced, &snapshot);
    let texts = |s: &AgentState| {
        s.messages
            .iter()
            .map(|m| m.text().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(texts(&empty), ["1", "2", "3"]);
    assert_eq!(texts(&replaced), texts(&empty));
    assert_eq!(empty.messages.find("b"), Some(1));
}

#[test]
fn apply_mut_restates_a_history_as_apply_does() {
    use crate::core::history::History;
    use crate::core::types::FromJson;
    let m = |v: Value| Message::from_json(v).unwrap();
    let history = || {
        History::new(vec![
            m(json!({"id": "r0", "role": "reasoning", "content": "thinking"})),
            m(json!({"id": "x", "role": "activity", "activityType": "plan", "content": {}})),
            m(json!({"id": "a", "role": "user", "content": "hi"})),
        ])
    };
    let snapshots = [
        // Brings reasoning of its own, so the old reasoning goes; the
        // activity, of a type it does not declare, stays.
        vec![
            m(json!({"id": "a", "role": "user", "content": "hi again"})),
            m(json!({"id": "r1", "role": "reasoning", "content": "more"})),
        ],
        // None: the old reasoning stays too.
        vec![m(json!({"id": "b", "role": "user", "content": "new"}))],
    ];
    for messages in snapshots {
        let event = Event::MessagesSnapshot(MessagesSnapshotEvent {
            messages: messages.into(),
            ..Default::default()
        });
        let mut by_ref = AgentState {
            messages: history(),
            ..Default::default()
        };
        let mut by_mut = AgentState {
            messages: history(),
            ..Default::default()
        };
        let applied = Reducer::new().apply(&mut by_ref, &event);
        let mut owned = event.clone();
        assert_eq!(Reducer::new().apply_mut(&mut by_mut, &mut owned), applied);
        let ids = |s: &AgentState| {
            s.messages
                .iter()
                .map(|m| m.id().to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&by_mut), ids(&by_ref));
        assert!(by_mut.messages.iter().eq(by_ref.messages.iter()));
    }
}

#[test]
fn activity_content_kept_as_text_patches_as_a_tree_does() {
    use crate::core::decode::Decoder;
    let items: Vec<Value> = (0..300)
        .map(|i| json!({"id": i, "step": format!("step {i}"), "done": false}))
        .collect();
    let content = serde_json::to_string(&json!({ "items": items })).unwrap();
    let snapshot = format!(
        r#"{{"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"plan","content":{content}}}"#
    );
    let deltas = [
        r#"{"type":"ACTIVITY_DELTA","messageId":"a","activityType":"plan","patch":[{"op":"replace","path":"/items/7/done","value":true}]}"#,
        // Fails (no such member): the content stays as it was.
        r#"{"type":"ACTIVITY_DELTA","messageId":"a","activityType":"plan","patch":[{"op":"add","path":"/items/1","value":0},{"op":"remove","path":"/nope"}]}"#,
        // Leaves a non-object: refused, the content stays as it was.
        r#"{"type":"ACTIVITY_DELTA","messageId":"a","activityType":"plan","patch":[{"op":"replace","path":"","value":[1]}]}"#,
        r#"{"type":"ACTIVITY_DELTA","messageId":"a","activityType":"done","patch":[{"op":"remove","path":"/items/0"}]}"#,
    ];
    // Once with the snapshot's content kept as text, once built as a tree.
    let run = |as_text: bool| {
        let (mut s, mut r, mut w) = (AgentState::default(), Reducer::new(), Vec::new());
        let mut d = Decoder::new();
        let mut first = d.decode_str(&snapshot, &mut w).unwrap().unwrap();
        if let Event::ActivitySnapshot(e) = &mut first {
            assert!(e.content.text().is_some());
            if !as_text {
                let tree = e.content.value().as_object().unwrap().clone();
                e.content = tree.into();
                assert!(e.content.text().is_none());
            }
        }
        r.apply(&mut s, &first);
        for delta in deltas {
            r.apply(&mut s, &d.decode_str(delta, &mut w).unwrap().unwrap());
        }
        (
            crate::core::json::to_json(&s.messages.iter().collect::<Vec<_>>()),
            r.warnings,
        )
    };
    let (text, tree) = (run(true), run(false));
    assert_eq!(text, tree);
    assert_eq!(text.1.len(), 2, "{:?}", text.1);
    assert!(text.0.contains(r#""activityType":"done""#));
    assert!(text.0.starts_with(
        r#"[{"id":"a","role":"activity","activityType":"done","content":{"items":[{"id":1,"#
    ));
}

#[test]
fn an_activitys_patches_are_followed_while_they_say_less_than_converting_it_whole() {
    use crate::core::history::Mark;
    let replace = |value: serde_json::Value| {
        Event::ActivityDelta(ActivityDeltaEvent {
            message_id: "a".into(),
            activity_type: "PLAN".into(),
            patch: vec![PatchOp::Replace {
                path: Pointer::parse("/note").unwrap(),
                value,
            }],
            ..Default::default()
        })
    };
    let mut s = AgentState::default();
    let mut r = Reducer::new();
    r.record_activity_edits = true;
    r.apply(
        &mut s,
        &Event::ActivitySnapshot(ActivitySnapshotEvent {
            message_id: "a".into(),
            activity_type: "PLAN".into(),
            content: json!({"note": "", "steps": [1, 2, 3]})
                .as_object()
                .cloned()
                .unwrap()
                .into(),
            ..Default::default()
        }),
    );
    s.messages.take_changes();
    // Small edits are followed, in order.
    r.apply(&mut s, &replace(json!("x")));
    r.apply(&mut s, &replace(json!("y")));
    let changes = s.messages.take_changes();
    assert_eq!(changes.dirty, vec![(0, Mark::Patched)]);
    assert_eq!(changes.patched[0].1.len(), 2);
    // One member replaced over and over by a large value: the edits would
    // hold many times what the content does, so the message is converted
    // whole instead, and nothing of them is kept.
    let large = "z".repeat(20 << 10);
    for _ in 0..5 {
        r.apply(&mut s, &replace(json!(large)));
    }
    let changes = s.messages.take_changes();
    assert_eq!(changes.dirty, vec![(0, Mark::Changed)]);
    assert!(changes.patched.is_empty());
    let Some(Message::Activity(a)) = s.messages.get(0) else {
        panic!("the activity");
    };
    assert_eq!(a.content.value()["note"], json!(large));
    // With no copies to follow them, none are recorded.
    r.record_activity_edits = false;
    r.apply(&mut s, &replace(json!("small")));
    let changes = s.messages.take_changes();
    assert_eq!(changes.dirty, vec![(0, Mark::Changed)]);
    assert!(changes.patched.is_empty());
}
