/// The manifest edits `record` asks a person to make: lines to add for new recordings, lines to
/// retire for recordings no scenario produces. `record` never edits the manifest itself and never
/// deletes a recording; it says exactly what to change instead.
enum RecordManifestHints {
  /// One block per target: the exact lines to add for the recordings its scenarios produce but the
  /// manifest does not list (or lists under another feature).
  static func unlisted(_ entries: [RecordPlan.Entry], manifest: Manifest, mark: String) -> [String] {
    let file = manifest.location.displayName
    var blocks: [String] = []
    var order: [RecordTarget] = []
    var byTarget: [RecordTarget: [RecordPlan.Entry]] = [:]
    for entry in entries {
      if byTarget[entry.fixture.target] == nil { order.append(entry.fixture.target) }
      byTarget[entry.fixture.target, default: []].append(entry)
    }
    for target in order {
      let group = byTarget[target] ?? []
      let subject =
        group.count == 1 ? "'\(group[0].fixture.name)', which" : "\(group.count) recordings, which"
      let lead = "\(mark) \(file) does not list \(subject) the scenarios of \(target.display) record."
      var lines: [String]
      switch target {
      case .feature(let name):
        let at = manifest.feature(named: name).map { " (\(file):\($0.line))" } ?? ""
        lines = [lead + " Add to the fixtures: list of feature '\(name)'\(at):"]
        lines += group.map { "      - " + $0.fixture.name }
      case .chain:
        lines = [lead + " Add to its chains: list:"]
        lines += group.map { "  - " + $0.fixture.name }
      }
      for entry in group {
        if let other = entry.listedElsewhere {
          let owner = other.owner.map { "feature '\($0)'" } ?? "chains:"
          lines.append("  and retire \(file):\(other.line) (- \(other.name)), which lists it under \(owner).")
        }
      }
      blocks.append(lines.joined(separator: "\n"))
    }
    return blocks
  }

  /// The refusal for a recording whose name belongs to another target: which two targets, and that
  /// nothing was written for it.
  static func claimed(_ entry: RecordPlan.Entry, manifest: Manifest, mark: String) -> String {
    let file = manifest.location.displayName
    let producer = entry.fixture.target.display
    let other: String
    if let listed = entry.listedElsewhere {
      other = "\(file):\(listed.line) lists it under " + (listed.owner.map { "feature '\($0)'" } ?? "chains:")
    } else {
      other = "the scenarios of \(entry.producedBy?.display ?? "another target") produce it too"
    }
    return "\(mark) \(entry.file) — the scenarios of \(producer) produce it, but \(other), so nothing was written for "
      + "it. Rename the scenario, or move the manifest line to the feature that records it."
  }

  /// One line per recording nothing produces any more, with the manifest line to retire.
  static func vanished(_ item: RecordPlan.Vanished, manifest: Manifest, mark: String) -> String {
    let file = manifest.location.displayName
    let subject = item.onDisk ? item.file : "'\(item.name)'"
    var text = "\(mark) \(subject) — no scenario produces it any more"
    switch (item.listed, item.onDisk) {
    case (let listed?, true):
      text += "; retire \(file):\(listed.line) (- \(item.name)) and delete the file"
    case (let listed?, false):
      text += "; retire \(file):\(listed.line) (- \(item.name))"
    case (nil, _):
      text += " and \(file) does not list it; delete the file"
    }
    return text + " (record never deletes a recording)."
  }
}
