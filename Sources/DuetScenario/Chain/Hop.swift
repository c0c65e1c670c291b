import DuetCore

/// The seam between two nodes: the child's last delegate event becomes the parent's action.
///
/// `Hop("the ping→pong seam", from: ping, to: pong) { fired in .pingFired(count: fired.count) }`
/// reads the last `notifyListener` payload the previous step (on `from`) emitted, decodes it as
/// the child's delegate type, and sends the derived action to `to` as a recorded step. The mapping
/// is any function, as in Duet's Kotlin `hop { event -> RootAction.Splash(event) }`: real parents
/// receive a child's event wrapped in a labelled case (`{ .splash(event: $0) }`), a relay passes
/// it on as the action's value. The step before the hop is marked `linkToNext: true`, and the
/// derived action must *embed* the event unchanged — as its `value` or nested anywhere inside it
/// (the verifier checks the same on the recording); a hop that changes the event is refused.
public struct Hop: Sendable {
  let label: String
  let line: Int
  let from: ErasedNode
  let to: ErasedNode
  /// Derives the parent's action from the delegate event tree and runs it on the parent's state.
  let cross:
    @Sendable (_ event: JSONValue, _ eventRoot: String, _ parentState: JSONValue, Site)
      throws(ScenarioError) -> StepOutcome

  /// A hop from `child` to `parent`: `derive` turns the child's delegate event into the
  /// parent's action; `line` is recorded as the hop step's line.
  public init<
    ChildState, ChildAction, ChildPayload, Delegate, ParentState, ParentAction, ParentPayload, ParentDelegate
  >(
    _ label: String, from child: ChainNode<ChildState, ChildAction, ChildPayload, Delegate>,
    to parent: ChainNode<ParentState, ParentAction, ParentPayload, ParentDelegate>, line: Int = #line,
    _ derive: @escaping @Sendable (Delegate) -> ParentAction
  ) {
    self.label = label
    self.line = line
    self.from = child.erased
    self.to = parent.erased
    self.cross = { event, eventRoot, parentState, site throws(ScenarioError) in
      let delegate = try child.decodeDelegate(event, root: eventRoot, at: site)
      return try parent.apply(derive(delegate), to: parentState, at: site)
    }
  }
}
