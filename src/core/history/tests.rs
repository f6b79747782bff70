use super::*;
use crate::core::json_patch::Edits;
use crate::core::types::{AssistantMessage, ToolCall, UserMessage};

fn user(id: &str) -> Message {
    Message::User(Box::new(UserMessage {
        id: id.into(),
        ..Default::default()
    }))
}

#[test]
fn a_repeated_lookup_follows_every_restructuring() {
    let mut h = History::new(vec![user("a"), user("b")]);
    assert_eq!((h.find("b"), h.find("b")), (Some(1), Some(1)));
    h.insert(0, user("z"));
    assert_eq!(h.find("b"), Some(2));
    // A later duplicate never shadows the first.
    h.push(user("b"));
    assert_eq!(h.find("b"), Some(2));
    h.replace(2, user("c"));
    assert_eq!((h.find("b"), h.find("c")), (Some(3), Some(2)));
    h.replace_all(vec![user("c")]);
    assert_eq!((h.find("b"), h.find("c")), (None, Some(0)));
    let _ = h.take_entries();
    assert_eq!(h.find("c"), None);
}

#[test]
fn finds_the_first_of_repeated_ids() {
    let mut h = History::new(vec![user("a"), user("b"), user("a")]);
    assert_eq!(h.find("a"), Some(0));
    h.insert(0, user("b"));
    assert_eq!(h.find("b"), Some(0));
    assert_eq!(h.find("a"), Some(1));
}

#[test]
fn appends_and_edits_keep_the_index_without_rebuilding() {
    let mut h = History::new((0..10_000).map(|i| user(&format!("m{i}"))).collect());
    assert_eq!(h.find("m9999"), Some(9999));
    let i = h.push(Message::Assistant(Box::new(AssistantMessage {
        id: "reply".into(),
        ..Default::default()
    })));
    for _ in 0..1000 {
        let at = h.find("reply").unwrap();
        h.append_text(at, "x", None);
    }
    assert_eq!(
        h.index_rebuilds(),
        1,
        "one build for the first lookup, none per delta"
    );
    assert_eq!(h.get(i).unwrap().text().len(), 1000);
}

/// The naive answer: ids not among those present at the start.
fn added(before: &[String], h: &History) -> Vec<usize> {
    (0..h.len())
        .filter(|&i| !before.iter().any(|id| id == h.get(i).unwrap().id()))
        .collect()
}

#[test]
fn new_messages_are_those_with_ids_not_there_before() {
    let start: Vec<Message> = ["a", "b", "c"].iter().map(|id| user(id)).collect();
    let ids: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
    type Edit = fn(&mut History);
    let runs: [(&str, Edit); 5] = [
        ("nothing", |_| {}),
        ("appends, one repeating an old id", |h| {
            h.push(user("d"));
            h.push(user("b"));
            h.push(user("e"));
            h.append_text(0, "x", None);
        }),
        ("a snapshot that drops and keeps", |h| {
            h.push(user("d"));
            h.replace_all(vec![user("c"), user("x"), user("a"), user("d")]);
        }),
        ("an insert in the middle, then appends", |h| {
            h.insert(1, user("i"));
            h.push(user("a"));
            h.push(user("z"));
        }),
        ("a merge through take and set", |h| {
            let mut kept = h.take_entries();
            kept.remove(0);
            let fresh = h.make_entry(user("n"));
            kept.insert(0, fresh);
            h.set_entries(kept);
        }),
    ];
    for (what, edit) in runs {
        let mut h = History::new(start.clone());
        h.watch_new();
        edit(&mut h);
        let want = added(&ids, &h);
        assert_eq!(h.new_since_watch(), want, "{what}");
    }
}

#[test]
fn after_an_empty_start_every_message_is_new() {
    type Edit = fn(&mut History);
    let runs: [(&str, Edit); 3] = [
        ("appends, one id twice", |h| {
            h.push(user("a"));
            h.push(user("a"));
        }),
        ("a snapshot", |h| h.replace_all(vec![user("c"), user("x")])),
        ("an append, then a merge through take and set", |h| {
            h.push(user("d"));
            let mut kept = h.take_entries();
            kept.push(h.make_entry(user("d")));
            h.set_entries(kept);
        }),
    ];
    for (what, edit) in runs {
        let mut h = History::new(Vec::new());
        h.watch_new();
        edit(&mut h);
        assert_eq!(h.new_since_watch(), added(&[], &h), "{what}");
        assert_eq!(
            h.new_since_watch(),
            Vec::<usize>::new(),
            "{what}: the watch ended"
        );
    }
}

#[test]
fn parallel_tool_calls_growing_in_one_message_stay_argument_growth() {
    let call = |id: &str| ToolCall {
        id: id.into(),
        ..Default::default()
    };
    let assistant = Message::Assistant(Box::new(AssistantMessage {
        id: "a".into(),
        tool_calls: Some(vec![call("t0"), call("t1"), call("t2")]),
        ..Default::default()
    }));
    let mut h = History::new(vec![user("u"), assistant]);
    for (id, delta) in [("t0", "{\"a\""), ("t2", "[1"), ("t0", ":1}"), ("t2", "]")] {
        assert!(h.append_args(1, id, delta, None));
    }
    assert_eq!(
        h.take_changes(),
        Changes {
            dirty: vec![(1, Mark::ArgsGrew)],
            restructured: false,
            args: vec![(1, 0, 0), (1, 2, 0)],
            patched: vec![],
            restated: None,
        },
        "each call once, from where it was"
    );
    h.append_args(1, "t2", ",2", None);
    assert_eq!(h.take_changes().args, vec![(1, 2, 3)]);
    h.append_args(1, "t1", "x", None);
    h.get_mut(1).unwrap();
    assert_eq!(h.take_changes().dirty, vec![(1, Mark::Changed)]);
}

/// The edits of `{"op": "add", "path": "/a", "value": n}`.
fn one_edit(n: u8) -> Edits {
    use crate::core::json_patch::{apply_patch_edits, Bounds, Budget};
    use crate::core::types::{PatchOp, Pointer};
    let mut edits = Edits::default();
    let op = PatchOp::Add {
        path: Pointer::parse("/a").unwrap(),
        value: serde_json::json!(n),
    };
    let mut budget = Budget::new(Bounds::default(), 0);
    apply_patch_edits(&mut serde_json::json!({}), &[op], &mut budget, &mut edits).unwrap();
    edits
}

#[test]
fn patches_alone_are_told_as_their_edits() {
    let edit = |n: u8| {
        move |_: &mut Message, edits: &mut Edits| {
            edits.append(&one_edit(n));
            true
        }
    };
    let mut h = History::new(vec![user("a"), user("b")]);
    h.patch(1, edit(1));
    h.patch(1, edit(2));
    let changes = h.take_changes();
    assert_eq!(changes.dirty, vec![(1, Mark::Patched)]);
    assert_eq!(changes.patched.len(), 1);
    assert_eq!(changes.patched[0].0, 1);
    assert_eq!(
        changes.patched[0].1.len(),
        2,
        "both patches' edits, in order"
    );
    h.patch(1, edit(3));
    h.get_mut(1).unwrap();
    h.patch(1, edit(4));
    let changes = h.take_changes();
    assert_eq!(
        changes.dirty,
        vec![(1, Mark::Changed)],
        "any other change wins"
    );
    assert!(changes.patched.is_empty(), "and its edits are dropped");
    h.patch(0, |_, _| false);
    assert_eq!(
        h.take_changes().dirty,
        vec![(0, Mark::Changed)],
        "edits that do not say it all"
    );
    h.patch(0, |_, edits| {
        for _ in 0..=crate::core::json_patch::MAX_FOLLOWED {
            edits.append(&one_edit(0));
        }
        edits.worth_following(0)
    });
    assert_eq!(
        h.take_changes().dirty,
        vec![(0, Mark::Changed)],
        "too many to follow"
    );
}

#[test]
fn changes_say_what_moved() {
    let mut h = History::new(vec![user("a"), user("b")]);
    assert!(h.take_changes().is_empty());
    h.append_text(1, "x", None);
    h.append_text(1, "y", None);
    h.push(user("c"));
    assert_eq!(
        h.take_changes(),
        Changes {
            dirty: vec![(1, Mark::Appended(0)), (2, Mark::Changed)],
            restructured: false,
            args: vec![],
            patched: vec![],
            restated: None,
        }
    );
    h.append_text(1, "z", None);
    h.get_mut(1).unwrap();
    assert_eq!(
        h.take_changes().dirty,
        vec![(1, Mark::Changed)],
        "any other change wins"
    );
    h.insert(0, user("z"));
    assert!(h.take_changes().restructured);
    let serial = h.entries()[1].serial;
    h.replace_all(vec![user("z"), user("a"), user("changed")]);
    assert_eq!(
        h.entries()[1].serial,
        serial,
        "an equal message keeps its entry"
    );
}

#[test]
fn a_restated_text_describes_the_history_until_anything_changes_it() {
    let text: SharedText = "[...]".into();
    let restated = |h: &mut History| {
        h.restate(vec![user("a"), user("b")], Some(text.clone()));
        h.take_changes().restated.expect("restated")
    };
    let mut h = History::new(vec![user("old")]);
    let r = restated(&mut h);
    assert!(r.describes(&h));
    assert_eq!(h.find("b"), Some(1));
    // Each way the history can change after.
    let changes: [fn(&mut History); 4] = [
        |h| {
            h.push(user("c"));
        },
        |h| {
            h.get_mut(0);
        },
        |h| h.replace(1, user("b")),
        |h| h.insert(0, user("z")),
    ];
    for change in changes {
        let r = restated(&mut h);
        change(&mut h);
        assert!(!r.describes(&h));
    }
    // Without text, nothing is restated; a restructuring forgets it.
    h.restate(vec![user("a")], None);
    assert_eq!(h.take_changes().restated, None);
    h.restate(vec![user("a")], Some(text.clone()));
    let kept = h.take_entries();
    h.set_entries(kept);
    assert_eq!(h.take_changes().restated, None);
}
