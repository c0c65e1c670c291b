/// A `verify` run as test suites: one per lane (named by its lane when lanes are), a case per
/// recording with its failure block (whose `next:` reproduces that lane), then a case each for
/// lint, taxonomy and runner problems. Lint and the taxonomy belong to the recordings: they are
/// counted once, in the first lane's suite.
enum VerifyTestSuites {
  static func suites(_ run: RunResult) -> [TestSuite] {
    run.shownLanes.enumerated().map { index, lane in suite(lane, of: run, first: index == 0) }
  }

  static func suite(_ lane: LaneResult, of run: RunResult, first: Bool) -> TestSuite {
    let tag = run.naming.tag(lane.platform)
    var name = tag.map { Program.name + " " + $0 } ?? Program.name
    if let shard = run.shard { name += " shard \(shard.index) of \(shard.count)" }
    let prefix = tag.map { Program.name + "." + $0 } ?? Program.name
    let arguments = run.arguments(reproducing: lane)
    var cases: [TestSuite.Case] = lane.fixtures.map { result in
      let owner = result.kind == .chain ? "chains" : (result.feature ?? "fixtures")
      var test = TestSuite.Case(
        classname: prefix + "." + owner, name: result.name, file: result.file, durationMillis: result.durationMillis)
      if let block = FailureBlock.render(result, arguments: arguments), let message = FailureBlock.oneLine(result),
        let reason = result.failure?.reason
      {
        test.failure = TestSuite.Case.Failure(message: message, type: reason.rawValue, text: block)
      }
      return test
    }
    var extra: [(name: String, lines: [String])] = []
    if first, !run.lintProblems.isEmpty { extra.append(("lint", run.lintProblems.map(\.description))) }
    let taxonomy = first ? run.taxonomyErrors.map(\.message) : []
    if !taxonomy.isEmpty { extra.append(("taxonomy", taxonomy)) }
    let runner = lane.runnerFailures.map(\.description)
    if !runner.isEmpty { extra.append(("runner", runner)) }
    for (kind, lines) in extra {
      let message = lines.count == 1 ? lines[0] : "\(lines.count) problems"
      cases.append(
        TestSuite.Case(
          classname: prefix, name: kind, durationMillis: 0,
          failure: TestSuite.Case.Failure(message: message, type: kind, text: lines.joined(separator: "\n"))))
    }
    return TestSuite(name: name, durationMillis: run.durationMillis, cases: cases)
  }
}
