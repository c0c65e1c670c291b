import DuetCore

/// The chain promise checked on the data: a step marked `linkToNext` has, as its last
/// `notifyListener` effect's payload value, exactly the next step's `action.value` (canonical form).
///
/// Replay alone would not catch a recording whose seam was edited on one side only; this check does.
enum SeamCheck {
  static func check(_ step: FixtureStep, in plan: ReplayPlan, action: String) -> FixtureFailure? {
    guard step.linkToNext else { return nil }
    func broken(_ detail: String, _ divergence: Divergence? = nil) -> FixtureFailure {
      FixtureFailure(
        reason: .seamBroken, step: step.index, node: step.node, label: step.label, line: step.line,
        divergence: divergence, action: action, detail: detail)
    }
    let effects = plan.expectedEffectsTree(step.index).arrayValue ?? []
    guard
      let position = effects.lastIndex(where: { $0["payload"]?["case"] == .string("notifyListener") })
    else {
      return broken("step \(step.index) is marked linkToNext but records no notifyListener effect to hand on")
    }
    let nextIndex = step.index + 1
    guard nextIndex < plan.steps.count else {
      return broken(
        "step \(step.index) is marked linkToNext but is the last step: there is no next action to receive it")
    }
    let payload = effects[position]["payload"]?["value"]
    let next = plan.actionTree(nextIndex)?["value"]
    let payloadText = payload.map(FirstDivergence.render) ?? "∅"
    let nextText = next.map(FirstDivergence.render) ?? "∅"
    if payloadText == nextText, payload != nil { return nil }
    let root = "steps[\(nextIndex)].action.value"
    var divergence = Divergence(path: root, expected: payloadText, actual: nextText)
    if let payload, let next, let first = FirstDivergence.between(payload, next, root: root) {
      divergence = Divergence(path: first.path.description, expected: first.expectedText, actual: first.actualText)
    }
    return broken(
      "expectedEffects[\(position)].payload.value of step \(step.index) (its last notifyListener) is not the next "
        + "step's action value",
      divergence)
  }
}
