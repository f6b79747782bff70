use super::*;

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
