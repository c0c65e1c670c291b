/// One line of `record --check`'s verdict as tools read it (`--json`, `--junit`, GitHub
/// annotations): a recording (or target) and what the check found about it.
///
/// Derived once from the `RecordPlan`, so the machine reports and the terminal report cannot
/// disagree about what drifted.
struct DriftFinding: Equatable, Sendable, Encodable {
  enum Kind: String, Sendable, Encodable {
    case identical
    case metadataOnly = "metadata-only"
    case drifted
    case new
    case unreadable
    case unlisted
    case vanished
    case scenarioFailed = "scenario-failed"
    /// A Swift-only feature (a `swift:` file, no Kotlin lane) the Swift runner does not serve.
    case unserved
  }

  /// The recording's name (the target's, for `scenario-failed`).
  var name: String
  /// The recording's display path (`fixtures/counter.fixture.json`), or the manifest for a target.
  var file: String
  var kind: Kind
  /// The first divergent path (behavioural for `drifted`, any for `metadata-only`).
  var path: String?
  /// What the file holds at `path`, and what the scenarios produce now (`drifted`).
  var recorded: String?
  var produced: String?
  /// One sentence: what was found and what to do.
  var message: String
  /// True when this finding fails the check.
  var fails: Bool

  /// Every finding of `plan`, in report order; with `applied` (`--write`), rewritten drift passes.
  static func all(_ plan: RecordPlan, manifest: Manifest, applied: Bool) -> [DriftFinding] {
    let manifestFile = manifest.location.displayName
    var findings: [DriftFinding] = plan.scenarioFailures.map { failure in
      let first = failure.message.split(separator: "\n").first.map(String.init) ?? failure.message
      return DriftFinding(
        name: failure.target.name, file: manifestFile, kind: .scenarioFailed,
        message: "the scenarios of \(failure.target.display) could not be recorded: \(first)", fails: true)
    }
    for entry in plan.entries {
      let name = entry.fixture.name
      var finding = DriftFinding(
        name: name, file: entry.file, kind: .identical, message: "identical", fails: false)
      switch entry.change {
      case .unchanged: break
      case .metadataOnly(let path):
        finding.kind = .metadataOnly
        finding.path = path
        finding.message = "metadata only" + (path.map { ", first at \($0)" } ?? " (layout)") + "; not gated"
      case .behavioural(let path, let recorded, let produced):
        finding.kind = .drifted
        (finding.path, finding.recorded, finding.produced) = (path, recorded, produced)
        finding.message =
          "behaviour drifted at \(path) (recorded: \(recorded), scenarios now: \(produced)). "
          + "Run \(Program.name) record if the change is intended."
      case .new:
        finding.kind = .new
        finding.message = "new: the scenarios produce it, but it is not recorded. Run \(Program.name) record."
      case .unreadable(let reason):
        finding.kind = .unreadable
        finding.message = "the recorded file \(reason). Run \(Program.name) record to rewrite it."
      }
      finding.fails = entry.change.isDrift && !applied
      findings.append(finding)
      if !entry.listed {
        findings.append(
          DriftFinding(
            name: name, file: entry.file, kind: .unlisted,
            message: "\(manifestFile) does not list it under \(entry.fixture.target.display); add it there.",
            fails: true))
      }
    }
    for item in plan.vanished {
      findings.append(
        DriftFinding(
          name: item.name, file: item.file, kind: .vanished,
          message: "no scenario produces it any more; retire it from \(manifestFile) and delete the file.",
          fails: true))
    }
    for item in plan.unserved {
      findings.append(
        DriftFinding(
          name: item.target.name, file: manifestFile, kind: .unserved,
          message:
            "\(item.reason), but \(manifestFile) gives \(item.target.display) a Swift file and no Kotlin one, so no "
            + "other core records it. Register it (and its scenarios) in the Swift runner's registry.",
          fails: true))
    }
    return findings
  }
}
