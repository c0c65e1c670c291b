import DuetCore

/// The chain promise checked on the data: a step marked `linkToNext` emits, as its last
/// `notifyListener` effect's payload value, a delegate event that the next step's action carries —
/// as `action.value` itself (a bare relay) or nested anywhere inside it (a parent case wrapping it,
/// `{"case":"splash","value":{"event":<event>}}`, as real Duet apps hop). docs/recording.md calls this
/// embedding.
///
/// Replay alone would not catch a recording whose seam was edited on one side only; this check does.
enum SeamCheck {
  static func check(_ step: FixtureStep, in document: FixtureDocument, action: String) -> FixtureFailure? {
    guard step.linkToNext else { return nil }
    func broken(_ detail: String, _ divergence: Divergence? = nil) -> FixtureFailure {
      FixtureFailure(
        reason: .seamBroken, step: step.index, node: step.node, label: step.label, line: step.line,
        divergence: divergence, action: action, detail: detail)
    }
    let rerecord = "Re-record the chain: \(Program.name) record \(Option.chain.rawValue) \(document.name)"
    let effects = step.expectedEffects.tree?.arrayValue ?? []
    guard
      let position = effects.lastIndex(where: { $0["payload"]?["case"] == .string("notifyListener") }),
      let event = effects[position]["payload"]?["value"]
    else {
      return broken(
        "step \(step.index) is marked linkToNext but records no notifyListener effect, so it has no delegate event "
          + "to hand on (its effects: \(FirstDivergence.render(.array(effects)))). \(rerecord)")
    }
    let nextIndex = step.index + 1
    guard nextIndex < document.stepCount, let nextAction = document.step(nextIndex).action.tree else {
      return broken(
        "step \(step.index) is marked linkToNext but is the chain's last step: no next action can carry its delegate "
          + "event \(FirstDivergence.render(event)). \(rerecord)")
    }
    let root = "steps[\(nextIndex)].action.value"
    if let value = nextAction["value"], value.embeds(event) { return nil }
    let nextNode = document.step(nextIndex).node.map { " (\($0))" } ?? ""
    return broken(
      "step \(step.index)'s delegate event (expectedEffects[\(position)].payload.value, its last notifyListener) "
        + "is not carried by step \(nextIndex)\(nextNode)'s action, as its value or nested inside it.\n"
        + "  delegate emitted: \(FirstDivergence.render(event))\n"
        + "  next action:      \(FirstDivergence.render(nextAction))\n"
        + "  \(rerecord)",
      closest(event, in: nextAction["value"], root: root))
  }

  /// Where the next action most likely meant to carry `event`: the first nested value of the same
  /// sum case (or, for a plain value, the same keys), with the first path at which the two differ.
  static func closest(_ event: JSONValue, in value: JSONValue?, root: String) -> Divergence? {
    guard let value else { return Divergence(path: root, expected: FirstDivergence.render(event), actual: "∅") }
    let candidate = candidates(in: value, path: JSONPath(root: root)).first { looksLike($0.value, event) }
    let (path, tree) = candidate.map { ($0.path, $0.value) } ?? (JSONPath(root: root), value)
    guard let first = FirstDivergence.between(event, tree, root: path.description) else { return nil }
    return Divergence(path: first.path.description, expected: first.expectedText, actual: first.actualText)
  }

  /// Every value in `tree` with its path, outermost first, object members in canonical order.
  static func candidates(in tree: JSONValue, path: JSONPath) -> [(path: JSONPath, value: JSONValue)] {
    var found = [(path, tree)]
    switch tree {
    case .object(let members):
      for key in JSONValue.canonicalKeyOrder(members) {
        if let member = members[key] { found += candidates(in: member, path: path.appending(key: key)) }
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        found += candidates(in: element, path: path.appending(index: index))
      }
    default: break
    }
    return found
  }

  static func looksLike(_ candidate: JSONValue, _ event: JSONValue) -> Bool {
    guard let left = candidate.objectValue, let right = event.objectValue else { return false }
    if let eventCase = right["case"] { return left["case"] == eventCase }
    return Set(left.keys) == Set(right.keys)
  }
}
