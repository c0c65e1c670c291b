import DuetCore
import Foundation

/// `record --check`'s machine reports, from its findings: `--json` (one object on stdout),
/// `--junit FILE` (one test case per recording), and GitHub annotations on each failing recording
/// (file = the recording, message = its first divergent path).
enum DriftReports {
  struct Summary: Encodable {
    var passed: Bool
    var applied: Bool
    var recordings: Int
    var drifted: Int
    var new: Int
    var vanished: Int
    var unlisted: Int
    var metadataOnly: Int
    var identical: Int
    var scenarioFailures: Int
    var durationMillis: Int?
  }

  struct Document: Encodable {
    var summary: Summary
    var findings: [DriftFinding]
  }

  static func summary(_ findings: [DriftFinding], passed: Bool, applied: Bool, durationMillis: Int?) -> Summary {
    func count(_ kinds: DriftFinding.Kind...) -> Int { findings.filter { kinds.contains($0.kind) }.count }
    let recordings = Set(findings.filter { $0.kind != .scenarioFailed }.map(\.name)).count
    return Summary(
      passed: passed, applied: applied, recordings: recordings, drifted: count(.drifted, .unreadable), new: count(.new),
      vanished: count(.vanished), unlisted: count(.unlisted), metadataOnly: count(.metadataOnly),
      identical: count(.identical), scenarioFailures: count(.scenarioFailed), durationMillis: durationMillis)
  }

  /// `--json`: `{"findings":[…],"summary":{…}}`, canonical compact, one line.
  static func json(_ findings: [DriftFinding], summary: Summary) -> String {
    ((try? CanonicalEncoder().compact(Document(summary: summary, findings: findings))) ?? "{}") + "\n"
  }

  /// `--junit FILE`: one test case per recording (and per target that failed to compile); a
  /// recording's failing findings are its failure.
  static func junit(_ findings: [DriftFinding], summary: Summary) -> String {
    var order: [String] = []
    var byName: [String: [DriftFinding]] = [:]
    for finding in findings {
      let key = finding.kind == .scenarioFailed ? "target " + finding.name : finding.name
      if byName[key] == nil { order.append(key) }
      byName[key, default: []].append(finding)
    }
    let failing = order.filter { byName[$0]?.contains(where: \.fails) ?? false }.count
    let seconds = String(format: "%.3f", Double(summary.durationMillis ?? 0) / 1000)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuite name=\"\(Program.name) record --check\" tests=\"\(order.count)\" failures=\"\(failing)\" errors=\"0\" "
      + "skipped=\"0\" time=\"\(seconds)\">\n"
    for key in order {
      let group = byName[key] ?? []
      let first = group[0]
      let escape = JUnitReport.escape
      xml +=
        "  <testcase classname=\"\(Program.name).record-check\" name=\"\(escape(key))\" file=\"\(escape(first.file))\""
      let failures = group.filter(\.fails)
      if let head = failures.first {
        let text = failures.map { "\($0.file): \($0.message)" }.joined(separator: "\n")
        xml += ">\n    <failure message=\"\(escape(head.message))\" type=\"\(head.kind.rawValue)\">"
        xml += escape(text) + "</failure>\n  </testcase>\n"
      } else {
        xml += "/>\n"
      }
    }
    return xml + "</testsuite>\n"
  }

  /// One `::error file=<recording>::<message>` per failing finding.
  static func annotations(_ findings: [DriftFinding]) -> [String] {
    findings.filter(\.fails).map { GitHubAnnotations.annotation(file: $0.file, line: nil, message: $0.message) }
  }
}
