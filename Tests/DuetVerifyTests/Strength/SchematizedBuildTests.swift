import DuetRunner
import Foundation
import TestSupport
import XCTest

@testable import DuetVerify

/// The one build: a realistic reducer schematized, compiled with its switch file by `swiftc`
/// (Swift 6 language mode, strict concurrency; typechecked in Swift 5 mode and with main-actor
/// default isolation too), then run with no mutant and with each mutant
/// active. Every mutant must change what the reducer does, exactly as its one-line diff says,
/// and the trace must list exactly the sites a run evaluated.
final class SchematizedBuildTests: XCTestCase {
  static let reducer = """
    struct CounterState: Sendable {
      var count = 0
      var limit = 2
      var ratio: Double = 0
      var name = ""
      var saved = false
      var token: CounterAction? = nil
    }

    enum CounterAction: Sendable {
      case increment
      case decrement
      case rename(String)
      case save
    }

    enum CounterEffect: Equatable, Sendable {
      case persist(Int)
      case log(String)
    }

    nonisolated func counterReducer(state: inout CounterState, action: CounterAction) -> [CounterEffect] {
      switch action {
      case .increment:
        guard state.count < state.limit else { return [] }
        state.count += 1
        let scale: Double = 4
        state.ratio = Double(state.count) / scale
        return [.log("count \\(state.count + 1) // < not code")]
      case .decrement:
        if state.count > 0 && !state.saved {
          state.count = state.count - 1
        }
        return []
      case .rename(let text):
        if text == state.name { return [] }
        state.name = text
        return []
      case .save:
        guard state.token == nil else { return [] }
        state.saved = true
        return [.persist(state.count)]
      }
    }
    """

  /// Sites whose operand types the plain generic operators do not cover: they must compile too.
  static let helpers = """
    func isInteger<T>(_ type: T.Type) -> Bool {
      T.self == Int.self
    }

    func secondByte(_ bytes: UnsafePointer<UInt8>) -> UInt8 {
      (bytes + 1).pointee
    }

    func nudge(_ pointer: inout UnsafeMutablePointer<UInt8>, by step: Int) {
      pointer += step
    }

    func label(_ name: String, _ count: Int) -> String {
      name + " has " + String(count)
    }
    """

  /// The driver: `reducer` is how the reducer to run is chosen; with an argument `one`, only
  /// one `.increment` is sent; with `idle`, none (only the start-up, building the state, runs).
  static func main(reducer: String) -> String {
    """
    let reducer: (inout CounterState, CounterAction) -> [CounterEffect] = \(reducer)
    let script: [CounterAction]
    if CommandLine.arguments.last == "one" {
      script = [.increment]
    } else if CommandLine.arguments.last == "idle" {
      script = []
    } else {
      script = [.decrement, .increment, .increment, .increment, .decrement, .decrement, .rename("a"), .save, .decrement]
    }
    var state = CounterState()
    print(state.count, state.ratio, state.name, state.saved)
    for action in script {
      let effects = reducer(&state, action)
      print(state.count, state.ratio, state.name, state.saved, effects)
    }
    """
  }

  static let baseline = """
    0 0.0  false
    0 0.0  false []
    1 0.25  false [App.CounterEffect.log("count 2 // < not code")]
    2 0.5  false [App.CounterEffect.log("count 3 // < not code")]
    2 0.5  false []
    1 0.5  false []
    0 0.5  false []
    0 0.5 a false []
    0 0.5 a true [App.CounterEffect.persist(0)]
    0 0.5 a true []

    """

  func testEveryMutantOfTheOneBuildChangesTheRunAndTheTraceListsTheEvaluatedSites() throws {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard let swiftc = RunnerCommand.search("swiftc", path: path) else {
      throw XCTSkip("swiftc is not on PATH, so the schematized build cannot be compiled here")
    }
    let folder = try TemporaryFolder(prefix: "schematized-build")
    try folder.write("Sources/Logic/Counter.swift", Self.reducer)
    try folder.write("Sources/Logic/Helpers.swift", Self.helpers)
    let plan = try MutationPlanner.plan(
      package: folder.url, files: ["Sources/Logic/Counter.swift", "Sources/Logic/Helpers.swift"], table: nil)
    XCTAssertEqual(
      plan.mutants.filter { $0.file.hasSuffix("Helpers.swift") }.map(\.mutationOperator),
      [.equality, .arithmetic, .integerLiteral, .compoundAssignment], "no site in the line that joins text")
    XCTAssertEqual(
      Set(plan.mutants.filter { $0.file.hasSuffix("Counter.swift") }.map(\.mutationOperator)),
      Set(MutationOperator.allCases).subtracting([.table]),
      "the reducer has a site of every operator")
    XCTAssertTrue(plan.mutants.allSatisfy(\.schematized))
    for (file, text) in plan.rewrittenFiles { try folder.write("scratch/" + file, text) }
    try folder.write("scratch/main.swift", Self.main(reducer: "counterReducer"))
    let sources = [
      "Sources/Logic/Counter.swift", "Sources/Logic/Helpers.swift", "Sources/Logic/DuetVerifyMutantSwitch.swift",
      "main.swift",
    ]
    .map { folder.url.appendingPathComponent("scratch/" + $0).path }
    let scratch = folder.url.appendingPathComponent("scratch")
    let swift5 = try CommandRun.run(
      URL(fileURLWithPath: swiftc), ["-typecheck", "-swift-version", "5", "-module-name", "App"] + sources, in: scratch,
      deadline: 600)
    XCTAssertEqual(swift5.code, 0, "Swift 5 mode: \(swift5.all)")
    let mainActor = try CommandRun.run(
      URL(fileURLWithPath: swiftc),
      ["-typecheck", "-swift-version", "6", "-default-isolation", "MainActor", "-module-name", "App"] + sources,
      in: scratch, deadline: 600)
    XCTAssertEqual(mainActor.code, 0, "main-actor default isolation: \(mainActor.all)")
    let built = try CommandRun.run(
      URL(fileURLWithPath: swiftc), ["-swift-version", "6", "-module-name", "App", "-o", "counter"] + sources,
      in: scratch, deadline: 600)
    XCTAssertEqual(built.code, 0, built.all)
    let binary = scratch.appendingPathComponent("counter")

    let original = try CommandRun.run(binary, [], in: scratch)
    XCTAssertEqual(original.out, Self.baseline)
    let reducerMutants = plan.mutants.filter { $0.file.hasSuffix("Counter.swift") }
    let applied = try buildEachMutantApplied(reducerMutants, swiftc: swiftc, in: folder)
    for mutant in reducerMutants {
      let run = try CommandRun.run(binary, [], in: scratch, environment: [Mutant.activeVariable: mutant.id])
      XCTAssertNotEqual(run.out, Self.baseline, "mutant \(mutant.id) (\(mutant.mutatedLine)) changed nothing")
      guard let applied, mutant.start.line >= Self.reducerLine else { continue }
      let alone = try CommandRun.run(applied, [mutant.id], in: scratch)
      XCTAssertEqual(run.out, alone.out, "mutant \(mutant.id) (\(mutant.mutatedLine)) is not its change made alone")
    }
    let boundary = try XCTUnwrap(plan.mutants.first { $0.mutationOperator == .relationalBoundary })
    let lastIncrement = try CommandRun.run(binary, [], in: scratch, environment: [Mutant.activeVariable: boundary.id])
    XCTAssertEqual(
      lastIncrement.out.split(separator: "\n")[4], "3 0.75  false [App.CounterEffect.log(\"count 4 // < not code\")]")
    let ratio = try XCTUnwrap(plan.mutants.first { $0.original == "4" })
    let quarter = try CommandRun.run(binary, [], in: scratch, environment: [Mutant.activeVariable: ratio.id])
    XCTAssertEqual(
      quarter.out.split(separator: "\n")[2], "1 0.2  false [App.CounterEffect.log(\"count 2 // < not code\")]")

    let prefix = folder.url.appendingPathComponent("trace").path
    let traced = try CommandRun.run(binary, ["one"], in: scratch, environment: [Mutant.traceVariable: prefix])
    XCTAssertEqual(traced.code, 0)
    let traces = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("trace-") }
    XCTAssertEqual(traces.count, 1, "one trace file per process")
    let listed = try folder.read(try XCTUnwrap(traces.first)).split(separator: "\n").map(String.init)
    // The state's default values, then the `.increment` case.
    let lines = Self.reducer.split(separator: "\n", omittingEmptySubsequences: false)
    let stateEnd = try XCTUnwrap(lines.firstIndex { $0 == "}" }) + 1
    let increment = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("case .increment:") }) + 1
    let decrement = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("case .decrement:") }) + 1
    let evaluated = reducerMutants.filter {
      (1...stateEnd).contains($0.start.line) || (increment...decrement).contains($0.start.line)
    }
    XCTAssertEqual(
      listed.sorted(), evaluated.map(\.id).sorted(), "the trace lists exactly the sites one increment evaluates")
    XCTAssertEqual(Set(listed).count, listed.count, "each id once")

    // Start-up (here: building the state, as a runner's registry builds every scenario's `Given`)
    // is counted by a runner with no request, then left out of the requests' trace.
    let startupPrefix = folder.url.appendingPathComponent("startup").path
    let probe = try CommandRun.run(
      binary, ["idle"], in: scratch,
      environment: [Mutant.traceVariable: startupPrefix, Mutant.startupVariable: Mutant.startupProbe])
    XCTAssertEqual(probe.code, 0)
    let startup = MutationTrace.counts(prefix: startupPrefix)
    let defaults = reducerMutants.filter { (1...stateEnd).contains($0.start.line) }
    XCTAssertEqual(startup, Dictionary(uniqueKeysWithValues: defaults.map { ($0.id, 1) }), "the state's defaults, once")
    let setting = MutationTrace.startupSetting(startup)
    let idlePrefix = folder.url.appendingPathComponent("idle").path
    let idle = try CommandRun.run(
      binary, ["idle"], in: scratch, environment: [Mutant.traceVariable: idlePrefix, Mutant.startupVariable: setting])
    XCTAssertEqual(idle.code, 0)
    XCTAssertEqual(MutationTrace.ids(prefix: idlePrefix), [], "a runner whose requests reach nothing traces nothing")
    let requestPrefix = folder.url.appendingPathComponent("request").path
    let request = try CommandRun.run(
      binary, ["one"], in: scratch, environment: [Mutant.traceVariable: requestPrefix, Mutant.startupVariable: setting])
    XCTAssertEqual(request.code, 0)
    XCTAssertEqual(
      MutationTrace.ids(prefix: requestPrefix),
      Set(reducerMutants.filter { (increment...decrement).contains($0.start.line) }.map(\.id)),
      "only what the increment reached beyond start-up")
  }

  func testTheStartupSettingListsEachCountByIdInOrder() {
    XCTAssertEqual(MutationTrace.startupSetting(["10": 2, "9": 1, "2": 3]), "2:3,9:1,10:2")
    XCTAssertEqual(MutationTrace.startupSetting([:]), "")
  }

  /// The line `counterReducer` starts on: mutants from there on can be built applied alone.
  static var reducerLine: Int {
    (reducer.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("func counterReducer") }
      ?? 0) + 1
  }

  /// One binary holding, for each mutant of the reducer function, the function with only that
  /// change made (``Mutant/applied(to:)``), named `counterReducer_<id>`; its argument picks one.
  private func buildEachMutantApplied(_ mutants: [Mutant], swiftc: String, in folder: TemporaryFolder) throws -> URL? {
    var functions = ""
    var table: [String] = []
    for mutant in mutants where mutant.start.line >= Self.reducerLine {
      let text = try XCTUnwrap(mutant.applied(to: Self.reducer), "mutant \(mutant.id) does not apply")
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      functions +=
        lines[(Self.reducerLine - 1)...].joined(separator: "\n")
        .replacingOccurrences(of: "func counterReducer(", with: "func counterReducer_\(mutant.id)(") + "\n"
      table.append("\"\(mutant.id)\": counterReducer_\(mutant.id)")
    }
    try folder.write("applied/Counter.swift", Self.reducer)
    try folder.write("applied/Applied.swift", functions)
    let chooser =
      "([\(table.joined(separator: ", "))] as [String: (inout CounterState, CounterAction) -> [CounterEffect]])"
      + "[CommandLine.arguments[1]]!"
    try folder.write("applied/main.swift", Self.main(reducer: chooser))
    let built = try CommandRun.run(
      URL(fileURLWithPath: swiftc),
      ["-swift-version", "6", "-module-name", "App", "-o", "applied", "Counter.swift", "Applied.swift", "main.swift"],
      in: folder.url.appendingPathComponent("applied"), deadline: 600)
    XCTAssertEqual(built.code, 0, built.all)
    return built.code == 0 ? folder.url.appendingPathComponent("applied/applied") : nil
  }
}
