import DuetCore
import DuetPlatform

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
    JUnitReport.render([suite(findings, summary: summary)], grouped: false)
  }

  /// The findings as one test suite, a case per recording (or target).
  static func suite(_ findings: [DriftFinding], summary: Summary) -> TestSuite {
    var order: [String] = []
    var byName: [String: [DriftFinding]] = [:]
    for finding in findings {
      let key = finding.kind == .scenarioFailed ? "target " + finding.name : finding.name
      if byName[key] == nil { order.append(key) }
      byName[key, default: []].append(finding)
    }
    let cases = order.map { key in
      let group = byName[key] ?? []
      var test = TestSuite.Case(classname: Program.name + ".record-check", name: key, file: group[0].file)
      let failures = group.filter(\.fails)
      if let head = failures.first {
        test.failure = TestSuite.Case.Failure(
          message: head.message, type: head.kind.rawValue,
          text: failures.map { "\($0.file): \($0.message)" }.joined(separator: "\n"))
      }
      return test
    }
    return TestSuite(name: Program.name + " record --check", durationMillis: summary.durationMillis ?? 0, cases: cases)
  }

  /// One `::error file=<recording>::<message>` per failing finding.
  static func annotations(_ findings: [DriftFinding]) -> [String] {
    findings.filter(\.fails).map { GitHubAnnotations.annotation(file: $0.file, line: nil, message: $0.message) }
  }
}
